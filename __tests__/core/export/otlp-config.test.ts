/**
 * The OTEL_* variables as the OpenTelemetry specification defines them (docs/design.md §2
 * "Exports"): which endpoint wins, how `/v1/traces` is appended, headers and resource
 * attributes as percent-encoded `key=value` lists, and a bad endpoint named without its value.
 */
import { otlpConfig, parseKeyValues } from '../../../src/core/export/otlp-config.js'
import { otlpHeaderValues } from '../../../src/core/redaction/otlp-headers.js'
import { createRedactor } from '../../../src/core/redaction/index.js'

test('no endpoint, or the SDK disabled: off', () => {
  expect(otlpConfig({})).toEqual({ kind: 'off' })
  expect(otlpConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toEqual({ kind: 'off' })
  expect(otlpConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'TRUE' })).toEqual({ kind: 'off' })
})

test('the base endpoint gets /v1/traces; the traces endpoint is used as given and wins', () => {
  expect(otlpConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toMatchObject({ settings: { url: 'http://c:4318/v1/traces' } })
  expect(otlpConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://c/otlp/' })).toMatchObject({ settings: { url: 'https://c/otlp/v1/traces' } })
  expect(otlpConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:2/t' })).toMatchObject({
    settings: { url: 'http://b:2/t' }
  })
})

test('headers and resource attributes: percent-decoded pairs, the traces-only headers win, the service name', () => {
  const config = otlpConfig({
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
    OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc, x-team = payments ,broken,=x',
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=traces',
    OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-attributes,deployment.environment.name=ci%2Cprod'
  })
  expect(config).toEqual({
    kind: 'on',
    settings: {
      url: 'http://c:4318/v1/traces',
      headers: { authorization: 'Bearer abc', 'x-team': 'traces' },
      serviceName: 'from-attributes',
      resourceAttributes: { 'service.name': 'from-attributes', 'deployment.environment.name': 'ci,prod' }
    }
  })
  expect(otlpConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_SERVICE_NAME: 'svc' })).toMatchObject({
    settings: { serviceName: 'svc' }
  })
  expect(parseKeyValues('a=%E0%A4%A,b=1')).toEqual({ a: '%E0%A4%A', b: '1' })
})

test('an endpoint that is not an http(s) URL: one line naming the variable, never its value', () => {
  const config = otlpConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://secret-token@c:4317' })
  expect(config).toEqual({ kind: 'invalid', error: 'OTEL_EXPORTER_OTLP_ENDPOINT is not an http:// or https:// URL; nothing was exported' })
})

test("the header values are in the run's redaction set, endpoint or not: each value as written and as sent, and a bearer token alone", () => {
  const env = {
    OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=k3y-Abc123secret,authorization=Bearer%20tok-9f8e7d6c5b',
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-honeycomb-team=hc%2Fteam-Key42,x-short=abc'
  }
  expect(otlpHeaderValues(env).map(({ value }) => value)).toEqual([
    'k3y-Abc123secret',
    'Bearer%20tok-9f8e7d6c5b',
    'Bearer tok-9f8e7d6c5b',
    'hc%2Fteam-Key42',
    'hc/team-Key42',
    'abc'
  ])
  const redactor = createRedactor({ env })
  expect(redactor.hasValues).toBe(true)
  expect(redactor.redact('key k3y-Abc123secret; auth Bearer tok-9f8e7d6c5b; raw Bearer%20tok-9f8e7d6c5b; token tok-9f8e7d6c5b')).toBe(
    'key [redacted:env:OTEL_EXPORTER_OTLP_HEADERS]; auth [redacted:env:OTEL_EXPORTER_OTLP_HEADERS]; raw [redacted:env:OTEL_EXPORTER_OTLP_HEADERS]; token [redacted:env:OTEL_EXPORTER_OTLP_HEADERS]'
  )
  expect(redactor.redact('team hc/team-Key42 or hc%2Fteam-Key42')).toBe(
    'team [redacted:env:OTEL_EXPORTER_OTLP_TRACES_HEADERS] or [redacted:env:OTEL_EXPORTER_OTLP_TRACES_HEADERS]'
  )
  // Values shorter than the redaction's minimum (6) stay, as for any variable; so does the scheme word.
  expect(redactor.redact('abc Bearer')).toBe('abc Bearer')
  expect(createRedactor({ env: { OTEL_EXPORTER_OTLP_HEADERS: '' } }).hasValues).toBe(false)
})
