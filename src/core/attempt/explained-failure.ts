/**
 * Whether an attempt's failure is the failure of its tests (the contract's §11 and §12):
 * its only failed expectation is the exit code (or a rerun's own check), it was not ended by
 * a signal or a shell's 126/127, it wrote results, they name failed tests, none of them is a
 * file or suite that failed to run, and everything the runner said about its run is
 * accounted for by them — no failure outside the tests in its output (a file that failed to
 * run, a package that did not build, a run stopped at its first failure: core/output/
 * runner-report.ts), and no more failed tests in its own totals than the results name. Only
 * such a failure may be answered by rerunning those tests or excused by quarantining them;
 * anything else — a timeout, a crash, a compile error with or without results, a failed
 * `expect-stdout` — is not.
 */
import type { AttemptResult } from './result.js'
import type { FailedTest } from './tests.js'

/** The failed tests behind an attempt's failure, or why the tests do not explain it. */
export type Explanation = { explained: true; failing: number; tests: FailedTest[] } | { explained: false; why: string }

/** How an attempt ended that no test explains: a signal, or the shell's 126 (cannot run) or 127 (not found). */
function crash(attempt: AttemptResult): string | undefined {
  if (attempt.signal !== null) return `the attempt was ended by ${attempt.signal}: a crash, which the tests do not explain`
  const code = attempt.exitCode
  if (code === 126) return 'the command exited 126 (a command that could not run): a failure outside the tests'
  if (code === 127) return 'the command exited 127 (a command not found): a failure outside the tests'
  // A shell reports a command a signal ended as 128 + the signal's number.
  if (code > 128 && code <= 128 + 64)
    return `the command exited ${code} (ended by signal ${code - 128}): a crash, which the tests do not explain`
  return undefined
}

/**
 * A failed entry that is a file or suite that failed to run, not a test, as the runners write
 * it: jest-junit's `Test suite failed to run` and `Test execution failure` (with
 * reportTestSuiteErrors), pytest's collection error (no class name), vitest's file (named as
 * its class name, the file), Node's file (named by its absolute path). A rerun cannot target it.
 */
export function isSuiteFailure(test: FailedTest): boolean {
  const classname = (test.classname ?? '').trim()
  const caseName = (test.caseName ?? test.name).trim()
  if (/^(?:Test suite failed to run|Test execution failure\b)/.test(classname) || /^Test execution failure\b/.test(caseName)) return true
  if (classname === '' && /^collection failure\b/.test(test.message ?? '')) return true
  if (classname !== '' && classname === caseName && /\.[cm]?[jt]sx?$/.test(classname)) return true
  return /^\/\S*\.[cm]?[jt]sx?$/.test(caseName)
}

/** Reads the attempt's checks, results and runner report; `failing` may exceed `tests.length` when the list was capped. */
export function explainFailure(attempt: AttemptResult): Explanation {
  if (attempt.timedOut || attempt.interrupted)
    return { explained: false, why: attempt.timedOut ? 'the attempt timed out' : 'the attempt was interrupted' }
  const crashed = crash(attempt)
  if (crashed !== undefined) return { explained: false, why: crashed }
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
  const suite = tests.failedTests.find(isSuiteFailure)
  if (suite !== undefined)
    return { explained: false, why: `the results name a file or suite that failed to run, not a test: "${suite.name}"` }
  const report = attempt.runnerReport
  if (report !== undefined && report.outsideCount > 0) {
    const more = report.outsideCount - report.outside.length
    return {
      explained: false,
      why: `a failure the results do not name: ${report.outside.join('; ')}${more > 0 ? ` and ${more} more` : ''}`
    }
  }
  if (report?.failedTests !== undefined && report.failedTests > failing) {
    return {
      explained: false,
      why: `the runner counts ${report.failedTests} failed tests, more than the ${failing} the results name`
    }
  }
  return { explained: true, failing, tests: tests.failedTests }
}
