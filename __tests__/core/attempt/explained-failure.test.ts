/**
 * When an attempt's failure is its failed tests' (the contract's §11 and §12, docs/design.md §1
 * "Rerunning only the failed tests"): never when it crashed, when its results name a file that
 * failed to run, when the runner reports a failure outside the tests or counts more failed
 * tests than the results name, or when its command stops at the first failure. The same
 * judgement takes away a test-only rerun and a quarantine's excuse.
 */
import type { RunnerReport } from '../../../src/core/output/runner-report.js'
import { excusedFailure } from '../../../src/core/verify/quarantine-policy.js'
import { planRetry } from '../../../src/core/reruns/decide.js'
import type { AttemptTests, FailedTest } from '../../../src/core/attempt/tests.js'
import { explainFailure, isSuiteFailure } from '../../../src/core/attempt/explained-failure.js'
import { stopsAtFirstFailure } from '../../../src/core/test-results/stop-early.js'
import type { AttemptResult } from '../../../src/core/attempt/result.js'
import { failedAttempt } from '../../helpers/attempts.js'

const NET: FailedTest = {
  name: 'net fetches config',
  caseName: 'net fetches config',
  classname: 'net fetches config',
  outcome: 'failed',
  file: 'src/net.test.js'
}

function results(failedTests: FailedTest[]): AttemptTests {
  const failed = failedTests.filter(test => test.outcome === 'failed').length
  return {
    files: ['reports/junit.xml'],
    total: 33,
    passed: 33 - failedTests.length,
    failed,
    errors: failedTests.length - failed,
    skipped: 0,
    failedTests,
    recovered: [],
    warnings: []
  }
}

function attempt(extra: Partial<AttemptResult> = {}, failedTests: FailedTest[] = [NET]): AttemptResult {
  return failedAttempt({
    tests: results(failedTests),
    ...extra
  })
}

const report = (outside: string[], failedTests?: number, outsideCount = outside.length): RunnerReport => ({
  outside,
  outsideCount,
  ...(failedTests !== undefined && { failedTests })
})

const ENTRY = { test: 'net fetches config', owner: '@team', reason: 'flaky proxy', added: '2026-11-01', expires: '2026-12-30' }
const POLICY = { template: 'npx jest --ci {files} -t {pattern}', maxTests: 20 }

/** The judgement, and that a rerun and a quarantine follow it. */
function judged(subject: AttemptResult): string | true {
  const explanation = explainFailure(subject)
  const plan = planRetry(subject, POLICY)
  const excused = excusedFailure(subject, [ENTRY])
  if (explanation.explained) {
    expect(plan.kind).toBe('rerun')
    expect(excused).toHaveLength(1)
    return true
  }
  expect(plan).toEqual({ kind: 'whole', why: explanation.why })
  expect(excused).toBeUndefined()
  return explanation.why
}

test('a failing test the runner also counts, nothing else: explained, rerun and excusable', () => {
  expect(judged(attempt({ runnerReport: report([], 1) }))).toBe(true)
  // A runner that prints no totals, or counts no more than the results name.
  expect(judged(attempt())).toBe(true)
  expect(judged(attempt({ runnerReport: report([], 0) }))).toBe(true)
})

describe('a crash is never explained by the tests (M3)', () => {
  test.each([
    [{ signal: 'SIGSEGV', exitCode: 139 }, 'the attempt was ended by SIGSEGV: a crash, which the tests do not explain'],
    [{ signal: 'SIGKILL', exitCode: 137 }, 'the attempt was ended by SIGKILL: a crash, which the tests do not explain'],
    [{ exitCode: 127 }, 'the command exited 127 (a command not found): a failure outside the tests'],
    [{ exitCode: 126 }, 'the command exited 126 (a command that could not run): a failure outside the tests'],
    [{ exitCode: 134 }, 'the command exited 134 (ended by signal 6): a crash, which the tests do not explain']
  ])('%j', (ending, why) => {
    expect(
      judged(
        attempt({ ...ending, checks: [{ expectation: 'expect-exit', ok: false, detail: `expect-exit 0 but got ${ending.exitCode}` }] })
      )
    ).toBe(why)
  })

  test('an ordinary failing exit code stays explained', () => {
    expect(judged(attempt({ exitCode: 2 }))).toBe(true)
  })
})

