import { createHash, randomBytes } from 'node:crypto'
import { parse } from 'shell-quote'

/**
 * Command identity (SPEC §3): each command is parsed by shell-quote into tokens and
 * rendered back in one canonical spelling, so whitespace and equivalent quoting do not
 * make a new identity while anything that changes the tokens does.
 *
 * Canonical spelling, token by token, joined by one space:
 * - operators (`&&`, `|`, `>`, `2>&1` → `2 >& 1`, …) as their text;
 * - a word as bare text when it only holds letters, digits and `_@%+=:,./~^-`, otherwise
 *   in single quotes (a `'` inside becomes `\'`); environment references stay references,
 *   written `$NAME` (`${NAME}` when a word character follows, `"${…}"` for other
 *   parameter expansions), so `"$HOME"` and `$HOME` match but `'$HOME'` (literal) does not;
 * - a glob keeps `*` and `?` bare and quotes the rest (`\*` outside quotes counts as
 *   quoted, as in the shell);
 * - a comment as `# <text>` with its whitespace collapsed.
 * A command that shell-quote cannot parse (a bad `${…}`, an unclosed quote) falls back to
 * its text with whitespace runs collapsed to one space and the ends trimmed.
 * What shell-quote cannot tell apart stays together: `2>&1` and `2 >& 1`, `$(date)` and
 * `$ (date)`. The canonical text identifies a command; it is never run.
 */

type Part = { literal: string } | { variable: string }

type Token =
  | { kind: 'operator'; op: string }
  | { kind: 'word'; glob: boolean; parts: Part[] }
  | { kind: 'comment'; text: string }

// Variables are swapped for numbered placeholders while parsing, so a reference can be told
// apart from the same text written literally. The random tag keeps user text from
// imitating a placeholder.
const PLACEHOLDER_TAG = `\u0000${randomBytes(8).toString('hex')}\u0000`
const PLACEHOLDER_SPLIT = new RegExp(`${PLACEHOLDER_TAG}(\\d+)${PLACEHOLDER_TAG}`)

