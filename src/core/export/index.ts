/**
 * What a run leaves for other tools once it has closed (docs/design.md §13): `ctrf.json` next
 * to its trace, always. Whoever closes a run calls this once: the run itself, the action's
 * post step, or the next run. Nothing here can change a verdict, a receipt or an exit code:
 * each failure comes back as one warning line.
 */
import type { Receipt } from '../receipts/receipt.js'
import type { Redactor } from '../redaction/index.js'
import { writeSessionCtrf } from './ctrf.js'

/** Where the closed run is and what exporting it needs. */
export interface ExportContext {
  stateDir: string
  redactor: Redactor
  /** The run's session folder, when it is not the receipt's. */
  sessionDir?: string
  /** Where the OTEL_* settings are read (default: the process's environment). */
  env?: NodeJS.ProcessEnv
}

/** Writes the closed run's exports; resolves to the warnings (empty when all went well). */
export async function exportClosedRun(receipt: Receipt, context: ExportContext): Promise<string[]> {
  const warnings: string[] = []
  const ctrf = await writeSessionCtrf(context.stateDir, receipt, context.redactor, context.sessionDir)
  if ('error' in ctrf) warnings.push(ctrf.error)
  return warnings
}
