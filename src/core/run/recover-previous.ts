/**
 * Recovery's own step before a new run (docs/design.md §6, §8): what the previous run of the
 * same command left is settled, continued or closed here, at one place, before the new run
 * exists. A run whose trace has its end takes the trace's verdict; a closed run killed
 * before its report gets it; an interrupted one is resumed when the evidence allows, else
 * closed as interrupted, with what it left running ended first.
 */
import type { CommandIdentity } from '../receipts/identity.js'
import type { Receipt } from '../receipts/receipt.js'
import type { Redactor } from '../redaction/index.js'
import type { RunSettings } from '../inputs/settings.js'
import { UsageError } from '../base/errors.js'
import { closeInterruptedRun } from '../recovery/close-interrupted.js'
import { endedBeforeReceipt, planResume, type Here, type ResumeDecision, type ResumePlan } from '../recovery/resume.js'
import { receiptSealed } from '../receipts/run-seal.js'
import { endLeftovers } from '../recovery/settle.js'
import type { CiContext, RunPorts } from './ports.js'
import { writeMissingReports } from './run-reports.js'

/** What the recovery step reads of the new run. */
export interface PreviousRunQuery {
  /** The new run's settings: an interrupted run is resumed only under the same ones (recovery/resume.ts). */
  settings: RunSettings
  target: string
  identity: CommandIdentity
  redactor: Redactor
  env: NodeJS.ProcessEnv
  ci: CiContext | undefined
  killGraceMs: number
  /** The guardrail refuses the new run's command: an interrupted run of it is not resumed. */
  refused: boolean
  /** `reverify resume`: the receipt to continue, looked up already (resume-run.ts). */
  resume: Receipt | undefined
}

/** The previous run as the new one finds it once recovery is done. */
export interface PreviousRun {
  /** The command's latest receipt, as capture-before-retry judges it. */
  latest: Receipt | undefined
  /** Continue the interrupted run (`plan`), or start a new one. */
  next: { kind: 'resume'; plan: ResumePlan } | { kind: 'new' }
}

/** Settles, continues or closes what the previous run of the command left (see the header). */
export async function recoverPrevious(query: PreviousRunQuery, ports: RunPorts): Promise<PreviousRun> {
  const here: Here = { host: ports.owner.host, ...(query.ci && { ci: query.ci }) }
  const { stateDir } = ports.store
  let latest = query.resume ?? (await ports.store.latest(query.target, query.settings.scope, query.identity.hash))
  if (latest?.status === 'running' && (await endedBeforeReceipt(latest, stateDir, here, ports.seal))) {
    // Its trace has its end: the receipt takes the trace's verdict before anything is decided (§6).
    await endLeftoversOf(latest, query, ports)
    const settled = await closeInterruptedRun({
      store: ports.store,
      runId: latest.run_id,
      reason: '',
      redactor: query.redactor,
      clock: ports.clock,
      env: query.env
    })
    latest = settled.receipt ?? latest
  } else if (latest !== undefined && latest.status !== 'running') {
    await writeMissingReports(latest, { redactor: query.redactor, env: query.env }, ports)
  }
  if (latest?.status !== 'running') return { latest, next: { kind: 'new' } }

  // An interrupted run of this command is continued rather than started over (§6).
  const decision = await decideResume(latest, query, ports, here)
  // Only a run this machine sealed names process groups worth signalling (§6).
  if (decision.kind !== 'none' && receiptSealed(latest, ports.seal)) await endLeftoversOf(latest, query, ports)
  if (decision.kind === 'resume') return { latest, next: { kind: 'resume', plan: decision.plan } }
  if (query.resume) {
    const why = decision.kind === 'restart' ? decision.reason : 'its process is still running'
    throw new UsageError(`resume: run ${latest.run_id} cannot be resumed: ${why}`)
  }
  if (decision.kind === 'restart') {
    const reason = `not resumed (${decision.reason}); a new run was started instead`
    const closed = await closeInterruptedRun({
      store: ports.store,
      runId: latest.run_id,
      reason,
      redactor: query.redactor,
      clock: ports.clock,
      env: query.env,
      traceDecides: receiptSealed(latest, ports.seal)
    })
    if (closed.reportError !== undefined) ports.log({ kind: 'report-failed', runId: latest.run_id, error: closed.reportError })
    ports.log({ kind: 'restarting', interruptedRunId: latest.run_id, reason: decision.reason, setAside: decision.setAside })
  }
  return { latest, next: { kind: 'new' } }
}

/** Ends what the crashed run left running, before anything runs again (docs/design.md §6). */
async function endLeftoversOf(crashed: Receipt, query: PreviousRunQuery, ports: RunPorts): Promise<void> {
  await endLeftovers(ports.store.stateDir, crashed, { graceMs: query.killGraceMs, clock: ports.clock }, pgid =>
    ports.log({ kind: 'leftover-ended', runId: crashed.run_id, pgid })
  )
}

/** Resume or restart for a `running` receipt; the guardrail's refusal means restart. */
async function decideResume(latest: Receipt, query: PreviousRunQuery, ports: RunPorts, here: Here): Promise<ResumeDecision> {
  if (query.refused) return { kind: 'restart', reason: 'the destructive-command guardrail refuses its command' }
  return planResume({
    receipt: latest,
    settings: query.settings,
    stateDir: ports.store.stateDir,
    redactor: query.redactor,
    here,
    seal: ports.seal
  })
}
