/**
 * What a JUnit failure says, in one capped message (docs/design.md §1 "Test results"): its
 * `message` attribute, else the telling lines of its text. Shared by a test case's own
 * failure and the first failure of a test its runner retried (junit-retries.ts).
 */
import { BlockReader, readableLine, type ExcerptBlock } from '../output/failure-blocks.js'

/** A message that says nothing more than that the test failed (Go converters write `Failed`). */
const GENERIC_MESSAGE = /^(failed|failure|error)$/i
/** `go test -v`'s own bookkeeping lines inside a failure's text. */
const RUNNER_LINE = /^\s*(=== (RUN|PAUSE|CONT)|--- (FAIL|PASS|SKIP):)/

/** The text trimmed and cut to `max` characters (an ellipsis marks a cut). */
export function firstLines(text: string, max: number): string {
  const trimmed = text.trim()
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed
}

/** A `message` attribute as kept: escape codes stripped, line ends made `\n`, capped; undefined when blank. */
export function attributeMessage(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  return firstLines(readableLine(value.replace(/\r\n?/g, '\n')), max)
}

/** A failure's text as kept: each line without escape codes, capped. */
export function keptDetail(text: string, max: number): string {
  return firstLines(text.split('\n').map(readableLine).join('\n'), max)
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

/** The message a failure is shown with: its attribute unless that is missing or generic, then what its (kept) text says. */
export function failureMessage(attribute: string | undefined, detail: string | undefined, max: number): string | undefined {
  if (detail === undefined || detail.trim() === '' || (attribute !== undefined && !GENERIC_MESSAGE.test(attribute))) return attribute
  return messageOfDetail(detail, max) ?? attribute
}
