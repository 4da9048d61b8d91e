/**
 * The process's stdout and stderr as the CLI writes to them. When the reader goes away
 * (`reverify receipts list | head -1`: EPIPE), what is left to print is dropped quietly and
 * the command ends as it would have: the exit code stays the command's own (0 for a listing,
 * the verdict for a run), and a run goes on to its receipt, because its trace and receipt are
 * the record, not the console (docs/design.md §1, "Console summary").
 */
import type { ConsoleStream } from '../core/index.js'

/** Error codes that mean "nobody reads this stream any more". */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END'])

/** A process stream, or anything shaped like one (tests pass their own). */
export interface ProcessStream {
  write(chunk: Buffer | string): boolean
  once(event: 'drain', listener: () => void): unknown
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown
  readonly isTTY?: boolean
}

/**
 * Wraps a process stream so that a closed reader ends its output instead of the process: once
 * the stream has failed, writes are dropped and report no backpressure, and anyone waiting
 * for `drain` is released (a run waiting on a full pipe would otherwise wait forever).
 * `onOtherError` hears of failures that are not a gone reader (a full disk behind `>`).
 */
export function closedPipeTolerant(stream: ProcessStream, onOtherError?: (error: NodeJS.ErrnoException) => void): ConsoleStream {
  let closed = false
  let waiting: (() => void)[] = []
  const release = () => {
    const listeners = waiting
    waiting = []
    for (const listener of listeners) listener()
  }
  stream.on('error', error => {
    if (closed) return
    closed = true
    release()
    if (!READER_GONE.has(error.code ?? '')) onOtherError?.(error)
  })
  return {
    get isTTY() {
      return stream.isTTY
    },
    write(chunk) {
      if (closed) return true
      return stream.write(chunk)
    },
    once(_event, listener) {
      if (closed) {
        setImmediate(listener)
        return
      }
      waiting.push(listener)
      stream.once('drain', release)
    }
  }
}
