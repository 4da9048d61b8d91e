import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { isErrorCode, readRegularFile, requireRealDirectory, writeFileAtomic } from './atomic-file.js'
import { describeError, UsageError } from './errors.js'
import { requireRunId } from './run-id.js'

/**
 * The state directory (docs/design.md §4): `runs/` (receipts), `index/` (the receipt index),
 * `sessions/` (traces), and in the CLI a `.gitignore` so only `config.json` is committed.
 */

/** Where receipts live, one directory per run. */
export const RUNS_DIR = 'runs'
/** Where the receipt index lives (rebuildable from `runs/`). */
export const INDEX_DIR = 'index'
/** Where traces live. */
export const SESSIONS_DIR = 'sessions'
/** The receipt's file name inside its run directory. */
export const RECEIPT_FILE = 'receipt.json'

const GITIGNORE_HEADER = '# Written by reverify.'
const GITIGNORE = [
  `${GITIGNORE_HEADER} Local run state stays out of git; config.json is meant to be committed.`,
  `/${RUNS_DIR}/`,
  `/${SESSIONS_DIR}/`,
  `/${INDEX_DIR}/`,
  '.*.tmp',
  ''
].join('\n')

/** The directory of one run; the id is validated before it becomes part of a path. */
export function runDirectory(stateDir: string, runId: string): string {
  return join(stateDir, RUNS_DIR, requireRunId(runId, 'run id'))
}

/** The receipt file of one run. */
export function receiptPath(stateDir: string, runId: string): string {
  return join(runDirectory(stateDir, runId), RECEIPT_FILE)
}

/**
 * Creates the state directory. With `gitignore` (the CLI's `.reverify/` inside a repository)
 * it also writes `.gitignore`; a `.gitignore` the user wrote themselves is left alone.
 * A symlink (or a file) in place of `runs/` or `sessions/` is a UsageError.
 */
export async function ensureStateDir(stateDir: string, opts: { gitignore: boolean }): Promise<void> {
  await mkdir(stateDir, { recursive: true })
  // Receipts and traces are never written through a link. Saying so before a run starts
  // beats failing halfway through it with a trace nobody can close.
  for (const name of [RUNS_DIR, SESSIONS_DIR]) {
    try {
      await requireRealDirectory(join(stateDir, name))
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) continue
      throw new UsageError(`${describeError(error)}; reverify keeps its state in real directories only, so move it out of the way`)
    }
  }
  if (!opts.gitignore) return
  const path = join(stateDir, '.gitignore')
  let current: string | undefined
  try {
    current = await readRegularFile(path, 64 * 1024)
  } catch {
    return // a symlink or something odd in its place: not ours to replace
  }
  if (current === GITIGNORE) return
  if (current === undefined || current.startsWith(GITIGNORE_HEADER)) await writeFileAtomic(path, GITIGNORE)
}
