import { randomBytes } from 'node:crypto'
import { parse } from 'shell-quote'

/**
 * A frozen copy of `normalizeCommand` as it was before identity and the guardrail shared one
 * shell lexer. Stored receipts are looked up by identity hashes, so a property test holds
 * the current normalizer to this one. Never change it; never import it from src/.
 */

type Part = { literal: string } | { variable: string }

type Token = { kind: 'operator'; op: string } | { kind: 'word'; glob: boolean; parts: Part[] } | { kind: 'comment'; text: string }

// Variables are swapped for numbered placeholders while parsing, so a reference can be told
// apart from the same text written literally. The random tag keeps user text from
// imitating a placeholder.
const PLACEHOLDER_TAG = `\u0000${randomBytes(8).toString('hex')}\u0000`
const PLACEHOLDER_SPLIT = new RegExp(`${PLACEHOLDER_TAG}(\\d+)${PLACEHOLDER_TAG}`)

const BARE_SAFE = /^[\p{L}\p{N}_@%+=:,./~^-]+$/u
const PLAIN_NAME = /^\w+$/
const SPECIAL_NAME = /^[*@#?$!-]$/
const STARTS_WITH_WORD_CHAR = /^\w/

/** The normalized command, as the normalizer before the shared lexer wrote it. */
export function frozenNormalizeCommand(command: string): string {
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

/**
 * A frozen copy of how `command` was cut into commands before a script became one process:
 * one command per line, a line ending in an odd run of backslashes continued (the
 * backslash-newline kept), blank lines skipped, each trimmed. With `frozenNormalizeCommand`
 * it gives the identity of a receipt written then. Never change it.
 */
export function frozenSplitCommandList(text: string): string[] {
  const commands: string[] = []
  let pending: string | undefined
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = pending === undefined ? rawLine : `${pending}\n${rawLine}`
    if (/(^|[^\\])(\\\\)*\\$/.test(rawLine)) {
      pending = line
      continue
    }
    pending = undefined
    if (line.trim() !== '') commands.push(line.trim())
  }
  if (pending !== undefined && pending.trim() !== '') commands.push(pending.replace(/\\$/, '').trim())
  return commands
}
