/**
 * What a run leaves for other tools once it has closed (docs/design.md §2 "Exports"): `ctrf.json` next
 * to its trace, always; and one OpenTelemetry trace sent over OTLP/HTTP when the environment
 * names an endpoint (the OpenTelemetry packages are loaded only then). Whoever closes a run calls this once: the run itself, the action's
 * post step, or the next run. Nothing here can change a verdict, a receipt or an exit code:
 * each failure comes back as one warning line.
 */
import type { Clock } from '../base/clock.js'
import { UsageError } from '../base/errors.js'
import { printable } from '../base/printable.js'
import type { Receipt } from '../receipts/receipt.js'
import { isOwnSessionDir } from '../session/layout.js'
import type { Redactor } from '../redaction/index.js'
import { writeSessionCtrf } from './ctrf.js'
import { otlpConfig } from './otlp-config.js'
import { sendRunTrace } from './otlp.js'

/** Where the closed run is and what exporting it needs. */
export interface ExportContext {
  stateDir: string
  redactor: Redactor
  /** The run's session folder, when it is not the receipt's. */
  sessionDir?: string
  /** Where the OTEL_* settings are read: the front end's process environment. */
  env: NodeJS.ProcessEnv
  /** Times the OpenTelemetry send against its limit. */
  clock: Pick<Clock, 'monotonicMs'>
}

/** Writes the closed run's exports; resolves to the warnings (empty when all went well). */
export async function exportClosedRun(receipt: Receipt, context: ExportContext): Promise<string[]> {
  const warnings: string[] = []
  const ctrf = await writeSessionCtrf(context.stateDir, receipt, context.redactor, context.sessionDir)
  if ('error' in ctrf) warnings.push(ctrf.error)
  const otlp = otlpConfig(context.env)
  if (otlp.kind === 'invalid') warnings.push(`OpenTelemetry export: ${otlp.error}`)
  if (otlp.kind === 'on') {
    const error = await sendRunTrace(receipt, context.sessionDir ?? receipt.session.dir, otlp.settings, context.redactor, context.clock)
    if (error !== undefined) warnings.push(error)
  }
  return warnings
}

/**
 * `reverify export`: sends a stored run again (the same trace and span ids). Resolves to why
 * the endpoint did not take it, or undefined; a missing or bad endpoint, or a receipt whose
 * trace is not in this state directory, is a UsageError.
 */
export async function resendRun(
  stateDir: string,
  receipt: Receipt,
  redactor: Redactor,
  env: NodeJS.ProcessEnv,
  clock: Pick<Clock, 'monotonicMs'>
): Promise<string | undefined> {
  const otlp = otlpConfig(env)
  if (otlp.kind === 'invalid') throw new UsageError(`export: ${otlp.error}`)
  if (otlp.kind === 'off') {
    throw new UsageError('export: no endpoint: set OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) to the collector')
  }
  // The receipt's session path is untrusted: only a session of this state directory is read.
  if (!(await isOwnSessionDir(stateDir, receipt.session.dir))) {
    throw new UsageError(`export: run ${receipt.run_id} has no trace folder in this state directory (${printable(receipt.session.dir)})`)
  }
  return sendRunTrace(receipt, receipt.session.dir, otlp.settings, redactor, clock)
}
