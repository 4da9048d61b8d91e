/**
 * A whole verify run, as both front ends perform it: the capture-before-retry check, the
 * receipt, the trace session, the guardrail, the verify loop, and the closing of all of it.
 */
import { hostname } from 'node:os'
import { captureMessage, decideCaptureBeforeRetry } from './capture-policy.js'
import type { CaptureMode } from './config-file.js'
import { abortableSleep, describeExpectations, runVerifyLoop, type EngineEnvironment, type LoopResult } from './engine.js'
import { ExitCode, UsageError, describeError } from './errors.js'
import { findDestructive, type GuardrailHit } from './guardrail/index.js'
import { commandIdentity, normalizeCommand, type CommandIdentity } from './identity.js'
import type { ConsoleStream } from './attempt.js'
import type { Receipt } from './receipt.js'
import type { ReceiptStore } from './receipt-store.js'
import type { Redactor } from './redaction.js'
import { planResume, type ResumeDecision, type ResumePlan } from './resume.js'
import { newRunId } from './run-id.js'
import { closeInterruptedRun } from './session-recovery.js'
import { toRawInputs, type RunSettings } from './settings.js'
import { writeFileAtomic } from './atomic-file.js'
import { join } from 'node:path'
import { planSession, TraceSession, redactDeep, timestamp, type Outcome } from './trace.js'

/** CI facts recorded on a receipt when running in GitHub Actions. */
export type CiContext = NonNullable<Receipt['ci']>

/** Everything a run needs from its front end. */
export interface RunContext {
  stateDir: string
  store: ReceiptStore
  target: string
  captureMode: CaptureMode
  /** Which remediation text to print. */
  front: 'cli' | 'actions'
  version: string
  redactor: Redactor
  ci?: CiContext
  env?: NodeJS.ProcessEnv
  stdout: ConsoleStream
  stderr: ConsoleStream
  signal?: AbortSignal
  interruptReason?: () => string | undefined
  now?: () => Date
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  random?: () => number
  killGraceMs?: number
  /** Capture-before-retry warning (an annotation in Actions). */
  warn: (message: string) => void
  /** Capture-before-retry block or guardrail refusal (an error annotation in Actions). */
  error: (message: string) => void
  progress: (line: string) => void
  /** Told where the run lives as soon as it exists (the action saves it for its post step). */
  onRunCreated?: (info: { runId: string; sessionDir: string }) => void | Promise<void>
  onProcessGroup?: (pgid: number) => void
}

/** What a run came to, for the front end to report. */
export interface RunReport {
  /** 'blocked': refused by capture-before-retry, nothing created. */
  status: 'blocked' | 'refused' | 'completed'
  outcome: Outcome | 'blocked'
  exitCode: number
  flaky: boolean
  identity: CommandIdentity
  runId?: string
  session?: { id: string; dir: string }
  loop?: LoopResult
  guardrail?: GuardrailHit
  /** The failed, uncaptured run that triggered a warning or block. */
  uncapturedRunId?: string
  receipt?: Receipt
  /** Receipts removed by retention. */
  pruned: string[]
  /** Set when this run continued an interrupted one. */
  resumed?: { replayed: boolean; summary: string }
}

/** The file in a session directory that lets `reverify resume` rebuild the run's settings. */
export const RUN_RECORD_FILE = 'run.json'

/**
 * Records the inputs that reproduce the run, for `reverify resume`. When redaction would
 * change them (a secret inside a command), they are not written: such a run cannot be
 * resumed from disk, only by running the same command again.
 */
