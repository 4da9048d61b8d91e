import { asciiClass } from './char-class.js'
import { BEGIN_LINE } from './private-key.js'

/**
 * Every character any shape's token can hold. Output that ends in a run of these may be
 * the first half of a token, so it is held back (up to TOKEN_WINDOW characters).
 */
const isTokenChar = asciiClass(/[A-Za-z0-9._~+/=-]/)

/** The most a stream holds back for a token that may still be growing. */
export const TOKEN_WINDOW = 4096

// An auth word and its blanks right before the final run: the match starts at the word.
const AUTH_REACH = 'bearer'.length + 8
const AUTH_BEFORE_RUN = /(?:bearer|basic)[ \t]{1,8}$/i

const BEFORE_GH = asciiClass(/[pousr]/)
const BEFORE_XOX = asciiClass(/[abpors]/)
const HEADER_TO_AUTH_WORD = /["']?[ \t]{0,4}[:=][ \t]{0,4}["']?(?=[Bb][Ee][Aa][Rr][Ee][Rr]|[Bb][Aa][Ss][Ii][Cc])/y

/**
 * Appends to `out` every position where a token shape or a BEGIN line could start. Each
 * is found by a short needle whose first character is rare in ordinary output, so that
 * the native indexOf (a memchr) stops seldom: `_ k- xox glpat- J IA B z Z`. A hit costs a
 * look at its neighbours; only the few that fit are examined in full later.
 */
export function collectShapeStarts(text: string, out: number[]): void {
  for (let hit = text.indexOf('_'); hit !== -1; hit = text.indexOf('_', hit + 1)) {
    const previous = text.charCodeAt(hit - 1)
    if (previous === 0x62) {
      if (hit >= 6 && text.startsWith('github_pat_', hit - 6)) out.push(hit - 6)
    } else if (hit >= 3 && BEFORE_GH(previous) && text.startsWith('gh', hit - 3)) {
      out.push(hit - 3)
    }
  }
  for (let hit = text.indexOf('k-'); hit !== -1; hit = text.indexOf('k-', hit + 1)) {
    if (text.charCodeAt(hit - 1) === 0x73) out.push(hit - 1)
  }
  for (let hit = text.indexOf('xox'); hit !== -1; hit = text.indexOf('xox', hit + 1)) {
    if (BEFORE_XOX(text.charCodeAt(hit + 3)) && text.charCodeAt(hit + 4) === 0x2d) out.push(hit)
  }
  for (let hit = text.indexOf('glpat-'); hit !== -1; hit = text.indexOf('glpat-', hit + 1)) out.push(hit)
  for (let hit = text.indexOf('J'); hit !== -1; hit = text.indexOf('J', hit + 1)) {
    if (text.charCodeAt(hit - 1) === 0x79 && text.charCodeAt(hit - 2) === 0x65) out.push(hit - 2)
  }
  for (let hit = text.indexOf('IA'); hit !== -1; hit = text.indexOf('IA', hit + 1)) {
    const previous = text.charCodeAt(hit - 1)
    if ((previous === 0x4b || previous === 0x53) && text.charCodeAt(hit - 2) === 0x41) out.push(hit - 2)
  }
  for (let hit = text.indexOf('B'); hit !== -1; hit = text.indexOf('B', hit + 1)) {
    const second = text.charCodeAt(hit + 1)
    if (second === 0x65 || second === 0x45) {
      if (text.startsWith('Bearer', hit) || text.startsWith('BEARER', hit)) out.push(hit)
      else if (hit >= 5 && text.startsWith(BEGIN_LINE, hit - 5)) out.push(hit - 5)
    } else if (second === 0x61 || second === 0x41) {
      if (text.startsWith('Basic', hit) || text.startsWith('BASIC', hit)) out.push(hit)
    }
  }
  for (const letter of ['z', 'Z']) {
    for (let hit = text.indexOf(letter, 7); hit !== -1; hit = text.indexOf(letter, hit + 1)) {
      if ((text.charCodeAt(hit + 1) | 0x20) !== 0x61 || text.slice(hit - 7, hit + 6).toLowerCase() !== 'authorization') continue
      HEADER_TO_AUTH_WORD.lastIndex = hit + 6
      if (HEADER_TO_AUTH_WORD.test(text)) out.push(HEADER_TO_AUTH_WORD.lastIndex)
    }
  }
}

/**
 * Where a token still being written may start: the final run of token characters (and an
 * auth word just before it), at most TOKEN_WINDOW back; `text.length` if none.
 */
export function unfinishedTokenFrom(text: string): number {
  const floor = Math.max(0, text.length - TOKEN_WINDOW)
  let start = text.length
  while (start > floor && isTokenChar(text.charCodeAt(start - 1))) start--
  const before = text.slice(Math.max(0, start - AUTH_REACH), start)
  const auth = AUTH_BEFORE_RUN.exec(before)
  if (auth !== null) start -= before.length - auth.index
  return start
}
