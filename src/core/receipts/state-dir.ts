import { closeSync, lstatSync, mkdirSync, openSync, promises as fsp, statSync, unlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  isErrorCode,
  lstatOrUndefined,
  readRegularFile,
  removeAbandonedTemps,
  requireRealDirectory,
  tempName,
  writeFileAtomic
} from '../base/atomic-file.js'
import { describeError, UsageError } from '../base/errors.js'
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
/**
 * Everything in the folder is ignored, this file included, but config.json: after a run
 * `git status` shows nothing, and once the config exists it shows only that. Any file of
 * ours that starts with the header (the older one listed runs/, sessions/ and index/ and
 * showed up itself) is replaced by this one.
 */
const GITIGNORE = [
  `${GITIGNORE_HEADER} Local run state stays out of git; config.json is meant to be committed.`,
  '/*',
  '!/config.json',
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
 * Removes what writers killed in a run directory left there (docs/reliability.md, "The run's
 * opening"): their temp files, and the directory itself when that leaves it empty with no
 * receipt — a writer killed before its first receipt was in place. Anything else in it is left
 * alone. True when the directory was removed.
 */
export async function removeAbandonedRun(stateDir: string, runId: string): Promise<boolean> {
  const runDir = runDirectory(stateDir, runId)
  // Never through a link: only a real directory of runs/ is looked into.
  if (!lstatOrUndefined(runDir)?.isDirectory()) return false
  await removeAbandonedTemps(runDir)
  if (lstatOrUndefined(join(runDir, RECEIPT_FILE)) !== undefined) return false
  return fsp.rmdir(runDir).then(
    () => true,
    () => false
  )
}

const REAL_ONLY = 'reverify keeps its state in real directories only, so move it out of the way'

/**
 * Creates the state directory. With `gitignore` (the CLI's `.reverify/` inside a repository)
 * it also writes `.gitignore`, or brings one an older version wrote up to date; a
 * `.gitignore` the user wrote themselves is left alone.
 * A symlink (or a file) in place of the state directory itself (a `.reverify` link that came
 * with the checkout), of `runs/` or of `sessions/` is a UsageError, and so is a state
 * directory that cannot be created or written (`/proc/x`, a read-only mount): one line,
 * before anything runs or is written.
 */
export async function ensureStateDir(stateDir: string, opts: { gitignore: boolean }): Promise<void> {
  await makeRealDirectory(stateDir)
  await requireWritable(stateDir)
  // What a run killed at its first writes left here (its probe, a .gitignore's temp file).
  await removeAbandonedTemps(stateDir)
  // Receipts and traces are never written through a link. Saying so before a run starts
  // beats failing halfway through it with a trace nobody can close.
  for (const name of [RUNS_DIR, SESSIONS_DIR]) {
    try {
      await requireRealDirectory(join(stateDir, name))
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) continue
      throw new UsageError(`${describeError(error)}; ${REAL_ONLY}`)
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

/**
 * Creates `path` and any missing parents one folder at a time, refusing a link in place of
 * the state directory. Node's own recursive mkdir spins forever where the kernel answers
 * ENOENT for a folder whose parent exists (under `/proc`); here every failure is one line.
 */
async function makeRealDirectory(path: string): Promise<void> {
  const missing: string[] = []
  let current = path
  for (;;) {
    try {
      // Only the state directory itself must not be a link; a linked parent (/tmp on macOS) is fine
      const stats = current === path ? lstatSync(current) : statSync(current)
      if (stats.isSymbolicLink()) throw new UsageError(`${path} is a symbolic link; it is not followed; ${REAL_ONLY}`)
      if (!stats.isDirectory()) throw cannotCreate(path, `${current} is not a directory`)
      break
    } catch (error) {
      if (error instanceof UsageError) throw error
      const parent = dirname(current)
      if (!isErrorCode(error, 'ENOENT') || parent === current) throw cannotCreate(path, error)
      missing.push(current)
      current = parent
    }
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder)
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST')) throw cannotCreate(path, error)
      await requireRealDirectory(folder).catch((problem: unknown) => {
        throw cannotCreate(path, problem)
      })
    }
  }
}

/** A state directory that takes no files (`/proc`, a read-only mount) is refused before the run starts, not halfway. */
async function requireWritable(path: string): Promise<void> {
  // A temp name (with the pid), so a probe left by a killed run is removed like a temp file.
  const probe = join(path, tempName('write-check'))
  try {
    closeSync(openSync(probe, 'wx', 0o600))
    unlinkSync(probe)
  } catch (error) {
    throw new UsageError(`state-dir: ${path} cannot be written (${describeError(error)}); ${WRITABLE}`)
  }
}

const WRITABLE = 'give a folder reverify can create and write files in'

function cannotCreate(path: string, problem: unknown): UsageError {
  return new UsageError(`state-dir: ${path} cannot be created (${describeError(problem)}); ${WRITABLE}`)
}
