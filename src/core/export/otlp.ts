/**
 * Exporting a closed run as one OpenTelemetry trace over OTLP/HTTP (docs/design.md §2 "Exports"): the
 * spans are planned from the trace and receipt, redacted (with the header values added to the
 * secrets), and sent by otlp-send.ts, which is loaded only now. Whatever happens (a refused
 * connection, an error status, an endpoint that hangs) ends within EXPORT_DEADLINE_MS as one
 * line for the caller to warn with.
 */
import type { Clock } from '../base/clock.js'
import { describeError } from '../base/errors.js'
import type { Receipt } from '../receipts/receipt.js'
import { createRedactor, redactDeep, type Redactor } from '../redaction/index.js'
import { readSessionTrace } from '../session/reader.js'
import type { OtlpSettings } from './otlp-config.js'
import { planRunSpans } from './otlp-spans.js'

/** The longest an export may take, loading the packages included. */
export const EXPORT_DEADLINE_MS = 10_000
/** Kept back from the exporter's own timeout, so that its answer comes before the deadline. */
const MARGIN_MS = 500

/**
 * The run's redactor and the header values, which are secrets too: each whole value, and each
 * long word of one (the token of `Bearer <token>` can be printed on its own).
 */
function withHeaderValues(redactor: Redactor, headers: Record<string, string>): Redactor {
  const whole = Object.values(headers).filter(value => value.trim().length >= 4)
  const words = whole.flatMap(value => value.split(/\s+/)).filter(word => word.length >= 8)
  const values = [...new Set([...whole, ...words])]
  if (values.length === 0) return redactor
  const extra = createRedactor({ values })
  return { ...redactor, redact: text => extra.redact(redactor.redact(text)) }
}

/** Where the trace went, for a warning: the endpoint's origin (its path and query may carry a token). */
function place(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'the endpoint'
  }
}

/** One line of an error, bounded. */
function oneLine(error: unknown): string {
  const text = describeError(error).split('\n')[0]!.trim()
  return text.length > 300 ? `${text.slice(0, 299)}…` : text
}

/**
 * Sends the run whose trace is in `sessionDir`; resolves to undefined when the endpoint took
 * it, else to the one-line reason (never rejects).
 */
export async function sendRunTrace(
  receipt: Receipt,
  sessionDir: string,
  settings: OtlpSettings,
  redactor: Redactor,
  clock: Pick<Clock, 'monotonicMs'>,
  deadlineMs = EXPORT_DEADLINE_MS
): Promise<string | undefined> {
  const started = clock.monotonicMs()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<string>(resolve => {
    timer = setTimeout(() => resolve(`no answer within ${Math.round(deadlineMs / 1000)} s`), deadlineMs)
    timer.unref()
  })
  const attempt = (async () => {
    const secrets = withHeaderValues(redactor, settings.headers)
    const plan = redactDeep(planRunSpans(await readSessionTrace(sessionDir), receipt), secrets)
    const { sendSpans } = await import('./otlp-send.js')
    await sendSpans(plan, receipt.run_id, settings, () => Math.max(1, deadlineMs - (clock.monotonicMs() - started) - MARGIN_MS))
    return undefined
  })().catch(error => oneLine(error))
  try {
    const reason = await Promise.race([attempt, late])
    return reason === undefined ? undefined : `could not export the run to OpenTelemetry at ${place(settings.url)}: ${reason}`
  } finally {
    clearTimeout(timer)
  }
}
