/**
 * Whether a retry reruns only the failed tests (docs/design.md §1 "Rerunning only the failed
 * tests", the contract's §11): only when the attempt's own results explain its failure.
 * Otherwise the whole command is retried, as without the setting, and the reason is given
 * in words for the trace's note.
 */
import { MAX_NAME_CHARS } from '../test-results/junit-parser.js'
import type { AttemptResult } from '../verify/types.js'
import { missingFor, type RerunTarget } from './template.js'

/** The retry an attempt calls for. */
export type RetryPlan = { kind: 'rerun'; targets: RerunTarget[] } | { kind: 'whole'; why: string }

/** What the decision needs beyond the attempt. */
export interface RerunPolicy {
  template: string
  maxTests: number
}

/** How a failed attempt should be retried under `policy`. */
export function planRetry(attempt: AttemptResult, policy: RerunPolicy): RetryPlan {
  if (attempt.timedOut || attempt.interrupted)
    return { kind: 'whole', why: attempt.timedOut ? 'the attempt timed out' : 'the attempt was interrupted' }
  // A rerun's own check (`rerun`) fails with its tests: the results explain it like expect-exit.
  const explained = (expectation: string) => expectation === 'expect-exit' || expectation === 'rerun'
  const failedChecks = attempt.checks.filter(check => !check.ok)
  if (failedChecks.some(check => !explained(check.expectation))) {
    const names = [...new Set(failedChecks.map(check => check.expectation).filter(name => !explained(name)))]
    return { kind: 'whole', why: `${names.join(' and ')} failed, which the tests do not explain` }
  }
  const tests = attempt.tests
  if (tests === undefined || tests.files.length === 0) return { kind: 'whole', why: 'the attempt wrote no test results' }
  const failing = tests.failed + tests.errors
  if (failing === 0)
    return { kind: 'whole', why: `the command exited ${attempt.exitCode} with every test passing: a failure outside the tests` }
  if (failing > policy.maxTests) return { kind: 'whole', why: `${failing} tests failed, more than rerun-max-tests (${policy.maxTests})` }
  if (failing > tests.failedTests.length) return { kind: 'whole', why: `${failing} tests failed, more than the results list` }
  const cut = tests.failedTests.find(test => Math.max(test.caseName?.length ?? 0, test.classname?.length ?? 0) >= MAX_NAME_CHARS)
  if (cut !== undefined)
    return {
      kind: 'whole',
      why: `the test "${cut.name}" has a name of ${MAX_NAME_CHARS} characters or more, which a rerun filter cannot spell`
    }
  const targets = tests.failedTests.map(test => ({
    name: test.name,
    caseName: test.caseName ?? test.name,
    classname: test.classname ?? '',
    ...(test.file !== undefined && { file: test.file })
  }))
  const missing = missingFor(policy.template, targets)
  if (missing !== undefined) return { kind: 'whole', why: missing }
  return { kind: 'rerun', targets }
}
