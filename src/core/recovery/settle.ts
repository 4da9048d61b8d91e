/**
 * What a run left behind that resuming need not, or cannot, continue (docs/design.md §6):
 * the process groups of a crashed run, ended before anything runs again; a run whose trace
 * has its `end` (the crash came after the run had ended), whose receipt is settled from the
 * trace; and a run whose session is gone, or was killed as it opened (opening.ts), which is
 * closed as `interrupted` — with no start in its trace, nothing had run, and no later
 * command can continue it.
 */
import { resolve } from 'node:path'
import { endMarkedProcesses, endSessionGroups, type KillGrace } from '../process/crashed-groups.js'
import type { Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import type { Redactor } from '../redaction/index.js'
import type { Clock } from '../base/clock.js'
import { closeInterruptedRun } from './close-interrupted.js'
import { endedBeforeReceipt, ownerGone, type Here } from './resume.js'
import { KILLED_OPENING, openingStage, SESSION_GONE } from './opening.js'
import { readRunInputs } from '../session/run-record.js'
import { receiptSealed, type RunSeal } from '../receipts/run-seal.js'

/**
 * Ends what the crashed run `crashed` left running, before anything runs again, giving each
 * process `grace.graceMs` between SIGTERM and SIGKILL; `onEnded` hears of each process group ended.
 */
export async function endLeftovers(stateDir: string, crashed: Receipt, grace: KillGrace, onEnded: (pgid: number) => void): Promise<void> {
  for (const ending of await endSessionGroups(stateDir, crashed.session.dir, grace)) {
    if (ending.result === 'ended') onEnded(ending.group.pgid)
  }
  // What started in the moment before its group was recorded still carries the run id.
  await endMarkedProcesses(crashed.run_id, grace)
}

/** What `reverify resume` found before continuing a run. */
export type ResumeEntry =
  /** The trace had its `end`: the receipt now holds the trace's verdict; nothing ran. */
  | { kind: 'settled'; receipt: Receipt; reportError?: string }
  /** The session is gone, or its trace never got its start: the receipt is closed `interrupted` (with `reason`); nothing ran. */
  | { kind: 'closed'; receipt: Receipt; reason: string }
  /** Neither: the run is resumed, or refused, as the evidence says. */
  | { kind: 'continue' }

/** What settling a run before resuming it needs. */
export interface SettleOptions {
  store: ReceiptStore
  receipt: Receipt
  here: Here
  seal: RunSeal | undefined
  redactor: Redactor
  clock: Pick<Clock, 'now' | 'monotonicMs'>
  /** The front end's process environment: where a closed run's export reads its settings. */
  env: NodeJS.ProcessEnv
  killGraceMs?: number
  onLeftoverEnded: (pgid: number) => void
}

/**
 * Settles or closes a run that `reverify resume` was asked to continue, when the disk says
 * there is nothing to continue. Only a run this machine sealed, whose owner is gone, is
 * touched; anything else is left for the resume to refuse.
 */
export async function settleBeforeResume(options: SettleOptions): Promise<ResumeEntry> {
  const { store, receipt, here, seal, redactor, clock, env } = options
  if (!ownerGone(receipt, here) || !receiptSealed(receipt, seal)) return { kind: 'continue' }
  const ended = await endedBeforeReceipt(receipt, store.stateDir, here, seal)
  const stage = ended ? undefined : (await openingStage(receipt, store.stateDir)).stage
  if (stage === 'opened' || stage === 'unclear') return { kind: 'continue' }
  await endLeftovers(store.stateDir, receipt, { graceMs: options.killGraceMs ?? 2000, clock }, options.onLeftoverEnded)
  if (ended) {
    // The trace decides: the receipt takes its verdict (a failed run stays failed).
    const settled = await closeInterruptedRun({ store, runId: receipt.run_id, reason: '', redactor, clock, env })
    return {
      kind: 'settled',
      receipt: settled.receipt ?? receipt,
      ...(settled.reportError !== undefined && { reportError: settled.reportError })
    }
  }
  // A trace killed before its start is given one from the (sealed) receipt, and closed.
  const reason = stage === 'gone' ? SESSION_GONE : KILLED_OPENING
  const closed = await closeInterruptedRun({ store, runId: receipt.run_id, reason, redactor, clock, env, traceDecides: stage !== 'gone' })
  return { kind: 'closed', receipt: closed.receipt ?? receipt, reason }
}

/**
 * What `reverify resume` does with a `running` receipt whose owner is gone, so that
 * `reverify receipts list` offers it only where it works: `resume` (it continues the run, or
 * settles it from a trace that has its end), `rerun` (its trace is open but its inputs were not
 * recorded: only running the same command continues it) or `close` (nothing to continue: it
 * is closed as interrupted, by resume or by the next run).
 */
export async function resumeOffer(
  receipt: Receipt,
  options: { stateDir: string; here: Here; seal: RunSeal | undefined }
): Promise<'resume' | 'rerun' | 'close'> {
  const { stateDir, here, seal } = options
  if (!receiptSealed(receipt, seal)) return 'close'
  if (await endedBeforeReceipt(receipt, stateDir, here, seal)) return 'resume'
  if ((await openingStage(receipt, stateDir)).stage !== 'opened') return 'close'
  return (await readRunInputs(resolve(receipt.session.dir), seal)) !== undefined ? 'resume' : 'rerun'
}
