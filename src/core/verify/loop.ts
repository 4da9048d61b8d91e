/**
 * The verify loop (docs/design.md §1): attempt after attempt until one is verified, the attempts run
 * out, a failure is not retryable, or the run is interrupted — every step written to the
 * session's trace (docs/design.md §2).
 */
import { runAttempt, type AttemptEnvironment, type AttemptResult, type ScriptResult } from './attempt.js'
import { checkState, judgeRecord } from './judge.js'
import { runOnRetry } from './on-retry.js'
import { describeWait, retryDelayMs, retryRefusal } from './retry-policy.js'
import type { Clock } from '../base/clock.js'
import type { RunSettings } from '../inputs/settings.js'
import { INTERRUPTED_EXIT, type CommandResult } from '../process/process-runner.js'
import { commandRecord, type Outcome, type Payloads } from '../session/events.js'
import { attemptLogName } from '../session/layout.js'
import type { TraceSession } from '../session/writer.js'
import { processGroupNote } from '../process/crashed-groups.js'
import { gateNote, hookNote, logIncompleteNote, rerunNote, retryDecisionNote } from '../session/notes.js'
import { recordTestResults } from '../test-results/record.js'
import { judgeRerun, nextAttempt, type PlannedRerun } from './rerun-step.js'
import type { QuarantinedFailure } from './quarantine-policy.js'
import { runTests } from '../test-results/run-tests.js'
import {
  describeExcused,
  excuseOf,
  excuseQuarantined,
  expiredFailures,
  flakyGate,
  quarantineRecords,
  unexcusedReason,
  type GateVerdict,
  type QuarantineContext
} from './quarantine-step.js'

/** The verify loop's side effects beyond one attempt's. */
export interface LoopEnvironment extends AttemptEnvironment {
  clock: Clock
  /** The reason of an interrupt, once there is one (e.g. "SIGINT"). */
  interruptReason?: () => string | undefined
  /** The quarantine file's entries and today, when the file has any (quarantine-step.ts). */
  quarantine?: QuarantineContext
}

/** How a verify loop ended. */
export interface LoopResult {
  outcome: Outcome
  flaky: boolean
  interrupted: boolean
  attempts: AttemptResult[]
  maxAttempts: number
  /** The exit code of the last attempt (130 when interrupted before any). */
  exitCode: number
  summary: string
  /** A success because every failure of the deciding attempt is quarantined: those tests and their entries. */
  quarantined?: QuarantinedFailure[]
  /** A flaky pass a gate turned into a failure. */
  gate?: GateVerdict
}

/** The failing part of an attempt, in one line. */
function failureReason(attempt: AttemptResult): string {
  if (attempt.interrupted) return 'interrupted'
  const failed = [
    ...attempt.checks.filter(check => !check.ok).map(check => check.detail),
    ...(attempt.unexcused === undefined ? [] : [attempt.unexcused])
  ]
  return failed.length > 0 ? failed.join('; ') : 'not verified'
}

/** Options for a loop that continues an earlier, interrupted one. */
export interface LoopStart {
  /** Attempts already used (their results are not re-run). */
  previous?: AttemptResult[]
  /** The last attempt's recorded result, still to be judged (docs/design.md §6): it is not run again. */
  replay?: ScriptResult
  /** What the trace's note after the last previous attempt said: retry (true), stop (false), or nothing yet. */
  retryDecided?: boolean
  /** The rerun an interrupted last attempt was making: the next attempt makes it again. */
  rerun?: PlannedRerun
}

