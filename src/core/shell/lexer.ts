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

/** Whether an unquoted `#` at `at` opens a comment, which it only does at the start of a word. */
export function opensComment(text: string, at: number): boolean {
  const before = text[at - 1]
  return before === undefined || breaksWord(before)
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
        i++
      }
    } else if (char === "'") {
      i = afterClose(text, closingSingleQuote(text, i + 1))
      continue
    } else if (char === '$' && text[i + 1] === "'") {
      i = afterClose(text, closingQuote(text, i + 2, "'"))
      continue
    } else if (char === '#' && opensComment(text, i)) {
      i = lineEnd(text, i)
      continue
    } else if (char === '"') modes.push('double')
    else if (char === '`') modes.push('backtick')
    else if (char === '(') modes.push('code')
    else if (char === ')') {
      modes.pop()
      if (modes.length === 0) return i
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
