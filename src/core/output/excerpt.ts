/**
 * The reviewer excerpt (docs/design.md §5): the failing blocks a reviewer reads of an attempt's
 * output, found in the whole output while it streamed (failure-blocks.ts), else read back from
 * its summary. Escape codes and reverify's own bookkeeping lines go; the error lines stay with
 * what explains them (assertion, expected and received, the first stack line outside
 * dependencies); the whole is bounded.
 */
import { DROPPED_MARKER_LINE } from './capped-log.js'
import { BlockReader, blockKey, readableLine, type ExcerptBlock } from './failure-blocks.js'
import { CUT_LINE_SUFFIX, summaryParts } from './output-summary.js'

export type { ExcerptBlock } from './failure-blocks.js'

/** The excerpt's bounds: annotation bodies stop at 4,096 characters, and so should reading. */
export const MAX_EXCERPT_CHARS = 4000
const MAX_EXCERPT_LINES = 60
const FALLBACK_LINES = 20

/** A summary line as a reviewer should read it: no escape codes, no redrawn progress, no cut marker. */
function cleanLine(raw: string): string {
  return readableLine(raw.replace(CUT_LINE_SUFFIX, '…'))
}

/** The summary's contiguous runs of output, cleaned; the omitted middle separates them. */
function segmentsOf(summary: string): string[][] {
  const parts = summaryParts(summary)
  const clean = (lines: string[]) => lines.filter(line => !DROPPED_MARKER_LINE.test(line)).map(cleanLine)
  return [parts.head, parts.matched, parts.tail].filter(lines => lines.length > 0).map(clean)
}

function blocksOfSegment(lines: string[]): ExcerptBlock[] {
  const blocks: ExcerptBlock[] = []
  const reader = new BlockReader(block => blocks.push(block))
  for (const line of lines) reader.line(line)
  reader.end()
  return blocks
}

/**
 * The blocks that fit the excerpt's bounds, in output order. Blocks that name their test are
 * chosen first, then the others, each in order; the first that does not fit is cut and ends
 * the choice.
 */
function bounded(blocks: readonly ExcerptBlock[]): ExcerptBlock[] {
  const order = blocks.map((block, index) => ({ block, index }))
  const byRank = [...order.filter(item => item.block.test !== undefined), ...order.filter(item => item.block.test === undefined)]
  const kept: { block: ExcerptBlock; index: number }[] = []
  let lines = 0
  let chars = 0
  for (const { block, index } of byRank) {
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
    kept.push({ block: { ...block, lines: fitting }, index })
    if (fitting.length < block.lines.length) break
  }
  return kept.sort((a, b) => a.index - b.index).map(item => item.block)
}

/** Runners repeat a failure in their closing summary: once is enough. */
function unique(blocks: readonly ExcerptBlock[]): ExcerptBlock[] {
  const seen = new Set<string>()
  return blocks.filter(block => {
    const key = blockKey(block)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The failing blocks of an output, in output order, bounded (60 lines, 4,000 characters):
 * the blocks `streamed` (found in the whole output while it streamed: failure-blocks.ts) when
 * there are any, else those of its summary; with neither, one block of the output's last 20 lines.
 */
export function excerptBlocks(summary: string, streamed: readonly ExcerptBlock[] = []): ExcerptBlock[] {
  if (streamed.length > 0) return bounded(unique(streamed))
  const segments = segmentsOf(summary)
  const blocks = unique(segments.flatMap(blocksOfSegment))
  if (blocks.length === 0) {
    const last = segments[segments.length - 1] ?? []
    const tail = last.filter(line => line.trim() !== '').slice(-FALLBACK_LINES)
    if (tail.length > 0) blocks.push({ lines: tail })
  }
  return bounded(blocks)
}

/** The reviewer text of an output: its failing blocks (see excerptBlocks), separated by a blank line. */
export function reviewerExcerpt(summary: string, streamed: readonly ExcerptBlock[] = []): string {
  return excerptBlocks(summary, streamed)
    .map(block => block.lines.join('\n'))
    .join('\n\n')
}

/**
 * What an excerpt reads of an attempt's record (attempt/result.ts): its summary, the failing
 * blocks found while its output streamed, and its verdict. Spelled out here because the
 * record, which names this folder's shapes, stands a floor above it.
 */
export interface ExcerptSource {
  summary: string
  failures?: ExcerptBlock[]
  verified: boolean
}

/** The failing blocks of one attempt: from its whole output when they were found there, else from its summary. */
export function attemptBlocks(attempt: Pick<ExcerptSource, 'summary' | 'failures'>): ExcerptBlock[] {
  return excerptBlocks(attempt.summary, attempt.failures)
}

/** The reviewer text of one attempt, verified or not (see attemptBlocks). */
export function attemptText(attempt: Pick<ExcerptSource, 'summary' | 'failures'>): string {
  return reviewerExcerpt(attempt.summary, attempt.failures)
}

/** The reviewer excerpt of one attempt; empty for a verified attempt. */
export function attemptExcerpt(attempt: ExcerptSource): string {
  return attempt.verified ? '' : attemptText(attempt)
}
