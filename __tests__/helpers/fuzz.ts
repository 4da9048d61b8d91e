/**
 * Shared pieces of the security tests: walking a directory tree without following links,
 * searching every file for secrets in the spellings a reader would decode back, and the
 * fast-check arbitraries for hostile text.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import fc from 'fast-check'

/** Every entry under `root` (files, directories, links), as sorted relative paths; links are listed, never followed. */
export function listTree(root: string): string[] {
  const out: string[] = []
  const visit = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      out.push(relative(root, path))
      const info = lstatSync(path, { throwIfNoEntry: false })
      if (info?.isDirectory()) visit(path)
    }
  }
  visit(root)
  return out.sort()
}

/** Every regular file under `root`, as absolute paths. */
export function regularFiles(root: string): string[] {
  return listTree(root)
    .map(path => join(root, path))
    .filter(path => lstatSync(path, { throwIfNoEntry: false })?.isFile() === true)
}

/**
 * The spellings of a secret that give it away in a file: as it is, and escaped inside a
 * JSON string (a JSON reader decodes that back to the secret).
 */
export function spellings(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1)])]
}

/** One secret found somewhere it must not be. */
export interface Leak {
  where: string
  secret: string
}

/** Which of `secrets` (in any spelling) each text holds; `where` names the text. */
export function leaksIn(texts: ReadonlyMap<string, string | Buffer>, secrets: readonly string[]): Leak[] {
  const found: Leak[] = []
  for (const [where, content] of texts) {
    const text = typeof content === 'string' ? content : content.toString('utf8')
    for (const secret of secrets) {
      if (spellings(secret).some(spelling => text.includes(spelling))) found.push({ where, secret })
    }
  }
  return found
}

/** Which of `secrets` appear in any file under `root` (paths in the result are relative). */
export function leaksUnder(root: string, secrets: readonly string[]): Leak[] {
  const texts = new Map<string, Buffer>()
  for (const path of regularFiles(root)) texts.set(relative(root, path), readFileSync(path))
  return leaksIn(texts, secrets)
}

/** Text made to break parsers and paths: control characters, NUL, lookalikes, traversal, huge runs. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\n',
    '\r\n',
    '\t',
    '\u001b[31m',
    '\u2028',
    '\ufeff',
    '\ud800',
    '-1',
    '1e3',
    '0x10',
    '999999999999999999999',
    'NaN',
    'true',
    'TRUE',
    'yes',
    '../x',
    '../../etc/passwd',
    '/etc/passwd',
    '~/x',
    '$(touch pwned)',
    '`touch pwned`',
    '; touch pwned',
    '20261130-075100-verify-3fa9c2/../../x',
    '２0261130-075100-verify-3fa9c2',
    '20261130-075100-verify-3fa9c２',
    '20261130-075100-vеrify-3fa9c2',
    '20261130-075100-verify-3FA9C2',
    '((a+)+)+$',
    '[',
    '{0}',
    'bash {0}'
  ),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 4 }).map(piece => piece.repeat(20_000))
)
