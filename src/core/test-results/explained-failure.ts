/**
 * Whether an attempt's failure is the failure of its tests (the contract's §11 and §12):
 * its only failed expectation is the exit code (or a rerun's own check), it wrote results,
 * and they name failed tests. Only such a failure may be answered by rerunning those tests
 * or excused by quarantining them; anything else — a timeout, a compile error with no
 * results, a crash after every test passed, a failed `expect-stdout` — is not.
 */
import type { AttemptResult } from '../verify/types.js'
import type { FailedTest } from './attempt-tests.js'

/** The failed tests behind an attempt's failure, or why the tests do not explain it. */
export type Explanation = { explained: true; failing: number; tests: FailedTest[] } | { explained: false; why: string }

/** Reads the attempt's checks and results; `failing` may exceed `tests.length` when the list was capped. */
export function explainFailure(attempt: AttemptResult): Explanation {
  if (attempt.timedOut || attempt.interrupted)
    return { explained: false, why: attempt.timedOut ? 'the attempt timed out' : 'the attempt was interrupted' }
  // A rerun's own check (`rerun`) fails with its tests: the results explain it like expect-exit.
  const byTests = (expectation: string) => expectation === 'expect-exit' || expectation === 'rerun'
  const failedChecks = attempt.checks.filter(check => !check.ok)
  const others = [...new Set(failedChecks.map(check => check.expectation).filter(name => !byTests(name)))]
  if (others.length > 0) return { explained: false, why: `${others.join(' and ')} failed, which the tests do not explain` }
  const tests = attempt.tests
  if (tests === undefined || tests.files.length === 0) return { explained: false, why: 'the attempt wrote no test results' }
  const failing = tests.failed + tests.errors
  if (failing === 0)
    return { explained: false, why: `the command exited ${attempt.exitCode} with every test passing: a failure outside the tests` }
  return { explained: true, failing, tests: tests.failedTests }
}
