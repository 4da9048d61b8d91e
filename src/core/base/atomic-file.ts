import { randomBytes } from 'node:crypto'
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  promises as fsp,
  readdirSync,
  readSync,
  renameSync,
  type Stats,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Files that must never be seen half-written (receipts, meta.json, config) and files read
 * from a directory someone else may have filled (a restored cache).
 */

// Not every platform has these flags; 0 leaves the open as it would be without them.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0
const NON_BLOCKING = constants.O_NONBLOCK ?? 0

/**
 * Writes a file atomically: temp file in the same dir, fsync, rename, fsync the directory.
 * The steps are synchronous system calls: these files are small, and each asynchronous step
 * would cost a round trip through the thread pool, which dominated a short run's time.
 * `durable: false` leaves out both fsyncs, for a file derived from another that is synced
 * (meta.json from the trace): a reader still never sees it half-written, and after a power
 * loss it may be the previous version or missing, which its readers accept.
 * `data` given as pieces (an iterable of strings) is written as they come, never joined.
 * `beforeRename` runs once the temp file is whole (a test pause, recovery/test-pause.ts).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Buffer | Iterable<string>,
  mode = 0o644,
  options: { durable?: boolean; beforeRename?: () => Promise<void> } = {}
): Promise<void> {
  const durable = options.durable ?? true
  const directory = dirname(path)
  const temp = join(directory, tempName(basename(path)))
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, mode)
  try {
    try {
      if (typeof data === 'string' || Buffer.isBuffer(data)) writeFileSync(fd, data)
      else for (const piece of data) writeFileSync(fd, piece)
      if (durable) fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    await options.beforeRename?.()
    renameSync(temp, path)
  } catch (error) {
    try {
      unlinkSync(temp)
    } catch {
      // already gone
    }
    throw error
  }
  if (durable) await fsyncDirectory(directory)
}

/**
 * writeFileAtomic with asynchronous steps, for many files written at once (a restored
 * history, with forEachLimited): each step waits on the thread pool instead of the event
 * loop, so the files' flushes overlap. Temp file, fsync, rename, fsync the directory;
 * `durable: false` leaves out both fsyncs (a copy of what is kept elsewhere: a reader still
 * never sees it half-written).
 */
export async function writeFileAtomicInBatch(path: string, data: string, durable = true): Promise<void> {
  const directory = dirname(path)
  const temp = join(directory, tempName(basename(path)))
  const handle = await fsp.open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o644)
  try {
    try {
      await handle.writeFile(data)
      if (durable) await handle.sync()
    } finally {
      await handle.close()
    }
    await fsp.rename(temp, path)
  } catch (error) {
    await fsp.unlink(temp).catch(() => undefined)
    throw error
  }
  if (!durable) return
  const folder = await fsp.open(directory, constants.O_RDONLY).catch((error: unknown) => {
    // Windows cannot open a directory; the rename itself is still atomic there.
    if (isErrorCode(error, 'EISDIR', 'EPERM', 'EACCES')) return undefined
    throw error
  })
  try {
    await folder?.sync()
  } catch (error) {
    if (!isErrorCode(error, 'EINVAL', 'EBADF', 'EPERM')) throw error
  } finally {
    await folder?.close()
  }
}

/**
 * The name of a temp file for `name`: a dot name ending in .tmp, so it is recognisable and
 * ignored by readers, carrying the writer's pid, so a leftover of a killed writer is told from
 * the file of a live one (removeAbandonedTemps).
 */
