/**
 * `reverify resume`'s admission (docs/design.md §6): which interrupted run is continued, and
 * whether it may be. A run is found by its id, or as the latest of the repository whose owner
 * is gone and whose receipt this machine sealed; a receipt without a valid seal proves
 * nothing and is refused; a run that had ended, or whose session is gone, has nothing to
 * continue and is settled or closed here; a run is continued only from the inputs this
 * machine recorded for it. The front end words the outcome and runs `verifyRun` with
 * `resume` for one it may continue.
 */
import { resolve } from 'node:path'
import { UsageError } from '../base/errors.js'
import { printable } from '../base/printable.js'
import type { Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import { resolveRunRef } from '../receipts/run-ref.js'
import type { Redactor } from '../redaction/index.js'
import { ownerGone } from '../recovery/resume.js'
import { loadRunSeal, receiptSealed, sealKeyPath } from '../receipts/run-seal.js'
import { resumeOffer, settleBeforeResume } from '../recovery/settle.js'
import { readRunInputs } from '../session/run-record.js'
import type { MachinePorts } from './ports.js'

/** Which run to resume, and how the admission tells what it does. */
export interface ResumeQuery {
  /** The run id as given; without one, the latest interrupted run of `target`. */
  runId: string | undefined
  /** The repository (its git top level) whose runs are looked through. */
  target: string
  redactor: Redactor
  /** The front end's process environment: where a settled or closed run's export reads its settings. */
  env: NodeJS.ProcessEnv
  /** Told of each process group the interrupted run `runId` left running, once it is ended. */
  onLeftoverEnded: (pgid: number, runId: string) => void
}

/** What the admission decided. */
export type ResumeAdmission =
  /** The trace had its `end`: the receipt now holds the trace's verdict; nothing ran. */
  | { kind: 'settled'; receipt: Receipt; reportError?: string }
  /** The session is gone, or its trace never got its start: the receipt is closed `interrupted` (with `reason`); nothing ran. */
  | { kind: 'closed'; receipt: Receipt; reason: string }
  /** Continue `receipt` with the inputs its run recorded (`verifyRun` with `resume`). */
  | { kind: 'continue'; receipt: Receipt; inputs: Record<string, string> }

/** Finds the run to resume and admits it, settles or closes it, or refuses it with a usage error (see the header). */
export async function resumeRun(
  query: ResumeQuery,
  ports: Pick<MachinePorts, 'store' | 'seal' | 'clock' | 'owner'>
): Promise<ResumeAdmission> {
  const { store, seal } = ports
  const here = { host: ports.owner.host }
  const runId = query.runId === undefined ? undefined : await resolveRunRef(store.stateDir, query.runId, 'resume')
  const receipt =
    query.runId === undefined
      ? await store.latestOfTarget(query.target, candidate => ownerGone(candidate, here) && receiptSealed(candidate, seal))
      : runId === undefined
        ? undefined
        : await store.read(runId)
  if (receipt === undefined) throw await nothingToResume(query, store)
  // A receipt that came with a checkout proves nothing and picks no command (docs/design.md §6).
  if (!receiptSealed(receipt, seal)) {
    throw new UsageError(
      `resume: run ${receipt.run_id} was not started by reverify on this machine (its receipt has no valid seal); run the command again with reverify run`
    )
  }
  // A run that had ended, or whose session is gone, has nothing to continue (docs/design.md §6).
  const entry = await settleBeforeResume({
    store,
    receipt,
    here,
    seal,
    redactor: query.redactor,
    clock: ports.clock,
    env: query.env,
    onLeftoverEnded: pgid => query.onLeftoverEnded(pgid, receipt.run_id)
  })
  if (entry.kind !== 'continue') return entry
  const inputs = await readRunInputs(resolve(receipt.session.dir), seal)
  if (inputs === undefined) {
    throw new UsageError(
      `resume: run ${receipt.run_id} has no inputs this machine recorded (none, a secret among them, or no valid seal); run the same command again with reverify run`
    )
  }
  return { kind: 'continue', receipt, inputs }
}

/**
 * Why there is no run to resume, in one line with the next step (docs/design.md §6): the run
 * named is not in the state directory; or the repository has no run there yet; or none of
 * its runs waits to be resumed (the newest is named).
 */
async function nothingToResume(query: ResumeQuery, store: ReceiptStore): Promise<UsageError> {
  const where = store.stateDir
  if (query.runId !== undefined)
    return new UsageError(`resume: no run ${printable(query.runId, 80)} in ${where}; reverify receipts list shows the runs there`)
  const newest = await store.latestOfTarget(query.target)
  if (newest === undefined)
    return new UsageError(`resume: nothing to resume: no runs in ${where} yet; run one with reverify run --command "npm test"`)
  return new UsageError(
    `resume: nothing to resume: no run in ${where} is waiting to be resumed (the latest, ${newest.run_id}, is ${newest.status}); reverify receipts list shows them all`
  )
}

/**
 * What `reverify resume` would do with each `running` receipt whose owner is gone, so that
 * `reverify receipts list` offers it only where it works (recovery/settle.ts `resumeOffer`):
 * `resume`, `rerun` (only running the same command continues it) or `close`. Other receipts
 * are left out. The seal is checked without making a key: listing only reads.
 */
export async function resumeOffers(
  receipts: readonly Receipt[],
  place: {
    stateDir: string
    env: NodeJS.ProcessEnv
    /** This machine's host name: a receipt of another host is never offered. */ host: string
  }
): Promise<Map<Receipt, 'resume' | 'rerun' | 'close'>> {
  const offers = new Map<Receipt, 'resume' | 'rerun' | 'close'>()
  const here = { host: place.host }
  const seal = await loadRunSeal(sealKeyPath(place.env), { create: false })
  for (const receipt of receipts) {
    if (receipt.status === 'running' && ownerGone(receipt, here))
      offers.set(receipt, await resumeOffer(receipt, { stateDir: place.stateDir, here, seal }))
  }
  return offers
}
