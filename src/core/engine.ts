/**
 * The verify loop (docs/design.md §1): attempt after attempt until one is verified, the attempts run
 * out, a failure is not retryable, or the run is interrupted — every step written to the
 * session's trace (docs/design.md §2).
 */
import { runAttempt, type AttemptEnvironment, type AttemptResult } from './attempt.js'
import { runOnRetry } from './on-retry.js'
import { describeWait, retryDelayMs, retryRefusal } from './retry-policy.js'
import type { Clock } from './clock.js'
import type { RunSettings } from './settings.js'
import { INTERRUPTED_EXIT } from './process-runner.js'
import { commandRecord, type Outcome } from './session/events.js'
import type { TraceSession } from './session/writer.js'
import { recordTestResults } from './test-results/record.js'

/** The engine's side effects beyond one attempt's. */
export interface EngineEnvironment extends AttemptEnvironment {
  clock: Clock
  /** The reason of an interrupt, once there is one (e.g. "SIGINT"). */
  interruptReason?: () => string | undefined
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
}

/** The failing part of an attempt, in one line. */
function failureReason(attempt: AttemptResult): string {
  if (attempt.interrupted) return 'interrupted'
  const failed = attempt.checks.filter(check => !check.ok).map(check => check.detail)
  return failed.length > 0 ? failed.join('; ') : 'not verified'
}

/** Options for a loop that continues an earlier, interrupted one. */
export interface LoopStart {
  /** Attempts already used (their results are not re-run). */
  previous?: AttemptResult[]
}

/** Runs the attempts of a verify, writing tool_call / tool_result / verify / note events. */
export async function runVerifyLoop(
  settings: RunSettings,
  session: TraceSession,
  env: EngineEnvironment,
  start: LoopStart = {}
): Promise<LoopResult> {
  const maxAttempts = 1 + settings.maxRetries
  const attempts: AttemptResult[] = [...(start.previous ?? [])]
  let interrupted = false
  let stop = attempts.some(attempt => attempt.verified)
  const resumedFrom = attempts[attempts.length - 1]
  if (!stop && resumedFrom !== undefined && !resumedFrom.interrupted && attempts.length < maxAttempts) {
    // A resumed run obeys retry-on and retry-on-* for the attempt it replayed, as if it had just run.
    const refusal = retryRefusal(settings, resumedFrom)
    if (refusal !== undefined) {
      session.event('note', { message: `${failureReason(resumedFrom)}; ${refusal}` })
      stop = true
    }
  }

  while (!stop && attempts.length < maxAttempts) {
    const number = attempts.length + 1
    if (env.signal?.aborted) {
      interrupted = true
      break
    }
    env.log({ kind: 'attempt-started', attempt: number, maxAttempts })
    session.event('tool_call', { attempt: number, commands: settings.commands })
    const startedMs = Date.now()
    const attempt = await runAttempt(settings, number, session.attemptLogPath(number), env)
    attempts.push(attempt)
    recordAttempt(session, attempt)
    await recordTestResults(settings, attempt, startedMs, attempts.slice(0, -1), session, env.log)
    session.update({ attempts: attempts.length, errors: attempts.filter(a => !a.verified).length })
    if (attempt.verified) break
    if (attempt.interrupted || env.signal?.aborted) {
      interrupted = true
      break
    }
    if (number === maxAttempts) break
    const refusal = retryRefusal(settings, attempt)
    if (refusal !== undefined) {
      const message = `${failureReason(attempt)}; ${refusal}`
      session.event('note', { message })
      env.log({ kind: 'attempt-failed', attempt: number, retry: false, note: message })
      break
    }
    const wait = retryDelayMs(settings, number, () => env.clock.random())
    const message = `${failureReason(attempt)}; retrying${wait > 0 ? ` in ${describeWait(wait)}` : ''} (attempt ${number + 1}/${maxAttempts})`
    session.event('note', { message })
    env.log({ kind: 'attempt-failed', attempt: number, retry: true, note: message })
    await env.clock.sleep(wait, env.signal)
    if (settings.onRetry !== undefined && !env.signal?.aborted) {
      // A failing hook is a warning: the retries it prepares for go on regardless.
      const hook = await runOnRetry(settings.onRetry, settings, env)
      session.event('note', { message: hook.note })
      if (!hook.ok && !hook.interrupted) env.log({ kind: 'on-retry-failed', attempt: number, exitCode: hook.exitCode, note: hook.note })
    }
  }

  const verifiedAt = attempts.findIndex(attempt => attempt.verified)
  const last = attempts[attempts.length - 1]
  const outcome: Outcome = verifiedAt >= 0 ? 'success' : interrupted ? 'aborted' : 'failure'
  const flaky = verifiedAt > 0
  let summary: string
  if (outcome === 'success') {
    summary = flaky ? `verified on attempt ${verifiedAt + 1}/${maxAttempts} (flaky)` : `verified on attempt 1/${maxAttempts}`
  } else if (outcome === 'aborted') {
    summary = `interrupted${env.interruptReason?.() ? ` by ${env.interruptReason()}` : ''} after ${attempts.length} attempt(s)`
  } else {
    summary = `not verified after ${attempts.length}/${maxAttempts} attempt(s): ${last ? failureReason(last) : 'no attempt ran'}`
  }
  return {
    outcome,
    flaky,
    interrupted,
    attempts,
    maxAttempts,
    exitCode: interrupted ? INTERRUPTED_EXIT : (last?.exitCode ?? 0),
    summary
  }
}

/** The tool_result and verify events of one attempt. */
function recordAttempt(session: TraceSession, attempt: AttemptResult): void {
  session.event('tool_result', {
    attempt: attempt.attempt,
    ok: attempt.exitCode === 0 && !attempt.interrupted,
    exit: attempt.exitCode,
    ...(attempt.signal !== null && { signal: attempt.signal }),
    ...(attempt.timedOut && { timed_out: true as const }),
    ...(attempt.interrupted && { interrupted: true as const }),
    duration_ms: attempt.durationMs,
    summary: attempt.summary,
    commands: attempt.commands.map(commandRecord),
    // What a resumed run needs to judge this attempt without running it again.
    ...(attempt.stdoutMatched !== undefined && { stdout_matched: attempt.stdoutMatched }),
    ...(attempt.outputMatched && { output_matched: true as const })
  })
  session.event('verify', {
    attempt: attempt.attempt,
    ok: attempt.verified,
    check: attempt.checks.map(check => ({ expectation: check.expectation, ok: check.ok, detail: check.detail })),
    detail: attempt.verified ? 'every expectation held' : failureReason(attempt)
  })
}
