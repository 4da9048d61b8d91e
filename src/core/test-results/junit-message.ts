/**
 * What a JUnit failure says, in one capped message (docs/design.md §1 "Test results"): its
 * `message` attribute, else the telling lines of its text. Shared by a test case's own
 * failure and the first failure of a test its runner retried (junit-retries.ts).
 */
import { readableLine } from '../output/failure-blocks.js'
import { firstLines, messageOfDetail, readableText } from './failure-text.js'

/** A message that says nothing more than that the test failed (Go converters write `Failed`). */
const GENERIC_MESSAGE = /^(failed|failure|error)$/i

/** A `message` attribute as kept: escape codes stripped, line ends made `\n`, capped; undefined when blank. */
export function attributeMessage(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  return firstLines(readableLine(value.replace(/\r\n?/g, '\n')), max)
}

/** A failure's text as kept: each line without escape codes, capped (the same for every results format). */
export const keptDetail = readableText

/** The message a failure is shown with: its attribute unless that is missing or generic, then what its (kept) text says. */
export function failureMessage(attribute: string | undefined, detail: string | undefined, max: number): string | undefined {
  if (detail === undefined || detail.trim() === '' || (attribute !== undefined && !GENERIC_MESSAGE.test(attribute))) return attribute
  return messageOfDetail(detail, max) ?? attribute
}
