/** What replaced a secret: `[redacted:<what>]`, so a reader knows something was there. */
export function marker(what: string): string {
  return `[redacted:${what}]`
}

/** Marker for the values of the `redact` input and their encoded forms. */
export const REDACT_INPUT_MARKER = marker('redact-input')

/** Marker for the value of a secret-looking environment variable. */
export function envMarker(name: string): string {
  // A name with `]` or spaces would break the marker's shape (and idempotence).
  return marker(`env:${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`)
}
