/**
 * Early flake detection's decisions as pure functions (docs/design.md §1 "Early flake
 * detection"): which tests are new and repeated, what the next repeat runs or why none does,
 * how a repeat is judged, and what the flaky new tests decide — as tables, running nothing.
 */
import { describe, expect, test } from '@jest/globals'
import type { FlakyNewTest } from '../../../src/core/attempt/new-tests.js'
import type { AttemptTests, NewTest } from '../../../src/core/attempt/tests.js'
import type { QuarantineEntry } from '../../../src/core/quarantine/file.js'
import {
  detectionDecision,
  flakyNewTestSummary,
  judgeRepeat,
  newTestsOfRun,
  nextRepeat,
  type RepeatDone,
  type RepeatLimits
} from '../../../src/core/verify/new-test-plan.js'
import { failedAttempt } from '../../helpers/attempts.js'

/** A new test named `name`, keyed by it, that took `durationMs` in the passing run. */
function newTest(name: string, durationMs?: number): NewTest {
  const key = Buffer.from(name).toString('hex').padEnd(16, '0').slice(0, 16)
  return {
    name: `cart › ${name}`,
    caseName: name,
    classname: 'cart',
    file: 'src/cart.test.js',
    key,
    ...(durationMs !== undefined && { durationMs })
  }
}

const COUPON = newTest('applies the coupon', 1_000)
const TOTALS = newTest('totals the cart', 2_000)

/** An attempt whose results list these new tests and failed tests. */
function attemptWith(newTests: NewTest[], failed: string[] = [], extra: Partial<AttemptTests> = {}) {
  const tests: AttemptTests = {
    files: ['junit.xml'],
    total: newTests.length + failed.length,
    passed: newTests.length,
    failed: failed.length,
    errors: 0,
    skipped: 0,
    failedTests: failed.map(name => ({ name, outcome: 'failed' as const })),
    recovered: [],
    warnings: [],
    newTests,
    ...extra
  }
  return failedAttempt({ verified: failed.length === 0, tests })
}

describe('newTestsOfRun', () => {
  test.each([
    ['a run that did not pass', [attemptWith([COUPON])], false, 10, 20, { skipped: 'not-passed', found: 0, tests: [] }],
    ['an empty history: nothing is new', [attemptWith([COUPON])], true, 0, 20, { skipped: 'empty-history', found: 0, tests: [] }],
    ['no new test', [attemptWith([])], true, 10, 20, { skipped: 'none-new', found: 0, tests: [] }],
    ['two new tests', [attemptWith([COUPON, TOTALS])], true, 10, 20, { found: 2, tests: [COUPON, TOTALS] }],
    ['more than new-test-max: counted, the first repeated', [attemptWith([COUPON, TOTALS])], true, 10, 1, { found: 2, tests: [COUPON] }],
    [
      'new tests beyond the results list are counted',
      [attemptWith([COUPON], [], { newTestsOmitted: 5 })],
      true,
      10,
      20,
      { found: 6, tests: [COUPON] }
    ],
    [
      'the same new test in two attempts, once',
      [attemptWith([COUPON], ['other']), attemptWith([COUPON, TOTALS])],
      true,
      10,
      20,
      { found: 2, tests: [COUPON, TOTALS] }
    ],
    [
      'a new test that failed in an attempt is a flaky test already, not repeated',
      [attemptWith([TOTALS], [COUPON.name]), attemptWith([COUPON, TOTALS])],
      true,
      10,
      20,
      { found: 1, tests: [TOTALS] }
    ],
    [
      'a new test the runner retried is flaky already, not repeated',
      [attemptWith([COUPON, TOTALS], [], { runnerFlaky: [{ name: COUPON.name, passedOnRun: 2, form: 'repeated' }] })],
      true,
      10,
      20,
      { found: 1, tests: [TOTALS] }
    ]
  ])('%s', (_case, attempts, passed, knownSize, max, expected) => {
    expect(newTestsOfRun(attempts, passed, knownSize, max)).toEqual(expected)
  })
})

/** A repeat that ran `tests`, took `durationMs` and found `flaky`. */
function done(round: number, tests: NewTest[], durationMs: number, flaky: NewTest[] = []): RepeatDone {
  return {
    round,
    attempt: round + 1,
    tests: tests.map(test => test.name),
    durationMs,
    flaky: flaky.map((test): FlakyNewTest => ({ test, repeat: round, attempt: round + 1 }))
  }
}

