/**
 * Where a session lives on disk (docs/design.md §2):
 * `sessions/<YYYY-MM-DD UTC>/<name>/<session-id>/` under the state directory, holding the
 * trace, meta.json, one log per attempt and the run record.
 */
import { lstat } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { SESSIONS_DIR } from '../state-dir.js'
import { newUlid } from '../ulid.js'

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

/** Where a session lives: sessions/<YYYY-MM-DD UTC>/<name>/<session-id>. */
function sessionDirectory(stateDir: string, name: string, startedAt: Date, sessionId: string): string {
  return join(stateDir, SESSIONS_DIR, startedAt.toISOString().slice(0, 10), name, sessionId)
}

/** A session's id, directory and start, chosen before it exists. */
export interface PlannedSession {
  id: string
  dir: string
  startedAt: Date
}

/** Chooses a new session's id (a ULID) and directory. */
export function planSession(stateDir: string, name: string, startedAt: Date): PlannedSession {
  const id = newUlid(startedAt.getTime())
  return { id, dir: sessionDirectory(stateDir, name, startedAt, id), startedAt }
}

/**
 * Whether `dir` is one of this state directory's sessions (`sessions/<date>/<name>/<id>`)
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
    const info = await lstat(path).catch(() => undefined)
    if (info === undefined || !info.isDirectory()) return false
  }
  return true
}