const BARE_SAFE = /^[\p{L}\p{N}_@%+=:,./~^-]+$/u
const PLAIN_NAME = /^\w+$/
const SPECIAL_NAME = /^[*@#?$!-]$/
const STARTS_WITH_WORD_CHAR = /^\w/

/** One command rendered canonically via shell-quote's parse (env refs literal, operators/globs/comments/redirections kept); falls back to whitespace-collapsed text when it does not parse. Idempotent. */
export function normalizeCommand(command: string): string {
  const tokens = tokenize(command)
  if (tokens === undefined) return collapseWhitespace(command)
  const rendered = tokens.map(renderToken).join(' ')
  // The spelling must read back as the same tokens, or normalizing it again would drift.
  const reread = tokenize(rendered)
  if (reread === undefined || JSON.stringify(reread) !== JSON.stringify(tokens)) {
    return collapseWhitespace(command)
  }
  return rendered
}

/** A run's command identity: the normalized commands and the hash that stands for them. */
export interface CommandIdentity {
  /** One normalized command per command of the run, in order. */
  identity: string[]
  /** sha256 hex of `JSON.stringify(identity)` (see `identityHash`). */
  hash: string
}

/** The identity of an ordered command list. */
export function commandIdentity(commands: readonly string[]): CommandIdentity {
  const identity = commands.map(normalizeCommand)
  return { identity, hash: identityHash(identity) }
}

/** sha256 hex of the UTF-8 bytes of `JSON.stringify(identity)`: the serialization every reader must use. */
export function identityHash(identity: readonly string[]): string {
  return sha256Hex(JSON.stringify(identity))
}

/** sha256 hex (first 32 chars ok) of target + scope + identity hash: the history key used by the action's cache key prefix. */
export function historyKey(target: string, scope: string, identityHash: string): string {
  // JSON keeps the three fields apart, so ('a b', '') and ('a', 'b ') cannot collide.
  return sha256Hex(JSON.stringify([target, scope, identityHash])).slice(0, 32)
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

function collapseWhitespace(command: string): string {
  return command.trim().split(/\s+/).join(' ')
}

function tokenize(command: string): Token[] | undefined {
  const prepared = prepareForParse(command)
  if (prepared === undefined) return undefined
  const names: string[] = []
  let entries: ReturnType<typeof parse<string>>
  try {
    entries = parse<string>(prepared, (name: string) => {
      if (name === '') return undefined // a lone `$` stays a literal dollar
      names.push(name)
      return `${PLACEHOLDER_TAG}${names.length - 1}${PLACEHOLDER_TAG}`
    })
  } catch {
    return undefined
  }
  return entries.map(entry => {
    if (typeof entry === 'string') return { kind: 'word', glob: false, parts: splitParts(entry, names) }
    if ('comment' in entry) return { kind: 'comment', text: entry.comment.trim().split(/\s+/).join(' ') }
    if (entry.op === 'glob') return { kind: 'word', glob: true, parts: splitParts(entry.pattern, names) }
    return { kind: 'operator', op: entry.op }
  })
}

function splitParts(text: string, names: readonly string[]): Part[] {
  const pieces = text.split(PLACEHOLDER_SPLIT)
  const parts: Part[] = []
  pieces.forEach((piece, index) => {
    if (index % 2 === 1) parts.push({ variable: names[Number(piece)] ?? '' })
    else if (piece !== '') parts.push({ literal: piece })
  })
  return parts
}

function renderToken(token: Token): string {
  switch (token.kind) {
    case 'operator':
      return token.op
    case 'comment':
      return token.text === '' ? '#' : `# ${token.text}`
    case 'word':
      if (token.parts.length === 0) return "''"
      return token.parts.map((part, index) => renderPart(part, token.parts[index + 1], token.glob)).join('')
  }
}

function renderPart(part: Part, next: Part | undefined, glob: boolean): string {
  if ('literal' in part) return glob ? renderGlobLiteral(part.literal) : quoteLiteral(part.literal)
  const name = part.variable
  if (SPECIAL_NAME.test(name)) return `$${name}`
  if (PLAIN_NAME.test(name)) {
    const glued = next !== undefined && 'literal' in next && STARTS_WITH_WORD_CHAR.test(next.literal)
    return glued ? `\${${name}}` : `$${name}`
  }
  return `"\${${name}}"`
}

function renderGlobLiteral(text: string): string {
  return text
    .split(/([*?]+)/)
    .map((piece, index) => (index % 2 === 1 ? piece : piece === '' ? '' : quoteLiteral(piece)))
    .join('')
}

function quoteLiteral(text: string): string {
  if (BARE_SAFE.test(text)) return text
  return text
    .split("'")
    .map(piece => (piece === '' ? '' : `'${piece}'`))
    .join("\\'")
}

/**
 * The command as handed to shell-quote: undefined when a quote is left open (shell-quote
 * would silently drop it). `\*` and `\?` outside quotes become `"*"` and `"?"`, which the
 * shell reads the same way but shell-quote does not (it takes an escaped `*` for a glob).
 * The scan follows shell-quote's rules: backslash escapes, '…', "…", $'…', ${…}, and an
 * unquoted `#` that starts a comment running to the end.
 */
function prepareForParse(command: string): string | undefined {
  let prepared = ''
  let index = 0
  while (index < command.length) {
    const char = command[index]!
    let end = index + 1
    if (char === '\\') {
      const escaped = command[index + 1]
      if (escaped === '*' || escaped === '?') {
        prepared += `"${escaped}"`
        index += 2
        continue
      }
      end = index + 2
    } else if (char === "'") {
      end = command.indexOf("'", index + 1) + 1
    } else if (char === '"') {
      end = closingQuote(command, index + 1, '"') + 1
    } else if (char === '$' && command[index + 1] === "'") {
      end = closingQuote(command, index + 2, "'") + 1
    } else if (char === '$' && command[index + 1] === '{') {
      end = closingBrace(command, index + 2) + 1
    } else if (char === '$' && command[index + 1] === '#') {
      end = index + 2 // `$#` is a variable, not a comment
    } else if (char === '#') {
      return prepared + command.slice(index)
    }
    if (end === 0) return undefined
    prepared += command.slice(index, end)
    index = end
  }
  return prepared
}

function closingQuote(text: string, from: number, quote: string): number {
  for (let index = from; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1
    else if (text[index] === quote) return index
  }
  return -1
}

function closingBrace(text: string, from: number): number {
  let depth = 1
  for (let index = from; index < text.length; index += 1) {
    if (text[index] === '{' && text[index - 1] === '$') depth += 1
    else if (text[index] === '}') depth -= 1
    if (depth === 0) return index
  }
  return -1
}
