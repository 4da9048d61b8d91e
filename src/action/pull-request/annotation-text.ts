/**
 * A check run annotation's title and message as plain text (docs/design.md §5 "The pull
 * request's words"): the artifacts that carry them were written by the pull request's code, so
 * escape codes, control characters and the marks that reorder text are dropped, and each is
 * cut to what GitHub takes.
 */
import { MAX_ANNOTATION_MESSAGE_CHARS, MAX_ANNOTATION_TITLE_CHARS } from '../annotation-place.js'
import { visibleText } from '../markdown.js'

/** `value` cut to `max` UTF-16 units, ending in … when cut, never splitting a surrogate pair. */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value
  let end = max - 1
  const last = value.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${value.slice(0, end)}…`
}

/** A title: one line of plain text, at most 255 characters. */
export function annotationTitle(value: string): string {
  const line = visibleText(value)
    .replace(/[\n\u2028\u2029]+/g, ' ')
    .trim()
  return cutText(line === '' ? 'reverify' : line, MAX_ANNOTATION_TITLE_CHARS)
}

/** A message: plain text, its lines kept, at most 4,000 characters (never empty: GitHub refuses that). */
export function annotationMessage(value: string): string {
  // Cut first so the cleaning's work is bounded by the cap, not by the artifact's size.
  const text = visibleText(
    value.length > MAX_ANNOTATION_MESSAGE_CHARS * 2 ? value.slice(0, MAX_ANNOTATION_MESSAGE_CHARS * 2) : value
  ).trim()
  return cutText(text === '' ? '(no message)' : text, MAX_ANNOTATION_MESSAGE_CHARS)
}
