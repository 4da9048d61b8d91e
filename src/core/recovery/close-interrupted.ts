/**
 * Closing a run that its own process could not close (killed outright, runner lost): from
 * what is on disk alone, finish the trace so it stays one well-formed session, and mark the
 * receipt interrupted — unless the trace already has its `end`: then the trace is the
 * source of truth and the receipt takes its verdict (a failure stays failed). Used by the
 * action's post step and by the next run (docs/design.md §2, §5, §6).
 */
import { timestamp } from '../base/clock.js'
import { receiptStatusFor, type Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import type { Redactor } from '../redaction/index.js'
import { eventsOf, interruptedToolResult, traceCounts, unjudgedVerify, type TraceEvent } from '../session/events.js'
import { isOwnSessionDir } from '../session/layout.js'
import { readSessionTrace } from '../session/reader.js'
import { closeOnDisk } from '../session/writer.js'
import { interruptedNote, noteKind } from '../session/notes.js'
import { writeSessionReport } from '../report/index.js'
import { exportClosedRun } from '../export/index.js'

/** What closing found and did. */
export interface ClosedRun {
  /** False when the trace already had its end (nothing to do there). */
  closedTrace: boolean
  /** The receipt after closing, when there was one. */
  receipt?: Receipt
  attempts: number
  /** Why report.html or an export (§2 "Exports") could not be written for the closed trace (a warning, not a failure). */
  reportError?: string
}

/** What to close and why. */
export interface CloseOptions {
  store: ReceiptStore
  runId?: string
  sessionDir?: string
  reason: string
  redactor: Redactor
  now?: () => Date
  /**
   * Whether a trace with its `end` may give the receipt its verdict (default true). False for
   * a receipt this machine did not seal (docs/design.md §6): it is closed `interrupted`.
   */
  traceDecides?: boolean
}

/**
 * Finishes an interrupted session and receipt: completes a half-recorded attempt
 * (tool_result and verify saying it was interrupted), writes a note with the reason and
 * `end` with outcome aborted, updates meta.json, and marks a `running` receipt
 * `interrupted`. Idempotent: an ended trace and a closed receipt are left alone.
 */
export async function closeInterruptedRun(options: CloseOptions): Promise<ClosedRun> {
  const now = options.now ?? (() => new Date())
  let receipt = options.runId ? await options.store.read(options.runId) : undefined
  let sessionDir = options.sessionDir ?? receipt?.session.dir
  // A session path from a receipt or saved state is untrusted: only ours is ever touched.
  if (sessionDir !== undefined && !(await isOwnSessionDir(options.store.stateDir, sessionDir))) sessionDir = undefined
  let closedTrace = false
  let attempts = receipt?.attempts ?? 0
  let verdict: Partial<Receipt> | undefined
  if (sessionDir !== undefined) {
    const events = await readSessionTrace(sessionDir)
    const closing = closingEvents(events, options.reason, () => timestamp(now()))
    const all = closing === undefined ? events : [...events, ...closing.events]
    attempts = traceCounts(all).attempts
    verdict =
      options.traceDecides !== false && closing === undefined && receipt?.session.id === eventsOf(events, 'start')[0]?.session_id
        ? verdictOf(events)
        : undefined
    if (closing !== undefined) {
      const ending = {
        outcome: 'aborted' as const,
        ended_at: timestamp(now()),
        flaky: false,
        summary: closing.summary,
        run_id: options.runId
      }
      await closeOnDisk(sessionDir, events, closing.events, ending, options.redactor)
      closedTrace = true
    }
  }
  let closedReceipt = false
  if (receipt !== undefined && receipt.status === 'running') {
    // A trace with its end decided the run before the crash: the receipt takes that verdict.
    receipt = { ...receipt, status: 'interrupted', ended_at: timestamp(now()), attempts, ...verdict }
    await options.store.write(receipt)
    closedReceipt = true
  }
  // The report of a closed run belongs with its trace, as for a run that closed itself.
  if (sessionDir !== undefined && receipt !== undefined && (closedTrace || closedReceipt)) {
    const exported = await exportClosedRun(receipt, { stateDir: options.store.stateDir, redactor: options.redactor, sessionDir })
    const report = await writeSessionReport(options.store, receipt, sessionDir)
    const errors = [...('error' in report ? [report.error] : []), ...exported]
    if (errors.length > 0) return { closedTrace, receipt, attempts, reportError: errors.join('; ') }
  }
  return { closedTrace, receipt, attempts }
}

/** The receipt's verdict as a closed trace records it (status, flaky, attempts, end time, last commands). */
function verdictOf(events: readonly TraceEvent[]): Partial<Receipt> | undefined {
  const end = eventsOf(events, 'end')[0]
  if (end === undefined) return undefined
  const { outcome } = end.payload
  const refused = eventsOf(events, 'note').some(event => noteKind(event.payload) === 'refusal')
  const status = receiptStatusFor(outcome, !refused)
  const results = eventsOf(events, 'tool_result')
  const last = results[results.length - 1]?.payload.commands
  return {
    status,
    flaky: end.payload.flaky === true,
    ended_at: end.ts,
    attempts: traceCounts(events).attempts,
    ...(last !== undefined && { commands: last })
  }
}

/**
 * The events that close an open trace: the missing result and verification of its last
 * attempt, the reason, and `end`. Undefined when the trace has no start or has its end.
 */
function closingEvents(
  events: readonly TraceEvent[],
  reason: string,
  stamp: () => string
): { events: TraceEvent[]; summary: string } | undefined {
  const start = eventsOf(events, 'start')[0]
  if (start === undefined || eventsOf(events, 'end').length > 0) return undefined
  const base = { skill: start.skill, session_id: start.session_id }
  const calls = eventsOf(events, 'tool_call')
  const closing: TraceEvent[] = []
  const lastCall = calls[calls.length - 1]
  if (lastCall !== undefined) {
    const attempt = lastCall.payload.attempt
    if (!eventsOf(events, 'tool_result').some(event => event.payload.attempt === attempt)) {
      closing.push({ ...base, ts: stamp(), phase: 'tool_result', payload: interruptedToolResult(attempt, lastCall.ts) })
    }
    if (!eventsOf(events, 'verify').some(event => event.payload.attempt === attempt)) {
      closing.push({ ...base, ts: stamp(), phase: 'verify', payload: unjudgedVerify(attempt, 'interrupted before it could be verified') })
    }
  }
  const summary = `interrupted after ${calls.length} attempt(s): ${reason}`
  closing.push({ ...base, ts: stamp(), phase: 'note', payload: interruptedNote(reason) })
  closing.push({ ...base, ts: stamp(), phase: 'end', payload: { outcome: 'aborted', summary } })
  return { events: closing, summary }
}
