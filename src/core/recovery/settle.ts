/**
 * What a run left behind that resuming need not, or cannot, continue (docs/design.md §6):
 * the process groups of a crashed run, ended before anything runs again; a run whose trace
 * has its `end` (the crash came after the run had ended), whose receipt is settled from the
 * trace; and a run whose session is gone, which is closed as `interrupted` — with neither its
 * trace nor its inputs left, no later command can continue it.
 */
import { resolve } from 'node:path'
import { endMarkedProcesses, endSessionGroups } from '../process/crashed-groups.js'
import type { Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import type { Redactor } from '../redaction/index.js'
import { isOwnSessionDir } from '../session/layout.js'
import { closeInterruptedRun } from './close-interrupted.js'
import { endedBeforeReceipt, ownerGone, SESSION_GONE, type Here } from './resume.js'
import { receiptSealed, type RunSeal } from './run-seal.js'

/**
 * Ends what the crashed run `crashed` left running, before anything runs again; `onEnded`
 * hears of each process group ended.
 */
export async function endLeftovers(stateDir: string, crashed: Receipt, graceMs: number, onEnded: (pgid: number) => void): Promise<void> {
  for (const ending of await endSessionGroups(stateDir, crashed.session.dir, graceMs)) {
    if (ending.result === 'ended') onEnded(ending.group.pgid)
  }
  // What started in the moment before its group was recorded still carries the run id.
  await endMarkedProcesses(crashed.run_id, graceMs)
}

/** What `reverify resume` found before continuing a run. */
export type ResumeEntry =
  /** The trace had its `end`: the receipt now holds the trace's verdict; nothing ran. */
  | { kind: 'settled'; receipt: Receipt; reportError?: string }
  /** The session is gone: the receipt is closed `interrupted` (with `reason`); nothing ran. */
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
  now: () => Date
  killGraceMs?: number
  onLeftoverEnded: (pgid: number) => void
}

/**
 * Settles or closes a run that `reverify resume` was asked to continue, when the disk says
 * there is nothing to continue. Only a run this machine sealed, whose owner is gone, is
 * touched; anything else is left for the resume to refuse.
 */
export async function settleBeforeResume(options: SettleOptions): Promise<ResumeEntry> {
  const { store, receipt, here, seal, redactor, now } = options
  if (!ownerGone(receipt, here) || !receiptSealed(receipt, seal)) return { kind: 'continue' }
  const ended = await endedBeforeReceipt(receipt, store.stateDir, here, seal)
  const gone = !ended && !(await isOwnSessionDir(store.stateDir, resolve(receipt.session.dir)))
  if (!ended && !gone) return { kind: 'continue' }
  await endLeftovers(store.stateDir, receipt, options.killGraceMs ?? 2000, options.onLeftoverEnded)
  if (ended) {
    // The trace decides: the receipt takes its verdict (a failed run stays failed).
    const settled = await closeInterruptedRun({ store, runId: receipt.run_id, reason: '', redactor, now })
    return {
      kind: 'settled',
      receipt: settled.receipt ?? receipt,
      ...(settled.reportError !== undefined && { reportError: settled.reportError })
    }
  }
  const closed = await closeInterruptedRun({ store, runId: receipt.run_id, reason: SESSION_GONE, redactor, now, traceDecides: false })
  return { kind: 'closed', receipt: closed.receipt ?? receipt, reason: SESSION_GONE }
}
