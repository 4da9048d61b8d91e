/**
 * What a verify run came to (docs/design.md §1): one of three reports, each holding facts
 * only. The CLI and the action word them (console summary, annotations, job summary, exit
 * code); nothing here is text for a person except what the trace itself records.
 */
import type { AttemptResult } from '../attempt/result.js'
import type { CaptureMode } from '../capture/config-file.js'
import type { GuardrailHit } from '../guardrail/index.js'
import type { CommandIdentity } from '../receipts/identity.js'
import type { Receipt } from '../receipts/receipt.js'
import type { Outcome } from '../session/events.js'
import type { RunTests } from '../test-results/run-tests.js'
import type { TestRate } from '../test-results/test-rates.js'
import type { NewTestDetection } from '../attempt/new-tests.js'
import type { QuarantineEntry } from '../quarantine/file.js'
import type { QuarantinedFailure } from '../verify/quarantine-policy.js'
import type { GateVerdict } from '../verify/quarantine-step.js'

/** Where a run's trace lives. */
export interface SessionRef {
  id: string
  dir: string
  /** Where its report.html goes: written as the run closes, or later by a front end that deferred it (`deferReports`). */
  reportFile: string
}

/** capture-before-retry as it applied to this run. */
export interface CaptureState {
  mode: CaptureMode
  /** The failed run nobody captured, when this run went ahead after one (`warn`). */
  uncapturedRunId?: string
}

/** capture-before-retry `block`: nothing was created, nothing ran. */
export interface BlockedRun {
  kind: 'blocked'
  identity: CommandIdentity
  /** The failed, uncaptured run that blocks this one. */
  failedRunId: string
}

/** The guardrail refused a command: the session says so, nothing ran. */
export interface RefusedRun {
  kind: 'refused'
  identity: CommandIdentity
  runId: string
  session: SessionRef
  guardrail: GuardrailHit
  /** The refusal in the core's words (run/settings-check.ts), which the trace holds too. */
  note: string
  capture: CaptureState
  receipt: Receipt
  /** Where report.html was written (absent when it could not be). */
  reportPath?: string
}

/** The verify loop ran (and possibly was interrupted). */
export interface CompletedRun {
  kind: 'completed'
  identity: CommandIdentity
  runId: string
  session: SessionRef
  outcome: Outcome
  flaky: boolean
  /** Stopped by an interrupt (outcome `aborted`); `interruptReason` says which, when known. */
  interrupted: boolean
  interruptReason?: string
  attempts: AttemptResult[]
  maxAttempts: number
  /** The last attempt's exit code (130 when interrupted before any attempt ended). */
  exitCode: number
  /** The one-line summary the trace's `end` event holds. */
  summary: string
  /** The reviewer excerpt (output/excerpt.ts) of the last attempt's output (empty on success). */
  excerpt: string
  /** A flaky pass only: the first attempt that was not verified, and its reviewer excerpt. */
  firstFailure?: { attempt: number; excerpt: string }
  capture: CaptureState
  receipt: Receipt
  /** What the `test-results` files said (docs/design.md §1 "Test results"), when an attempt read one. */
  tests?: RunTests
  /** Receipts removed by retention. */
  pruned: string[]
  /** Where report.html was written (absent when it could not be). */
  reportPath?: string
  /** Set when this run continued an interrupted one. */
  resumed?: { replayed: boolean; summary: string }
  /** The quarantine file's part (docs/design.md §1 "Quarantine and flaky gates"), when it has entries. */
  quarantine?: QuarantineFacts
  /** A flaky pass a gate turned into a failure: which gate, the tests, the one-line reason. */
  gate?: GateVerdict
  /** Early flake detection (docs/design.md §1 "Early flake detection"), when `new-test-repeats` is above 0. */
  newTests?: NewTestDetection
  /** The history's rate of each failed and flaky test of this run (this run counted), when the history could be read. */
  rates?: TestRate[]
}

/** What the quarantine file did in a run. */
export interface QuarantineFacts {
  /** The file as the input named it. */
  source: string
  /** The run passed because every failure of its deciding attempt is quarantined: those tests and entries. */
  excused: QuarantinedFailure[]
  /**
   * A run that did not pass: the last attempt's failed tests that an entry covers, which
   * failed next to something quarantine does not excuse. They are not the failure's cause.
   */
  covered: QuarantinedFailure[]
  /** Entries that expire within a week, or have expired (the latter no longer apply). */
  expiring: { entry: QuarantineEntry; daysLeft: number }[]
  expired: { entry: QuarantineEntry; since: number }[]
}

/** What a verify run came to. */
export type RunReport = BlockedRun | RefusedRun | CompletedRun
