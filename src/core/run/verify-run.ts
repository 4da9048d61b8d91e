/**
 * A whole verify run, as both front ends perform it: the capture-before-retry check, the
 * receipt, the trace session, the guardrail, the verify loop, and the closing of all of it
 * (docs/design.md §1–§3, §6). It returns a report of facts; the front ends word it.
 */
import { join } from 'node:path'
import { decideCaptureBeforeRetry } from '../capture/capture-policy.js'
import { timestamp } from '../base/clock.js'
import { runVerifyLoop, type LoopEnvironment, type LoopResult } from '../verify/loop.js'
import { UsageError, describeError } from '../base/errors.js'
import { describeExpectations } from '../verify/expectations.js'
import type { GuardrailHit } from '../guardrail/index.js'
import { guardrailHit, refusalNote } from './settings-check.js'
import { normalizeCommand, scriptIdentity, type CommandIdentity } from '../receipts/identity.js'
import { RECEIPT_VERSION, receiptStatusFor, type Receipt } from '../receipts/receipt.js'
import { identityLines } from '../shell/script-lines.js'
import type { Redactor } from '../redaction/index.js'
import { newRunId } from '../receipts/run-id.js'
import { commandRecord } from '../session/events.js'
import { planSession } from '../session/layout.js'
import { interruptedNote, refusalTraceNote, resumedNote, uncapturedNote } from '../session/notes.js'
import { writeRunRecord } from '../session/run-record.js'
import { sealReceipt, type RunSeal } from '../receipts/run-seal.js'
import { TraceSession } from '../session/writer.js'
import { sweepRunTemps } from '../recovery/close-interrupted.js'
import type { TestPausePoint } from '../recovery/test-pause.js'
import { stateDirFull, type DiskFullStage } from '../recovery/disk-full.js'
import { commandEnvironment } from '../process/command-env.js'
import { attemptExcerpt } from '../output/excerpt.js'
import type { RunPorts, RunRequest } from './ports.js'
import { REPORT_FILE } from '../report/index.js'
import type { CaptureState, CompletedRun, RefusedRun, RunReport, SessionRef } from './report.js'
import type { ResumePlan } from '../recovery/resume.js'
import { recoverPrevious } from './recover-previous.js'
import { writeRunReports } from './run-reports.js'
import { redactedReceipt, shownReport } from './shown-report.js'
import { receiptTests, runTests } from '../test-results/run-tests.js'
import { inputLabel } from '../inputs/resolve.js'
import { runRates } from './run-rates.js'
import { keepKnownTests } from './known-tests-update.js'
import { expiryWarnings, loadRunQuarantine, noteExpiries, quarantineFacts, receiptPolicy, type RunQuarantine } from './run-quarantine.js'
import { runKnownTests } from './run-known-tests.js'
import { receiptNewTests } from './receipt-new-tests.js'
import type { KnownTests } from '../test-results/known-tests.js'

/**
 * Runs one verify from policy check to closed trace and final receipt, keeps the history's
 * known tests, and reports it with its texts redacted (shown-report.ts); a full disk is one
 * line (disk-full.ts).
 */
export async function verifyRun(request: RunRequest, ports: RunPorts): Promise<RunReport> {
  const report = await performRun(request, ports).catch(error => {
    throw stateDirFull(error, ports.store.stateDir, 'before')
  })
  if (report.kind === 'completed') await keepKnownTests(report, { target: request.target, scope: request.settings.scope }, ports)
  return shownReport(report, request.redactor)
}

