/**
 * One ordered line stream from a command's stdout and stderr, for the log and the summary
 * (docs/design.md §1, docs/engine.md "Output order"). Two pipes carry no common clock: the
 * order is the order in which their chunks arrive here. Each stream is redacted on its own
 * (a secret split across its chunks is still caught), and a line goes out whole, when its
 * newline arrives — so a half line of one stream is never glued to the other's, and text a
 * redactor holds back cannot fall behind what the other stream wrote later.
 */
import type { RedactingStream, Redactor } from '../redaction/index.js'

/** A command's output stream. */
export type StreamName = 'stdout' | 'stderr'

/** Most of an unfinished line held back per stream before it goes out as it is. */
export const MAX_OPEN_LINE = 8192

interface StreamState {
  redacting: RedactingStream
  /** Redacted text of the line still open (no newline yet). */
  open: string
}

/** Merges two redacted streams into one sink, whole lines in order of arrival. */
export class OrderedOutput {
  private readonly streams: Record<StreamName, StreamState>
  /** The stream whose line the sink's text ends inside of (after an over-long open line went out). */
  private midLine: StreamName | undefined

  constructor(
    redactor: Redactor,
    private readonly sink: (text: string) => void,
    private readonly maxOpenLine: number = MAX_OPEN_LINE
  ) {
    this.streams = {
      stdout: { redacting: redactor.stream(), open: '' },
      stderr: { redacting: redactor.stream(), open: '' }
    }
  }

  /** Takes decoded text of one stream. */
  push(stream: StreamName, text: string): void {
    if (text === '') return
    this.take(stream, this.streams[stream].redacting.push(text))
  }

  /** End of both streams: what was held back goes out, stdout's first. */
  end(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      const state = this.streams[stream]
      this.take(stream, state.redacting.end())
      if (state.open !== '') this.emit(stream, state.open)
      state.open = ''
    }
  }

  private take(stream: StreamName, safe: string): void {
    if (safe === '') return
    const state = this.streams[stream]
    const lastNewline = safe.lastIndexOf('\n')
    if (lastNewline === -1) {
      state.open += safe
    } else {
      const complete = state.open + safe.slice(0, lastNewline + 1)
      state.open = safe.slice(lastNewline + 1)
      this.emit(stream, complete)
    }
    // A line without end (a progress bar redrawn with \r, say) must not hold the other stream
    // back for ever, nor grow without bound: it goes out in pieces.
    if (state.open.length > this.maxOpenLine) {
      this.emit(stream, state.open)
      state.open = ''
    }
  }

  private emit(stream: StreamName, text: string): void {
    // Only after an over-long line went out in pieces: the other stream starts on a line of its own.
    if (this.midLine !== undefined && this.midLine !== stream) this.sink('\n')
    this.sink(text)
    this.midLine = text.endsWith('\n') ? undefined : stream
  }
}
