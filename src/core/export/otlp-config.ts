/**
 * Whether and where to send runs over OTLP/HTTP (docs/design.md §2 "Exports"), from the environment
 * variables the OpenTelemetry specification defines: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the
 * URL as given) or OTEL_EXPORTER_OTLP_ENDPOINT (a base, `/v1/traces` appended), their headers
 * (`key=value` pairs, comma-separated, values percent-decoded), OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, and OTEL_SDK_DISABLED. Read without loading any OpenTelemetry
 * package: a run with no endpoint pays nothing for the export.
 */

/** Where and how to send. */
export interface OtlpSettings {
  /** The traces URL. */
  url: string
  headers: Record<string, string>
  serviceName: string
  resourceAttributes: Record<string, string>
}

/** The settings, nothing (no endpoint, or the SDK disabled), or why the settings are unusable (one line). */
export type OtlpConfig = { kind: 'off' } | { kind: 'on'; settings: OtlpSettings } | { kind: 'invalid'; error: string }

/** A value as sent: percent-decoded; a stray `%` is kept as written. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** `key=value,key2=value2` as the specification writes headers and resource attributes; malformed pairs are skipped. */
export function parseKeyValues(text: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {}
  for (const part of (text ?? '').split(',')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const key = part.slice(0, at).trim()
    const value = decoded(part.slice(at + 1).trim())
    if (key !== '' && !Object.hasOwn(pairs, key)) pairs[key] = value
  }
  return pairs
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
      for (const value of new Set([written, decoded(written)])) found.push({ variable, value })
    }
  }
  return found
}

/** The endpoint as a URL when it is http(s). */
function httpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}

/** The OTLP settings the environment gives. */
export function otlpConfig(env: NodeJS.ProcessEnv): OtlpConfig {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return { kind: 'off' }
  const traces = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '').trim()
  const base = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim()
  if (traces === '' && base === '') return { kind: 'off' }
  const name = traces !== '' ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT'
  const url = httpUrl(traces !== '' ? traces : base)
  // The value is not shown: an endpoint URL can carry a token.
  if (url === undefined) return { kind: 'invalid', error: `${name} is not an http:// or https:// URL; nothing was exported` }
  if (traces === '') url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`
  const headers = { ...parseKeyValues(env.OTEL_EXPORTER_OTLP_HEADERS), ...parseKeyValues(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS) }
  const resourceAttributes = parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES)
  const serviceName = (env.OTEL_SERVICE_NAME ?? '').trim() || resourceAttributes['service.name'] || 'reverify'
  return { kind: 'on', settings: { url: url.toString(), headers, serviceName, resourceAttributes } }
}
