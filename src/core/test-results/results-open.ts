/**
 * How every results reader opens and reads its file (docs/design.md §1 "Test results"):
 * without following a link or blocking on a FIFO, only a regular file, a chunk at a time.
 * What it cannot open is why the file is ignored, never an error.
 */
import { constants, promises as fsp } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { StringDecoder } from 'node:string_decoder'

/** The open file, or why it is ignored. */
export type OpenedResults = { ok: true; handle: FileHandle } | { ok: false; reason: string }

/** Opens a results file for reading; the caller closes the handle. */
export async function openResultsFile(path: string): Promise<OpenedResults> {
  let handle: FileHandle
  try {
    handle = await fsp.open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (error) {
    return { ok: false, reason: `ignored: cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})` }
  }
  if (!(await handle.stat().catch(() => undefined))?.isFile()) {
    await handle.close()
    return { ok: false, reason: 'ignored: not a regular file' }
  }
  return { ok: true, handle }
}

/** The outcome of a read that its signal stopped before the end. */
export const INTERRUPTED = { ok: false, reason: 'ignored: reading was interrupted' } as const

const CHUNK_BYTES = 64 * 1024

/**
 * The file's text, 64 KiB at a time, decoded as UTF-8 with a leading byte-order mark dropped;
 * empty pieces are left out. Each read is a turn of the event loop, so a signal's handler
 * runs between two chunks: once `signal` is aborted no more is read, and the caller, seeing
 * it aborted, answers INTERRUPTED.
 */
export async function* textChunks(handle: FileHandle, signal?: AbortSignal): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8')
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES)
  let first = true
  const clean = (text: string): string => {
    if (first && text !== '') {
      first = false
      if (text.charCodeAt(0) === 0xfeff) return text.slice(1)
    }
    return text
  }
  for (;;) {
    if (signal?.aborted) return
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null)
    if (bytesRead === 0) break
    const text = clean(decoder.write(buffer.subarray(0, bytesRead)))
    if (text !== '') yield text
  }
  const rest = clean(decoder.end())
  if (rest !== '') yield rest
}
