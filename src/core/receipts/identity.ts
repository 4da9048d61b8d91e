import { createHash } from 'node:crypto'
import { identityLines } from '../shell/script-lines.js'
import { tokenize, type ShellToken, type WordPart } from '../shell/tokenize.js'

/**
 * Command identity (docs/design.md §3): the script's command lines (continuations joined,
 * blank and comment-only lines dropped, see script-lines.ts); each line is parsed by shell-quote into tokens and
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
 * - a comment as `# <text>` with its whitespace collapsed; as in bash, a `#` only starts a
 *   comment at the start of a word (`a#b` is one word, rendered `'a#b'`).
 * A command that shell-quote cannot parse (a bad `${…}`, an unclosed quote) falls back to
 * its text with whitespace runs collapsed to one space and the ends trimmed.
 * What shell-quote cannot tell apart stays together: `2>&1` and `2 >& 1`, `$(date)` and
 * `$ (date)`. The canonical text identifies a command; it is never run.
 * The tokens come from the shell tokenizer the guardrail reads words with (shell/tokenize.ts).
 */

const BARE_SAFE = /^[\p{L}\p{N}_@%+=:,./~^-]+$/u
const PLAIN_NAME = /^\w+$/
const SPECIAL_NAME = /^[*@#?$!-]$/
const STARTS_WITH_WORD_CHAR = /^\w/

/** One command rendered canonically via shell-quote's parse (env refs literal, operators/globs/comments/redirections kept); falls back to whitespace-collapsed text when it does not parse. Idempotent. */
export function normalizeCommand(command: string): string {
  const tokens = tokensOf(command)
  if (tokens === undefined) return collapseWhitespace(command)
  const rendered = tokens.map(renderToken).join(' ')
  // The spelling must read back as the same tokens, or normalizing it again would drift.
  const reread = tokensOf(rendered)
  if (reread === undefined || JSON.stringify(reread) !== JSON.stringify(tokens)) {
    return collapseWhitespace(command)
  }
  return rendered
}

/** A run's command identity: the normalized lines and the hash that stands for them. */
export interface CommandIdentity {
  /** One normalized line per command line of the script, in order. */
  identity: string[]
  /** sha256 hex of `JSON.stringify(identity)` (see `identityHash`). */
  hash: string
}

/** The identity of an ordered list of command lines (each normalized). */
export function commandIdentity(commands: readonly string[]): CommandIdentity {
  const identity = commands.map(normalizeCommand)
  return { identity, hash: identityHash(identity) }
}

/**
 * The identity of a script: its command lines, continuations joined, each normalized. A
 * receipt written when each line was a command of its own has the same identity whenever
 * its script had no continued and no comment-only line (docs/design.md §3).
 */
export function scriptIdentity(script: string): CommandIdentity {
  return commandIdentity(identityLines(script))
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

/** The tokens identity compares: shell-quote's, with each comment's whitespace collapsed. */
function tokensOf(command: string): ShellToken[] | undefined {
  const tokenized = tokenize(command)
  if (tokenized === undefined || !tokenized.closed) return undefined
  return tokenized.tokens.map(token => (token.kind === 'comment' ? { kind: 'comment', text: collapseWhitespace(token.text) } : token))
}

function renderToken(token: ShellToken): string {
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

function renderPart(part: WordPart, next: WordPart | undefined, glob: boolean): string {
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
