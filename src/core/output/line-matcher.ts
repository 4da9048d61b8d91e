/**
 * Tests a regular expression against each line of a stream (retry-on-output), holding at
 * most one capped line in memory. Lines longer than the cap are judged on their first
 * MAX_LINE_CHARS characters.
 */

import { ownText } from '../base/own-text.js'

const MAX_LINE_CHARS = 64 * 1024

/** Reports whether any line of a text stream matched a pattern. */
export class LineMatcher {
  private partial = ''
  private partialFull = false
  private matched = false

  constructor(private readonly pattern: RegExp) {}

  /** True once a line has matched. */
  get found(): boolean {
    return this.matched
  }

  /** Feeds a chunk of text. */
  push(text: string): void {
    if (this.matched) return
    let start = 0
    for (;;) {
      const newline = text.indexOf('\n', start)
      if (newline === -1) break
      this.append(text.slice(start, newline))
      this.test()
      if (this.matched) return
      start = newline + 1
    }
    this.append(text.slice(start))
    // Held until the next chunk: a copy, so that this chunk can be collected.
    this.partial = ownText(this.partial)
  }

  /** Judges the final unterminated line. */
  end(): void {
    if (!this.matched && this.partial !== '') this.test()
  }

  private append(piece: string): void {
    if (this.partialFull) return
    this.partial += piece
    if (this.partial.length >= MAX_LINE_CHARS) {
      this.partial = this.partial.slice(0, MAX_LINE_CHARS)
      this.partialFull = true
    }
  }

  private test(): void {
    this.pattern.lastIndex = 0
    this.matched = this.pattern.test(this.partial.replace(/\r$/, ''))
    this.partial = ''
    this.partialFull = false
  }
}
