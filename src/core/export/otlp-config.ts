/**
 * Whether and where to send runs over OTLP/HTTP (docs/design.md §2 "Exports"), from the environment
 * variables the OpenTelemetry specification defines: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the
 * URL as given) or OTEL_EXPORTER_OTLP_ENDPOINT (a base, `/v1/traces` appended), their headers
 * (`key=value` pairs, comma-separated, values percent-decoded), OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, and OTEL_SDK_DISABLED. Read without loading any OpenTelemetry
 * package: a run with no endpoint pays nothing for the export. The header variables are read
 * for the redaction too, which holds them (redaction/otlp-headers.ts).
 */
import { percentDecoded } from '../redaction/otlp-headers.js'

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

/** `key=value,key2=value2` as the specification writes headers and resource attributes; malformed pairs are skipped. */
export function parseKeyValues(text: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {}
  for (const part of (text ?? '').split(',')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const key = part.slice(0, at).trim()
    const value = percentDecoded(part.slice(at + 1).trim())
    if (key !== '' && !Object.hasOwn(pairs, key)) pairs[key] = value
  }
  return pairs
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
