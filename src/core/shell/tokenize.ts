/**
 * shell-quote's reading of one command, with environment references kept as references
 * instead of expanded: command identity renders these tokens canonically, and the guardrail
 * reads its word lists from them. The text is prepared first, by the shared lexer's rules,
 * where shell-quote would read it differently from a shell.
 */
import { randomBytes } from 'node:crypto'
import { parse } from 'shell-quote'
import { closingBrace, closingQuote, closingSingleQuote, opensComment, SubstitutionParens } from './lexer.js'

/** One piece of a word: text as written, or an unexpanded `$NAME` / `${…}` reference (its name). */
export type WordPart = { literal: string } | { variable: string }

/** One token as shell-quote reads it. */
export type ShellToken =
  { kind: 'operator'; op: string } | { kind: 'word'; glob: boolean; parts: WordPart[] } | { kind: 'comment'; text: string }

/** The tokens of a command, and whether all its quotes and `${` were closed. */
export interface Tokenized {
  tokens: ShellToken[]
  /** False when a quote or `${` is left open: a shell refuses that, shell-quote reads on without it. */
  closed: boolean
}

// Variables are swapped for numbered placeholders while parsing, so a reference can be told
// apart from the same text written literally. The random tag keeps user text from
// imitating a placeholder.
const PLACEHOLDER_TAG = `\u0000${randomBytes(8).toString('hex')}\u0000`
const PLACEHOLDER_SPLIT = new RegExp(`${PLACEHOLDER_TAG}(\\d+)${PLACEHOLDER_TAG}`)

/** shell-quote's tokens for a command, `$VAR` kept literal; undefined when shell-quote cannot parse it (a bad `${…}`). */
export function tokenize(command: string): Tokenized | undefined {
  const prepared = prepareForParse(command)
  const names: string[] = []
  let entries: ReturnType<typeof parse<string>>
  try {
    entries = parse<string>(prepared.text, (name: string) => {
      if (name === '') return undefined // a lone `$` stays a literal dollar
      names.push(name)
      return `${PLACEHOLDER_TAG}${names.length - 1}${PLACEHOLDER_TAG}`
    })
  } catch {
    return undefined
  }
  const tokens = entries.map((entry): ShellToken => {
    if (typeof entry === 'string') return { kind: 'word', glob: false, parts: splitParts(entry, names) }
    if ('comment' in entry) return { kind: 'comment', text: entry.comment }
    if (entry.op === 'glob') return { kind: 'word', glob: true, parts: splitParts(entry.pattern, names) }
    return { kind: 'operator', op: entry.op }
  })
  return { tokens, closed: prepared.closed }
}

function splitParts(text: string, names: readonly string[]): WordPart[] {
  const pieces = text.split(PLACEHOLDER_SPLIT)
  const parts: WordPart[] = []
  pieces.forEach((piece, index) => {
    if (index % 2 === 1) parts.push({ variable: names[Number(piece)] ?? '' })
    else if (piece !== '') parts.push({ literal: piece })
  })
  return parts
}

/**
 * The command as handed to shell-quote, where it would read the text otherwise than a shell.
 * `\*` and `\?` outside quotes become `"*"` and `"?"`: shell-quote takes an escaped `*` for a
 * glob. A `#` inside a word becomes `\#`: shell-quote starts a comment at any `#`, bash only
 * at the start of a word, so `rm a#b -rf x` would lose its `-rf x`. The scan follows
 * shell-quote's quoting: backslash escapes, '…', "…", $'…', ${…}; a `#` that opens a comment
 * runs to the end. Past an open quote or `${` the text is left as it is.
 */
function prepareForParse(command: string): { text: string; closed: boolean } {
  const pieces: string[] = []
  const parens = new SubstitutionParens()
  let copied = 0
  const finish = (closed: boolean): { text: string; closed: boolean } => {
    pieces.push(command.slice(copied))
    return { text: pieces.join(''), closed }
  }
  let index = 0
  while (index < command.length) {
    const char = command[index]
    let end = index + 1
    if (char === '\\') {
      const escaped = command[index + 1]
      if (escaped === '*' || escaped === '?') {
        pieces.push(command.slice(copied, index), `"${escaped}"`)
        index += 2
        copied = index
        continue
      }
      end = index + 2
    } else if (char === "'") {
      end = closingSingleQuote(command, index + 1) + 1
    } else if (char === '"') {
      end = closingQuote(command, index + 1, '"') + 1
    } else if (char === '$' && command[index + 1] === "'") {
      end = closingQuote(command, index + 2, "'") + 1
    } else if (char === '$' && command[index + 1] === '{') {
      end = closingBrace(command, index + 2) + 1
    } else if (char === '$' && command[index + 1] === '#') {
      end = index + 2 // `$#` is a variable, not a comment
    } else if (char === '(') {
      parens.opened(command, index)
    } else if (char === ')') {
      parens.closed(index)
    } else if (char === '#') {
      if (opensComment(command, index, parens)) return finish(true)
      pieces.push(command.slice(copied, index), '\\#')
      copied = index + 1
    }
    if (end === 0) return finish(false)
    index = end
  }
  return finish(true)
}
