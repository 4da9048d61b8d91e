/**
 * Where a rerun template's placeholders stand (docs/test-results.md "Rerunning only the
 * failed tests", the contract's §11). Each value is quoted for the shell as one word, which
 * protects it only where a word of its own stands: inside quotes the value's own quotes
 * close the template's, and its backticks or `$( )` run; inside `$( )`, backticks, a
 * comment or a heredoc it is read again; glued to other text it is part of another word;
 * as the command, or the code of `-c`, `-e` or `eval`, a test's name would run. Any of
 * these is refused when the setting is read, before anything runs.
 */
import { printable } from '../base/printable.js'
import { splitScript } from '../guardrail/script-splitter.js'
import {
  afterClose,
  breaksWord,
  closingBrace,
  closingParen,
  closingQuote,
  closingSingleQuote,
  lineEnd,
  opensComment,
  SubstitutionParens
} from '../shell/lexer.js'

/** A stretch of the template where a placeholder is not a word of the shell's: its bounds and what it is. */
interface Stretch {
  start: number
  end: number
  what: string
  /** What a message shows of it, when not the text from start to end. */
  shown?: string
}

// `{word}` not preceded by `$`, as template.ts finds them.
const PLACEHOLDER = /(?<!\$)\{([a-z]+)\}/g

/** Words after which the next word is code: a test's name there would run. */
const CODE_FLAGS = new Set(['-c', '-e', '--eval', '-command', 'eval', 'exec'])

/** Throws a one-line message for the first placeholder that is not a word of its own. */
export function checkPlaceholderWords(template: string): void {
  const stretches = [...quotedStretches(template), ...heredocStretches(template)]
  for (const match of template.matchAll(PLACEHOLDER)) {
    const at = match.index
    const end = at + match[0].length
    const placeholder = match[0]
    const position = `at character ${at + 1}`
    const inside = stretches.find(stretch => stretch.start < at && end <= stretch.end)
    if (inside !== undefined) {
      const shown = clip(inside.shown ?? template.slice(inside.start, inside.end))
      throw new Error(
        `${placeholder} must be a word of its own, not ${inside.what} (${shown} ${position}); write ${placeholder} unquoted, apart from other text: reverify quotes each value itself`
      )
    }
    const before = template[at - 1]
    const after = template[end]
    if ((before !== undefined && !breaksWord(before)) || (after !== undefined && !breaksWord(after))) {
      const shown = clip(wordAround(template, at, end))
      throw new Error(
        `${placeholder} must be a word of its own, not glued to other text (${shown} ${position}); write ${placeholder} apart, with a space before and after: reverify quotes each value itself`
      )
    }
    const previous = previousWord(template, at)
    if (previous === undefined) {
      throw new Error(
        `${placeholder} must be a word of its own, not the command itself (${position}): a test's name would run as a program; put it after the runner's option that takes it`
      )
    }
    if (CODE_FLAGS.has(previous.toLowerCase())) {
      throw new Error(
        `${placeholder} must be a word of its own, not the code of ${previous} (${previous} ${placeholder} ${position}): a test's name would run as code; hand it to the runner as an argument`
      )
    }
  }
}

/** The text shown for a stretch: at most 40 characters, control characters (a line break) escaped. */
function clip(text: string): string {
  return printable(text, 40)
}

/** The word a glued placeholder is part of: from the last blank before it to the first after. */
function wordAround(template: string, start: number, end: number): string {
  let from = start
  while (from > 0 && !/\s/.test(template[from - 1]!)) from--
  let to = end
  while (to < template.length && !/\s/.test(template[to]!)) to++
  return template.slice(from, to)
}

/**
 * The word before `at` on its simple command, or undefined when `at` starts a command (at
 * the start, or after `;`, `&`, `|`, `(`, `{` or a line break). Quoted words count as the
 * text they are written as; that is enough to tell `-c` and `eval`.
 */
function previousWord(template: string, at: number): string | undefined {
  let end = at
  while (end > 0 && (template[end - 1] === ' ' || template[end - 1] === '\t')) end--
  const char = template[end - 1]
  if (char === undefined || ';&|(\n'.includes(char) || (char === '{' && (end === 1 || breaksWord(template[end - 2])))) return undefined
  let start = end
  while (start > 0 && !breaksWord(template[start - 1])) start--
  return template.slice(start, end)
}

/**
 * The quoted and substituted stretches of the template, and its comments, as the shell
 * reads them: '…', $'…', "…" (with what is nested in it), backticks, $( ), <( ), >( ) and
 * ${ }, and a comment to the end of its line.
 */
function quotedStretches(template: string): Stretch[] {
  const stretches: Stretch[] = []
  const parens = new SubstitutionParens()
  const add = (start: number, end: number, what: string) => {
    stretches.push({ start, end, what })
    return end
  }
  let i = 0
  while (i < template.length) {
    const char = template[i]
    const next = template[i + 1]
    if (char === '\\') i += 2
    else if (char === "'") i = add(i, afterClose(template, closingSingleQuote(template, i + 1)), 'inside single quotes')
    else if (char === '$' && next === "'") i = add(i, afterClose(template, closingQuote(template, i + 2, "'")), "inside $'…' quotes")
    else if (char === '"') i = add(i, doubleQuotedEnd(template, i + 1), 'inside double quotes')
    else if (char === '`') i = add(i, afterClose(template, closingQuote(template, i + 1, '`')), 'inside backticks')
    else if ((char === '$' || char === '<' || char === '>') && next === '(') {
      const close = closingParen(template, i + 2)
      parens.skipped(close)
      i = add(i, Math.min(close + 1, template.length), char === '$' ? 'inside $( )' : 'inside a process substitution')
    } else if (char === '$' && next === '{') i = add(i, afterClose(template, closingBrace(template, i + 2)), 'inside ${ }')
    else if (char === '#' && opensComment(template, i, parens)) i = add(i, lineEnd(template, i), 'inside a comment')
    else {
      if (char === '(') parens.opened(template, i)
      if (char === ')') parens.closed(i)
      i++
    }
  }
  return stretches
}

/** Index just past the `"` closing a double-quoted string whose body starts at `from`; what is nested in it is skipped whole. */
function doubleQuotedEnd(template: string, from: number): number {
  let i = from
  while (i < template.length) {
    const char = template[i]
    if (char === '"') return i + 1
    if (char === '\\') i += 2
    else if (char === '`') i = afterClose(template, closingQuote(template, i + 1, '`'))
    else if (char === '$' && template[i + 1] === '(') i = Math.min(closingParen(template, i + 2) + 1, template.length)
    else i++
  }
  return template.length
}

/** The template's heredoc bodies: the shell reads them as text, where a quoted value's quotes stay. */
function heredocStretches(template: string): Stretch[] {
  const stretches: Stretch[] = []
  let from = 0
  for (const command of splitScript(template)) {
    for (const body of command.heredocs) {
      const start = template.indexOf(body, from)
      if (start === -1) continue
      // One character of slack before the body, so a placeholder at its very start is inside.
      stretches.push({ start: start - 1, end: start + body.length, what: 'inside a heredoc', shown: body.trimEnd() })
      from = start + body.length
    }
  }
  return stretches
}
