/**
 * The OTLP header variables (docs/design.md §2 "Exports"): credentials — an API key, a bearer
 * token — that the run's redaction blanks out whether or not an export is configured, and
 * that the export sends. Here, with the redaction, which stands below the export.
 */

/** A value as sent: percent-decoded; a stray `%` is kept as written. */
export function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The variables that hold OTLP headers: credentials (an API key, a bearer token) the run's redaction blanks out. */
export const OTLP_HEADER_VARIABLES = ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'] as const

/**
 * The header values the environment gives, each as written in the variable and as sent
 * (percent-decoded), by the variable that holds it; whether or not an endpoint is set.
 */
export function otlpHeaderValues(env: Readonly<Record<string, string | undefined>>): { variable: string; value: string }[] {
  const found: { variable: string; value: string }[] = []
  for (const variable of OTLP_HEADER_VARIABLES) {
    const text = env[variable]
    if (text === undefined) continue
    for (const part of text.split(',')) {
      const at = part.indexOf('=')
      if (at <= 0) continue
      const written = part.slice(at + 1).trim()
      for (const value of new Set([written, percentDecoded(written)])) found.push({ variable, value })
    }
  }
  return found
}
