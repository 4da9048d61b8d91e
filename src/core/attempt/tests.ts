/**
 * What an attempt's results files said (docs/design.md §1 "Test results"), as values: the
 * failed tests, the recorded cases, the files ignored. Here, below the reading of those
 * files, so that the attempt's record and every concern that judges it name them without
 * importing the reader.
 */

/** How a test case ended, as its results file says. */
export type CaseOutcome = 'passed' | 'failed' | 'error' | 'skipped'

/**
 * Longest test case name and class name kept. A rerun's filter needs them whole (docs/design.md
 * §1 "Rerunning only the failed tests"): one this long may have been cut, and is not rerun.
 */
export const MAX_NAME_CHARS = 4_000

/**
 * Most test cases of one attempt recorded one by one (for the CTRF report, docs/design.md §2
 * "Exports"); beyond it, counted only. The trace's `tests` note holds no more.
 */
export const MAX_CASES_RECORDED = 2_000

/** One test case of an attempt, as the trace records it (docs/design.md §2 "Exports"). */
export interface TestCaseRecord {
  name: string
  outcome: CaseOutcome
  duration_ms?: number
  /** Relative to the working directory, when the case's `file` attribute names a file there. */
  file?: string
  /** The start of the failure's text (its stack), for a failed or errored case. */
  detail?: string
}

/** A test that failed (`<failure>`) or could not run (`<error>`) in an attempt. */
export interface FailedTest {
  name: string
  /** The test case's own `name` and its `classname`, as the runner wrote them (a rerun's filter needs them). */
  caseName?: string
  classname?: string
  outcome: 'failed' | 'error'
  /** Relative to the working directory, `/`-separated. */
  file?: string
  line?: number
  column?: number
  message?: string
  durationMs?: number
  /** Runs of it inside the runner, every one failed (Surefire's `rerunFailure` count + 1); absent when the runner ran it once. */
  runnerRuns?: number
  /** How the results said so, with `runnerRuns`: `rerunFailure`, `rerunError` or `repeated`. */
  runnerForm?: RunnerRetryForm
}

/**
 * How a runner's own retry of a test shows in its results (docs/design.md §1 "Runner-level
 * retries"): Surefire's and Gradle's `<flakyFailure>`/`<flakyError>` in a passing test case
 * and `<rerunFailure>`/`<rerunError>` in a failing one; one test case listed more than once
 * in one attempt's results (`repeated`: failed, then passed); a JSON report's count of a
 * test's runs (`invocations`).
 */
export const RUNNER_RETRY_FORMS = ['flakyFailure', 'flakyError', 'rerunFailure', 'rerunError', 'repeated', 'invocations'] as const

/** One of RUNNER_RETRY_FORMS. */
export type RunnerRetryForm = (typeof RUNNER_RETRY_FORMS)[number]

/**
 * Most runs of one test inside the runner a record holds: a test case listed a million times
 * is a million runs, and no more is counted (test-results/case-tally.ts).
 */
export const MAX_REPEATED_RUNS = 1_000_001

/** A test the runner itself retried that passed on a later run of its own: flaky, whatever reverify's retries did. */
export interface RunnerFlakyTest {
  name: string
  /** Relative to the working directory, `/`-separated. */
  file?: string
  line?: number
  /** The run inside the runner it passed on: 2 when it failed once and passed on its 2nd run. */
  passedOnRun: number
  form: RunnerRetryForm
  /** Its first failure's message (capped): the most useful text a reviewer gets of a flake. */
  message?: string
}

/** A test that passed and that the history's known tests do not hold (known-tests.ts): what a repeat of it needs. */
export interface NewTest {
  /** The name reverify knows it by (`testName`). */
  name: string
  caseName: string
  classname: string
  /** Relative to the working directory, `/`-separated, when the results say it. */
  file?: string
  line?: number
  /** Its identity's key in the known tests. */
  key: string
  durationMs?: number
}

/** A results file that was ignored, and why. */
export interface ResultsWarning {
  file: string
  reason: string
}

/**
 * Test keys as the tally holds them (test-results/key-table.ts): walked as the two 32-bit
 * halves of each key, never as a string each, and as strings only for a few.
 */
export interface TestKeys extends Iterable<string> {
  readonly size: number
  forEachWords(visit: (high: number, low: number, value: number) => void): void
}

/** What an attempt's results files said. */
export interface AttemptTests {
  /** The files read, relative to the working directory. */
  files: string[]
  total: number
  passed: number
  failed: number
  errors: number
  skipped: number
  /** The first tests that failed or errored: MAX_TESTS_LISTED, or the request's `maxFailedTests`. */
  failedTests: FailedTest[]
  /** Names watched for (failed in an earlier attempt) that passed in this one, as many as `failedTests` may hold. */
  recovered: string[]
  warnings: ResultsWarning[]
  /** A rerun's targeted tests its results did not show: counted in `failed` and `total`, though they never ran. */
  notRerun?: number
  /** The first test cases, whatever their outcome, as far as MAX_CASES_RECORDED and MAX_CASES_BYTES allow. */
  cases?: TestCaseRecord[]
  /** Test cases beyond those limits: counted, not recorded. */
  casesOmitted?: number
  /** Tests the runner retried itself and that passed on a later run of its own (docs/design.md §1 "Runner-level retries"). */
  runnerFlaky?: RunnerFlakyTest[]
  /** The identity key of every distinct test case read (known-tests.ts), for the history's known tests; not in the trace. */
  keys?: TestKeys
  /** Tests that passed and are not among the known tests the reader was given (at most MAX_NEW_TESTS_LISTED). */
  newTests?: NewTest[]
  /** New tests beyond MAX_NEW_TESTS_LISTED: counted, not listed. */
  newTestsOmitted?: number
}

/** Most new tests listed per attempt: far more than `new-test-max` allows to repeat. */
export const MAX_NEW_TESTS_LISTED = 1_000
