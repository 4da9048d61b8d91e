/**
 * Where a session lives on disk (docs/design.md §2):
 * `sessions/<YYYY-MM-DD UTC>/<slug of the name>/<session-id>/` under the state directory, holding the
 * trace, meta.json, one log per attempt and the run record.
 */
import { lstatOrUndefined } from '../base/atomic-file.js'
import { join, relative, resolve, sep } from 'node:path'
import { SESSIONS_DIR } from '../receipts/state-dir.js'
import { newUlid } from '../base/ulid.js'

/** The session's files, by name. */
export const SessionFile = {
  trace: 'trace.jsonl',
  meta: 'meta.json',
  /** The inputs that reproduce the run, for `reverify resume`. */
  runRecord: 'run.json'
} as const

/** The full log of one attempt. */
export function attemptLogName(attempt: number): string {
  return `attempt-${attempt}.log`
}

/** The full output of one attempt's expect-check, kept apart from the script's. */
export function attemptCheckLogName(attempt: number): string {
  return `attempt-${attempt}.check.log`
}

/** Longest slug: keeps the session path short on any file system, whatever the name. */
const MAX_SLUG_CHARS = 64
/** The slug of a name with no letter or digit in it. */
const FALLBACK_SLUG = 'verify'

/**
 * The folder a name's traces are filed under (docs/design.md §2): lowercase ASCII letters
 * and digits joined by single `-`, at most 64 characters, `verify` when nothing is left.
 * Accents are dropped first, so `Café` files under `cafe`. Nothing else survives, so a
 * name can never make a path separator, `.` or `..`, whatever it holds.
 */
export function nameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_CHARS)
    .replace(/^-+|-+$/g, '')
  return slug === '' ? FALLBACK_SLUG : slug
}

/** Where a session lives: sessions/<YYYY-MM-DD UTC>/<slug of the name>/<session-id>. */
function sessionDirectory(stateDir: string, name: string, startedAt: Date, sessionId: string): string {
  return join(stateDir, SESSIONS_DIR, startedAt.toISOString().slice(0, 10), nameSlug(name), sessionId)
}

/** A session's id, directory and start, chosen before it exists. */
export interface PlannedSession {
  id: string
  dir: string
  startedAt: Date
}

/** Chooses a new session's id (a ULID) and directory (filed under the name's slug). */
export function planSession(stateDir: string, name: string, startedAt: Date): PlannedSession {
  const id = newUlid(startedAt.getTime())
  return { id, dir: sessionDirectory(stateDir, name, startedAt, id), startedAt }
}

/**
 * Whether `dir` is one of this state directory's sessions (`sessions/<date>/<folder>/<id>`)
 * reached through real directories only. A session path comes from a receipt or saved
 * state, both untrusted: `..`, another place, or a link on the way (which `resolve` does
 * not see) would let a recovery read or append to files elsewhere.
 */
export async function isOwnSessionDir(stateDir: string, dir: string): Promise<boolean> {
  const root = resolve(stateDir, SESSIONS_DIR)
  const target = resolve(dir)
  if (!target.startsWith(root + sep)) return false
  const steps = relative(root, target).split(sep)
  if (steps.length !== 3) return false
  let path = root
  for (const step of ['', ...steps]) {
    path = join(path, step)
    // lstat: a symbolic link is not a directory here, whatever it points at.
    const info = lstatOrUndefined(path)
    if (info === undefined || !info.isDirectory()) return false
  }
  return true
}
