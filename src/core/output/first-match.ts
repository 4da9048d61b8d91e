/**
 * `expect-no-output` (docs/design.md §1): finds the first line of an attempt's combined output
 * that a regular expression matches, and its number — the line of `attempt-<n>.log` a
 * reviewer opens. It reads the one ordered stream of whole, redacted lines the log is
 * written from, so the number and the text are the log's; only the match is kept.
 */

import { ownText } from '../base/own-text.js'

/** A line that matched, with its number in the output (from 1). */
export interface MatchedLine {
  line: number
  text: string
}

/** Longest line text kept for the message. */
const MAX_SHOWN = 300

/** Watches whole lines in order for the first one `pattern` matches. */
export class FirstMatchingLine {
  private lines = 0
  private pending = ''
  match?: MatchedLine

  constructor(private readonly pattern: RegExp) {}

  /** Takes text made of whole lines (the last one may lack its newline until `end`). */
  push(text: string): void {
    if (this.match !== undefined) return
    const parts = (this.pending + text).split('\n')
    this.pending = ownText(parts.pop() ?? '')
    for (const part of parts) if (this.test(part)) return
  }

  /** Judges a last line without its newline. */
  end(): void {
    if (this.match === undefined && this.pending !== '') this.test(this.pending)
    this.pending = ''
  }

  private test(line: string): boolean {
    this.lines++
    const text = line.endsWith('\r') ? line.slice(0, -1) : line
    this.pattern.lastIndex = 0
    if (!this.pattern.test(text)) return false
    this.match = { line: this.lines, text: text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text }
    return true
  }
}
