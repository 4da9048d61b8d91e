/**
 * Closing a run its process abandoned (docs/design.md §5 "Cancellation and the post step",
 * §6): from what is on disk alone, what is left of its command is stopped — the process
 * groups its trace recorded, each checked to be the same process first, then whatever still
 * carries its run id — and its trace and receipt are closed. The action's post step calls it
 * when the main step did not finish.
 */
import type { Clock } from '../base/clock.js'
import { endMarkedProcesses, endSessionGroups, type GroupEnding } from '../process/crashed-groups.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import { closeInterruptedRun, type ClosedRun } from '../recovery/close-interrupted.js'
import type { Redactor } from '../redaction/index.js'
import { isOwnSessionDir } from '../session/layout.js'

/** How long a signalled process group is given between SIGTERM and SIGKILL. */
const GRACE_MS = 1000

/** The run to close, as its front end recorded it while the run went on. */
export interface AbandonedRun {
  store: ReceiptStore
  runId: string
  /** The session it opened, when it got that far. */
  sessionDir: string | undefined
  /** Why it is closed, for the trace's note. */
  reason: string
  redactor: Redactor
  /** Times the kill grace, dates the closing and times the export: the system clock in the post step. */
  clock: Pick<Clock, 'now' | 'monotonicMs'>
  /** The front end's process environment: where the closed run's export reads its settings. */
  env: NodeJS.ProcessEnv
  /** Told of each recorded process group as it is dealt with: ended, already gone, or left alone as no longer the run's. */
  onGroup: (ending: GroupEnding) => void
}

/** What closing an abandoned run found and did. */
export type AbandonedRunClosing =
  /** Killed before its receipt was written: nothing ran, and nothing is there to close or save. */
  | { kind: 'never-recorded' }
  /** Closed: the trace's verdict, or `interrupted` (see `ClosedRun`). */
  | ({ kind: 'closed' } & ClosedRun)

/** Stops what is left of an abandoned run's command and closes its trace and receipt (see the header). */
export async function closeAbandonedRun(run: AbandonedRun): Promise<AbandonedRunClosing> {
  const { store, runId, sessionDir, clock, env } = run
  const grace = { graceMs: GRACE_MS, clock }
  for (const ending of await endSessionGroups(store.stateDir, sessionDir, grace)) run.onGroup(ending)
  // What started in the moment before its group was recorded still carries the run id.
  await endMarkedProcesses(runId, grace)
  const closed = await closeInterruptedRun({ store, runId, sessionDir, reason: run.reason, redactor: run.redactor, clock, env })
  if (closed.receipt === undefined && !(await isOwnSessionDir(store.stateDir, sessionDir ?? ''))) return { kind: 'never-recorded' }
  return { kind: 'closed', ...closed }
}
