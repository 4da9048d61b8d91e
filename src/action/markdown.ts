/**
 * Putting untrusted text (command output, commands, notes, names) into GitHub-flavoured
 * markdown so that it stays text: never a tag, a table column, an emphasis or a fence end.
 */

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

/** Text for one table cell: as prose, cut to `max` characters (a cut cell ends in …). */
export function cell(value: string, max = 300): string {
  const line = value.replace(/\r?\n|\r/g, ' ')
  return text(line.length > max ? `${line.slice(0, max - 1)}…` : line)
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