/** Runs the attempts of a verify, writing tool_call / tool_result / verify / note events. */
export async function runVerifyLoop(
  settings: RunSettings,
  session: TraceSession,
  env: LoopEnvironment,
  start: LoopStart = {}
): Promise<LoopResult> {
  const maxAttempts = 1 + settings.maxRetries
  const attempts: AttemptResult[] = [...(start.previous ?? [])]
  // An interrupted attempt spends none of the budget (docs/design.md §6).
  const used = () => attempts.filter(attempt => !attempt.interrupted).length
  let interrupted = false
  // What the next attempt reruns, when only the failed tests are rerun.
  let rerun: PlannedRerun | undefined = start.rerun

  /** After a failed attempt: the note saying why and whether to retry, the wait and on-retry. False to stop. */
  const prepareRetry = async (attempt: AttemptResult): Promise<boolean> => {
    if (used() >= maxAttempts) return false
    const refusal = retryRefusal(settings, attempt)
    if (refusal !== undefined) {
      const message = `${failureReason(attempt)}; ${refusal}`
      session.event('note', retryDecisionNote(attempt.attempt, false, message))
      env.log({ kind: 'attempt-failed', attempt: used(), retry: false, note: message })
      return false
    }
    const wait = retryDelayMs(settings, used(), () => env.clock.random())
    const next = nextAttempt(settings, attempt)
    rerun = next?.rerun
    const what = next === undefined ? '' : `: ${next.note}`
    const message = `${failureReason(attempt)}; retrying${wait > 0 ? ` in ${describeWait(wait)}` : ''} (attempt ${used() + 1}/${maxAttempts})${what}`
    if (next !== undefined) session.event('note', rerunNote(attempt.attempt, next.note))
    session.event('note', retryDecisionNote(attempt.attempt, true, message))
    env.log({ kind: 'attempt-failed', attempt: used(), retry: true, note: message })
    await env.clock.sleep(wait, env.signal)
    if (settings.onRetry !== undefined && !env.signal?.aborted) {
      // A failing hook is a warning: the retries it prepares for go on regardless.
      const hook = await runOnRetry(settings.onRetry, settings, recordingGroups(env, session, `on-retry after attempt ${attempt.attempt}`))
      session.event('note', hookNote(hook.note))
      if (!hook.ok && !hook.interrupted) env.log({ kind: 'on-retry-failed', attempt: used(), exitCode: hook.exitCode, note: hook.note })
    }
    return true
  }

  /** Whether a failed attempt is followed by a rerun of just its failed tests. */
  const rerunsNext = (attempt: AttemptResult): boolean =>
    used() < maxAttempts && retryRefusal(settings, attempt) === undefined && nextAttempt(settings, attempt)?.rerun !== undefined

  if (start.replay !== undefined) {
    // Recorded before the crash, judged now: expect-exit/-stdout from the record, file and check again.
    const replayed = await judgeRecorded(settings, start.replay, session.attemptCheckLogPath(start.replay.attempt), env)
    attempts.push(replayed)
    recordVerdict(session, replayed, { replayed: true })
  }
  let stop = attempts.some(attempt => attempt.verified)
  const resumedFrom = attempts[attempts.length - 1]
  if (!stop && resumedFrom !== undefined && !resumedFrom.interrupted) {
    // A resumed run goes on as if the attempt had just run: the retry filters, the note, the wait.
    if (start.replay === undefined && start.retryDecided === false) stop = true
    else if (start.replay !== undefined || start.retryDecided === undefined) stop = !(await prepareRetry(resumedFrom))
  }

  while (!stop && used() < maxAttempts) {
    const number = attempts.length + 1
    if (env.signal?.aborted) {
      interrupted = true
      break
    }
    env.log({ kind: 'attempt-started', attempt: used() + 1, maxAttempts })
    const planned = rerun
    const script = planned?.command ?? settings.script
    const shownRerun = planned && { tests: planned.targets.map(target => target.name), command: planned.command }
    session.event('tool_call', { attempt: number, commands: [script], ...(shownRerun !== undefined && { rerun: shownRerun }) })
    const startedMs = Date.now()
    const attempt = await runAttempt(
      { ...settings, script },
      number,
      session.attemptLogPath(number),
      recordingGroups(env, session, `attempt ${number}`),
      {
        checkLogPath: session.attemptCheckLogPath(number),
        onScriptEnded: result => recordResult(session, result)
      }
    )
    attempts.push(attempt)
    if (planned !== undefined || env.quarantine !== undefined) {
      if (planned !== undefined) attempt.rerun = shownRerun
      // A rerun (and a quarantine) judges by the results too, so they are read before the verdict is written.
      await recordTestResults(settings, attempt, startedMs, attempts.slice(0, -1), session, env.log, env.signal)
      if (planned !== undefined) judgeRerun(attempt, planned)
      excuseQuarantined(attempt, env.quarantine, () => rerunsNext(attempt))
      recordVerdict(session, attempt, { quarantine: env.quarantine })
    } else {
      recordVerdict(session, attempt)
      await recordTestResults(settings, attempt, startedMs, attempts.slice(0, -1), session, env.log, env.signal)
    }
    if (attempt.logDiskFullAt !== undefined) noteFullLog(session, env, attempt.attempt, attempt.logDiskFullAt)
    if (attempt.verified) break
    if (attempt.interrupted || env.signal?.aborted) {
      interrupted = true
      break
    }
    if (!(await prepareRetry(attempt))) break
  }

  const verifiedAt = attempts.findIndex(attempt => attempt.verified)
  const last = attempts[attempts.length - 1]
  let outcome: Outcome = verifiedAt >= 0 ? 'success' : interrupted ? 'aborted' : 'failure'
  const quarantined = excuseOf(attempts[verifiedAt], env.quarantine)
  const flakyTests = runTests(attempts)?.flaky ?? []
  // Flaky only when a real attempt failed before the pass; one a crash cut off does not count.
  // A pass excused by quarantine is flaky only when some test did recover on the way.
  const before = attempts.slice(0, Math.max(0, verifiedAt))
  const flaky = before.some(attempt => !attempt.interrupted) && (quarantined === undefined || flakyTests.length > 0)
  let summary: string
  let gate: GateVerdict | undefined
  if (outcome === 'success') {
    const position = before.filter(attempt => !attempt.interrupted).length + 1
    summary =
      quarantined === undefined
        ? `verified on attempt ${position}/${maxAttempts}${flaky ? ' (flaky)' : ''}`
        : `passed on attempt ${position}/${maxAttempts}${flaky ? ' (flaky)' : ''}: ${describeExcused(quarantined)}`
    gate = flaky ? flakyGate(settings, flakyTests, env.quarantine) : undefined
    if (gate !== undefined) {
      outcome = 'failure'
      summary = gate.message
      session.event('note', gateNote(gate.message, gate.gate, gate.tests))
    }
  } else if (outcome === 'aborted') {
    summary = `interrupted${env.interruptReason?.() ? ` by ${env.interruptReason()}` : ''} after ${attempts.length} attempt(s)`
  } else {
    const expired = expiredFailures(last, env.quarantine).map(
      ({ test, entry }) => `${test.name} (by ${entry.owner}, expired ${entry.expires})`
    )
    const lapsed = expired.length > 0 ? `; the quarantine of ${expired.join('; ')} no longer applies` : ''
    const unexcused = unexcusedReason(last, env.quarantine)
    summary = `not verified after ${used()}/${maxAttempts} attempt(s): ${last ? failureReason(last) : 'no attempt ran'}${lapsed}${unexcused === undefined ? '' : `; ${unexcused}`}`
  }
  return {
    outcome,
    flaky,
    interrupted,
    attempts,
    maxAttempts,
    exitCode: interrupted ? INTERRUPTED_EXIT : gate !== undefined ? 1 : (last?.exitCode ?? 0),
    summary,
    ...(outcome === 'success' && quarantined !== undefined && { quarantined }),
    ...(gate !== undefined && { gate })
  }
}

