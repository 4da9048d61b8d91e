import { ownText } from '../base/own-text.js'
import { TextScan } from './text-scan.js'

/** Limits of a summary (docs/design.md §2). */
export interface SummaryLimits {
  /** Lines kept from the start of the output. */
  headLines: number
  /** Lines kept from the end of the output. */
  tailLines: number
  /** Characters (UTF-16 code units) kept of each line; the rest is counted. */
  maxLineChars: number
  /** Matching lines between head and tail that are shown; the rest are counted. */
  maxMatchedLines: number
}

/** The docs/design.md §2 limits: 20 head lines, 20 tail lines, 1,000 chars a line, 200 matches. */
export const DEFAULT_SUMMARY_LIMITS: SummaryLimits = Object.freeze({
  headLines: 20,
  tailLines: 20,
  maxLineChars: 1000,
  maxMatchedLines: 200
})

const KEYWORD_LIST = ['ERROR', 'WARN', 'FAIL', 'panic'] as const
/** The words the summary looks for in every line (for a shared TextScan). */
export const SUMMARY_WORDS: readonly string[] = KEYWORD_LIST
const KEYWORDS = KEYWORD_LIST.join('|')
/** A line the summary keeps from the middle of the output: it holds one of the keywords. */
export const KEYWORD_LINE = new RegExp(KEYWORDS)
// Longest keyword minus one: enough of a line's end to finish a keyword in the next chunk.
const KEYWORD_CARRY = Math.max(...KEYWORD_LIST.map(keyword => keyword.length)) - 1
const LF = 0x0a
const CR = 0x0d

// The summary's own lines. They are built and recognised here, in one place, so the
// reviewer excerpt (core/output/excerpt.ts) can take them out without guessing at their wording.
const GAP_LINE = '…'

function omittedLine(middle: number, matched: number): string {
  return `… ${middle} ${middle === 1 ? 'line' : 'lines'} omitted; ${matched} matched ${KEYWORDS}${matched > 0 ? ':' : ''}`
}

function moreMatchesLine(unshown: number): string {
  return `… and ${unshown} more matching ${unshown === 1 ? 'line' : 'lines'}`
}

function cutSuffix(dropped: number): string {
  return `… [+${dropped} chars]`
}

const OMITTED_LINE = new RegExp(`^… (\\d+) lines? omitted; (\\d+) matched ${KEYWORD_LIST.join('\\|')}:?$`)
const MORE_MATCHES_LINE = /^… and (\d+) more matching lines?$/
/** The end a summary gives a line it cut to maxLineChars. */
export const CUT_LINE_SUFFIX = /… \[\+\d+ chars\]$/

/** A summary read back into its parts: the lines around the omitted middle are not adjacent. */
export interface SummaryParts {
  head: string[]
  /** Keyword lines shown from the omitted middle; each stands alone. */
  matched: string[]
  tail: string[]
}

/**
 * Splits a summary built with `limits` into head, shown middle lines and tail, leaving out
 * the summary's own bookkeeping lines. A summary without an omitted middle is all head.
 */
export function summaryParts(summary: string, limits: SummaryLimits = DEFAULT_SUMMARY_LIMITS): SummaryParts {
  const lines = summary === '' ? [] : summary.split('\n')
  // The marker can only stand right after a full head; a user line that looks like it elsewhere is output.
  const marker = OMITTED_LINE.exec(lines[limits.headLines] ?? '')
  if (marker === null) return { head: lines, matched: [], tail: [] }
  const matchedCount = Number(marker[2])
  const shown = Math.min(matchedCount, limits.maxMatchedLines)
  let at = limits.headLines + 1
  const matched = lines.slice(at, at + shown)
  at += shown
  if (shown < matchedCount && MORE_MATCHES_LINE.test(lines[at] ?? '')) at++
  if (lines[at] === GAP_LINE) at++
  return { head: lines.slice(0, limits.headLines), matched, tail: lines.slice(at) }
}

/** Builds the docs/design.md §2 summary of a text stream while it streams, in bounded memory. */
export class OutputSummarizer {
  private readonly limits: SummaryLimits
  private readonly head: string[] = []
  // Ring of the most recent lines: a line is only known to be "between head and tail"
  // once it falls out of here.
  private readonly ring: string[]
  private readonly ringMatched: Uint8Array
  private ringNext = 0
  private ringCount = 0
  private readonly matchedShown: string[] = []
  private matchedCount = 0
  private middleCount = 0
  private lineCount = 0

  // The line still open at the end of the last chunk.
  private lineOpen = false
  private lineText = ''
  private lineLength = 0
  private lineMatched = false
  private lineCarry = ''
  // A chunk ended in \r: part of a \r\n ending, or content, depending on the next chunk.
  private pendingCR = false

