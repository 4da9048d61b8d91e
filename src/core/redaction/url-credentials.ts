import { asciiClass, isAlphanumeric, type CharClass } from './char-class.js'
import { marker } from './markers.js'

/** Marker for the password (or the lone token) in a URL's userinfo. */
export const URL_CREDENTIAL_MARKER = marker('url-credential')

/** A URL credential found at the `:` of `://` (a token shape's match, to token-shapes.ts). */
export interface UrlCredentialMatch {
  readonly start: number
  readonly end: number
  readonly marker: string
  /** `://user:`, which stays. */
  readonly kept: string
  readonly tail: CharClass
}

/** The most of a URL's userinfo a stream holds back while it may still be growing. */
const USERINFO_WINDOW = 2048

// What a userinfo may hold as people write it: RFC 3986's unreserved, percent and
// sub-delimiter characters, plus `@` and a few others seen in raw passwords. A match runs
// to the last `@` before the host, as URL parsers read it. Never `[`, `]`, `/`, quotes or
// blanks: so a marker never matches, and a URL ends where it should.
const USER = '[A-Za-z0-9._~%!$&()*+,;=@-]'
const PASSWORD = '[A-Za-z0-9._~%!$&()*+,;=@:^{}|-]'
const TOKEN = '[A-Za-z0-9._~%!$&()*+,;=-]'
const isUserinfoChar = asciiClass(new RegExp(PASSWORD))

// Starts at the `:` of `://`: `user:password@` (only the password is secret), or a
// userinfo with no `:` (`https://<token>@host`), secret when it looks like a token.
const USERINFO = new RegExp(`://(?:${USER}*:(${PASSWORD}+)|(${TOKEN}{16,}))(?=@)`, 'y')

// A user name is short or a plain word; a token is long and mixes letters and digits.
function looksLikeToken(userinfo: string): boolean {
  return /[0-9]/.test(userinfo) && /[A-Za-z]/.test(userinfo)
}

/**
 * The credential in the userinfo of a URL whose `://` starts at `at`: the text up to and
 * including the user name stays, the password (or the token) is replaced.
 */
export function urlCredentialAt(text: string, at: number): UrlCredentialMatch | undefined {
  // A scheme comes right before `://`.
  if (at === 0 || !isAlphanumeric(text.charCodeAt(at - 1))) return undefined
  USERINFO.lastIndex = at
  const found = USERINFO.exec(text)
  if (found === null) return undefined
  const password = found[1]
  const token = found[2]
  let credential: string
  if (password !== undefined) credential = password
  else if (token !== undefined && looksLikeToken(token)) credential = token
  else return undefined
  const end = at + found[0].length
  const kept = found[0].slice(0, found[0].length - credential.length)
  return { start: at, end, marker: URL_CREDENTIAL_MARKER, kept, tail: isUserinfoChar }
}

/**
 * Appends to `out` every `://` followed by userinfo characters up to an `@`. Most URLs in a
 * log have none, so a text without `@` costs one search for it, and a URL a short look at
 * its host, not a regular expression each. (A userinfo still running at the end of the text is held back and
 * looked at again with the next chunk: see unfinishedUrlFrom.)
 */
export function collectUrlStarts(text: string, out: number[]): void {
  let nextAt = -1
  for (let hit = text.indexOf('://'); hit !== -1; hit = text.indexOf('://', hit + 1)) {
    if (nextAt < hit) {
      nextAt = text.indexOf('@', hit + 3)
      if (nextAt === -1) return
    }
    if (nextAt - hit > USERINFO_WINDOW) continue
    // Only userinfo characters up to that `@` (most URLs reach a `/` or a blank first).
    let at = hit + 3
    while (at < nextAt && isUserinfoChar(text.charCodeAt(at))) at++
    if (at === nextAt) out.push(hit)
  }
}

/**
 * Where a URL whose userinfo is still being written may start: the `://` before the final
 * run of userinfo characters, or an unfinished `://` at the very end; `text.length` if none.
 */
export function unfinishedUrlFrom(text: string): number {
  const length = text.length
  if (text.charCodeAt(length - 1) === 0x2f) {
    if (text.charCodeAt(length - 2) === 0x3a) return length - 2 // `:/`
    return length >= 3 && text.startsWith('://', length - 3) ? length - 3 : length
  }
  const floor = Math.max(0, length - USERINFO_WINDOW)
  let start = length
  while (start > floor && isUserinfoChar(text.charCodeAt(start - 1))) start--
  if (start >= 3 && start < length && text.startsWith('://', start - 3)) return start - 3
  return text.charCodeAt(length - 1) === 0x3a ? length - 1 : length
}
