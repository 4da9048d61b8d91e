/**
 * The record of one attempt (docs/design.md §1 "One attempt", §8): what its commands did and
 * each expectation's verdict — made once when the attempt ends and never edited — and the
 * attempt as the rest of the run reads it, its results and verdict added. On a floor below
 * everything that judges or shows an attempt, so that they all read one shape without
 * importing each other.
 */
import type { CommandResult } from './command-result.js'
import type { QuarantinedFailure } from './quarantined.js'
import type { AttemptTests } from './tests.js'
import type { MatchedLine } from '../output/first-match.js'
import type { ExcerptBlock } from '../output/failure-blocks.js'
import type { RunnerReport } from '../output/runner-report.js'

/** One expectation's verdict. */
export interface ExpectationCheck {
  /** An input's name, or `rerun`: every test a rerun targeted ran and passed. */
  expectation: 'expect-exit' | 'expect-stdout' | 'expect-no-output' | 'expect-file' | 'expect-check' | 'rerun'
  ok: boolean
  detail: string
}

/**
 * What one run of the script and its expectations produced (docs/design.md §1 "One attempt"):
 * made once when the attempt ends and never edited. The test results, the rerun check and
 * the quarantine's excuse are not part of it; they are judged from it (verify/verdict.ts).
 */
export interface AttemptRecord {
  attempt: number
  commands: CommandResult[]
  exitCode: number
  signal: string | null
  timedOut: boolean
  interrupted: boolean
  /** The script's own time, from start to end (the expectations are judged after it). */
  durationMs: number
  /** When the script started and ended (RFC 3339 UTC). */
  startedAt: string
  endedAt: string
  summary: string
  /** The failing blocks found in the whole output while it streamed (core/output/failure-blocks.ts). */
  failures?: ExcerptBlock[]
  /** What the test runner said beyond its results: failures outside the tests, its count of failed tests (core/output/runner-report.ts). */
  runnerReport?: RunnerReport
  /** The expectations' own verdicts (expect-exit … expect-check); a rerun's check is the verdict's. */
  checks: ExpectationCheck[]
  /** What expect-check printed, summarized (its full output is in `attempt-<n>.check.log`). */
  checkSummary?: string
  /** Whether stdout held expect-stdout's text (undefined when it is not set). */
  stdoutMatched?: boolean
  /** With expect-no-output: the first line it matched, or null when none did. */
  forbiddenLine?: MatchedLine | null
  /** Whether the output matched retry-on-output (false when it is not set). */
  outputMatched: boolean
  logBytesDropped: number
  /** Set when the disk filled up: attempt-<n>.log keeps only this many bytes (capped-log.ts). */
  logDiskFullAt?: number
}

/**
 * An attempt as the rest of the run reads it (reports, receipts, summaries): its record, its
 * results with the tests a rerun did not rerun counted in, and its verdict. Assembled once
 * per attempt (`attemptAsShown`, verdict.ts) and only read after.
 */
export interface AttemptResult extends AttemptRecord {
  verified: boolean
  /** Set when the attempt reran only the failed tests: which, and the command it ran. */
  rerun?: { tests: string[]; command: string }
  /** What the `test-results` files said, read after the attempt ended (verify/results-step.ts). */
  tests?: AttemptTests
  /** Set when the attempt counts as verified because every failed test is quarantined (verify/quarantine-policy.ts). */
  quarantined?: QuarantinedFailure[]
  /** Set when every failed test is quarantined and still the failure is not excused: why (verify/verdict.ts). */
  unexcused?: string
  /** Set on a failed rerun whose results show none of the tests it targeted: the line naming the setting and the command (reruns/misfit.ts). */
  rerunMisfit?: string
}

/** The script's part of an attempt: what is recorded (tool_result) before any expectation is judged. */
export type ScriptResult = Omit<AttemptRecord, 'checks' | 'checkSummary' | 'logBytesDropped' | 'logDiskFullAt'>
