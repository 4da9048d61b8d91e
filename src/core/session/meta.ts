/**
 * meta.json (docs/design.md §2): the session at a glance, written atomically when the
 * session opens and again when it ends. Read back (resume, recovery) it is untrusted.
 */
import { lstatSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import { lstatOrUndefined, readRegularFile, writeFileAtomic } from '../base/atomic-file.js'
import { builtOnce, type SchemaLibrary } from '../base/schema-library.js'
import { redactDeep, type Redactor } from '../redaction/index.js'
import { eventsOf, OUTCOMES, traceCounts, type Outcome, type TraceEvent } from './events.js'
import { SessionFile } from './layout.js'

/** meta.json's content. */
export interface SessionMeta {
  session_id: string
  skill: string
  version: string
  started_at: string
  ended_at: string | null
  outcome: Outcome | 'running'
  attempts: number
  tool_calls: number
  errors: number
  flaky: boolean
  run_id: string
  summary: string
}

/** The schema a meta.json read back must fit, built on first use (only resume and recovery read it). */
function buildMetaSchema(z: SchemaLibrary): z.ZodType<SessionMeta> {
  const count = z.number().int().min(0).max(1_000_000)
  return z.object({
    session_id: z.string().max(64),
    skill: z.string().max(1_000),
    version: z.string().max(100),
    started_at: z.string().max(64),
    ended_at: z.string().max(64).nullable(),
    outcome: z.enum([...OUTCOMES, 'running']),
    attempts: count,
    tool_calls: count,
    errors: count,
    flaky: z.boolean(),
    run_id: z.string().max(100),
    summary: z.string().max(100_000)
  })
}

/** The same, built once (builtOnce). */
const metaSchema = builtOnce(buildMetaSchema)

/** Largest meta.json read back. */
export const MAX_META_BYTES = 1024 * 1024

/**
 * The meta.json this process wrote last, and the file as lstat saw it after the rename: read
 * back unchanged (the report of the run that wrote it), it is not parsed again (docs/design.md §2).
 */
let lastWritten: { path: string; text: string; ino: number; size: number; ctimeMs: number } | undefined

/** A session's meta.json, or undefined when it is missing, a link, or not a valid meta. */
export async function readSessionMeta(sessionDir: string): Promise<SessionMeta | undefined> {
  try {
    const path = join(sessionDir, SessionFile.meta)
    if (lastWritten?.path === path) {
      const seen = lstatOrUndefined(path)
      const { ino, size, ctimeMs, text } = lastWritten
      if (seen?.isFile() && seen.ino === ino && seen.size === size && seen.ctimeMs === ctimeMs) return JSON.parse(text) as SessionMeta
    }
    const text = await readRegularFile(join(sessionDir, SessionFile.meta), MAX_META_BYTES)
    if (text === undefined) return undefined
    const parsed = (await metaSchema()).safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/**
 * Writes meta.json atomically, redacted. It is derived from the trace (synced) and rewritten
 * from it whenever a session is closed, so it is not synced itself (docs/reliability.md).
 */
export async function writeSessionMeta(
  sessionDir: string,
  meta: SessionMeta,
  redactor: Redactor,
  beforeRename?: () => Promise<void>
): Promise<void> {
  const path = join(sessionDir, SessionFile.meta)
  const text = `${JSON.stringify(redactDeep(meta, redactor), null, 2)}\n`
  await writeFileAtomic(path, text, 0o600, { durable: false, ...(beforeRename !== undefined && { beforeRename }) })
  const seen = lstatSync(path)
  lastWritten = { path, text, ino: seen.ino, size: seen.size, ctimeMs: seen.ctimeMs }
}

/** How a session ended, beyond what its trace holds. */
export interface SessionEnding {
  outcome: Outcome
  ended_at: string
  flaky: boolean
  summary: string
  /** The run's id, when meta.json did not hold it. */
  run_id?: string
}

/**
 * meta.json of a session that ended, from its whole trace: the counts come from the events
 * (`traceCounts`), the opening facts from the meta.json it had (or, when that is gone, from
 * the trace's `start`). The one way both a run that ends itself and a close from disk
 * write it.
 */
export function endedMeta(events: readonly TraceEvent[], previous: SessionMeta | undefined, ending: SessionEnding): SessionMeta {
  const start = eventsOf(events, 'start')[0]
  return {
    session_id: previous?.session_id ?? start?.session_id ?? '',
    skill: previous?.skill ?? start?.skill ?? '',
    version: previous?.version ?? '',
    started_at: previous?.started_at ?? start?.ts ?? ending.ended_at,
    run_id: previous?.run_id || ending.run_id || '',
    ...traceCounts(events),
    ended_at: ending.ended_at,
    outcome: ending.outcome,
    flaky: ending.flaky,
    summary: ending.summary
  }
}
