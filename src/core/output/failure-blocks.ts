/**
 * Failing blocks (docs/design.md §5 "Excerpt"): where a failure starts in a command's output,
 * and the lines that explain it (the assertion, expected and received, the first stack line
 * outside dependencies). `BlockReader` reads lines one at a time, so the same rules serve a
 * summary read back (core/output/excerpt.ts) and `FailureBlocks`, which watches the whole
 * output while it streams and keeps the first few blocks, in bounded memory.
 */
import { stripVTControlCharacters } from 'node:util'
import { ownText } from '../base/own-text.js'
import { TextScan } from './text-scan.js'

/** One failing block: its lines and, when the output names it, the failing test. */
export interface ExcerptBlock {
  lines: string[]
  /** From a jest `●`, go `--- FAIL:`, pytest `___ name ___` or mocha `1) name` header. */
  test?: string
}

export const MAX_BLOCK_LINES = 16
// How far past its first line a block looks for the rest of the failure.
const MAX_BLOCK_SPAN = 40

/** Where a failing test's own report starts; group 1 is the test's name. */
const TEST_HEADERS: readonly RegExp[] = [
  /^\s*● (.+)$/, // jest
  /^\s*--- FAIL: (\S+)/, // go test
  /^_{3,} (.+?) _{3,}$/, // pytest
  /^\s{2,}\d+\) (.+?):?$/ // mocha, whose failure list is indented
]

/** A diagnostic that starts with where it is: `path:line[:col]: …` (go, gcc, eslint) or tsc's `path(line,col): …`. */
const DIAGNOSTIC = /^\s*[\w.@~/-][^\s:()]*(?::\d+(?::\d+)?:|\(\d+,\d+\):)(?:\s|$)/

/** Lines that say something failed. */
const ERROR_LINES: readonly RegExp[] = [
  /\b(?:Expected|Received)\b/,
  /^E\s/, // pytest's assertion lines
  /\berror TS\d+/,
  /\b(?:[A-Z]\w*)?(?:Error|Exception)\b/,
  /^\s*error(?:\[\w+\])?:/i,
  /\bERROR\b/,
  /\bFAIL(?:ED)?\b/,
  /\bpanic:/,
  /^Traceback \(most recent call last\):/,
  /^\s*[✕✗×] /
]

/** Lines that close a block: the runners' tallies, separators and passing tests. */
const BOUNDARIES: readonly RegExp[] = [
  /^\s*(?:Test Suites|Tests|Snapshots|Time|Ran all test suites)\b/,
  /^={3,}/,
  /^\s*(?:PASS|ok)\s/,
  /^\s*--- (?:PASS|SKIP):/,
  /^=== (?:RUN|PAUSE|CONT|NAME)\s/,
  /^\s*[✓✔] /,
  /^\s*\d+ (?:passing|failing|pending)\b/
]

