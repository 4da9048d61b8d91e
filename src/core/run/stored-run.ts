/**
 * A stored run, found and exported (docs/design.md §2 "Exports"): the run a command names by
 * its id or as `latest`, and its exports — the CTRF report, the HTML report, or its trace sent
 * again over OTLP; and how a listing shows each. `reverify ctrf`, `report`, `export` and
 * `receipts list|show` ask these.
 */
import { isErrorCode } from '../base/atomic-file.js'
import type { Clock } from '../base/clock.js'
import { resumeCommand, type RemedyPlace } from '../capture/remedy.js'
import { writeRunCtrf } from '../export/ctrf.js'
import { resendRun } from '../export/index.js'
import { traceIdOf } from '../export/otlp-spans.js'
import type { Redactor } from '../redaction/index.js'
import type { Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import { resolveRunRef } from '../receipts/run-ref.js'
import { writeRunReport } from '../report/index.js'
import { resumeOffers } from './resume-run.js'

/** Errors that mean the file asked for cannot be written there: the asker's to fix, not a fault. */
const UNWRITABLE = ['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR', 'EROFS', 'EPERM'] as const

/**
 * The run `ref` names in the store: a run id or a unique part of one (receipts/run-ref.ts),
 * or `latest` for the newest run of the repository `root`; undefined when there is no such
 * run. A malformed or ambiguous ref is a UsageError that starts with `command`.
 */
export async function findRun(store: ReceiptStore, root: string, ref: string, command: string): Promise<Receipt | undefined> {
  if (ref === 'latest') return await store.latestOfTarget(root)
  const runId = await resolveRunRef(store.stateDir, ref, command)
  return runId === undefined ? undefined : await store.read(runId)
}

/** An export written to a file: the CTRF JSON (its texts redacted again) or the HTML report, at `out` or in the run's session folder. */
export type FileExport = { format: 'ctrf'; out?: string; redactor: Redactor } | { format: 'html'; out?: string }

/** An export sent: the run's trace again over OTLP/HTTP, to the endpoint the environment names. */
export interface OtlpExport {
  format: 'otlp'
  env: NodeJS.ProcessEnv
  redactor: Redactor
  /** Times the send (its limit): the run's clock. */
  clock: Clock
}

/** Where a file export went, or that the place asked for cannot be written (the error says why). */
export type FileExported = { kind: 'written'; path: string } | { kind: 'unwritable'; error: unknown }

/** Whether the endpoint took the trace: its trace id, or why not in one line. */
export type OtlpExported = { kind: 'sent'; traceId: string } | { kind: 'not-sent'; reason: string }

/**
 * Exports a stored run of `store`: writes its CTRF or HTML report (`out` must be an absolute
 * path), or sends its trace over OTLP. A bad endpoint or a trace not in this state directory
 * is a UsageError.
 */
export async function exportRun(store: ReceiptStore, receipt: Receipt, request: FileExport): Promise<FileExported>
export async function exportRun(store: ReceiptStore, receipt: Receipt, request: OtlpExport): Promise<OtlpExported>
export async function exportRun(
  store: ReceiptStore,
  receipt: Receipt,
  request: FileExport | OtlpExport
): Promise<FileExported | OtlpExported> {
  if (request.format === 'otlp') {
    const reason = await resendRun(store.stateDir, receipt, request.redactor, request.env, request.clock)
    return reason === undefined ? { kind: 'sent', traceId: traceIdOf(receipt.run_id) } : { kind: 'not-sent', reason }
  }
  const where = request.out === undefined ? {} : { path: request.out }
  try {
    const path =
      request.format === 'ctrf'
        ? await writeRunCtrf(store.stateDir, receipt, request.redactor, where)
        : await writeRunReport(store, receipt, where)
    return { kind: 'written', path }
  } catch (error) {
    if (request.out !== undefined && isErrorCode(error, ...UNWRITABLE)) return { kind: 'unwritable', error }
    throw error
  }
}

/** How a listing shows a receipt: its status, or for a run whose process is gone, resumable or interrupted. */
export interface ShownStatus {
  label: Receipt['status'] | 'resumable'
  /** The command that continues the run, when `reverify resume` can (else only running the same command does). */
  resumeWith?: string
}

/**
 * How `receipts list` shows each receipt (docs/design.md §6): a `running` receipt whose
 * process is gone is resumable while there is something to continue, else interrupted, and a
 * resume that cannot work is never offered. `place` is where the commands are shown; `host`
 * is this machine's name (a run another machine owns is never offered).
 */
export async function receiptStatuses(
  receipts: readonly Receipt[],
  place: RemedyPlace,
  env: NodeJS.ProcessEnv,
  host: string
): Promise<Map<Receipt, ShownStatus>> {
  const shown = new Map<Receipt, ShownStatus>()
  const offers = await resumeOffers(receipts, { stateDir: place.stateDir, env, host })
  for (const receipt of receipts) {
    const offer = offers.get(receipt)
    const label = offer === undefined ? receipt.status : offer === 'close' ? 'interrupted' : 'resumable'
    shown.set(receipt, { label, ...(offer === 'resume' && { resumeWith: resumeCommand(receipt.run_id, place) }) })
  }
  return shown
}