export function tempName(name: string): string {
  return `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
}

// Also the older form without the random part (report.html's temp file).
const TEMP_NAME = /^\..+?\.(\d+)(?:\.[0-9a-f]{8})?\.tmp$/

/** Whether a process with this pid runs here (one we may not signal runs too). */
function processRuns(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return isErrorCode(error, 'EPERM')
  }
}

/**
 * Removes the temp files (tempName) in `directory` whose writer is gone: a writer killed
 * between creating its temp file and renaming it leaves one behind (docs/reliability.md).
 * A temp file of a live process, or one that may be (its pid is in use), is left alone; a
 * missing directory has none. Returns the names removed.
 */
export async function removeAbandonedTemps(directory: string): Promise<string[]> {
  // Never through a link: a link planted in place of the folder is not looked into.
  if (!lstatOrUndefined(directory)?.isDirectory()) return []
  let names: string[]
  try {
    names = readdirSync(directory)
  } catch (error) {
    if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) return []
    throw error
  }
  const removed: string[] = []
  for (const name of names) {
    const match = TEMP_NAME.exec(name)
    if (match === null || processRuns(Number(match[1]))) continue
    try {
      unlinkSync(join(directory, name))
      removed.push(name)
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT')) throw error
    }
  }
  return removed
}

/** lstat, or undefined when there is nothing there (or it cannot be looked at). */
export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

/** Flushes a directory's entries (a rename or a new file) to disk; a no-op where directories cannot be synced. */
export async function fsyncDirectory(directory: string): Promise<void> {
  let fd: number | undefined
  try {
    fd = openSync(directory, constants.O_RDONLY)
    fsyncSync(fd)
  } catch (error) {
    // Windows cannot open or sync a directory; the rename itself is still atomic there.
    if (!isErrorCode(error, 'EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES')) throw error
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** Reads from the file's position into `buffer` until it is full or the file ends; how many bytes. */
export function readInto(fd: number, buffer: Buffer): number {
  let filled = 0
  while (filled < buffer.length) {
    const bytesRead = readSync(fd, buffer, filled, buffer.length - filled, null)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return filled
}

/** Reads a regular file, refusing symlinks (lstat) and files over maxBytes; undefined when absent. */
export async function readRegularFile(path: string, maxBytes: number): Promise<string | undefined> {
  let before
  try {
    before = lstatSync(path)
  } catch (error) {
    if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) return undefined
    throw error
  }
  if (before.isSymbolicLink()) throw new Error(`${path} is a symbolic link; it is not followed`)
  if (!before.isFile()) throw new Error(`${path} is not a regular file`)
  if (before.size > maxBytes) throw new Error(`${path} is larger than ${maxBytes} bytes`)
  // O_NOFOLLOW and the inode check close the gap between lstat and open; O_NONBLOCK keeps a
  // FIFO swapped in meanwhile from hanging the open.
  const fd = openSync(path, constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING)
  try {
    const after = fstatSync(fd)
    if (!after.isFile() || after.ino !== before.ino || after.dev !== before.dev) {
      throw new Error(`${path} changed while it was being read`)
    }
    // Read into one buffer of the size fstat gave, and one byte more: a file that ends before
    // it is full is the whole file, decoded from it without a copy (the known tests of a large
    // suite are megabytes: BENCHMARKS.md row j). One that fills it grew while it was read; the
    // rest is read in pieces, and one byte more than allowed tells a file past the limit.
    const first = Buffer.allocUnsafe(Math.min(after.size, maxBytes) + 1)
    let total = readInto(fd, first)
    if (total < first.length) return first.toString('utf8', 0, total)
    const chunks = [first]
    while (total <= maxBytes) {
      const more = Buffer.allocUnsafe(Math.min(64 * 1024, maxBytes + 1 - total))
      const bytesRead = readInto(fd, more)
      if (bytesRead === 0) break
      chunks.push(more.subarray(0, bytesRead))
      total += bytesRead
    }
    if (total > maxBytes) throw new Error(`${path} is larger than ${maxBytes} bytes`)
    return Buffer.concat(chunks, total).toString('utf8')
  } finally {
    closeSync(fd)
  }
}

/** Creates a directory if needed and checks it is a real directory, not a symlink planted in its place. */
export async function ensureRealDirectory(path: string): Promise<void> {
  try {
    mkdirSync(path, { mode: 0o755 })
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error
  }
  await requireRealDirectory(path)
}

/** ensureRealDirectory with the creation on the thread pool, for many directories made at once; a new one needs no check. */
export async function ensureRealDirectoryInBatch(path: string): Promise<void> {
  try {
    await fsp.mkdir(path, { mode: 0o755 })
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error
    await requireRealDirectory(path)
  }
}

/** Throws unless `path` is a directory reached without following a symlink at its last step. */
export async function requireRealDirectory(path: string): Promise<void> {
  const stats = lstatSync(path)
  if (stats.isSymbolicLink()) throw new Error(`${path} is a symbolic link; it is not followed`)
  if (!stats.isDirectory()) throw new Error(`${path} is not a directory`)
}

/** True when `error` is a Node system error with one of these codes. */
export function isErrorCode(error: unknown, ...codes: string[]): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof (error as { code: unknown }).code === 'string' &&
    codes.includes((error as { code: string }).code)
  )
}
