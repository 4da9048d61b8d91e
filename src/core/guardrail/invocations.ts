/**
 * The words of one simple command, read with the shared shell tokenizer after bash's brace
 * expansion (braces.ts): `$VAR` stays literal, redirections and their targets drop out, and
 * any other operator (as in an `env -S` string, which the script splitter never saw) starts
 * a new invocation.
 */
import { tokenize, type WordPart } from '../shell/tokenize.js'
import { expandBraces } from './braces.js'
import { REDIRECTIONS } from './tables.js'

/** The words of one invocation, and the here-strings (`<<<`) fed to it. */
export interface Invocation {
  words: string[]
  hereStrings: string[]
}

const PLAIN_TEXT = /^[\w\s.,:=@%+/-]*$/

/** The invocations in a simple command's text, braces expanded, `$VAR` references kept literal. */
export function invocationsOf(command: string): Invocation[] {
  const text = expandBraces(command)
  // Text without quotes, escapes, expansions, globs or operators tokenizes the same by
  // whitespace; skipping shell-quote there keeps a 1 MB line of short commands fast
  if (PLAIN_TEXT.test(text)) {
    const words = text.split(/\s+/).filter(word => word !== '')
    return words.length === 0 ? [] : [{ words, hereStrings: [] }]
  }
  const tokenized = tokenize(text)
  if (tokenized === undefined) return [{ words: whitespaceWords(text), hereStrings: [] }]
  const tokens = tokenized.tokens
  const invocations: Invocation[] = []
  let current: Invocation = { words: [], hereStrings: [] }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token === undefined || token.kind === 'comment') break
    if (token.kind === 'word') {
      current.words.push(wordText(token.parts))
      continue
    }
    const op = token.op
    if (op === '<<<') {
      const target = tokens[++i]
      // bash does not expand a glob in a here-string: `bash <<< rm\ -rf\ *` feeds `rm -rf *`
      if (target?.kind === 'word') current.hereStrings.push(wordText(target.parts))
    } else if (REDIRECTIONS.has(op)) {
      // In `2>file` the descriptor belongs to the redirection, not to the command
      const last = current.words[current.words.length - 1]
      if (last !== undefined && /^\d+$/.test(last)) current.words.pop()
      i++
    } else {
      invocations.push(current)
      current = { words: [], hereStrings: [] }
    }
  }
  invocations.push(current)
  return invocations.filter(one => one.words.length > 0 || one.hereStrings.length > 0)
}

/** A word as the rules read it: references written back as `$NAME`, never expanded. */
function wordText(parts: WordPart[]): string {
  return parts.map(part => ('literal' in part ? part.literal : '$' + part.variable)).join('')
}

// A command shell-quote cannot parse (a bad `${…}`) still gets words: split on blanks
function whitespaceWords(text: string): string[] {
  return text
    .split(/\s+/)
    .filter(word => word !== '')
    .map(word => word.replace(/["']/g, ''))
}
