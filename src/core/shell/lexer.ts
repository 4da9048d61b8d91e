/**
 * Lexical rules of shell text, shared by every reader of commands in reverify: the guardrail,
 * which cuts a script into simple commands the way bash does, and the tokenizer behind command
 * identity and the guardrail's word lists. Each function answers one question about the text
 * (where does this quoted or bracketed piece end, does this `#` open a comment), so the
 * readers cannot drift apart on it.
 */

const BLANKS = ' \t\n'
const OPERATOR_CHARS = ';&|()<>'

/** Whether an unquoted character ends the word before it: a blank, a newline or an operator character. */
export function breaksWord(char: string | undefined): boolean {
  return char !== undefined && (BLANKS.includes(char) || OPERATOR_CHARS.includes(char))
}

/**
 * Whether an unquoted `#` at `at` opens a comment. Bash reads one only where a word starts:
 * at the start of the text, or after an unescaped blank, newline or operator character. A
 * line continuation (`\⏎`) counts as nothing, and a `)` that closes a substitution
 * (`$(…)`, `<(…)`) ends no word. Anywhere else (`a#b`, `a\ #b`, `$(date)#x`) the `#` is
 * text, and reading it as a comment would hide the rest of the line from every check.
 */
export function opensComment(text: string, at: number, parens: SubstitutionParens): boolean {
  let before = at - 1
  while (text[before] === '\n' && isEscaped(text, before)) before -= 2
  const char = text[before]
  if (char === undefined) return true
  if (!breaksWord(char) || isEscaped(text, before)) return false
  return !(char === ')' && parens.closesSubstitution(before))
}

/**
 * Remembers, while a scan moves left to right, which `(` open a substitution (`$(`, `<(`,
 * `>(`) rather than a subshell, and so whether the last `)` passed ended one.
 */
export class SubstitutionParens {
  private readonly open: boolean[] = []
  private lastClose = -1

  /** Notes the `(` at `at` of `text`. */
  opened(text: string, at: number): void {
    const before = text[at - 1]
    this.open.push(before !== undefined && '$<>'.includes(before) && !isEscaped(text, at - 1))
  }

  /** Notes the `)` at `at`, closing the latest `(` noted. */
  closed(at: number): void {
    if (this.open.pop() === true) this.lastClose = at
  }

  /** Notes a substitution whose `)` at `at` a scanner stepped over whole. */
  skipped(at: number): void {
    this.lastClose = at
  }

  /** Whether the `)` at `at`, the last one the scan passed, closed a substitution. */
  closesSubstitution(at: number): boolean {
    return at === this.lastClose
  }
}

/** Whether an odd run of backslashes right before `at` escapes the character there. */
function isEscaped(text: string, at: number): boolean {
  let start = at
  while (text[start - 1] === '\\') start--
  return (at - start) % 2 === 1
}

/** Index of the `'` closing a single-quoted string whose body starts at `from`, or -1 (nothing is escaped inside). */
export function closingSingleQuote(text: string, from: number): number {
  return text.indexOf("'", from)
}

/**
 * Index of the `quote` closing a string whose body starts at `from`, or -1. A backslash
 * escapes the next character: this is how `$'…'` and backticks end, and how shell-quote ends
 * a double-quoted string.
 */
export function closingQuote(text: string, from: number, quote: string): number {
  for (let index = from; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1
    else if (text[index] === quote) return index
  }
  return -1
}

/** Index of the `}` closing a `${` whose body starts at `from`, or -1; a nested `${…}` holds its own `}`. */
export function closingBrace(text: string, from: number): number {
  let depth = 1
  for (let index = from; index < text.length; index += 1) {
    if (text[index] === '{' && text[index - 1] === '$') depth += 1
    else if (text[index] === '}') depth -= 1
    if (depth === 0) return index
  }
  return -1
}

/** Index of the `)` closing a `$(` whose body starts at `from`, or the end of `text` when none does. */
export function closingParen(text: string, from: number): number {
  // An explicit stack rather than recursion: nesting depth is up to the input
  const modes: Array<'code' | 'double' | 'backtick'> = ['code']
  const parens = new SubstitutionParens()
  let i = from
  while (i < text.length) {
    const char = text[i]
    const mode = modes[modes.length - 1]
    if (char === '\\') {
      i += 2
      continue
    }
    if (mode === 'backtick') {
      if (char === '`') modes.pop()
    } else if (mode === 'double') {
      if (char === '"') modes.pop()
      else if (char === '`') modes.push('backtick')
      else if (char === '$' && text[i + 1] === '(') {
        modes.push('code')
        parens.opened(text, i + 1)
        i++
      }
    } else if (char === "'") {
      i = afterClose(text, closingSingleQuote(text, i + 1))
      continue
    } else if (char === '$' && text[i + 1] === "'") {
      i = afterClose(text, closingQuote(text, i + 2, "'"))
      continue
    } else if (char === '#' && opensComment(text, i, parens)) {
      i = lineEnd(text, i)
      continue
    } else if (char === '"') modes.push('double')
    else if (char === '`') modes.push('backtick')
    else if (char === '(') {
      modes.push('code')
      parens.opened(text, i)
    } else if (char === ')') {
      modes.pop()
      if (modes.length === 0) return i
      parens.closed(i)
    }
    i++
  }
  return text.length
}

/** Index just past a closing character found at `close`, or the end of `text` when there was none (-1). */
export function afterClose(text: string, close: number): number {
  return close === -1 ? text.length : close + 1
}

/** Index of the newline ending the line that holds `from`, or the end of `text`. */
export function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from)
  return end === -1 ? text.length : end
}
