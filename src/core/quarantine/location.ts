/**
 * Where a quarantine file may be (docs/design.md §1 "Quarantine and flaky gates"): a regular
 * file inside the repository. It comes with the checkout, and so can a symbolic link in its
 * place or in place of `.github`; one that leads out of the repository would let a file from
 * elsewhere (another checkout, a shared folder) excuse this repository's failures. Paths are
 * compared once every link is resolved, so a link that stays inside the repository (a
 * `.github` kept in another folder of it) is followed, and one out of it is refused.
 */
import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs'
import { dirname, isAbsolute, relative, sep } from 'node:path'
import { isErrorCode } from '../base/atomic-file.js'
import { printable } from '../base/printable.js'

/** What is at the quarantine file's path. */
export type QuarantineLocation =
  | { kind: 'absent' }
  /** A regular file inside the repository, by its path with every link resolved, and its size. */
  | { kind: 'file'; realPath: string; bytes: number }
  /** Anything else, as the rest of one line (`is a link out of the repository …`). */
  | { kind: 'refused'; problem: string }

const RULE = 'the quarantine file must be a regular file inside the repository'

/** Whether `path` is `root` or below it (both with their links resolved). */
function within(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

/** The nearest of `path` and its parent folders that exists, as lstat sees it (a link is not followed). */
async function nearestExisting(path: string): Promise<string> {
  let current = path
  for (;;) {
    try {
      lstatSync(current)
      return current
    } catch (error) {
      const parent = dirname(current)
      if (!isErrorCode(error, 'ENOENT', 'ENOTDIR') || parent === current) throw error
      current = parent
    }
  }
}

/** Why a path whose links resolve to `real` is refused: named as a link when the path as written is inside the repository. */
function outside(path: string, root: string, real: string): QuarantineLocation {
  const how = within(root, path)
    ? `leads out of the repository through a symbolic link (to ${printable(real, 200)})`
    : 'is outside the repository'
  return { kind: 'refused', problem: `${how}; ${RULE}` }
}

/**
 * Where the quarantine file at `path` (absolute) is, for the repository at `root`: absent
 * (nothing there, and the folder it would be in is inside the repository), a regular file
 * inside the repository, or refused with the reason.
 */
export async function locateQuarantine(path: string, root: string): Promise<QuarantineLocation> {
  const realRoot = realpathOr(root, root)
  let existing: string
  let real: string
  try {
    existing = await nearestExisting(path)
    real = realpathSync.native(existing)
  } catch (error) {
    // A link to nothing (or to itself) on the way: nothing a reviewer can see is there.
    if (isErrorCode(error, 'ENOENT', 'ELOOP')) return { kind: 'refused', problem: `is a symbolic link that leads nowhere; ${RULE}` }
    return { kind: 'refused', problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` }
  }
  if (!within(realRoot, real)) return outside(path, root, real)
  if (existing !== path) return { kind: 'absent' }
  const info = statOrUndefined(real)
  if (info?.isFile() !== true) return { kind: 'refused', problem: `is not a regular file; ${RULE}` }
  return { kind: 'file', realPath: real, bytes: info.size }
}

/** The path with every link resolved (the kernel's answer, as `realpath(3)`), or `fallback`. */
function realpathOr(path: string, fallback: string): string {
  try {
    return realpathSync.native(path)
  } catch {
    return fallback
  }
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}