  private readonly straddleTest = new RegExp(KEYWORDS)
  // Where a keyword next occurs in the current chunk (searched lazily, positions only move
  // forward): one native search per occurrence, not one per line.
  private keywordAt = -1
  // The chunk's newlines and keywords: the caller's scan, or one of its own.
  private scan: TextScan
  private readonly ownScan: TextScan = new TextScan(KEYWORD_LIST)
  private result: string | undefined

  /** Limits default to docs/design.md §2's. */
  constructor(limits: SummaryLimits = DEFAULT_SUMMARY_LIMITS) {
    this.limits = { ...limits }
    this.scan = this.ownScan
    this.ring = new Array<string>(limits.tailLines).fill('')
    this.ringMatched = new Uint8Array(limits.tailLines)
  }

  /** Lines seen so far (a final unterminated line counts once finish() has run). */
  get totalLines(): number {
    return this.lineCount
  }

  /**
   * Feeds the next chunk; lines may span chunks; \n and \r\n both end a line. `scan`, when
   * given, must be of this very text (the ordered stream scans once for every reader); it is
   * used when it finds SUMMARY_WORDS.
   */
  push(text: string, scan?: TextScan): void {
    // A summary already handed out cannot change.
    if (this.result !== undefined || text.length === 0) return
    this.keywordAt = -1
    this.scan = scan !== undefined && scan.finds(KEYWORD_LIST) ? scan : this.ownScan.of(text)
    let pos = 0
    if (this.pendingCR) {
      this.pendingCR = false
      if (text.charCodeAt(0) !== LF) this.appendCarriageReturn()
    }
    if (this.lineOpen) {
      const newline = text.indexOf('\n')
      const segmentEnd = newline === -1 ? text.length : newline
      this.probeStraddle(text, segmentEnd)
      if (newline === -1) {
        this.appendTail(text, 0)
        return
      }
      this.appendToOpenLine(text, 0, withoutCR(text, 0, newline))
      this.closeOpenLine()
      pos = newline + 1
    }
    while (this.head.length < this.limits.headLines) {
      const next = this.takeLine(text, pos)
      if (next === pos) break
      pos = next
    }
    pos = this.skipMiddle(text, pos)
    for (;;) {
      const next = this.takeLine(text, pos)
      if (next === pos) break
      pos = next
    }
    if (pos < text.length) this.appendTail(text, pos)
  }

  /** The summary text; flushes a final unterminated line. Later calls return the same. */
  finish(): string {
    if (this.result !== undefined) return this.result
    // A lone \r at the very end is taken as a line ending whose \n never came.
    this.pendingCR = false
    if (this.lineOpen) this.closeOpenLine()
    this.result = this.render()
    return this.result
  }

  private render(): string {
    const out = [...this.head]
    if (this.middleCount > 0) {
      out.push(omittedLine(this.middleCount, this.matchedCount))
      out.push(...this.matchedShown)
      const unshown = this.matchedCount - this.matchedShown.length
      if (unshown > 0) out.push(moreMatchesLine(unshown))
      out.push(GAP_LINE)
    }
    const size = this.ring.length
    const oldest = this.ringCount < size ? 0 : this.ringNext
    for (let i = 0; i < this.ringCount; i++) out.push(this.ring[(oldest + i) % size] as string)
    return out.join('\n')
  }

  private storeLine(shownLine: string, matched: boolean): void {
    this.lineCount++
    // Only the last few lines of a chunk get here (see skipMiddle), so copying is cheap.
    const line = detached(shownLine)
    if (this.head.length < this.limits.headLines) {
      this.head.push(line)
      return
    }
    const size = this.ring.length
    if (size === 0) {
      this.omit(line, matched)
      return
    }
    const slot = this.ringNext
    if (this.ringCount === size) this.omit(this.ring[slot] as string, this.ringMatched[slot] === 1)
    else this.ringCount++
    this.ring[slot] = line
    this.ringMatched[slot] = matched ? 1 : 0
    this.ringNext = slot + 1 === size ? 0 : slot + 1
  }

  private omit(line: string, matched: boolean): void {
    this.middleCount++
    if (!matched) return
    this.matchedCount++
    if (this.matchedShown.length < this.limits.maxMatchedLines) this.matchedShown.push(line)
  }

  /** Stores the complete line starting at pos; returns where the next one starts. */
  private takeLine(text: string, pos: number): number {
    const newline = text.indexOf('\n', pos)
    if (newline === -1) return pos
    const line = this.shown(text, pos, withoutCR(text, pos, newline))
    this.storeLine(line, this.hasKeyword(text, pos, newline))
    return newline + 1
  }

