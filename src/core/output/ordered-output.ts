/**
 * One ordered line stream from a command's stdout and stderr, for the log and the summary
 * (docs/design.md §1, docs/engine.md "Output order"). Two pipes carry no common clock: the
 * order is the order in which their chunks arrive here. Each stream is redacted on its own
 * (a secret split across its chunks is still caught), and a line goes out whole, when its
 * newline arrives — so a half line of one stream is never glued to the other's, and text a
 * redactor holds back cannot fall behind what the other stream wrote later.
 *
 * Nothing is copied on the way (docs/design.md §1 "Output path"): the redactor's pieces and
 * the held open line go out as they are, one after the other, and every piece comes with
 * its scan (its newlines, and the words the readers look for), made once for all of them.
 */
import type { RedactingStream, Redactor } from '../redaction/index.js'
import { ownText } from '../base/own-text.js'
import { TextScan } from './text-scan.js'

/** A command's output stream. */
export type StreamName = 'stdout' | 'stderr'

/** Most of an unfinished line held back per stream before it goes out as it is. */
export const MAX_OPEN_LINE = 8192

interface StreamState {
  redacting: RedactingStream
  /** Redacted text of the line still open (no newline yet). */
  open: string
}

/**
 * Takes the ordered stream: text in order, each piece with its scan (valid during the call
 * only). A line may come in more than one piece, but always in consecutive pieces.
 */
export type OrderedSink = (text: string, scan: TextScan) => void

/** Merges two redacted streams into one sink, whole lines in order of arrival. */
export class OrderedOutput {
  private readonly streams: Record<StreamName, StreamState>
  /** The stream whose line the sink's text ends inside of (after an over-long open line went out). */
  private midLine: StreamName | undefined
  private readonly scan: TextScan

  /** `scanFor`: what the sink's readers look for, found once per piece (see TextScan). */
  constructor(
    redactor: Redactor,
    private readonly sink: OrderedSink,
    private readonly maxOpenLine: number = MAX_OPEN_LINE,
    scanFor: { words?: readonly string[]; lineStarts?: readonly number[] } = {}
  ) {
    this.scan = new TextScan(scanFor.words, scanFor.lineStarts)
    this.streams = {
      stdout: { redacting: redactor.stream(), open: '' },
      stderr: { redacting: redactor.stream(), open: '' }
    }
  }

  /** Takes decoded text of one stream. */
  push(stream: StreamName, text: string): void {
    if (text === '') return
    for (const piece of this.streams[stream].redacting.pushPieces(text)) this.take(stream, piece)
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
      // Held until its newline comes: a copy, not a view that keeps the whole chunk alive.
      state.open = ownText(state.open + safe)
    } else {
      // The held start of the line, then the rest: joining them would copy the whole piece.
      if (state.open !== '') this.emit(stream, state.open)
      state.open = ownText(safe.slice(lastNewline + 1))
      this.emit(stream, lastNewline + 1 === safe.length ? safe : safe.slice(0, lastNewline + 1))
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
    if (this.midLine !== undefined && this.midLine !== stream) this.sink('\n', this.scan.of('\n'))
    this.sink(text, this.scan.of(text))
    this.midLine = text.endsWith('\n') ? undefined : stream
  }
}
