/**
 * How every results reader opens its file (docs/design.md §1 "Test results"): without
 * following a link or blocking on a FIFO, and only a regular file. What it cannot open is
 * why the file is ignored, never an error.
 */
import { constants } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'

/** The open file, or why it is ignored. */
export type OpenedResults = { ok: true; handle: FileHandle } | { ok: false; reason: string }

/** Opens a results file for reading; the caller closes the handle. */
export async function openResultsFile(path: string): Promise<OpenedResults> {
  let handle: FileHandle
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (error) {
    return { ok: false, reason: `ignored: cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})` }
  }
  if (!(await handle.stat().catch(() => undefined))?.isFile()) {
    await handle.close()
    return { ok: false, reason: 'ignored: not a regular file' }
  }
  return { ok: true, handle }
}
