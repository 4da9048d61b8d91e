/**
 * A check run annotation's title and message as plain text (docs/design.md §5 "The pull
 * request"): the artifacts that carry them were written by the pull request's code, so
 * escape codes, control characters and the marks that reorder text are dropped, and each is
 * cut to what GitHub takes.
 */
import { stripVTControlCharacters } from 'node:util'

/** The longest annotation title GitHub takes. */
export const MAX_TITLE_CHARS = 255
/** The longest annotation message sent (GitHub takes 64 KB; the leg's own annotations are cut here too). */
export const MAX_MESSAGE_CHARS = 4_000

/** Control characters but tab and line feed, and the bidi overrides and isolates. */
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** `value` cut to `max` UTF-16 units, ending in … when cut, never splitting a surrogate pair. */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value
  let end = max - 1
  const last = value.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${value.slice(0, end)}…`
}

/** Text without escape codes or invisible characters; `\r\n` and `\r` become `\n`. */
function visible(value: string): string {
  return stripVTControlCharacters(value.replace(/\r\n?/g, '\n')).replace(INVISIBLE, '')
}

/** A title: one line of plain text, at most 255 characters. */
export function annotationTitle(value: string): string {
  const line = visible(value)
    .replace(/[\n\u2028\u2029]+/g, ' ')
    .trim()
  return cutText(line === '' ? 'reverify' : line, MAX_TITLE_CHARS)
}

/** A message: plain text, its lines kept, at most 4,000 characters (never empty: GitHub refuses that). */
export function annotationMessage(value: string): string {
  // Cut first so the cleaning's work is bounded by the cap, not by the artifact's size.
  const text = visible(value.length > MAX_MESSAGE_CHARS * 2 ? value.slice(0, MAX_MESSAGE_CHARS * 2) : value).trim()
  return cutText(text === '' ? '(no message)' : text, MAX_MESSAGE_CHARS)
}
