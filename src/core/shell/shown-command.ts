/**
 * A command as a reviewer surface shows it in a title, a table cell or a log group
 * (docs/design.md §5 "Job summary", "The log"): its first line, cut at a word boundary with
 * `…`; a rerun's command with the long arguments that name the tests (a pattern, quoted
 * names) elided as `…`, so the files and the runner's flags still show. Words only: nothing
 * here runs or judges a command.
 */
import { tokenize } from './tokenize.js'

/** Longest command a title or a group shows. */
export const SHOWN_COMMAND_CHARS = 80

/** A word shown as written: a path, a flag, a name without spaces or quotes, not too long. */
const PLAIN_WORD = /^[\w@%+=:,./-]{1,60}$/

/** `text` cut to at most `max` characters at a word boundary, ending in `…` when cut. */
export function cutAtWord(text: string, max: number = SHOWN_COMMAND_CHARS): string {
  if (text.length <= max) return text
  const head = text.slice(0, Math.max(1, max - 1))
  // The last space that leaves a word whole; a single long word is cut inside it.
  const space = head.lastIndexOf(' ')
  const kept = (space > 0 ? head.slice(0, space) : head).trimEnd()
  return `${kept} …`.length <= max ? `${kept} …` : `${kept}…`
}

/** The first line of a command, cut at a word boundary (see cutAtWord). */
export function shortCommand(command: string, max: number = SHOWN_COMMAND_CHARS): string {
  return cutAtWord(command.trim().split('\n')[0]!.trim(), max)
}

/**
 * A rerun's command, short: each word that is not plain (a quoted pattern or name, a
 * variable, a very long word) is `…`, one `…` for a run of them; operators stay; then cut
 * at a word boundary. `npx jest --ci src/api.test.js -t '^(?:api returns the user)$'` is
 * `npx jest --ci src/api.test.js -t …`.
 */
export function shortRerunCommand(command: string, max: number = SHOWN_COMMAND_CHARS): string {
  const read = tokenize(command.split('\n')[0]!)
  if (read === undefined || !read.closed) return shortCommand(command, max)
  const words: string[] = []
  for (const token of read.tokens) {
    if (token.kind === 'comment') continue
    const word =
      token.kind === 'operator'
        ? token.op
        : token.parts.length === 1 && 'literal' in token.parts[0]! && !token.glob && PLAIN_WORD.test(token.parts[0].literal)
          ? token.parts[0].literal
          : '…'
    if (word === '…' && words[words.length - 1] === '…') continue
    words.push(word)
  }
  return cutAtWord(words.join(' '), max)
}

/**
 * What stays of a rerun's command when the tests it names are left out: its program, and
 * the flags and words that are neither a path nor elided. Two reruns of one run whose shapes
 * are equal ran the same command for other tests.
 */
export function rerunShape(command: string): string {
  const [program, ...rest] = shortRerunCommand(command, Number.MAX_SAFE_INTEGER).split(' ')
  return [program, ...rest.filter(word => word !== '…' && !/[/\\]|::|\.\w+$/.test(word))].join(' ')
}