async function performRun(request: RunRequest, ports: RunPorts): Promise<RunReport> {
  const { settings } = request
  // A bad quarantine file is a usage error before anything exists (docs/design.md §1 "Quarantine and flaky gates").
  const quarantine = await loadRunQuarantine(
    settings,
    request.quarantineRoot,
    ports.clock.now(),
    inputLabel('quarantine', request.front ?? 'action')
  )
  for (const warning of expiryWarnings(quarantine)) ports.log(warning)
  // Each once per run: the previous run's recovery and the new run both use them.
  const identity = scriptIdentity(settings.script)
  const hit = guardrailHit(settings)
  // Recovery's own step, at this one place: what the previous run left is settled, resumed or closed (recover-previous.ts).
  const previous = await recoverPrevious(
    {
      settings,
      target: request.target,
      identity,
      redactor: request.redactor,
      env: request.env,
      ci: request.ci,
      killGraceMs: request.killGraceMs ?? 2000,
      refused: hit !== undefined,
      resume: request.resume
    },
    ports
  )

  // Capture-before-retry: decided before anything of the run exists (docs/design.md §3).
  const capture: CaptureState = { mode: request.captureMode }
  const verdict = decideCaptureBeforeRetry(request.captureMode, previous.latest)
  if (verdict.action === 'block') return { kind: 'blocked', identity, failedRunId: verdict.failedRunId! }
  if (verdict.action === 'warn') {
    capture.uncapturedRunId = verdict.failedRunId!
    ports.log({ kind: 'uncaptured-failure', failedRunId: verdict.failedRunId! })
  }
  // Early flake detection's known tests, read before anything runs (run-known-tests.ts).
  const known = await runKnownTests(settings, request.target, identity, ports)
  if (previous.next.kind === 'resume') return continueRun(request, ports, previous.next.plan, { identity, capture, quarantine, known })
  // A receipt to resume that recovery did not continue had ended (or was settled from its trace).
  if (request.resume) {
    throw new UsageError(`resume: run ${request.resume.run_id} is ${request.resume.status}, not an interrupted run that can be resumed`)
  }

  const { session, receipt } = await openRun(request, ports, identity, capture)
  if (hit) return refuse(request, ports, { session, receipt, identity, capture, hit })
  noteExpiries(session, quarantine)
  const loop = await runVerifyLoop(settings, session, loopEnvironment(request, ports, receipt.run_id, { quarantine, known })).catch(
    fullDisk(ports, 'during')
  )
  return closeRun(request, ports, { session, receipt, loop, identity, capture, quarantine })
}

/**
 * The run's opening (docs/design.md §6): the `running` receipt, then the session it names
 * (folder, empty trace, meta.json), run.json, and the trace's `start` and `decision`. The
 * receipt comes first, so a session always has one that finds it; every prefix of the
 * opening is closed as interrupted by the next run or `reverify resume` (nothing ran), and
 * one with its `start` is resumed. The test pauses stop a run at each step.
 */
async function openRun(
  request: RunRequest,
  ports: RunPorts,
  identity: CommandIdentity,
  capture: CaptureState
): Promise<{ session: TraceSession; receipt: Receipt }> {
  const { settings, redactor } = request
  const now = () => ports.clock.now()
  const startedAt = now()
  const runId = newRunId(startedAt)
  // The name is free text: a secret in it must not become a folder name.
  const planned = planSession(ports.store.stateDir, redactor.redact(settings.name), startedAt)
  const receipt: Receipt = {
    schema_version: RECEIPT_VERSION,
    run_id: runId,
    target: request.target,
    scope: settings.scope,
    identity: shownIdentity(settings.script, redactor),
    identity_hash: identity.hash,
    status: 'running',
    flaky: false,
    started_at: timestamp(startedAt),
    ended_at: null,
    attempts: 0,
    max_attempts: 1 + settings.maxRetries,
    commands: [],
    expectations: describeExpectations(settings.expectations),
    session: { id: planned.id, dir: planned.dir },
    host: ports.owner.host,
    pid: ports.owner.pid,
    ...(request.ci && { ci: request.ci })
  }
  const sealed = receiptOnDisk(receipt, redactor, ports.seal)
  const pause = (point: TestPausePoint) => async () => ports.pause?.(point)
  await pause('before-opening')()
  // Before the first write of the run: the action saves where it goes for its post step.
  ports.log({ kind: 'run-created', runId, sessionDir: planned.dir })
  await ports.store.write(sealed, { beforeRename: pause('during-receipt-write') })
  await pause('before-session')()
  let session: TraceSession
  try {
    session = await TraceSession.open({
      stateDir: ports.store.stateDir,
      name: settings.name,
      runId,
      version: request.version,
      redactor,
      now,
      planned,
      beforeMetaRename: pause('during-meta-write')
    })
  } catch (error) {
    // No trace can be written (a link or a file where a folder should be): the run ends
    // before it starts, and its receipt says so rather than staying `running`.
    await ports.store.write({ ...sealed, status: receiptStatusFor('aborted', false), ended_at: timestamp(now()) })
    throw new UsageError(`state-dir: cannot create the trace folder: ${describeError(error)}`)
  }
  await writeRunRecord(session.dir, settings, redactor, ports.seal, pause('during-run-record-write'))
  await pause('before-start')()
  const uncaptured = capture.uncapturedRunId
  session.event('start', {
    version: request.version,
    run_id: runId,
    target: request.target,
    scope: settings.scope,
    ...(uncaptured !== undefined && { uncaptured_failure: uncaptured }),
    ...(request.ci && { ci: request.ci })
  })
  // The script as written, as a list of one (docs/design.md §2).
  session.event('decision', { question: 'what to run', decision: [settings.script], expected: describeExpectations(settings.expectations) })
  if (uncaptured !== undefined) session.event('note', uncapturedNote(uncaptured))
  await pause('after-opening')()
  return { session, receipt }
}

