/**
 * When a retry reruns only the failed tests, and the verdict of a rerun (docs/design.md §1
 * "Rerunning only the failed tests"): only when the attempt's results explain its failure;
 * a targeted test the rerun's results do not show counts as failed.
 */
import { planRetry } from '../../../src/core/reruns/decide.js'
import { describeRerunVerdict, rerunVerdict } from '../../../src/core/reruns/verdict.js'
import type { AttemptTests, FailedTest } from '../../../src/core/attempt/tests.js'
import type { AttemptResult } from '../../../src/core/attempt/result.js'
import { failedAttempt } from '../../helpers/attempts.js'

const failed = (name: string, file?: string): FailedTest => ({
  name: `api › ${name}`,
  caseName: name,
  classname: 'api',
  outcome: 'failed',
  ...(file !== undefined && { file })
})

function results(failedTests: FailedTest[], extra: Partial<AttemptTests> = {}): AttemptTests {
  return {
    files: ['junit.xml'],
    total: 30,
    passed: 30 - failedTests.length,
    failed: failedTests.length,
    errors: 0,
    skipped: 0,
    failedTests,
    recovered: [],
    warnings: [],
    ...extra
  }
}

function attempt(tests: AttemptTests | undefined, extra: Partial<AttemptResult> = {}): AttemptResult {
  return failedAttempt({
    ...(tests !== undefined && { tests }),
    ...extra
  })
}

const policy = { template: 'npx jest {files} -t {pattern}', maxTests: 20 }

test('the results explain the failure: the failed tests are rerun', () => {
  const plan = planRetry(attempt(results([failed('one', 'a.test.js'), failed('two', 'b.test.js')])), policy)
  expect(plan).toEqual({
    kind: 'rerun',
    targets: [
      { name: 'api › one', caseName: 'one', classname: 'api', file: 'a.test.js' },
      { name: 'api › two', caseName: 'two', classname: 'api', file: 'b.test.js' }
    ]
  })
})

test.each([
  ['no results (a compile error)', attempt(undefined), 'the attempt wrote no test results'],
  [
    'results with every test green (a crash after the tests)',
    attempt(results([])),
    'the command exited 1 with every test passing: a failure outside the tests'
  ],
  [
    'too many failures',
    attempt(results(Array.from({ length: 25 }, (_, index) => failed(`t${index}`, 'a.test.js')))),
    '25 tests failed, more than rerun-max-tests (20)'
  ],
  [
    'a test without a file for {files}',
    attempt(results([failed('one')])),
    'the test "api › one" has no file in the results, which {files} needs'
  ],
  [
    'a test whose name may have been cut to fit',
    attempt(results([{ ...failed('x'.repeat(4_000), 'a.test.js'), name: 'api › long' }])),
    'the test "api › long" has a name of 4000 characters or more, which a rerun filter cannot spell'
  ],
  ['a timeout', attempt(results([failed('one', 'a.test.js')]), { timedOut: true }), 'the attempt timed out'],
  [
    'another expectation failed too',
    attempt(results([failed('one', 'a.test.js')]), {
      checks: [
        { expectation: 'expect-exit', ok: false, detail: '' },
        { expectation: 'expect-file', ok: false, detail: '' }
      ]
    }),
    'expect-file failed, which the tests do not explain'
  ]
])('%s: the whole command is retried, saying why', (_, given, why) => {
  expect(planRetry(given, policy)).toEqual({ kind: 'whole', why })
})

test('a rerun passes only when every targeted test ran and passed; one the results do not show counts as failed', () => {
  const targets = [
    { name: 'api › one', caseName: 'one', classname: 'api' },
    { name: 'api › two', caseName: 'two', classname: 'api' }
  ]
  expect(rerunVerdict(targets, results([], { recovered: ['api › one', 'api › two'] })).ok).toBe(true)
  const filterMatchedNothing = rerunVerdict(targets, results([], { total: 0, passed: 0 }))
  expect(filterMatchedNothing).toEqual({ passed: [], failed: [], missing: ['api › one', 'api › two'], ok: false })
  expect(rerunVerdict(targets, undefined).ok).toBe(false)
  const mixed = rerunVerdict(targets, results([failed('two')], { recovered: ['api › one'] }))
  expect(mixed).toEqual({ passed: ['api › one'], failed: ['api › two'], missing: [], ok: false })
  expect(describeRerunVerdict(filterMatchedNothing)).toBe(
    '0 of 2 rerun tests passed · not in the results, so not rerun: api › one; api › two'
  )
})

test('a rerun that failed on its tests is rerun again, only the ones still failing', () => {
  const afterRerun = attempt(results([failed('two', 'b.test.js')]), {
    checks: [
      { expectation: 'expect-exit', ok: false, detail: '' },
      { expectation: 'rerun', ok: false, detail: '1 of 2 rerun tests passed' }
    ]
  })
  expect(planRetry(afterRerun, policy)).toEqual({
    kind: 'rerun',
    targets: [{ name: 'api › two', caseName: 'two', classname: 'api', file: 'b.test.js' }]
  })
})