/** Judges a recorded attempt whose verification a crash cut off (docs/design.md §6). */
async function judgeRecorded(
  settings: RunSettings,
  recorded: ScriptResult,
  checkLogPath: string,
  env: LoopEnvironment
): Promise<AttemptResult> {
  const fromRecord = judgeRecord(settings, recorded, env.redactor) ?? []
  const state = await checkState(settings, checkLogPath, env)
  const checks = [...fromRecord, ...state.checks]
  return {
    ...recorded,
    checks,
    verified: checks.length > 0 && checks.every(check => check.ok),
    ...(state.checkSummary !== undefined && { checkSummary: state.checkSummary }),
    logBytesDropped: 0
  }
}

/**
 * The environment with each command's process group written to the trace as it starts, so
 * a crash leaves it findable (docs/design.md §6). Not synced: a killed reverify leaves the
 * line in the kernel's cache, and a machine that went down left no process to find.
 */
function recordingGroups(env: LoopEnvironment, session: TraceSession, during: string): LoopEnvironment {
  return {
    ...env,
    log: progress => {
      if (progress.kind === 'process-started' && progress.started !== undefined) {
        session.event('note', processGroupNote(during, { pgid: progress.pgid, started: progress.started }), { sync: false })
      }
      env.log(progress)
    }
  }
}