/** Closes a run the guardrail refused: a note naming the rule, `end` aborted, an aborted receipt. */
async function refuse(
  request: RunRequest,
  ports: RunPorts,
  run: { session: TraceSession; receipt: Receipt; identity: CommandIdentity; capture: CaptureState; hit: GuardrailHit }
): Promise<RefusedRun> {
  const { session, hit } = run
  const endedAt = timestamp(ports.clock.now())
  session.event('note', refusalTraceNote(refusalNote(hit), hit.rule))
  const summary = `refused by the guardrail (${hit.rule})`
  await session.end({ outcome: 'aborted', summary }, { ended_at: endedAt, flaky: false, summary })
  const receipt = receiptOnDisk(
    { ...run.receipt, status: receiptStatusFor('aborted', false), ended_at: endedAt },
    request.redactor,
    ports.seal
  )
  await ports.store.write(receipt)
  const reportPath = request.deferReports ? undefined : await writeRunReports(receipt, request, ports)
  const guardrail = { rule: hit.rule, excerpt: request.redactor.redact(hit.excerpt) }
  return {
    kind: 'refused',
    identity: run.identity,
    runId: receipt.run_id,
    session: sessionRef(session),
    guardrail,
    note: refusalNote(guardrail),
    capture: run.capture,
    receipt,
    ...(reportPath !== undefined && { reportPath })
  }
}

/** The verify loop's view of the ports, with the quarantine and the history's known tests. */
function loopEnvironment(
  request: RunRequest,
  ports: RunPorts,
  runId: string,
  { quarantine, known }: { quarantine: RunQuarantine | undefined; known: KnownTests | undefined }
): LoopEnvironment {
  return {
    processes: ports.processes,
    console: ports.console,
    log: ports.log,
    clock: ports.clock,
    redactor: request.redactor,
    env: commandEnvironment(request.env, runId),
    signal: request.signal,
    killGraceMs: request.killGraceMs ?? 2000,
    interruptReason: request.interruptReason,
    ...(quarantine !== undefined && { quarantine: quarantine.context }),
    ...(known !== undefined && { known })
  }
}

/** Continues an interrupted run in its own receipt and session (docs/design.md §6). */
async function continueRun(
  request: RunRequest,
  ports: RunPorts,
  plan: ResumePlan,
  run: { identity: CommandIdentity; capture: CaptureState; quarantine: RunQuarantine | undefined; known: KnownTests | undefined }
): Promise<RunReport> {
  const { identity, capture, quarantine, known } = run
  const now = () => ports.clock.now()
  await sweepRunTemps(ports.store.stateDir, plan.receipt.run_id, plan.sessionDir)
  const session = await TraceSession.reopen(plan.sessionDir, plan.meta, request.redactor, now)
  const previousOwner = `${plan.receipt.host}:${plan.receipt.pid}`
  const owned: Receipt = { ...plan.receipt, host: ports.owner.host, pid: ports.owner.pid, ...(request.ci && { ci: request.ci }) }
  // The new owner seals it again: its pid and host are part of what the seal covers.
  const receipt = receiptOnDisk(owned, request.redactor, ports.seal)
  await ports.store.write(receipt)
  ports.log({ kind: 'run-created', runId: receipt.run_id, sessionDir: session.dir })
  const note = `resumed run ${receipt.run_id} (its process ${previousOwner} is gone): ${plan.summary}`
  session.event('note', resumedNote(note))
  ports.log({ kind: 'resumed', runId: receipt.run_id, note })
  for (const event of plan.pending) {
    if (event.phase === 'tool_result') session.event('tool_result', event.payload)
    else session.event('verify', event.payload)
  }
  noteExpiries(session, quarantine)
  const loop = await runVerifyLoop(request.settings, session, loopEnvironment(request, ports, receipt.run_id, { quarantine, known }), {
    previous: plan.previous,
    ...(plan.replay !== undefined && { replay: plan.replay, replayTests: plan.replayTests }),
    ...(plan.retryDecided !== undefined && { retryDecided: plan.retryDecided }),
    ...(plan.rerun !== undefined && { rerun: plan.rerun }),
    ...(plan.repeats !== undefined && { repeats: plan.repeats })
  }).catch(fullDisk(ports, 'during'))
  const report = await closeRun(request, ports, { session, receipt, loop, identity, capture, quarantine })
  return { ...report, resumed: { replayed: plan.replayed, summary: plan.summary } }
}