async function writeRunRecord(sessionDir: string, settings: RunSettings, redactor: Redactor): Promise<void> {
  const inputs = toRawInputs(settings)
  const safe = JSON.stringify(redactDeep(inputs, redactor)) === JSON.stringify(inputs)
  const record = safe ? { schema_version: 1, resumable: true, inputs } : { schema_version: 1, resumable: false }
  await writeFileAtomic(join(sessionDir, RUN_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`, 0o600)
}

/** The first command (or expect-check) the guardrail refuses, unless allowed. */
export function guardrailHit(settings: RunSettings): GuardrailHit | undefined {
  if (settings.allowDestructive) return undefined
  for (const command of [...settings.commands, ...(settings.expectations.check ? [settings.expectations.check] : [])]) {
    const hit = findDestructive(command)
    if (hit) return hit
  }
  return undefined
}

/** The receipt's status for a loop outcome. */
function receiptStatus(loop: LoopResult): Receipt['status'] {
  if (loop.outcome === 'success') return 'passed'
  if (loop.outcome === 'failure') return 'failed'
  return loop.interrupted ? 'interrupted' : 'aborted'
}

/** Exit code of the CLI for a loop outcome (SPEC §1). */
export function exitCodeFor(outcome: Outcome, interrupted: boolean): number {
  if (outcome === 'success') return ExitCode.success
  if (outcome === 'failure') return ExitCode.failure
  return interrupted ? ExitCode.interrupted : ExitCode.guardrail
}

/** Options of one verify run. */
export interface VerifyOptions {
  /** `reverify resume`: the receipt to continue (an error when it cannot be). */
  resume?: Receipt
}

/** Runs one verify from policy check to closed trace and final receipt. */
export async function verifyRun(settings: RunSettings, context: RunContext, options: VerifyOptions = {}): Promise<RunReport> {
  const now = context.now ?? (() => new Date())
  const identity = commandIdentity(settings.commands)

  const latest = options.resume ?? (await context.store.latest(context.target, settings.scope, identity.hash))

  // Capture-before-retry: decided before anything of the run exists (SPEC §3).
  let uncapturedRunId: string | undefined
  if (context.captureMode !== 'off') {
    const verdict = decideCaptureBeforeRetry(context.captureMode, latest)
    if (verdict.action !== 'proceed') {
      uncapturedRunId = verdict.failedRunId
      const message = context.redactor.redact(captureMessage(verdict, context.front))
      if (verdict.action === 'block') {
        context.error(message)
        return { status: 'blocked', outcome: 'blocked', exitCode: ExitCode.failure, flaky: false, identity, uncapturedRunId, pruned: [] }
      }
      context.warn(message)
    }
  }

  // An interrupted run of this command is continued rather than started over (SPEC §6).
  if (latest?.status === 'running') {
    const decision: ResumeDecision = guardrailHit(settings)
      ? { kind: 'restart', reason: 'the destructive-command guardrail refuses its command' }
      : await planResume({
          receipt: latest,
          settings,
          stateDir: context.stateDir,
          redactor: context.redactor,
          here: { host: hostname(), ...(context.ci && { ci: context.ci }) }
        })
    if (decision.kind === 'resume') return resumeRun(settings, context, decision.plan, identity, now)
    if (options.resume) {
      throw new UsageError(`resume: run ${latest.run_id} cannot be resumed: ${decision.kind === 'restart' ? decision.reason : 'its process is still running'}`)
    }
    if (decision.kind === 'restart') {
      await closeInterruptedRun({
        store: context.store,
        runId: latest.run_id,
        reason: `not resumed (${decision.reason}); a new run was started instead`,
        redactor: context.redactor,
        now
      })
      context.progress(`reverify: interrupted run ${latest.run_id} cannot be resumed (${decision.reason}); starting a new run`)
    }
  } else if (options.resume) {
    throw new UsageError(`resume: run ${options.resume.run_id} is ${options.resume.status}, not an interrupted run that can be resumed`)
  }

  const startedAt = now()
  const runId = newRunId(startedAt)
  // The receipt is written before the session exists, naming where it will be: a crash
  // in between leaves a receipt whose session is missing (closed as interrupted by the next
  // run), never a session nobody can find.
  const planned = planSession(context.stateDir, settings.name, startedAt)
  const receipt: Receipt = {
    schema_version: 1,
    run_id: runId,
    target: context.target,
    scope: settings.scope,
    identity: shownIdentity(settings.commands, context.redactor),
    identity_hash: identity.hash,
    status: 'running',
    flaky: false,
    started_at: timestamp(startedAt),
    ended_at: null,
    attempts: 0,
    max_attempts: 1 + settings.maxRetries,
    commands: [],
    expectations: describeExpectations(settings),
    session: { id: planned.id, dir: planned.dir },
    host: hostname(),
    pid: process.pid,
    ...(context.ci && { ci: context.ci })
  }
  await context.store.write(redactReceipt(receipt, context.redactor))
  let session: TraceSession
  try {
    session = await TraceSession.open({
      stateDir: context.stateDir,
      name: settings.name,
      runId,
      version: context.version,
      redactor: context.redactor,
      now,
      planned
    })
  } catch (error) {
    // No trace can be written (a link or a file where a folder should be): the run ends
    // before it starts, and its receipt says so rather than staying `running`.
    await context.store.write(redactReceipt({ ...receipt, status: 'aborted', ended_at: timestamp(now()) }, context.redactor))
    throw new UsageError(`state-dir: cannot create the trace folder: ${describeError(error)}`)
  }
  await writeRunRecord(session.dir, settings, context.redactor)
  await context.onRunCreated?.({ runId, sessionDir: session.dir })

  session.event('start', {
    version: context.version,
    run_id: runId,
    target: context.target,
    scope: settings.scope,
    ...(uncapturedRunId && { uncaptured_failure: uncapturedRunId }),
    ...(context.ci && { ci: context.ci })
  })
  session.event('decision', {
    question: 'what to run',
    decision: settings.commands,
    expected: describeExpectations(settings)
  })
  if (uncapturedRunId) {
    session.event('note', { message: `retrying after failed run ${uncapturedRunId}, which nobody captured` })
  }

  const hit = guardrailHit(settings)
  if (hit) {
    const message = `refused: \`${hit.excerpt}\` matches the destructive-command rule "${hit.rule}"; pass allow-destructive: true (--allow-destructive) if you mean it`
    session.event('note', { message })
    context.error(context.redactor.redact(message))
    const summary = `refused by the guardrail (${hit.rule})`
    session.event('end', { outcome: 'aborted', summary })
    session.update({ outcome: 'aborted', ended_at: timestamp(now()), errors: 1, summary })
    await session.writeMeta()
    session.close()
    const final: Receipt = { ...receipt, status: 'aborted', ended_at: timestamp(now()) }
    await context.store.write(redactReceipt(final, context.redactor))
    return {
      status: 'refused',
      outcome: 'aborted',
      exitCode: ExitCode.guardrail,
      flaky: false,
      identity,
      runId,
      session: { id: session.id, dir: session.dir },
      guardrail: hit,
      uncapturedRunId,
      receipt: final,
      pruned: []
    }
  }

  const loop = await runVerifyLoop(settings, session, engineEnvironment(context))
  return closeRun(settings, context, { session, receipt, loop, identity, uncapturedRunId, now })
}

function engineEnvironment(context: RunContext): EngineEnvironment {
  return {
    stdout: context.stdout,
    stderr: context.stderr,
    redactor: context.redactor,
    env: context.env,
    signal: context.signal,
    killGraceMs: context.killGraceMs ?? 2000,
    onProcessGroup: context.onProcessGroup,
    sleep: context.sleep ?? abortableSleep,
    random: context.random,
    progress: context.progress,
    interruptReason: context.interruptReason
  }
}

/** Continues an interrupted run in its own receipt and session (SPEC §6). */
async function resumeRun(
  settings: RunSettings,
  context: RunContext,
  plan: ResumePlan,
  identity: CommandIdentity,
  now: () => Date
): Promise<RunReport> {
  const session = await TraceSession.reopen(plan.sessionDir, plan.meta, context.redactor, now)
  const previousOwner = `${plan.receipt.host}:${plan.receipt.pid}`
  const receipt: Receipt = { ...plan.receipt, host: hostname(), pid: process.pid, ...(context.ci && { ci: context.ci }) }
  await context.store.write(redactReceipt(receipt, context.redactor))
  await context.onRunCreated?.({ runId: receipt.run_id, sessionDir: session.dir })
  const message = `resumed run ${receipt.run_id} (its process ${previousOwner} is gone): ${plan.summary}`
  session.event('note', { message })
  context.progress(`reverify: ${message}`)
  for (const event of plan.pending) session.event(event.phase, event.payload)
  session.update({ attempts: plan.previous.length })
  const loop = await runVerifyLoop(settings, session, engineEnvironment(context), { previous: plan.previous })
  const report = await closeRun(settings, context, { session, receipt, loop, identity, now })
  return { ...report, resumed: { replayed: plan.replayed, summary: plan.summary } }
}

/** Writes the end of the trace, meta.json and the final receipt; applies retention. */
async function closeRun(
  settings: RunSettings,
  context: RunContext,
  run: {
    session: TraceSession
    receipt: Receipt
    loop: LoopResult
    identity: CommandIdentity
    uncapturedRunId?: string
    now: () => Date
  }
): Promise<RunReport> {
  const { session, loop } = run
  if (loop.interrupted) {
    session.event('note', { message: `interrupted${context.interruptReason?.() ? ` by ${context.interruptReason()}` : ''}; the run was stopped and its processes killed` })
  }
  session.event('end', { outcome: loop.outcome, summary: loop.summary, ...(loop.flaky && { flaky: true }) })
  const endedAt = timestamp(run.now())
  session.update({
    outcome: loop.outcome,
    ended_at: endedAt,
    attempts: loop.attempts.length,
    errors: loop.attempts.filter(attempt => !attempt.verified).length,
    flaky: loop.flaky,
    summary: loop.summary
  })
  await session.writeMeta()
  session.close()
  const last = loop.attempts[loop.attempts.length - 1]
  const final: Receipt = {
    ...run.receipt,
    status: receiptStatus(loop),
    flaky: loop.flaky,
    ended_at: endedAt,
    attempts: loop.attempts.length,
    commands: (last?.commands ?? []).map(command => ({
      command: command.command,
      exit_code: command.exitCode,
      signal: command.signal,
      timed_out: command.timedOut,
      duration_ms: command.durationMs
    }))
  }
  await context.store.write(redactReceipt(final, context.redactor))
  const pruned = await context.store.prune(context.target, settings.scope, run.identity.hash, settings.keepReceipts)
  return {
    status: 'completed',
    outcome: loop.outcome,
    exitCode: exitCodeFor(loop.outcome, loop.interrupted),
    flaky: loop.flaky,
    identity: run.identity,
    runId: run.receipt.run_id,
    session: { id: session.id, dir: session.dir },
    loop,
    uncapturedRunId: run.uncapturedRunId,
    receipt: final,
    pruned
  }
}

/** Receipts hold commands and expectations as written: redact them like everything else. */
function redactReceipt(receipt: Receipt, redactor: Redactor): Receipt {
  const { identity, commands, expectations } = receipt
  return { ...receipt, ...redactDeep({ identity, commands, expectations }, redactor) }
}

/**
 * The identity as a receipt may show it. Normalization can re-quote a secret into a form
 * the redactor does not know (`'it'\''s'`), so each command is redacted before it is
 * normalized, and after. The hash stays the one of the commands as written.
 */
function shownIdentity(commands: readonly string[], redactor: Redactor): string[] {
  return commands.map(command => redactor.redact(normalizeCommand(redactor.redact(command))))
}
