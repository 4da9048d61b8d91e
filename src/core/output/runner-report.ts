/**
 * The test runner's own word on an attempt, gathered while the output streams (docs/design.md
 * §1 "Rerunning only the failed tests"): the failures it reports outside every test (a file
 * that failed to run, a package that did not build, a run stopped at its first failure; the
 * lines are core/output/runner-lines.ts's) and its count of failed tests. Whether the results
 * account for them is attempt/explained-failure.ts's to say. Memory is bounded whatever
 * the output's size: a line is read up to 1,000 characters, the first few failures are kept
 * and the rest counted.
 */
import { ownText } from '../base/own-text.js'
import { escapeRegExp } from '../base/regexp.js'
import { readableLine } from './failure-blocks.js'
import { mayStartRunnerLine, readRunnerLine, RUNNER_LINE_STARTS, RUNNER_LINE_WORDS, RUNNER_WORDS } from './runner-lines.js'
import { TextScan } from './text-scan.js'

/** What the runner said beyond its results; absent from an attempt when it said nothing of the kind. */
export interface RunnerReport {
  /** Failures outside every test, the first MAX_OUTSIDE_KEPT of them, each quoted or named. */
  outside: string[]
  /** How many were found in all. */
  outsideCount: number
  /** The failed tests the runner's own totals count (several totals add up); absent when it printed none. */
  failedTests?: number
}

/** Failures outside the tests kept in words (the rest are counted). */
export const MAX_OUTSIDE_KEPT = 3
// Characters of a line read: every line this looks for is far shorter.
const MAX_LINE = 1_000

/** Watches a command's output, whole lines in order (the stream the log is written from). */
export class RunnerReportWatch {
  private readonly outside: string[] = []
  private outsideCount = 0
  private failedTests: number | undefined
  // The file of jest's last `FAIL <file>` line, which a `● Test suite failed to run` is about.
  private lastFile: string | undefined
  private pending = ''
  private pendingOpen = false
  // A scan of its own, for a caller that shares none that finds RUNNER_WORDS and RUNNER_LINE_STARTS.
  private readonly ownScan = new TextScan(RUNNER_WORDS, RUNNER_LINE_STARTS)

  /** `found`: failures outside the tests known before the output (what the command itself says). */
  constructor(found: readonly string[] = []) {
    for (const what of found) this.addOutside(what)
  }

  /**
   * Takes text made of whole lines (the last one may lack its newline until `end`). `scan`,
   * when given, must be of this very text; it is used when it finds RUNNER_WORDS (one search
   * of the text for every reader of the stream, core/output/text-scan.ts).
   */
  push(text: string, scan?: TextScan): void {
    if (text === '') return
    let pos = 0
    if (this.pendingOpen) {
      const newline = text.indexOf('\n')
      this.hold(text, 0, newline === -1 ? text.length : newline)
      if (newline === -1) return
      this.closePending()
      pos = newline + 1
    }
    const last = text.lastIndexOf('\n')
    if (last >= pos) this.readLines(text, pos, last, shares(scan) ? scan : this.ownScan.of(text))
    if (last + 1 < text.length) {
      this.pendingOpen = true
      this.hold(text, Math.max(pos, last + 1), text.length)
    }
  }

  /** The end of the output: a last line without its newline is read. */
  end(): void {
    if (this.pendingOpen) this.closePending()
  }

  /** What was found, or undefined when nothing was. */
  report(): RunnerReport | undefined {
    if (this.outsideCount === 0 && this.failedTests === undefined) return undefined
    return {
      outside: [...this.outside],
      outsideCount: this.outsideCount,
      ...(this.failedTests !== undefined && { failedTests: this.failedTests })
    }
  }

