/**
 * Sends a planned trace over OTLP/HTTP (JSON) with the OpenTelemetry JS SDK and exporter
 * (docs/design.md §2 "Exports", §10). Loaded with a dynamic import, only when an
 * endpoint is set: a run without one never loads these packages. The spans are made by the
 * SDK's tracer with the plan's times and ids, collected, and handed to the exporter in one
 * request; the exporter writes the wire format. The exporter retries a refused connection
 * with backoff until its timeout (about 9 s of a run for a collector that is down), so one
 * TCP connection is made first: a collector that refuses it, or a host that does not resolve
 * or cannot be reached, is one line at once, and nothing is retried (docs/export.md).
 */
import { connect } from 'node:net'
import { ROOT_CONTEXT, SpanStatusCode, trace, type Span } from '@opentelemetry/api'
import { ExportResultCode } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { TracerProvider, type IdGenerator, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace'
import { describeError } from '../base/errors.js'
import { VERSION } from '../base/version.js'
import type { OtlpSettings } from './otlp-config.js'
import { MAX_ATTRIBUTE_CHARS, spanIdOf, type SpanPlan } from './otlp-spans.js'

/** The plan's ids, in the order the tracer asks for them (the run span first). */
class RunIds implements IdGenerator {
  private next = 0
  constructor(
    private readonly runId: string,
    private readonly traceId: string
  ) {}
  generateTraceId(): string {
    return this.traceId
  }
  generateSpanId(): string {
    return spanIdOf(this.runId, this.next++)
  }
}

/** Keeps every ended span, to be exported together. */
class Collector implements SpanProcessor {
  readonly spans: ReadableSpan[] = []
  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    this.spans.push(span)
  }
  async forceFlush(): Promise<void> {}
  async shutdown(): Promise<void> {}
}

/** The host and port a URL's request goes to (the scheme's port when it names none). */
function hostAndPort(url: string): { host: string; port: number } {
  const parsed = new URL(url)
  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port)
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port }
}

/**
 * One TCP connection to the endpoint's host and port, closed at once; rejects with the
 * connection's error (ECONNREFUSED, ENOTFOUND, EHOSTUNREACH, …) or when none is made within
 * `timeoutMs`. The request that follows is the exporter's own.
 */
export async function collectorReachable(url: string, timeoutMs: number): Promise<void> {
  const { host, port } = hostAndPort(url)
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port })
    socket.setTimeout(timeoutMs, () => {
      socket.destroy()
      reject(new Error(`no connection to ${host}:${port} within ${Math.round(timeoutMs / 1000)} s`))
    })
    socket.once('connect', () => {
      socket.destroy()
      resolve()
    })
    socket.once('error', error => {
      socket.destroy()
      reject(new Error(`${describeError(error)} (not retried)`, { cause: error }))
    })
  })
}

/**
 * Sends the plan's spans as one trace of `runId`; rejects with one line when the endpoint
 * refuses, fails or times out (`timeLeftMs` says how long each step may still take).
 */
export async function sendSpans(plan: SpanPlan, runId: string, settings: OtlpSettings, timeLeftMs: () => number): Promise<void> {
  await collectorReachable(settings.url, timeLeftMs())
  const collector = new Collector()
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ ...settings.resourceAttributes, 'service.name': settings.serviceName }),
    idGenerator: new RunIds(runId, plan.traceId),
    spanLimits: { attributeValueLengthLimit: MAX_ATTRIBUTE_CHARS, attributeCountLimit: 64, eventCountLimit: 0, linkCountLimit: 0 },
    spanProcessors: [collector]
  })
  const tracer = provider.getTracer('reverify', VERSION)
  const made: Span[] = []
  for (const planned of plan.spans) {
    const parent = planned.parent === undefined ? undefined : made[planned.parent]
    const context = parent === undefined ? ROOT_CONTEXT : trace.setSpan(ROOT_CONTEXT, parent)
    const span = tracer.startSpan(
      planned.name,
      { startTime: planned.startMs, attributes: planned.attributes, root: parent === undefined },
      context
    )
    span.setStatus(
      planned.ok ? { code: SpanStatusCode.OK } : { code: SpanStatusCode.ERROR, ...(planned.message && { message: planned.message }) }
    )
    made.push(span)
  }
  // Children end before their parent, as they would have.
  for (let index = made.length - 1; index >= 0; index--) made[index]!.end(Math.max(plan.spans[index]!.startMs, plan.spans[index]!.endMs))
  const exporter = new OTLPTraceExporter({ url: settings.url, headers: settings.headers, timeoutMillis: timeLeftMs(), keepAlive: false })
  try {
    await new Promise<void>((resolve, reject) => {
      exporter.export(collector.spans, result => {
        if (result.code === ExportResultCode.SUCCESS) resolve()
        else reject(result.error ?? new Error('the endpoint did not accept the trace'))
      })
    })
  } finally {
    void exporter.shutdown().catch(() => undefined)
  }
}
