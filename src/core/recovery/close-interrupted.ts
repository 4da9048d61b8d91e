/**
 * Closing a run that its own process could not close (killed outright, runner lost): from
 * what is on disk alone, finish the trace so it stays one well-formed session, and mark the
 * receipt interrupted — unless the trace already has its `end`: then the trace is the
 * source of truth and the receipt takes its verdict (a failure stays failed). A trace left
 * empty (killed at its first write) first gets the `start` its run would have written, so it
 * closes like any other. Used by the action's post step, the next run and `reverify resume`
 * (docs/design.md §2, §5, §6).
 */
import { basename, dirname, resolve } from 'node:path'
import { removeAbandonedTemps } from '../base/atomic-file.js'
import { timestamp, type Clock } from '../base/clock.js'
import { removeAbandonedRun } from '../receipts/state-dir.js'
import { receiptStatusFor, type Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import type { Redactor } from '../redaction/index.js'
import { eventsOf, interruptedToolResult, notesOf, traceCounts, unjudgedVerify, type TraceEvent } from '../session/events.js'
import { isOwnSessionDir } from '../session/layout.js'
import { readSessionMeta } from '../session/meta.js'
import { readSessionTrace } from '../session/reader.js'
import { closeOnDisk } from '../session/writer.js'
import { interruptedNote } from '../session/notes.js'
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
  /** Dates the closing events and the receipt; times the export. */
  clock: Pick<Clock, 'now' | 'monotonicMs'>
  /** The front end's process environment: where the export's OTEL_* settings are read. */
  env: NodeJS.ProcessEnv
  /**
   * Whether a trace with its `end` may give the receipt its verdict (default true). False for
   * a receipt this machine did not seal (docs/design.md §6): it is closed `interrupted`, and
   * an empty trace is not given a start from it.
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
  const now = () => options.clock.now()
  let receipt = options.runId ? await options.store.read(options.runId) : undefined
  let sessionDir = options.sessionDir ?? receipt?.session.dir
  // A session path from a receipt or saved state is untrusted: only ours is ever touched.
  if (sessionDir !== undefined && !(await isOwnSessionDir(options.store.stateDir, sessionDir))) sessionDir = undefined
  let closedTrace = false
  let attempts = receipt?.attempts ?? 0
  let verdict: Partial<Receipt> | undefined
  if (sessionDir !== undefined) {
    const events = await readSessionTrace(sessionDir)
    // Only a receipt trusted to give its verdict may also give an empty trace its start.
    const opening = options.traceDecides === false ? undefined : await openingOf(sessionDir, receipt)
    const closing = closingEvents(events, options.reason, () => timestamp(now()), opening)
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
  await sweepRunTemps(options.store.stateDir, options.runId, sessionDir)
  // The report of a closed run belongs with its trace, as for a run that closed itself.
  if (sessionDir !== undefined && receipt !== undefined && (closedTrace || closedReceipt)) {
    const exported = await exportClosedRun(receipt, {
      stateDir: options.store.stateDir,
      redactor: options.redactor,
      sessionDir,
      env: options.env,
      clock: options.clock
    })
    const report = await writeSessionReport(options.store, receipt, sessionDir)
    const errors = [...('error' in report ? [report.error] : []), ...exported]
    if (errors.length > 0) return { closedTrace, receipt, attempts, reportError: errors.join('; ') }
  }
  return { closedTrace, receipt, attempts }
}

/**
 * Removes the temp files the run's killed writers left in its run directory and in its
 * session folder (a receipt, meta.json or run.json cut off before its rename), and a run
 * directory left with no receipt at all, once nobody writes there any more: the run is being
 * closed or continued by another process.
 */
export async function sweepRunTemps(stateDir: string, runId: string | undefined, sessionDir: string | undefined): Promise<void> {
  if (runId !== undefined) await removeAbandonedRun(stateDir, runId)
  // Only a session folder of ours (checked by the caller, isOwnSessionDir) is looked into.
  if (sessionDir !== undefined) await removeAbandonedTemps(sessionDir)
}

/** The receipt's verdict as a closed trace records it (status, flaky, attempts, end time, last commands). */
function verdictOf(events: readonly TraceEvent[]): Partial<Receipt> | undefined {
  const end = eventsOf(events, 'end')[0]
  if (end === undefined) return undefined
  const { outcome } = end.payload
  const refused = eventsOf(events, 'note').some(event => event.payload.kind === 'refusal')
  const status = receiptStatusFor(outcome, !refused)
  const results = eventsOf(events, 'tool_result')
  const last = results[results.length - 1]?.payload.commands
  return {
    status,
    flaky: end.payload.flaky === true,
    ended_at: end.ts,
    attempts: traceCounts(events).attempts,
    ...(last !== undefined && { commands: last }),
    ...policyOf(events, outcome)
  }
}

/** What decided the verdict beyond the expectations, as the trace records it: the quarantine (a pass), or a gate's note. */
function policyOf(events: readonly TraceEvent[], outcome: string): Pick<Receipt, 'quarantined' | 'gate'> {
  const gate = notesOf(events, 'gate')[0]?.gate
  if (gate !== undefined && outcome === 'failure') return { gate }
  if (outcome !== 'success') return {}
  const excused = eventsOf(events, 'verify').find(event => event.payload.ok && event.payload.quarantined !== undefined)?.payload.quarantined
  if (excused === undefined) return {}
  return { quarantined: [...new Set(excused.map(name => name.slice(0, 500)))].slice(0, 100), gate: 'quarantine' }
}

/**
 * The `start` a session killed before its first event would have written, from its receipt
 * (run id, target, scope, start time) and meta.json when it got that far (name, version);
 * without meta.json the name is the folder the session was filed under (§2). Undefined
 * when the receipt is not this session's: then nothing is known for sure.
 */
async function openingOf(sessionDir: string, receipt: Receipt | undefined): Promise<TraceEvent | undefined> {
  if (receipt === undefined || resolve(receipt.session.dir) !== resolve(sessionDir) || basename(sessionDir) !== receipt.session.id) {
    return undefined
  }
  const meta = await readSessionMeta(sessionDir)
  const known = meta?.session_id === receipt.session.id ? meta : undefined
  return {
    ts: receipt.started_at,
    skill: known?.skill ?? basename(dirname(sessionDir)),
    session_id: receipt.session.id,
    phase: 'start',
    payload: {
      run_id: receipt.run_id,
      target: receipt.target,
      scope: receipt.scope,
      ...(known !== undefined && { version: known.version }),
      ...(receipt.ci && { ci: receipt.ci })
    }
  }
}

/**
 * The events that close an open trace: the missing result and verification of its last
 * attempt, the reason, and `end`. A trace with no `start` (killed at its first write) is
 * given `opening` first, so it closes like any other; undefined when there is none, or
 * when the trace has its end.
 */
function closingEvents(
  events: readonly TraceEvent[],
  reason: string,
  stamp: () => string,
  opening: TraceEvent | undefined
): { events: TraceEvent[]; summary: string } | undefined {
  const start = eventsOf(events, 'start')[0] ?? (events.length === 0 ? opening : undefined)
  if (start === undefined || eventsOf(events, 'end').length > 0) return undefined
  const base = { skill: start.skill, session_id: start.session_id }
  const calls = eventsOf(events, 'tool_call')
  const closing: TraceEvent[] = start === opening ? [opening] : []
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
  const rebuilt = start === opening ? 'its trace was empty: the start above is rebuilt from its receipt; ' : ''
  closing.push({ ...base, ts: stamp(), phase: 'note', payload: interruptedNote(`${rebuilt}${reason}`) })
  closing.push({ ...base, ts: stamp(), phase: 'end', payload: { outcome: 'aborted', summary } })
  return { events: closing, summary }
}