/** The log of an attempt stopped by a full disk: a note, and a warning; the verdict stands (docs/design.md §2). */
function noteFullLog(session: TraceSession, env: LoopEnvironment, attempt: number, kept: number): void {
  const message = `attempt ${attempt}: no space left on device for ${attemptLogName(attempt)}; it keeps the first ${kept} bytes of the output`
  session.event('note', logIncompleteNote(message))
  env.log({ kind: 'log-incomplete', attempt, note: message })
}

/** The tool_result of an attempt, written the moment its script ends. */
function recordResult(session: TraceSession, attempt: ScriptResult): void {
  session.event('tool_result', {
    attempt: attempt.attempt,
    ok: attempt.exitCode === 0 && !attempt.interrupted,
    exit: attempt.exitCode,
    ...(attempt.signal !== null && { signal: attempt.signal }),
    ...(attempt.timedOut && { timed_out: true as const }),
    ...(attempt.interrupted && { interrupted: true as const }),
    duration_ms: attempt.durationMs,
    started_at: attempt.startedAt,
    ended_at: attempt.endedAt,
    summary: attempt.summary,
    ...(attempt.failures !== undefined && attempt.failures.length > 0 && { failures: attempt.failures }),
    // What the runner said beyond its results: a resumed run decides a rerun or an excuse by it too.
    ...(attempt.runnerReport !== undefined && {
      runner_report: {
        outside: attempt.runnerReport.outside,
        outside_count: attempt.runnerReport.outsideCount,
        ...(attempt.runnerReport.failedTests !== undefined && { failed_tests: attempt.runnerReport.failedTests })
      }
    }),
    commands: attempt.commands.map(commandRecord),
    // What a resumed run needs to judge this attempt without running it again.
    ...(attempt.stdoutMatched !== undefined && { stdout_matched: attempt.stdoutMatched }),
    ...(attempt.forbiddenLine !== undefined && { forbidden_line: attempt.forbiddenLine }),
    ...(attempt.outputMatched && { output_matched: true as const }),
    ...endingRecord(attempt.commands[0])
  })
}

/** How the script ended beyond its exit: a timeout's limit, how it was stopped, the line -e stopped it at (docs/design.md §5). */
function endingRecord(result: CommandResult | undefined): Partial<Payloads['tool_result']> {
  if (result === undefined) return {}
  const { timeoutMs, stopped, failedLine } = result
  return {
    ...(timeoutMs !== undefined && { timeout_ms: timeoutMs }),
    ...(stopped !== undefined && {
      stopped: {
        grace_ms: stopped.graceMs,
        sigkill: stopped.killed,
        ...(stopped.ignoredTerm !== undefined && { ignored_sigterm: stopped.ignoredTerm })
      }
    }),
    ...(failedLine !== undefined && { failed_line: failedLine })
  }
}

/** The verify event of an attempt; with a quarantine, its failed tests that have an entry and what the entry says. */
function recordVerdict(
  session: TraceSession,
  attempt: AttemptResult,
  { replayed = false, quarantine }: { replayed?: boolean; quarantine?: QuarantineContext } = {}
): void {
  const excused = attempt.quarantined
  const records = quarantineRecords(attempt, quarantine)
  const unexcused = unexcusedReason(attempt, quarantine)
  const failed = unexcused === undefined ? failureReason(attempt) : `${failureReason(attempt)}; ${unexcused}`
  const detail = excused !== undefined ? describeExcused(excused) : attempt.verified ? 'every expectation held' : failed
  session.event('verify', {
    attempt: attempt.attempt,
    ok: attempt.verified,
    ...(excused !== undefined && { quarantined: excused.map(({ test }) => test.name) }),
    ...(records !== undefined && { quarantine: records }),
    check: attempt.checks.map(check => ({ expectation: check.expectation, ok: check.ok, detail: check.detail })),
    detail: replayed ? `${detail} (replayed from the recorded result)` : detail,
    ...(replayed && { replayed: true as const }),
    ...(attempt.checkSummary !== undefined && { check_summary: attempt.checkSummary })
  })
}
