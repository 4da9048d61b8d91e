/**
 * How a verify loop ended (docs/design.md §1 "Outcomes and flaky"): the outcome, whether the
 * pass was flaky, the gates over a flaky pass and the summary line — read from the attempts
 * as shown, once the loop has stopped.
 */
import type { RunSettings } from '../inputs/settings.js'
import { INTERRUPTED_EXIT } from '../base/errors.js'
import type { QuarantinedFailure } from './quarantine-policy.js'
import type { Outcome } from '../session/events.js'
import { gateNote } from '../session/notes.js'
import type { TraceSession } from '../session/writer.js'
import { runnerFlakyOf, runTests } from '../test-results/run-tests.js'
import {
  describeExcused,
  excuseOf,
  expiredFailures,
  flakyGate,
  unexcusedReason,
  type GateVerdict,
  type QuarantineContext
} from './quarantine-step.js'
import type { AttemptResult } from '../attempt/result.js'
import type { NewTestDetection } from '../attempt/new-tests.js'
import { failureReason } from './verdict.js'

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
  /** What early flake detection did (repeat-step.ts), when `new-test-repeats` is on. */
  newTests?: NewTestDetection
}

/** What the loop hands over when it stops. */
export interface LoopEnding {
  attempts: AttemptResult[]
  interrupted: boolean
  /** The reason of an interrupt, once there is one (e.g. "SIGINT"). */
  interruptReason?: () => string | undefined
  quarantine?: QuarantineContext
}

/** The loop's result; a gate that refuses a flaky pass writes its note. */
export function concludeLoop(settings: RunSettings, session: TraceSession, ending: LoopEnding): LoopResult {
  const { attempts, interrupted, quarantine } = ending
  const maxAttempts = 1 + settings.maxRetries
  const used = attempts.filter(attempt => !attempt.interrupted).length
  const verifiedAt = attempts.findIndex(attempt => attempt.verified)
  const last = attempts[attempts.length - 1]
  let outcome: Outcome = verifiedAt >= 0 ? 'success' : interrupted ? 'aborted' : 'failure'
  const quarantined = excuseOf(attempts[verifiedAt], quarantine)
  const flakyTests = runTests(attempts)?.flaky ?? []
  // Flaky when a real attempt failed before the pass; one a crash cut off does not count.
  // A pass excused by quarantine is flaky only when some test did recover on the way. A
  // test the runner itself failed and then passed makes the pass flaky even on attempt 1
  // (docs/design.md §1 "Runner-level retries").
  const before = attempts.slice(0, Math.max(0, verifiedAt))
  const runnerFlaky = runnerFlakyOf(attempts.slice(0, verifiedAt + 1)).length > 0
  const flaky = (before.some(attempt => !attempt.interrupted) && (quarantined === undefined || flakyTests.length > 0)) || runnerFlaky
  let summary: string
  let gate: GateVerdict | undefined
  if (outcome === 'success') {
    const position = before.filter(attempt => !attempt.interrupted).length + 1
    summary =
      quarantined === undefined
        ? `verified on attempt ${position}/${maxAttempts}${flaky ? ' (flaky)' : ''}`
        : `passed on attempt ${position}/${maxAttempts}${flaky ? ' (flaky)' : ''}: ${describeExcused(quarantined)}`
    gate = flaky ? flakyGate(settings, flakyTests, quarantine) : undefined
    if (gate !== undefined) {
      outcome = 'failure'
      summary = gate.message
      session.event('note', gateNote(gate.message, gate.gate, gate.tests))
    }
  } else if (outcome === 'aborted') {
    const reason = ending.interruptReason?.()
    summary = `interrupted${reason ? ` by ${reason}` : ''} after ${attempts.length} attempt(s)`
  } else {
    const expired = expiredFailures(last, quarantine).map(({ test, entry }) => `${test.name} (by ${entry.owner}, expired ${entry.expires})`)
    const lapsed = expired.length > 0 ? `; the quarantine of ${expired.join('; ')} no longer applies` : ''
    const unexcused = unexcusedReason(last, quarantine)
    summary = `not verified after ${used}/${maxAttempts} attempt(s): ${last ? failureReason(last) : 'no attempt ran'}${lapsed}${unexcused === undefined ? '' : `; ${unexcused}`}`
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
