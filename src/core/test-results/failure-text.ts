/**
 * What a test's failure text says (docs/design.md §1 "Test results"), the same for every
 * results format: the text cut to its cap, and, where no message says it, the message read
 * from the text's failing blocks by the log's excerpt rules.
 */
import { BlockReader, readableLine, type ExcerptBlock } from '../output/failure-blocks.js'

/** `go test -v`'s own bookkeeping lines inside a failure's text. */
const RUNNER_LINE = /^\s*(=== (RUN|PAUSE|CONT)|--- (FAIL|PASS|SKIP):)/

/** The text trimmed and cut to `max` characters (an ellipsis marks the cut). */
export function firstLines(text: string, max: number): string {
  const trimmed = text.trim()
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed
}

/** A failure's text as kept: escape codes and control characters out, cut to `max`. */
export function readableText(text: string, max: number): string {
  return firstLines(text.replace(/\r\n?/g, '\n').split('\n').map(readableLine).join('\n'), max)
}

/**
 * What a failure's text says, when no `message` attribute says it (jest-junit writes none):
 * its failing blocks read by the log's excerpt rules (docs/design.md §5: the assertion,
 * expected and received, the first stack line outside dependencies), escape codes stripped,
 * the runner's own lines left out; else its first line that says something.
 */
export function messageOfDetail(detail: string, max: number): string | undefined {
  const lines = detail
    .split('\n')
    .map(readableLine)
    .filter(line => line.trim() !== '' && !RUNNER_LINE.test(line))
  const blocks: ExcerptBlock[] = []
  const reader = new BlockReader(block => blocks.push(block))
  for (const line of lines) reader.line(line)
  reader.end()
  const telling = blocks.length > 0 ? blocks.map(block => block.lines.join('\n')).join('\n') : lines[0]
  return telling === undefined ? undefined : firstLines(telling, max)
}
