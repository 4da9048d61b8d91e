/**
 * The reviewer excerpt (docs/design.md §5): an attempt's output summary turned into the
 * failing blocks a reviewer reads. Escape codes and reverify's own bookkeeping lines go; the
 * error lines stay with what explains them (assertion, expected and received, the first
 * stack line outside dependencies); the whole is bounded.
 */
import { stripVTControlCharacters } from 'node:util'
import type { AttemptResult } from '../verify/attempt.js'
import { DROPPED_MARKER_LINE } from './capped-log.js'
import { CUT_LINE_SUFFIX, summaryParts } from './output-summary.js'

/** One failing block of an excerpt: its lines and, when the output names it, the failing test. */
export interface ExcerptBlock {
  lines: string[]
  /** From a jest `●`, go `--- FAIL:`, pytest `___ name ___` or mocha `1) name` header. */
  test?: string
}

/** The excerpt's bounds: annotation bodies stop at 4,096 characters, and so should reading. */
export const MAX_EXCERPT_CHARS = 4000
const MAX_EXCERPT_LINES = 60
const MAX_BLOCK_LINES = 16
// How far past its first line a block looks for the rest of the failure.
const MAX_BLOCK_SPAN = 40
const FALLBACK_LINES = 20

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

/** A summary line as a reviewer should read it: no escape codes, no redrawn progress, no cut marker. */
function cleanLine(raw: string): string {
  let text = raw.replace(CUT_LINE_SUFFIX, '…')
  text = stripVTControlCharacters(text)
  // A carriage return redraws the line on a terminal: what shows is what follows the last one.
  const shown = text.split('\r').filter(segment => segment.trim() !== '')
  text = shown[shown.length - 1] ?? ''
  // A sequence the summary cut in half, and lone control characters, are noise in an annotation.
  text = text.replace(/\x1b[[\]()#;?0-9]*$/, '').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
  return text.trimEnd()
}

/** The summary's contiguous runs of output, cleaned; the omitted middle separates them. */
function segmentsOf(summary: string): string[][] {
  const parts = summaryParts(summary)
  const clean = (lines: string[]) => lines.filter(line => !DROPPED_MARKER_LINE.test(line)).map(cleanLine)
  return [parts.head, parts.matched, parts.tail].filter(lines => lines.length > 0).map(clean)
}

/** The block that starts at lines[start] (an anchor); returns it and where scanning goes on. */
function readBlock(lines: string[], start: number): { block: ExcerptBlock; next: number } {
  const kept: string[] = []
  let test: string | undefined
  let located = false
  let at = start
  for (; at < lines.length && at - start < MAX_BLOCK_SPAN && kept.length < MAX_BLOCK_LINES; at++) {
    const line = lines[at]!
    const header = testName(line)
    if (at > start) {
      if (BOUNDARIES.some(pattern => pattern.test(line))) break
      // A second test, or a second located diagnostic, is a failure of its own.
      if (header !== undefined && test !== undefined) break
      if (DIAGNOSTIC.test(line) && located) break
    }
    if (line.trim() === '' || CODE_FRAME.test(line)) continue
    test ??= header
    if (STACK_FRAME.test(line)) {
      if (!isUserFrame(line)) continue
      // The first frame in the code under review is where the failure is; the rest is noise.
      kept.push(line)
      at++
      break
    }
    if (DIAGNOSTIC.test(line) || /File "[^"]+", line \d+/.test(line)) located = true
    kept.push(line)
  }
  return { block: { lines: kept, ...(test !== undefined && { test }) }, next: Math.max(at, start + 1) }
}

function blocksOfSegment(lines: string[]): ExcerptBlock[] {
  const blocks: ExcerptBlock[] = []
  for (let at = 0; at < lines.length;) {
    if (!isAnchor(lines[at]!)) {
      at++
      continue
    }
    const { block, next } = readBlock(lines, at)
    if (block.lines.length > 0) blocks.push(block)
    at = next
  }
  return blocks
}

/** Keeps blocks in order within the excerpt's bounds; a block that does not fit is cut. */
function bounded(blocks: ExcerptBlock[]): ExcerptBlock[] {
  const kept: ExcerptBlock[] = []
  let lines = 0
  let chars = 0
  for (const block of blocks) {
    const fitting: string[] = []
    for (const line of block.lines) {
      // Blocks are joined by a blank line, lines by a newline: count both.
      const cost = line.length + (fitting.length === 0 && kept.length > 0 ? 2 : 1)
      if (lines + 1 > MAX_EXCERPT_LINES || chars + cost > MAX_EXCERPT_CHARS) break
      fitting.push(line)
      lines++
      chars += cost
    }
    if (fitting.length === 0) break
    kept.push({ ...block, lines: fitting })
    if (fitting.length < block.lines.length) break
  }
  return kept
}

/**
 * The failing blocks of an output summary, in output order, bounded (60 lines, 4,000
 * characters). Without any recognisable failure, one block of the output's last 20 lines.
 */
export function excerptBlocks(summary: string): ExcerptBlock[] {
  const segments = segmentsOf(summary)
  const seen = new Set<string>()
  const blocks: ExcerptBlock[] = []
  for (const block of segments.flatMap(blocksOfSegment)) {
    // Runners repeat a failure in their closing summary: once is enough.
    const key = block.lines.map(line => line.trim()).join('\n')
    if (seen.has(key)) continue
    seen.add(key)
    blocks.push(block)
  }
  if (blocks.length === 0) {
    const last = segments[segments.length - 1] ?? []
    const tail = last.filter(line => line.trim() !== '').slice(-FALLBACK_LINES)
    if (tail.length > 0) blocks.push({ lines: tail })
  }
  return bounded(blocks)
}

/** The reviewer text of an output summary: its failing blocks, separated by a blank line. */
export function reviewerExcerpt(summary: string): string {
  return excerptBlocks(summary)
    .map(block => block.lines.join('\n'))
    .join('\n\n')
}

/** The reviewer excerpt of one attempt (its recorded summary); empty for a verified attempt. */
export function attemptExcerpt(attempt: Pick<AttemptResult, 'summary' | 'verified'>): string {
  return attempt.verified ? '' : reviewerExcerpt(attempt.summary)
}