describe('a failure the results do not name (H1)', () => {
  test('the runner reports a file that failed to run: the first ones are named, the rest counted', () => {
    expect(judged(attempt({ runnerReport: report(['"● Test suite failed to run" (src/broken.test.js)'], 1) }))).toBe(
      'a failure the results do not name: "● Test suite failed to run" (src/broken.test.js)'
    )
    expect(judged(attempt({ runnerReport: report(['"FAIL a [build failed]"', '"FAIL b [build failed]"'], undefined, 7) }))).toBe(
      'a failure the results do not name: "FAIL a [build failed]"; "FAIL b [build failed]" and 5 more'
    )
  })

  test('the runner counts more failed tests than the results name', () => {
    expect(judged(attempt({ runnerReport: report([], 2) }))).toBe('the runner counts 2 failed tests, more than the 1 the results name')
  })

  test('a file or suite that failed to run, as the real reporters write it in the results', () => {
    const entries: FailedTest[] = [
      // jest-junit with reportTestSuiteErrors: true
      {
        name: 'Test suite failed to run › src/broken.test.js',
        caseName: 'src/broken.test.js',
        classname: 'Test suite failed to run',
        outcome: 'error',
        file: 'src/broken.test.js'
      },
      // jest-junit, a failing afterAll
      {
        name: "Test execution failure: could be caused by test hooks like 'afterAll'.",
        caseName: " Test execution failure: could be caused by test hooks like 'afterAll'.",
        classname: " Test execution failure: could be caused by test hooks like 'afterAll'.",
        outcome: 'failed'
      },
      // pytest --junitxml, a collection error
      { name: 'tests.test_broken', caseName: 'tests.test_broken', classname: '', outcome: 'error', message: 'collection failure' },
      // vitest's junit reporter
      {
        name: 'src/broken.test.js',
        caseName: 'src/broken.test.js',
        classname: 'src/broken.test.js',
        outcome: 'failed',
        file: 'src/broken.test.js'
      },
      // node --test (Node 20)
      { name: 'test › /tmp/x/src/broken.test.js', caseName: '/tmp/x/src/broken.test.js', classname: 'test', outcome: 'failed' }
    ]
    for (const entry of entries) {
      expect(isSuiteFailure(entry)).toBe(true)
      expect(judged(attempt({}, [NET, entry]))).toBe(`the results name a file or suite that failed to run, not a test: "${entry.name}"`)
    }
    for (const test of [
      NET,
      { name: 'tests.test_api.TestUser › test_get', caseName: 'test_get', classname: 'tests.test_api.TestUser', outcome: 'error' as const }
    ]) {
      expect(isSuiteFailure(test)).toBe(false)
    }
  })

  test('whatever else is wrong, a timeout or a failed expect-stdout keeps its own reason', () => {
    expect(judged(attempt({ timedOut: true, runnerReport: report(['x'], 5) }))).toBe('the attempt timed out')
    const stdout = attempt({
      checks: [{ expectation: 'expect-stdout', ok: false, detail: 'stdout did not contain' }],
      runnerReport: report(['x'])
    })
    expect(judged(stdout)).toBe('expect-stdout failed, which the tests do not explain')
  })
})

describe('a command that stops at the first failure', () => {
  test.each([
    ['npx jest --ci --bail', '--bail'],
    ['npx jest --ci --bail=2', '--bail=2'],
    ['npx jest -b', '-b'],
    ['npx mocha -b src', '-b'],
    ['npx vitest run --bail 1', '--bail'],
    ['python -m pytest -x tests', '-x'],
    ['pytest --maxfail=2', '--maxfail=2'],
    ['pytest --exitfirst', '--exitfirst'],
    ['gotestsum --junitfile reports/junit.xml -- -failfast ./...', '-failfast'],
    ['go test -failfast ./...', '-failfast'],
    ['cd app\nnpx playwright test -x', '-x']
  ])('%j', (command, flag) => {
    expect(stopsAtFirstFailure(command)).toBe(flag)
  })

  test.each(['npx jest --ci', 'set -x; npx jest --ci', 'bash -x run.sh', 'tar -xf x.tar && npx jest', 'pytest -k "not slow"'])(
    'not: %j',
    command => {
      expect(stopsAtFirstFailure(command)).toBeUndefined()
    }
  )
})