  /**
   * Lines of this chunk followed by at least tailLines more complete lines can be neither
   * head nor tail: they are only counted, and only the matching ones are looked at.
   * Returns where the lines that still need the ring start.
   */
  private skipMiddle(text: string, pos: number): number {
    const newlines = this.scan
    // The newline that ends the last line followed by at least tailLines complete lines.
    const first = newlines.firstFrom(pos)
    const last = newlines.count - 1 - this.ring.length
    if (last < first) return pos
    const boundary = newlines.at(last)
    // Every line in the ring now has enough lines after it.
    const size = this.ring.length
    const oldest = this.ringCount < size ? 0 : this.ringNext
    for (let i = 0; i < this.ringCount; i++) {
      const slot = (oldest + i) % size
      this.omit(this.ring[slot] as string, this.ringMatched[slot] === 1)
      this.ring[slot] = ''
    }
    this.ringCount = 0
    this.ringNext = 0
    const count = last - first + 1
    this.lineCount += count
    this.middleCount += count
    for (let at = pos; ;) {
      const keyword = this.nextKeyword(text, at)
      if (keyword > boundary) break
      // text[keyword] is not a newline, and pos follows one (or is 0), so this is >= pos.
      const lineStart = text.lastIndexOf('\n', keyword) + 1
      const newline = text.indexOf('\n', keyword)
      this.matchedCount++
      if (this.matchedShown.length < this.limits.maxMatchedLines) {
        const line = this.shown(text, lineStart, withoutCR(text, lineStart, newline))
        this.matchedShown.push(detached(line))
      }
      at = newline + 1
    }
    return boundary + 1
  }

  /** Start of the first keyword at or after `from` in the current chunk, or Infinity. */
  private nextKeyword(text: string, from: number): number {
    if (this.keywordAt >= from) return this.keywordAt
    let at = this.scan.nextWord(from)
    // The scan may find other readers' words too.
    while (at !== Number.POSITIVE_INFINITY && !KEYWORD_LIST.some(keyword => text.startsWith(keyword, at))) {
      at = this.scan.nextWord(at + 1)
    }
    this.keywordAt = at
    return at
  }

  /** Whether a keyword starts in [start, end) of the current chunk. */
  private hasKeyword(text: string, start: number, end: number): boolean {
    // Keywords hold no \n, so one starting before the line's \n ends inside the line.
    return this.nextKeyword(text, start) < end
  }

  /** The line text[start, end) as the summary shows it. */
  private shown(text: string, start: number, end: number): string {
    return end - start <= this.limits.maxLineChars
      ? text.slice(start, end)
      : this.capped(text.slice(start, start + this.limits.maxLineChars), end - start)
  }

  private probeStraddle(text: string, segmentEnd: number): void {
    if (this.lineMatched || this.lineCarry.length === 0) return
    const probe = this.lineCarry + text.slice(0, Math.min(KEYWORD_CARRY, segmentEnd))
    if (this.straddleTest.test(probe)) this.lineMatched = true
  }

  private appendTail(text: string, start: number): void {
    let end = text.length
    if (text.charCodeAt(end - 1) === CR) {
      this.pendingCR = true
      end--
    }
    this.lineOpen = true
    this.appendToOpenLine(text, start, end)
  }

  private appendToOpenLine(text: string, start: number, end: number): void {
    if (end <= start) return
    const room = this.limits.maxLineChars - this.lineText.length
    if (room > 0) {
      // Copied so a long-open line does not pin every chunk it started in.
      this.lineText = detached(this.lineText + text.slice(start, Math.min(end, start + room)))
    }
    this.lineLength += end - start
    if (this.lineMatched) return
    if (this.hasKeyword(text, start, end)) {
      this.lineMatched = true
      this.lineCarry = ''
      return
    }
    this.lineCarry =
      end - start >= KEYWORD_CARRY ? text.slice(end - KEYWORD_CARRY, end) : (this.lineCarry + text.slice(start, end)).slice(-KEYWORD_CARRY)
  }

  private appendCarriageReturn(): void {
    if (this.lineText.length < this.limits.maxLineChars) this.lineText += '\r'
    this.lineLength++
    if (!this.lineMatched) this.lineCarry = (this.lineCarry + '\r').slice(-KEYWORD_CARRY)
  }

  private closeOpenLine(): void {
    const line = this.lineLength > this.limits.maxLineChars ? this.capped(this.lineText, this.lineLength) : this.lineText
    this.storeLine(line, this.lineMatched)
    this.lineOpen = false
    this.lineText = ''
    this.lineLength = 0
    this.lineMatched = false
    this.lineCarry = ''
  }

  private capped(kept: string, fullLength: number): string {
    // Never end on half of a surrogate pair.
    const last = kept.charCodeAt(kept.length - 1)
    const shown = last >= 0xd800 && last <= 0xdbff ? kept.slice(0, -1) : kept
    return `${shown}${cutSuffix(fullLength - shown.length)}`
  }
}

/** End of the line in [start, newline) without one trailing \r. */
function withoutCR(text: string, start: number, newline: number): number {
  return newline > start && text.charCodeAt(newline - 1) === CR ? newline - 1 : newline
}

// A substring can keep its whole parent chunk alive: kept lines cost only what they hold.
const detached = ownText