/** jest's code frame around the failing line: the stack line says the same, shorter. */
const CODE_FRAME = /^\s*>?\s*\d+\s+\||^\s+\|\s*\^/
const STACK_FRAME = /^\s*at\s/
// Frames of dependencies and of node itself say nothing about the change under review.
const FOREIGN_FRAME = /node_modules|\(node:|\bnode:internal|\(internal\/|\(<anonymous>\)/

function testName(line: string): string | undefined {
  for (const header of TEST_HEADERS) {
    const match = header.exec(line)
    if (match) return match[1]!.trim()
  }
  return undefined
}

function isAnchor(line: string): boolean {
  return testName(line) !== undefined || DIAGNOSTIC.test(line) || ERROR_LINES.some(pattern => pattern.test(line))
}

function isUserFrame(line: string): boolean {
  return /:\d+/.test(line) && !FOREIGN_FRAME.test(line)
}

/** An output line as a reviewer should read it: no escape codes, no redrawn progress. */
export function readableLine(raw: string): string {
  let text = stripVTControlCharacters(raw)
  // A carriage return redraws the line on a terminal: what shows is what follows the last one.
  const shown = text.split('\r').filter(segment => segment.trim() !== '')
  text = shown[shown.length - 1] ?? ''
  // A sequence cut in half, and lone control characters, are noise in an annotation.
  text = text.replace(/\x1b[[\]()#;?0-9]*$/, '').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
  return text.trimEnd()
}

interface OpenBlock {
  kept: string[]
  test?: string
  located: boolean
  /** Lines looked at so far, its first included. */
  span: number
}

/**
 * Reads readable lines one at a time into failing blocks. A block starts at a line that says
 * something failed and runs until a tally, separator or passing test, the next test header or
 * located diagnostic, or just after the first stack line outside dependencies; at most 16
 * lines kept of the 40 it looks at.
 */
export class BlockReader {
  private open: OpenBlock | undefined

  constructor(private readonly onBlock: (block: ExcerptBlock) => void) {}

  /** Whether a block is being read: until it closes, every line matters. */
  get reading(): boolean {
    return this.open !== undefined
  }

  /** Takes the next line (already readable: see readableLine). */
  line(line: string): void {
    if (this.open !== undefined) {
      const taken = this.step(this.open, line, false)
      if (taken === 'more') return
      this.close()
      if (taken === 'last') return
    }
    if (!isAnchor(line)) return
    this.open = { kept: [], located: false, span: 0 }
    if (this.step(this.open, line, true) !== 'more') this.close()
  }

  /** The end of the lines: a block still open is complete. */
  end(): void {
    this.close()
  }

  /** Reads one line into the block: 'more' to go on, 'last' when it ended the block, 'refused' when it belongs to what follows. */
  private step(block: OpenBlock, line: string, first: boolean): 'more' | 'last' | 'refused' {
    const header = testName(line)
    if (!first) {
      if (BOUNDARIES.some(pattern => pattern.test(line))) return 'refused'
      // A second test, or a second located diagnostic, is a failure of its own.
      if (header !== undefined && block.test !== undefined) return 'refused'
      if (block.located && DIAGNOSTIC.test(line)) return 'refused'
    }
    block.span++
    if (line.trim() !== '' && !CODE_FRAME.test(line)) {
      block.test ??= header
      if (STACK_FRAME.test(line)) {
        // The first frame in the code under review is where the failure is; the rest is noise.
        if (isUserFrame(line)) {
          block.kept.push(line)
          return 'last'
        }
      } else {
        if (DIAGNOSTIC.test(line) || /File "[^"]+", line \d+/.test(line)) block.located = true
        block.kept.push(line)
      }
    }
    return block.span >= MAX_BLOCK_SPAN || block.kept.length >= MAX_BLOCK_LINES ? 'last' : 'more'
  }

  private close(): void {
    const block = this.open
    this.open = undefined
    if (block === undefined || block.kept.length === 0) return
    this.onBlock({ lines: block.kept, ...(block.test !== undefined && { test: block.test }) })
  }
}

/** The key under which a block repeated by a runner's closing summary is recognised. */
export function blockKey(block: ExcerptBlock): string {
  return block.lines.map(line => line.trim()).join('\n')
}

/** Bounds of what FailureBlocks keeps. */
export interface FailureLimits {
  /** Blocks kept of each kind (with a test header, and without). */
  blocks: number
  /** Blocks read in all, repeats and blocks past the others' limits included: then the watch stops. */
  read: number
  /** Characters kept of each kind, all blocks together. */
  chars: number
  /** Characters kept of one line. */
  lineChars: number
}

/**
 * Ten blocks of each kind, 8,000 characters of each (twice what an excerpt shows), 500 a
 * line; 1,000 blocks read at most, so an output that repeats an error on every line costs
 * no more than that.
 */
export const DEFAULT_FAILURE_LIMITS: FailureLimits = Object.freeze({ blocks: 10, read: 1_000, chars: 8_000, lineChars: 500 })

// Text a line must hold to start a block (a cheap superset of the anchors): most output holds
// none, and is never split into lines at all. The words are searched across a whole chunk at
// once; the line starts are read at the chunk's newlines (found once for every reader of the
// stream), and only a line that starts with one of CANDIDATE_FIRST_CHARS is tried further. A
// bare `path:line:` diagnostic is not searched for: it starts a block only inside another or
// in the summary's lines (core/output/excerpt.ts).
const CANDIDATE_WORDS = ['rror', 'RROR', 'FAIL', 'Exception', '●', '✕', '✗']
/** The words the failure search looks for in every line (for a shared TextScan). */
export const FAILURE_WORDS: readonly string[] = CANDIDATE_WORDS
const CANDIDATE_START = /(?:E\s|_{3,} |[ \t]{2,}\d+\) |Traceback|panic:|[ \t]*×)/y
// The characters CANDIDATE_START can begin with: E _ T p, a blank, ×.
const CANDIDATE_FIRST_CHARS = [0x45, 0x5f, 0x54, 0x70, 0x20, 0x09, 0xd7]
const IS_CANDIDATE_FIRST = new Set(CANDIDATE_FIRST_CHARS)
/** The first characters of the lines the failure search looks at (for a shared TextScan). */
export const FAILURE_LINE_STARTS: readonly number[] = CANDIDATE_FIRST_CHARS

function startsCandidate(text: string, start: number): boolean {
  if (!IS_CANDIDATE_FIRST.has(text.charCodeAt(start))) return false
  CANDIDATE_START.lastIndex = start
  return CANDIDATE_START.test(text)
}

class Kind {
  readonly blocks: { index: number; block: ExcerptBlock }[] = []
  chars = 0
  full = false
}

/**
 * Watches a command's whole output, whole lines in order (the stream the log is written
 * from), for failing blocks. Keeps the first blocks of each kind, each at most 16 lines of at
 * most 500 characters, within a character budget per kind; a block a runner repeats is kept
 * once. Memory is bounded whatever the output's size.
 */
export class FailureBlocks {
  private readonly limits: FailureLimits
  private readonly reader = new BlockReader(block => this.keep(block))
  private readonly seen = new Set<string>()
  private readonly tests = new Kind()
  private readonly others = new Kind()
  private found = 0
  private pending = ''
  private pendingLength = 0
  private wordAt = -1
  // The current chunk's scan: the caller's, or one of its own.
  private readonly ownScan = new TextScan(CANDIDATE_WORDS, CANDIDATE_FIRST_CHARS)
  private scan = this.ownScan

  constructor(limits: FailureLimits = DEFAULT_FAILURE_LIMITS) {
    this.limits = { ...limits }
  }

  private get done(): boolean {
    return (this.tests.full && this.others.full) || this.found >= this.limits.read
  }

  /**
   * Takes text made of whole lines (the last one may lack its newline until `end`).
   * `scan`, when given, must be of this very text; it is used when it finds FAILURE_WORDS
   * and FAILURE_LINE_STARTS.
   */
  push(text: string, scan?: TextScan): void {
    if (this.done || text === '') return
    let pos = 0
    if (this.pendingLength > 0) {
      const newline = text.indexOf('\n')
      if (newline === -1) {
        this.hold(text, 0, text.length)
        return
      }
      this.hold(text, 0, newline)
      this.line(this.pending)
      this.pending = ''
      this.pendingLength = 0
      pos = newline + 1
    }
    const last = text.lastIndexOf('\n')
    this.wordAt = -1
    if (last >= pos) {
      const shared = scan !== undefined && scan.finds(CANDIDATE_WORDS) && scan.findsLinesStartingWith(CANDIDATE_FIRST_CHARS)
      this.scan = shared ? scan : this.ownScan.of(text)
    }
    while (pos <= last && !this.done) {
      if (!this.reader.reading) {
        const candidate = this.nextCandidate(text, pos)
        if (candidate > last) break
        // The candidate's line; a line-start pattern matched from the newline before it.
        pos = Math.max(pos, text.lastIndexOf('\n', candidate) + 1)
      }
      const newline = text.indexOf('\n', pos)
      this.line(text.slice(pos, newline))
      pos = newline + 1
    }
    if (last + 1 < text.length) this.hold(text, last + 1, text.length)
  }

  /** The end of the output: a last line without a newline is read, a block still open closes. */
  end(): void {
    if (this.pendingLength > 0 && !this.done) this.line(this.pending)
    this.pending = ''
    this.pendingLength = 0
    this.reader.end()
  }

  /** The blocks kept, in output order. */
  blocks(): ExcerptBlock[] {
    return [...this.tests.blocks, ...this.others.blocks].sort((a, b) => a.index - b.index).map(entry => entry.block)
  }

  private line(raw: string): void {
    const text = raw.length > this.limits.lineChars ? `${raw.slice(0, this.limits.lineChars - 1)}…` : raw
    this.reader.line(readableLine(text))
  }

  /** Keeps text[start, end) of a line still open, up to a little over a line's limit. */
  private hold(text: string, start: number, end: number): void {
    const room = this.limits.lineChars + 1 - this.pending.length
    if (room > 0) this.pending = ownText(this.pending + text.slice(start, Math.min(end, start + room)))
    this.pendingLength += end - start
  }

  /** Where the next candidate at or after `from` (a line start) is, or Infinity. */
  private nextCandidate(text: string, from: number): number {
    if (this.wordAt < from) {
      let at = this.scan.nextWord(from)
      // The scan may find other readers' words too.
      while (at !== Number.POSITIVE_INFINITY && !CANDIDATE_WORDS.some(word => text.startsWith(word, at))) at = this.scan.nextWord(at + 1)
      this.wordAt = at
    }
    const word = this.wordAt
    if (from === 0 && startsCandidate(text, 0)) return 0
    // Lines that start (just after a newline) at or after `from` with a character a candidate
    // can start with, up to the word's line: the scan found them while finding the newlines.
    const scan = this.scan
    for (let start = scan.nextLineStart(from); start <= word && start !== Infinity; start = scan.nextLineStart(start + 1)) {
      if (startsCandidate(text, start)) return start
    }
    return word
  }

  private keep(block: ExcerptBlock): void {
    const index = this.found++
    const key = blockKey(block)
    if (this.seen.has(key)) return
    const kind = block.test !== undefined ? this.tests : this.others
    if (kind.full) return
    const chars = block.lines.reduce((sum, line) => sum + line.length + 1, 0)
    if (kind.blocks.length >= this.limits.blocks || kind.chars + chars > this.limits.chars) {
      kind.full = true
      return
    }
    this.seen.add(key)
    kind.chars += chars
    kind.blocks.push({ index, block })
  }
}
