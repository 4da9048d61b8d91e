/**
 * A run's test facts from its attempts (docs/design.md §1 "Test results"): the tests that failed in the
 * attempt that decided the verdict, and the **flaky** tests, which failed in one attempt and
 * passed in a later one, or failed and passed inside the runner itself (§1 "Runner-level
 * retries"). What the receipt keeps of them is capped.
 */
import { MAX_RECEIPT_ATTEMPTS, type Receipt } from '../receipts/receipt.js'
import { MAX_TESTS_LISTED } from './attempt-tests.js'
import { type AttemptTests, type FailedTest, type RunnerFlakyTest } from '../attempt/tests.js'

/** What the run's test results add up to. */
export interface RunTests {
  /**
   * The run's tests: the distinct tests its attempts' results showed, counted as the CTRF
   * report counts them (runTestCount) — not the last attempt's, which a rerun narrows.
   */
  total: number
  /** Its failed tests (at most MAX_TESTS_LISTED). */
  failed: FailedTest[]
  /** Tests that failed in an attempt and passed in a later one, in the order they recovered, then those flaky inside the runner. */
  flaky: string[]
  /** Tests the runner retried itself that passed on a later run of its own (docs/design.md §1 "Runner-level retries"). */
  runnerFlaky?: RunnerFlakyTest[]
  /** The attempt those totals come from. */
  attempt: number
  /** Per attempt that wrote results: how many tests ran, and whether it reran only the failed tests. */
  attempts: AttemptTestCount[]
}

/** How many tests an attempt ran: those in its results that were not skipped. */
export interface AttemptTestCount {
  attempt: number
  ran: number
  rerun: boolean
}

/** What runTests reads of an attempt: its results, and whether it was a rerun (live: `rerun`; resumed: its `rerun` check). */
export interface AttemptWithTests {
  attempt: number
  tests?: AttemptTests
  rerun?: unknown
  checks?: readonly { expectation: string }[]
}

/** How many tests an attempt's results show ran: not skipped, and not a rerun's target its results did not show. */
export function testsRan(tests: AttemptTests): number {
  return Math.max(0, tests.total - tests.skipped - (tests.notRerun ?? 0))
}

/**
 * The distinct tests a run's results showed across its attempts (docs/design.md §1 "Test
 * results"): every test listed by name in any attempt, once, and the most any one attempt
 * counted without listing them (beyond the record's caps) — the count the CTRF report and
 * the OTLP run span give too. A rerun's results add only the tests it ran again.
 */
export function runTestCount(attempts: readonly Pick<AttemptTests, 'total' | 'cases' | 'failedTests'>[]): number {
  const names = new Set<string>()
  let unlisted = 0
  for (const tests of attempts) {
    const own = new Set([...(tests.cases ?? []).map(test => test.name), ...tests.failedTests.map(test => test.name)])
    for (const name of own) names.add(name)
    unlisted = Math.max(unlisted, tests.total - own.size)
  }
  return names.size + unlisted
}

/** The run's test facts, or undefined when no attempt read a results file. */
export function runTests(attempts: readonly AttemptWithTests[]): RunTests | undefined {
  const withResults = attempts.filter(attempt => attempt.tests !== undefined && attempt.tests.files.length > 0)
  const last = withResults[withResults.length - 1]
  if (last === undefined) return undefined
  const flaky = new Set<string>()
  for (const attempt of withResults) for (const name of attempt.tests!.recovered) flaky.add(name)
  const runnerFlaky = runnerFlakyOf(withResults)
  for (const test of runnerFlaky) flaky.add(test.name)
  return {
    total: runTestCount(withResults.map(attempt => attempt.tests!)),
    // An attempt may keep more for a rerun (rerun-max-tests); what is shown stays capped.
    failed: last.tests!.failedTests.slice(0, MAX_TESTS_LISTED),
    flaky: [...flaky].slice(0, MAX_TESTS_LISTED),
    ...(runnerFlaky.length > 0 && { runnerFlaky }),
    attempt: last.attempt,
    attempts: withResults.map(({ attempt, tests, rerun, checks }) => ({
      attempt,
      ran: testsRan(tests!),
      rerun: rerun !== undefined || (checks ?? []).some(check => check.expectation === 'rerun')
    }))
  }
}

/**
 * The tests flaky inside the runner in any attempt, each once (its first account of it), at
 * most MAX_TESTS_LISTED: flaky whatever reverify's own retries did (docs/design.md §1
 * "Runner-level retries").
 */
export function runnerFlakyOf(attempts: readonly AttemptWithTests[]): RunnerFlakyTest[] {
  const found = new Map<string, RunnerFlakyTest>()
  for (const attempt of attempts) {
    for (const test of attempt.tests?.runnerFlaky ?? []) {
      if (found.size >= MAX_TESTS_LISTED) return [...found.values()]
      if (!found.has(test.name)) found.set(test.name, test)
    }
  }
  return [...found.values()]
}

/** The receipt's `tests` field (docs/design.md §3). */
export function receiptTests(tests: RunTests): NonNullable<Receipt['tests']> {
  const failed = [...new Set(tests.failed.map(test => test.name))].slice(0, MAX_TESTS_LISTED)
  return { total: tests.total, failed, flaky: tests.flaky, attempts: tests.attempts.slice(-MAX_RECEIPT_ATTEMPTS) }
}