describe('nextRepeat', () => {
  const limits: RepeatLimits = { repeats: 3, budgetMs: 10_000 }
  test.each([
    ['the first repeat, of every new test', [], limits, { kind: 'repeat', round: 1, targets: [COUPON, TOTALS] }],
    ['the next round', [done(1, [COUPON, TOTALS], 3_000)], limits, { kind: 'repeat', round: 2, targets: [COUPON, TOTALS] }],
    [
      'a test found flaky is not repeated again',
      [done(1, [COUPON, TOTALS], 3_000, [COUPON])],
      limits,
      { kind: 'repeat', round: 2, targets: [TOTALS] }
    ],
    [
      'every repeat ran',
      [done(1, [COUPON, TOTALS], 1), done(2, [COUPON, TOTALS], 1), done(3, [COUPON, TOTALS], 1)],
      limits,
      { kind: 'done', why: 'repeated' }
    ],
    ['every new test is flaky', [done(1, [COUPON, TOTALS], 1, [COUPON, TOTALS])], limits, { kind: 'done', why: 'all-flaky' }],
    [
      'the first is estimated from the tests’ own durations: 3 s over a budget of 2 s',
      [],
      { repeats: 3, budgetMs: 2_000 },
      { kind: 'budget', estimateMs: 3_000 }
    ],
    [
      'later ones from the previous repeat: 4 s spent, 4 s more would pass 6 s',
      [done(1, [COUPON, TOTALS], 4_000)],
      { repeats: 3, budgetMs: 6_000 },
      { kind: 'budget', estimateMs: 4_000 }
    ],
    [
      'exactly at the budget is within it',
      [done(1, [COUPON, TOTALS], 3_000)],
      { repeats: 3, budgetMs: 6_000 },
      { kind: 'repeat', round: 2, targets: [COUPON, TOTALS] }
    ]
  ])('%s', (_case, previous, given, expected) => {
    expect(nextRepeat([COUPON, TOTALS], previous, given)).toEqual(expected)
  })
})

describe('judgeRepeat', () => {
  const entry: QuarantineEntry = {
    test: COUPON.name,
    owner: '@cart-team',
    reason: 'flaky coupon service',
    added: '2026-11-01',
    expires: '2026-12-01'
  }
  const base = { round: 3, attempt: 4, targets: [COUPON, TOTALS], failures: [], entries: [] }
  test('every targeted test passed: no flaky new test', () => {
    const verdict = judgeRepeat({ ...base, tests: { failedTests: [], recovered: [COUPON.name, TOTALS.name] } })
    expect(verdict.flaky).toEqual([])
    expect(verdict.check).toEqual({ expectation: 'rerun', ok: true, detail: '2 of 2 repeated new tests passed' })
  })
  test('a failed one is flaky, with its message and the failing block that names it', () => {
    const verdict = judgeRepeat({
      ...base,
      tests: { failedTests: [{ name: COUPON.name, outcome: 'failed', message: 'Expected 90, Received 100' }], recovered: [TOTALS.name] },
      failures: [
        { lines: ['● cart › other test', 'boom'], test: 'cart › other test' },
        { lines: ['● cart › applies the coupon', '  Expected: 90', '  Received: 100'], test: 'cart › applies the coupon' }
      ]
    })
    expect(verdict.flaky).toEqual([
      {
        test: COUPON,
        repeat: 3,
        attempt: 4,
        message: 'Expected 90, Received 100',
        block: '● cart › applies the coupon\n  Expected: 90\n  Received: 100'
      }
    ])
    expect(verdict.check.ok).toBe(false)
  })
  test('one the results do not show counts as failed: never a green it did not earn', () => {
    const verdict = judgeRepeat({ ...base, tests: { failedTests: [], recovered: [TOTALS.name] } })
    expect(verdict.flaky.map(found => [found.test.name, found.message])).toEqual([[COUPON.name, 'not in the repeat’s results']])
  })
  test('no results at all: every targeted test counts as failed', () => {
    expect(judgeRepeat({ ...base, tests: undefined }).flaky.map(found => found.test.name)).toEqual([COUPON.name, TOTALS.name])
  })
  test('a quarantine entry that names it is carried with it', () => {
    const verdict = judgeRepeat({
      ...base,
      entries: [entry],
      tests: { failedTests: [{ name: COUPON.name, outcome: 'failed' }], recovered: [TOTALS.name] }
    })
    expect(verdict.flaky[0]!.quarantine).toEqual({ owner: '@cart-team', expires: '2026-12-01' })
  })
})

describe('what the flaky new tests decide', () => {
  const flaky: FlakyNewTest = { test: COUPON, repeat: 3, attempt: 4 }
  const quarantined: FlakyNewTest = { ...flaky, quarantine: { owner: '@cart-team', expires: '2026-12-01' } }
  test.each([
    ['none', 'fail', [], undefined],
    ['one, mode fail', 'fail', [flaky], 'fail'],
    ['one, mode warn', 'warn', [flaky], 'warn'],
    ['one quarantined, mode fail: shown, not failing', 'fail', [quarantined], 'warn'],
    ['one quarantined and one not, mode fail', 'fail', [quarantined, { ...flaky, test: TOTALS }], 'fail']
  ] as const)('%s', (_case, mode, found, expected) => {
    expect(detectionDecision(mode, found)).toBe(expected)
  })
  test('the end summary names the test and the repeat it failed', () => {
    expect(flakyNewTestSummary([flaky], 5)).toBe('new test cart › applies the coupon failed repeat 3/5')
  })
})