  /**
   * Reads the lines of text[from, to] (to: the last newline) that hold one of RUNNER_WORDS,
   * or one of RUNNER_LINE_WORDS where the line may start as such a line does (runner-lines.ts),
   * in order. Other lines are not looked at: the scan found the words, the lines' first
   * characters and the newlines once for every reader.
   */
  private readLines(text: string, from: number, to: number, scan: TextScan): void {
    let word = this.nextRunnerWord(text, from, scan)
    // The next line start the scan flagged (the first line of the piece is not after a newline).
    let start = from === 0 ? 0 : scan.nextLineStart(from)
    // A carriage return before a line's last character redraws it (readableLine): the text
    // after it starts the line that shows.
    let redraw = nextIndex(text, '\r', from)
    for (;;) {
      const at = Math.min(word, start, redraw)
      if (at > to) return
      const lineStart = at === start ? start : Math.max(text.lastIndexOf('\n', at) + 1, from)
      const end = text.indexOf('\n', at)
      const mayBe = redraw < end - 1 || startsAsRunnerLine(text, lineStart, end)
      if (word < end || (mayBe && holdsLineWord(text, lineStart, end)))
        this.line(text.slice(lineStart, Math.min(end, lineStart + MAX_LINE)))
      // Past this line (an empty first line ends where it starts).
      if (word <= end) word = this.nextRunnerWord(text, end + 1, scan)
      if (start <= end) start = scan.nextLineStart(end + 1)
      if (redraw <= end) redraw = nextIndex(text, '\r', end + 1)
    }
  }

  /** The first position at or after `from` where one of RUNNER_WORDS starts, or Infinity. */
  private nextRunnerWord(text: string, from: number, scan: TextScan): number {
    let at = scan.nextWord(from)
    // The scan may find other readers' words too.
    while (at !== Number.POSITIVE_INFINITY && !RUNNER_WORDS.some(word => text.startsWith(word, at))) at = scan.nextWord(at + 1)
    return at
  }

  private hold(text: string, start: number, end: number): void {
    const room = MAX_LINE - this.pending.length
    if (room > 0 && end > start) this.pending = ownText(this.pending + text.slice(start, Math.min(end, start + room)))
  }

  private closePending(): void {
    const line = this.pending
    this.pending = ''
    this.pendingOpen = false
    this.line(line)
  }

  private line(raw: string): void {
    const found = readRunnerLine(readableLine(raw))
    if (found === undefined) return
    if (found.kind === 'file') this.lastFile = found.path
    else if (found.kind === 'failed-tests') this.failedTests = (this.failedTests ?? 0) + found.count
    else
      this.addOutside(
        found.what === '"● Test suite failed to run"' && this.lastFile !== undefined ? `${found.what} (${this.lastFile})` : found.what
      )
  }

  private addOutside(what: string): void {
    this.outsideCount++
    if (this.outside.length < MAX_OUTSIDE_KEPT) this.outside.push(what)
  }
}

/** Whether a scan given with the text finds what readLines looks for. */
function shares(scan: TextScan | undefined): scan is TextScan {
  return scan !== undefined && scan.finds(RUNNER_WORDS) && scan.findsLinesStartingWith(RUNNER_LINE_STARTS)
}

const LINE_WORDS = new RegExp(RUNNER_LINE_WORDS.map(escapeRegExp).join('|'))

/** Whether text[start, end) may be one of the lines RUNNER_LINE_WORDS finds, by its first character past spaces and tabs. */
function startsAsRunnerLine(text: string, start: number, end: number): boolean {
  let at = start
  let code = text.charCodeAt(at)
  while ((code === 0x20 || code === 0x09) && at < end) code = text.charCodeAt(++at)
  return at < end && mayStartRunnerLine(code)
}

/** Whether text[start, end) holds one of RUNNER_LINE_WORDS. */
function holdsLineWord(text: string, start: number, end: number): boolean {
  return LINE_WORDS.test(text.slice(start, end))
}

/** Position of the first `char` at or after `from`, or Infinity. */
function nextIndex(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from)
  return at === -1 ? Number.POSITIVE_INFINITY : at
}
