import { Buffer } from 'node:buffer'
import { otlpHeaderValues } from './otlp-headers.js'
import { REDACT_INPUT_MARKER, envMarker } from './markers.js'

/** One exact text to blank out, and what to put in its place. */
export interface SecretLiteral {
  readonly text: string
  readonly marker: string
  /** A marker kept as it is, so that redacting already redacted text changes nothing. */
  readonly keep: boolean
}

/**
 * Shortest environment value (and shortest encoded form) that is redacted. Shorter values
 * are words like `true`, `main` or `1234` that also appear all over ordinary output:
 * blanking every occurrence would wreck the logs while protecting almost nothing, since a
 * secret that short can be guessed anyway.
 */
const MIN_SECRET_LENGTH = 6

/**
 * Shortest word of a header value redacted on its own (the token of `Bearer <token>`, which
 * can be printed alone): longer than the scheme words `Bearer`, `Basic` and `ApiKey`.
 */
const MIN_HEADER_WORD_LENGTH = 8

const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|_KEY$|_AUTH$|^AUTHORIZATION$|^COOKIE$/i

// Names the runner sets that match the rules above but hold no secret (the OIDC endpoint,
// which appears in request logs). Redacting them would only blank harmless text. Its
// neighbours ACTIONS_RUNTIME_TOKEN and ACTIONS_ID_TOKEN_REQUEST_TOKEN are credentials and
// stay redacted; flags such as ACTIONS_CACHE_SERVICE_V2 never match the rules at all.
const NOT_SECRET = new Set(['ACTIONS_ID_TOKEN_REQUEST_URL'])

/** True when an environment variable's name says its value is a credential. */
function isSecretEnvName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET.has(name.toUpperCase())
}

// Characters of base64 text that come before the value's first bit, per byte alignment:
// with 1 (2) unknown bytes in front, the first 2 (3) characters mix in those bytes.
const LEADING_MIXED = [0, 2, 3] as const

/**
 * The forms a value takes when a tool encodes it: base64 (standard and url-safe, padded
 * and not, at each of the three byte alignments it can have inside a longer encoded text)
 * and percent-encoding. Only forms that differ from the value itself are returned.
 */
function encodedForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8')
  const forms = new Set<string>()
  for (const [shift, skip] of LEADING_MIXED.entries()) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64')
    // The character after the last full 6-bit group also holds bits of whatever follows.
    const settled = Math.floor(((shift + bytes.length) * 8) / 6)
    const atEnd = encoded.slice(skip)
    for (const form of [atEnd, atEnd.replace(/=+$/, ''), encoded.slice(skip, settled)]) {
      forms.add(form)
      forms.add(form.replace(/\+/g, '-').replace(/\//g, '_'))
    }
  }
  const percent = percentEncoded(value)
  if (percent !== undefined) forms.add(percent)
  forms.delete(value)
  return [...forms].filter(form => form.length >= MIN_SECRET_LENGTH)
}

function percentEncoded(value: string): string | undefined {
  try {
    return encodeURIComponent(value)
  } catch {
    return undefined // a lone surrogate has no percent-encoding
  }
}

/** The literal secrets to redact: the `redact` values, secret-looking env variables and the OTLP header values. */
export function collectSecretLiterals(values: readonly string[], env: Readonly<Record<string, string | undefined>>): SecretLiteral[] {
  const found = new Map<string, SecretLiteral>()
  const add = (text: string, marker: string) => {
    if (text !== '' && !found.has(text)) found.set(text, { text, marker, keep: false })
  }
  for (const entry of values) {
    const value = entry.trim()
    if (value === '') continue
    add(value, REDACT_INPUT_MARKER)
    for (const form of encodedForms(value)) add(form, REDACT_INPUT_MARKER)
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.trim().length < MIN_SECRET_LENGTH || !isSecretEnvName(name)) continue
    add(value, envMarker(name))
    // A multi-line secret (a key file) may be printed line by line or with other endings.
    if (/[\r\n]/.test(value)) {
      for (const line of value.split(/\r?\n|\r/)) {
        if (line.trim().length >= MIN_SECRET_LENGTH) add(line.trim(), envMarker(name))
      }
    }
  }
  // OTLP headers hold credentials under names that do not say so (OTEL_EXPORTER_OTLP_HEADERS).
  for (const { variable, value } of otlpHeaderValues(env)) {
    if (value.length >= MIN_SECRET_LENGTH) add(value, envMarker(variable))
    for (const word of value.split(/\s+/)) if (word.length >= MIN_HEADER_WORD_LENGTH) add(word, envMarker(variable))
  }
  return [...found.values()]
}

/**
 * Markers that contain a secret literal (a value such as `redacted` or `input`), as
 * literals to keep: without them a second redaction would cut into the first one's
 * markers.
 */
export function markersToKeep(markers: readonly string[], secrets: readonly SecretLiteral[]): SecretLiteral[] {
  const kept: SecretLiteral[] = []
  for (const text of new Set(markers)) {
    if (secrets.some(secret => text.includes(secret.text))) kept.push({ text, marker: text, keep: true })
  }
  return kept
}
