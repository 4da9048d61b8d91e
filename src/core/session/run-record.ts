/**
 * run.json: the inputs that reproduce a run, so `reverify resume` can rebuild its settings
 * (docs/design.md §6). A run whose inputs hold a secret is recorded as not resumable from
 * disk: the inputs never reach disk in clear, and such a run is resumed by running the same
 * command again. The record is sealed with this machine's key (run-seal.ts): resume reads
 * inputs only from a run.json this machine's reverify wrote, never one that came with a
 * checkout.
 */
import { basename, join } from 'node:path'
import type { z } from 'zod'
import { readRegularFile, writeFileAtomic } from '../base/atomic-file.js'
import { builtOnce, type SchemaLibrary } from '../base/schema-library.js'
import { redactDeep, type Redactor } from '../redaction/index.js'
import { SEAL_PATTERN, type RunSeal } from '../receipts/run-seal.js'
import { toRawInputs, type RunSettings } from '../inputs/settings.js'
import { SessionFile } from './layout.js'
import { compareCodeUnits } from '../base/plain-text.js'

/** run.json's content. */
export type RunRecord = (
  { schema_version: 1; resumable: true; inputs: Record<string, string> } | { schema_version: 1; resumable: false }
) & { seal?: string }

/** The schema a run.json read back must fit, built on first use (only resume reads it). */
function buildRunRecordSchema(z: SchemaLibrary): z.ZodType<RunRecord> {
  return z.union([
    z.object({
      schema_version: z.literal(1),
      resumable: z.literal(true),
      inputs: z.record(z.string().max(64), z.string().max(1_000_000)),
      seal: z.string().regex(SEAL_PATTERN).optional()
    }),
    z.object({ schema_version: z.literal(1), resumable: z.literal(false), seal: z.string().regex(SEAL_PATTERN).optional() })
  ])
}

/** The same, built once (builtOnce). */
const runRecordSchema = builtOnce(buildRunRecordSchema)

/** Largest run.json read back. */
const MAX_RECORD_BYTES = 1024 * 1024

/** Writes run.json for a session; inputs a redactor would change are left out. `beforeRename`: a test pause. */
export async function writeRunRecord(
  sessionDir: string,
  settings: RunSettings,
  redactor: Redactor,
  seal?: RunSeal,
  beforeRename?: () => Promise<void>
): Promise<void> {
  const inputs = toRawInputs(settings)
  const safe = JSON.stringify(redactDeep(inputs, redactor)) === JSON.stringify(inputs)
  const content: RunRecord = safe ? { schema_version: 1, resumable: true, inputs } : { schema_version: 1, resumable: false }
  const record: RunRecord = seal === undefined ? content : { ...content, seal: seal.sign(recordFields(sessionDir, content)) }
  await writeFileAtomic(join(sessionDir, SessionFile.runRecord), `${JSON.stringify(record, null, 2)}\n`, 0o600, {
    ...(beforeRename !== undefined && { beforeRename })
  })
}

/** What a run.json's seal covers: its session folder and its content. */
function recordFields(sessionDir: string, record: RunRecord): string[] {
  const inputs = record.resumable ? Object.entries(record.inputs).sort(([a], [b]) => compareCodeUnits(a, b)) : []
  return ['run-record', basename(sessionDir), String(record.schema_version), String(record.resumable), JSON.stringify(inputs)]
}

/**
 * The recorded inputs of a session, or undefined when there are none it may be resumed
 * from: none recorded, a secret among them, or no seal of this machine's that holds.
 */
export async function readRunInputs(sessionDir: string, seal: RunSeal | undefined): Promise<Record<string, string> | undefined> {
  try {
    const text = await readRegularFile(join(sessionDir, SessionFile.runRecord), MAX_RECORD_BYTES)
    const parsed = (await runRecordSchema()).safeParse(JSON.parse(text ?? 'null'))
    if (!parsed.success || !parsed.data.resumable || seal === undefined) return undefined
    return seal.holds(recordFields(sessionDir, parsed.data), parsed.data.seal) ? parsed.data.inputs : undefined
  } catch {
    return undefined
  }
}