/** Writes the end of the trace, meta.json and the final receipt; applies retention. */
async function closeRun(
  request: RunRequest,
  ports: RunPorts,
  run: {
    session: TraceSession
    receipt: Receipt
    loop: LoopResult
    identity: CommandIdentity
    capture: CaptureState
    quarantine: RunQuarantine | undefined
  }
): Promise<CompletedRun> {
  const { session, loop } = run
  const interruptReason = loop.interrupted ? request.interruptReason?.() : undefined
  if (loop.interrupted) {
    session.event(
      'note',
      interruptedNote(`interrupted${interruptReason ? ` by ${interruptReason}` : ''}; the run was stopped and its processes killed`)
    )
  }
  const endedAt = timestamp(ports.clock.now())
  await session
    .end(
      { outcome: loop.outcome, summary: loop.summary, ...(loop.flaky && { flaky: true as const }) },
      // The counts come from the trace itself (TraceSession.end).
      { ended_at: endedAt, flaky: loop.flaky, summary: loop.summary }
    )
    .catch(fullDisk(ports, loop.outcome))
  const last = loop.attempts[loop.attempts.length - 1]
  const firstFailure = loop.flaky ? loop.attempts.find(attempt => !attempt.verified && !attempt.interrupted) : undefined
  const tests = runTests(loop.attempts)
  const receipt: Receipt = {
    ...run.receipt,
    status: receiptStatusFor(loop.outcome, loop.interrupted),
    flaky: loop.flaky,
    ended_at: endedAt,
    attempts: session.metadata.attempts,
    commands: (last?.commands ?? []).map(commandRecord),
    ...(tests !== undefined && { tests: receiptTests(tests) }),
    ...receiptPolicy(loop),
    ...(loop.newTests !== undefined && { new_tests: receiptNewTests(loop.newTests) })
  }
  const written = receiptOnDisk(receipt, request.redactor, ports.seal)
  await ports.pause?.('after-trace-end')
  await ports.store.write(written).catch(fullDisk(ports, loop.outcome))
  // The attempts the front ends show: those that ran, and the last (one a crash cut off spent nothing).
  const shown = loop.attempts.filter((attempt, index) => !attempt.interrupted || index === loop.attempts.length - 1)
  const quarantine = quarantineFacts(run.quarantine, loop)
  const pruned = await ports.store.prune(request.target, request.settings.scope, run.identity.hash, request.settings.keepReceipts)
  const rates = await runRates(ports.store, written)
  const reportPath = request.deferReports ? undefined : await writeRunReports(written, request, ports)
  return {
    kind: 'completed',
    identity: run.identity,
    runId: receipt.run_id,
    session: sessionRef(session),
    outcome: loop.outcome,
    flaky: loop.flaky,
    interrupted: loop.interrupted,
    ...(interruptReason !== undefined && { interruptReason }),
    attempts: shown,
    maxAttempts: loop.maxAttempts,
    exitCode: loop.exitCode,
    summary: loop.summary,
    excerpt: loop.outcome === 'success' || last === undefined ? '' : attemptExcerpt(last),
    ...(firstFailure !== undefined && { firstFailure: { attempt: firstFailure.attempt, excerpt: attemptExcerpt(firstFailure) } }),
    capture: run.capture,
    receipt: written,
    ...(tests !== undefined && { tests }),
    pruned,
    ...(reportPath !== undefined && { reportPath }),
    ...(quarantine !== undefined && { quarantine }),
    ...(loop.gate !== undefined && { gate: loop.gate }),
    ...(rates !== undefined && { rates }),
    ...(loop.newTests !== undefined && { newTests: loop.newTests })
  }
}

/** Rethrows a full disk while the command runs, or after it was judged, as one line (disk-full.ts). */
/** The run's trace directory as its report names it, with where its report.html goes. */
function sessionRef(session: { id: string; dir: string }): SessionRef {
  return { id: session.id, dir: session.dir, reportFile: join(session.dir, REPORT_FILE) }
}

function fullDisk(ports: RunPorts, stage: DiskFullStage): (error: unknown) => never {
  return error => {
    throw stateDirFull(error, ports.store.stateDir, stage)
  }
}

/** A receipt as it is written: redacted, then sealed over what is on disk (run-seal.ts). */
function receiptOnDisk(receipt: Receipt, redactor: Redactor, seal: RunSeal | undefined): Receipt {
  return sealReceipt(redactedReceipt(receipt, redactor), seal)
}

/**
 * The identity as a receipt may show it. Normalization can re-quote a secret into a form
 * the redactor does not know (`'it'\''s'`), so each command is redacted before it is
 * normalized, and after. The hash stays the one of the commands as written.
 */
function shownIdentity(script: string, redactor: Redactor): string[] {
  return identityLines(script).map(line => redactor.redact(normalizeCommand(redactor.redact(line))))
}
