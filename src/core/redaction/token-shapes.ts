import { Buffer } from 'node:buffer'
import { asciiClass, isAlphanumeric, type CharClass } from './char-class.js'
import { marker } from './markers.js'
import { URL_CREDENTIAL_MARKER, urlCredentialAt } from './url-credentials.js'

/** A well-known credential shape found at some position. */
export interface ShapeMatch {
  readonly start: number
  readonly end: number
  readonly marker: string
  /** Text at the start that is not secret and stays (`Bearer `); empty for most shapes. */
  readonly kept: string
  /** Characters that would continue the token, if it runs on past what was seen. */
  readonly tail: CharClass
}

interface Shape {
  readonly marker: string
  /** Sticky, so that it only matches exactly at the candidate position. */
  readonly pattern: RegExp
  readonly tail: CharClass
  /** When set, only this group is the credential; the text before it is kept. */
  readonly credential?: number
  readonly accept?: (credential: string) => boolean
}

const alnum = asciiClass(/[A-Za-z0-9]/)
const alnumUnderscore = asciiClass(/[A-Za-z0-9_]/)
const base64Url = asciiClass(/[A-Za-z0-9_-]/)
const slackChars = asciiClass(/[A-Za-z0-9-]/)
const upperAlnum = asciiClass(/[A-Z0-9]/)
const token68 = asciiClass(/[A-Za-z0-9._~+/=-]/)

/** How far back a shape looks before its own start (an Authorization header name). */
export const SHAPE_LOOKBEHIND = 24

// Lower- or mixed-case auth words count only right after an Authorization header name
// (git writes `AUTHORIZATION: basic …`); in prose "basic" and "bearer" are just words.
const AFTER_HEADER = `(?<=(?:authorization|Authorization|AUTHORIZATION)["']?[ \\t]{0,4}[:=][ \\t]{0,4}["']?)`

const GITHUB: Shape = { marker: marker('github-token'), pattern: /gh[pousr]_[A-Za-z0-9]{36,}/y, tail: alnum }
const GITHUB_PAT: Shape = {
  marker: marker('github-token'),
  pattern: /github_pat_[A-Za-z0-9_]{22,}/y,
  tail: alnumUnderscore
}
const GITLAB: Shape = { marker: marker('gitlab-token'), pattern: /glpat-[A-Za-z0-9_-]{20,}/y, tail: base64Url }
const SLACK: Shape = { marker: marker('slack-token'), pattern: /xox[abpors]-[A-Za-z0-9-]{10,}/y, tail: slackChars }
const AWS: Shape = { marker: marker('aws-key'), pattern: /A[KS]IA[A-Z0-9]{16,}/y, tail: upperAlnum }
const API_KEY: Shape = { marker: marker('api-key'), pattern: /sk-[A-Za-z0-9_-]{20,}/y, tail: base64Url }
// Header, payload, signature (possibly empty for unsigned tokens), and up to two more
// parts for the five-part encrypted form.
const JWT: Shape = {
  marker: marker('jwt'),
  pattern: /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{2,}(?:\.[A-Za-z0-9_-]*){1,3}/y,
  tail: base64Url
}
const BEARER: Shape = {
  marker: marker('auth-header'),
  pattern: new RegExp(`(?:Bearer|BEARER|${AFTER_HEADER}[Bb][Ee][Aa][Rr][Ee][Rr])[ \\t]{1,8}([A-Za-z0-9._~+/-]+=*)`, 'y'),
  tail: token68,
  credential: 1,
  accept: looksLikeCredential
}
const BASIC: Shape = {
  marker: marker('auth-header'),
  pattern: new RegExp(`(?:Basic|BASIC|${AFTER_HEADER}[Bb][Aa][Ss][Ii][Cc])[ \\t]{1,8}([A-Za-z0-9+/]+=*)`, 'y'),
  tail: token68,
  credential: 1,
  accept: isBasicCredential
}

/** The markers the shapes write (kept intact when redacting redacted text). */
export const SHAPE_MARKERS = [
  ...new Set([GITHUB, GITHUB_PAT, GITLAB, SLACK, AWS, API_KEY, JWT, BEARER, BASIC].map(shape => shape.marker)),
  URL_CREDENTIAL_MARKER
]

const BY_FIRST_CHAR = new Map<string, Shape[]>([
  ['g', [GITHUB, GITHUB_PAT, GITLAB]],
  ['x', [SLACK]],
  ['A', [AWS]],
  ['s', [API_KEY]],
  ['e', [JWT]],
  ['B', [BEARER, BASIC]],
  ['b', [BEARER, BASIC]]
])

// Prose says "Bearer tokens are…": a credential is long and not a plain lower-case word.
function looksLikeCredential(credential: string): boolean {
  return credential.length >= 8 && /[0-9._~+/=-]|.[A-Z]/.test(credential)
}

// `Basic` is followed by base64 of `user:password`; anything else is an ordinary word.
function isBasicCredential(credential: string): boolean {
  if (credential.length < 8) return false
  return Buffer.from(credential, 'base64').toString('latin1').includes(':')
}

/**
 * The longest token shape that starts at `at` (text before it is only looked at). A
 * token glued to a letter or digit is part of a longer word, unless that character was
 * the end of a secret just redacted (so that redacting twice changes nothing).
 */
export function shapeAt(text: string, at: number, afterRedaction: boolean): ShapeMatch | undefined {
  // A URL's `://` follows its scheme's letters: it has rules of its own.
  if (text.charCodeAt(at) === 0x3a) return urlCredentialAt(text, at)
  const shapes = BY_FIRST_CHAR.get(text.charAt(at))
  if (shapes === undefined) return undefined
  if (!afterRedaction && at > 0 && isAlphanumeric(text.charCodeAt(at - 1))) return undefined
  let best: ShapeMatch | undefined
  for (const shape of shapes) {
    shape.pattern.lastIndex = at
    const found = shape.pattern.exec(text)
    if (found === null) continue
    const credential = shape.credential === undefined ? found[0] : found[shape.credential]
    if (credential === undefined || (shape.accept !== undefined && !shape.accept(credential))) continue
    const end = at + found[0].length
    if (best !== undefined && end - at <= best.end - best.start) continue
    const kept = shape.credential === undefined ? '' : found[0].slice(0, found[0].length - credential.length)
    best = { start: at, end, marker: shape.marker, kept, tail: shape.tail }
  }
  return best
}
