/**
 * Putting untrusted text (command output, commands, notes, names) into GitHub-flavoured
 * markdown so that it stays text: never a tag, a table column, an emphasis or a fence end.
 */
import { stripVTControlCharacters } from 'node:util'

/** The longest run of `char` in the text (0 when there is none). */
function longestRun(text: string, char: string): number {
  let longest = 0
  let run = 0
  for (const c of text) {
    run = c === char ? run + 1 : 0
    if (run > longest) longest = run
  }
  return longest
}

/**
 * Prose text on one line: HTML's specials as entities, and backslashes before the markdown
 * punctuation that can mean something mid-line (`(` only does after a `]`, escaped here; `#`
 * can end a heading).
 */
export function text(value: string): string {
  return value
    .replace(/\r?\n|\r/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]#|~]/g, char => `\\${char}`)
}

/** Terminal escape sequences, the other control characters, and the marks that reorder text (bidi overrides). */
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** The zero-width space: it keeps a sign from starting a mention, a reference or a link, and shows as nothing. */
const ZWSP = '\u200b'

/**
 * What GitHub turns into a live thing after the markdown is rendered, broken by a zero-width
 * space: an `@mention` (which notifies), a `#123` or `GH-123` reference, and a bare address
 * the autolinker would make a link (`https://`, `www.`). Applied to escaped text.
 */
function defused(escaped: string): string {
  return escaped
    .replace(/@(?=[A-Za-z0-9])/g, `@${ZWSP}`)
    .replace(/#(?=[A-Za-z0-9])/g, `#${ZWSP}`)
    .replace(/\b(GH)-(?=\d)/gi, `$1-${ZWSP}`)
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\b(www)\./gi, `$1${ZWSP}.`)
}

/** Text without escape codes, control characters (but tab and line feed) or bidi marks; `\r\n` and `\r` become `\n`. */
export function visibleText(value: string): string {
  return stripVTControlCharacters(value.replace(/\r\n?/g, '\n')).replace(INVISIBLE, '')
}

/** Text for one table cell: as prose, on one line without escape codes or control characters, cut to `max` characters (a cut cell ends in …). */
export function cell(value: string, max = 300): string {
  const line = visibleText(value).replace(/[\n\u2028\u2029]/g, ' ')
  return text(line.length > max ? `${line.slice(0, max - 1)}…` : line)
}

/**
 * A cell of text a workflow run's artifacts carry, written by code under review (test names,
 * leg labels, messages: docs/design.md §5 "The pull request's words"): as `cell`, and nothing in it
 * becomes a mention, a reference or a link.
 */
export function untrustedCell(value: string, max = 300): string {
  return defused(cell(value, max))
}

/**
 * An inline code span of the first line of `value`: its delimiter is longer than any
 * backtick run inside, so nothing in it ends the span early. Not for table cells (a `|`
 * would still split the cell there).
 */
export function codeSpan(value: string, max = 200): string {
  let line = value.split(/\r?\n|\r/)[0]!
  if (line.length > max) line = `${line.slice(0, max - 1)}…`
  const ticks = '`'.repeat(longestRun(line, '`') + 1)
  // A space on each side keeps a leading or trailing backtick from joining the delimiter.
  const pad = line.startsWith('`') || line.endsWith('`') || line === '' ? ' ' : ''
  return `${ticks}${pad}${line}${pad}${ticks}`
}

/**
 * An inline code span for a table cell: as codeSpan, with each `|` escaped. A code span does
 * not protect a pipe in a GitHub table (the row is split first); `\|` is the one spelling
 * the table keeps, and it shows as `|` inside the span.
 */
export function cellCode(value: string, max = 200): string {
  return codeSpan(value, max).replace(/\|/g, '\\|')
}

/**
 * A fenced code block holding `body` verbatim: the fence is longer than any backtick run in
 * the body, so no line of it can close the block.
 */
export function fenced(body: string, info = 'text'): string[] {
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1))
  return [`${fence}${info}`, body, fence]
}
