/**
 * A small OTLP/HTTP receiver on 127.0.0.1 for tests (docs/design.md §2 "Exports"): it keeps the bytes
 * of every request and decodes them as the OTLP JSON protocol defines them (JSON.parse, then
 * the ExportTraceServiceRequest shape), never through the exporter's own objects. It can
 * also answer 500, or never answer at all.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as it arrived. */
export interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/** A decoded span, with its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  startNs: bigint
  endNs: bigint
  status: number
  attributes: Record<string, unknown>
}

/** A running receiver. */
export interface Receiver {
  /** The base endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  endpoint: string
  requests: Received[]
  close(): Promise<void>
}

/** Starts a receiver that answers `mode`: 200 with an empty partial success, 500, or nothing. */
export async function startReceiver(mode: 'ok' | 'error' | 'hang' = 'ok'): Promise<Receiver> {
  const requests: Received[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', chunk => chunks.push(chunk))
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      if (mode === 'hang') return
      response.writeHead(mode === 'ok' ? 200 : 500, { 'content-type': 'application/json' })
      response.end(mode === 'ok' ? '{}' : '{"code":13,"message":"internal"}')
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** A port on 127.0.0.1 where nothing listens (connections are refused). */
export async function refusingEndpoint(): Promise<string> {
  const server = createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>(resolve => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/** An OTLP AnyValue as a plain value. */
function plain(value: Record<string, any>): unknown {
  if ('stringValue' in value) return value.stringValue
  if ('boolValue' in value) return value.boolValue
  if ('intValue' in value) return Number(value.intValue)
  if ('doubleValue' in value) return value.doubleValue
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plain)
  throw new Error(`unexpected OTLP value ${JSON.stringify(value)}`)
}

/** OTLP KeyValue list as a record, checking its shape. */
export function attributesOf(list: unknown): Record<string, unknown> {
  expect(Array.isArray(list)).toBe(true)
  const out: Record<string, unknown> = {}
  for (const entry of list as Record<string, any>[]) {
    expect(typeof entry.key).toBe('string')
    out[entry.key] = plain(entry.value)
  }
  return out
}

/** An ExportTraceServiceRequest body (OTLP/JSON), decoded and checked: its resource and spans. */
export function decodeTraces(body: Buffer): { resource: Record<string, unknown>; spans: ReceivedSpan[] }[] {
  const request = JSON.parse(body.toString('utf8'))
  expect(Array.isArray(request.resourceSpans)).toBe(true)
  return request.resourceSpans.map((resourceSpans: Record<string, any>) => {
    const spans: ReceivedSpan[] = []
    for (const scope of resourceSpans.scopeSpans) {
      for (const span of scope.spans) {
        // OTLP/JSON writes ids as hex strings and times as decimal strings of nanoseconds.
        expect(span.traceId).toMatch(/^[0-9a-f]{32}$/)
        expect(span.spanId).toMatch(/^[0-9a-f]{16}$/)
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
          name: span.name,
          startNs: BigInt(span.startTimeUnixNano),
          endNs: BigInt(span.endTimeUnixNano),
          status: span.status?.code ?? 0,
          attributes: attributesOf(span.attributes ?? [])
        })
      }
    }
    return { resource: attributesOf(resourceSpans.resource?.attributes ?? []), spans }
  })
}
