import { LiteralIndex } from './literal-index.js'
import { REDACT_INPUT_MARKER } from './markers.js'
import { PRIVATE_KEY_MARKER } from './private-key.js'
import { RedactionScanner } from './scanner.js'
import { SecretFinder } from './secret-finder.js'
import { collectSecretLiterals, markersToKeep } from './secret-values.js'
import { SHAPE_MARKERS } from './token-shapes.js'

/** What to redact. */
export interface RedactionOptions {
  /** The `redact` input, one value per entry (empty/whitespace-only entries ignored). */
  values?: readonly string[]
  /** Usually process.env: values of secret-looking names are redacted. */
  env?: Readonly<Record<string, string | undefined>>
}

/** Replaces secrets with markers; stateless for whole strings. */
export interface Redactor {
  redact(text: string): string
  /** A fresh streaming redactor for one output stream. */
  stream(): RedactingStream
  /** True when values are configured (the `redact` input or secret env variables), beyond the built-in token shapes. */
  readonly hasValues: boolean
}

/** Redacts a stream of text chunks, catching secrets split across chunk boundaries. */
export interface RedactingStream {
  /** Feed a chunk; returns the text that is now safe to emit (may hold back a bounded tail). */
  push(chunk: string): string
  /**
   * The same as `push`, as the pieces that `push` would join (unchanged text is a slice of
   * the chunk, not a copy); the array is the caller's.
   */
  pushPieces(chunk: string): string[]
  /** End of stream: returns whatever was held back, redacted. */
  end(): string
}

/** Builds a redactor for the `redact` values, secret env variables and known token shapes. */
export function createRedactor(options: RedactionOptions): Redactor {
  const secrets = collectSecretLiterals(options.values ?? [], options.env ?? {})
  const markers = [REDACT_INPUT_MARKER, PRIVATE_KEY_MARKER, ...SHAPE_MARKERS, ...secrets.map(secret => secret.marker)]
  const finder = new SecretFinder(new LiteralIndex([...secrets, ...markersToKeep(markers, secrets)]))
  return {
    hasValues: secrets.length > 0,
    redact: text => (text === '' ? text : new RedactionScanner(finder).redactAll(text)),
    stream: () => new RedactionScanner(finder)
  }
}

/** Applies the redactor to every string inside a JSON-like value. */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  if (typeof value === 'string') return redactor.redact(value) as T
  if (Array.isArray(value)) return value.map(item => redactDeep(item, redactor)) as T
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = redactDeep(item, redactor)
    return out as T
  }
  return value
}
