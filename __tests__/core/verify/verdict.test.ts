/**
 * The verdict and the decision after it as pure functions: what `judge` makes of a record,
 * its results, the rerun it made and the quarantine, and what `decideNext` makes of that —
 * without running anything.
 */
import { describe, expect, test } from '@jest/globals'
import { parseRunSettings } from '../../../src/core/inputs/settings.js'
import type { QuarantineEntry } from '../../../src/core/quarantine/file.js'
import type { AttemptTests } from '../../../src/core/attempt/tests.js'
import { decideNext, type DecisionContext, type NextStep } from '../../../src/core/verify/next-step.js'
import { NOT_EXCUSED_MORE_THAN_RUNNER, type QuarantineContext } from '../../../src/core/verify/quarantine-step.js'
import type { PlannedRerun } from '../../../src/core/verify/rerun-step.js'
import type { AttemptRecord } from '../../../src/core/attempt/result.js'
import { attemptAsShown, judge, type Verdict } from '../../../src/core/verify/verdict.js'

const EXIT_FAILED = { expectation: 'expect-exit' as const, ok: false, detail: 'expect-exit 0 but got 1' }
const EXIT_HELD = { expectation: 'expect-exit' as const, ok: true, detail: 'exit 0' }

/** A record of an attempt that exited as given, judged by expect-exit 0. */
function record(exitCode: number, extra: Partial<AttemptRecord> = {}): AttemptRecord {
  return {
    attempt: 1,
    commands: [],
    exitCode,
    signal: null,
    timedOut: false,
    interrupted: false,
    durationMs: 5,
    startedAt: '',
    endedAt: '',
    summary: '',
    checks: [exitCode === 0 ? EXIT_HELD : EXIT_FAILED],
    outputMatched: false,
    logBytesDropped: 0,
    ...extra
  }
}

/** Results that name these failed tests and, as recovered, these passed ones. */
function results(failed: string[], recovered: string[] = []): AttemptTests {
  return {
    files: ['junit.xml'],
    total: failed.length + recovered.length,
    passed: recovered.length,
    failed: failed.length,
    errors: 0,
    skipped: 0,
    failedTests: failed.map(name => ({ name, caseName: name, classname: name, outcome: 'failed' as const })),
    recovered,
    warnings: []
  }
}

const rerunOf = (...names: string[]): PlannedRerun => ({
  targets: names.map(name => ({ name, caseName: name, classname: name })),
  command: `run-tests ${names.join(' ')}`
})
const entry: QuarantineEntry = { test: 'a', owner: '@team', reason: 'flaky', added: '2026-11-01', expires: '2027-01-31' }
const quarantine: QuarantineContext = { entries: [entry], today: '2026-12-06' }
const settings = (inputs: Record<string, string> = {}) =>
  parseRunSettings({ command: 'npm test', 'expect-exit': '0', 'test-results': 'junit.xml', ...inputs }, '/tmp', { path: process.env.PATH })

describe('judge', () => {
  test('a record whose checks all hold is verified; one cut off is never verified', () => {
    expect(judge(record(0), undefined, undefined, undefined).verified).toBe(true)
    expect(judge(record(0, { interrupted: true, checks: [] }), undefined, undefined, undefined).verified).toBe(false)
    expect(judge(record(0, { checks: [] }), undefined, undefined, undefined).verified).toBe(false)
  })

  test('a rerun adds its own check; a target its results do not show is a failed test, added to a copy of the results', () => {
    const read = results([], ['a'])
    const verdict = judge(record(0), read, rerunOf('a', 'b'), undefined)
    expect(verdict.verified).toBe(false)
    expect(verdict.checks.map(check => [check.expectation, check.ok])).toEqual([
      ['expect-exit', true],
      ['rerun', false]
    ])
    expect(verdict.notRerun.map(test => test.name)).toEqual(['b'])
    const shown = attemptAsShown(record(0), read, rerunOf('a', 'b'), verdict)
    expect([shown.tests?.failed, shown.tests?.total, shown.tests?.notRerun]).toEqual([1, 2, 1])
    // The results as read are left as they were: what the trace's note recorded.
    expect([read.failed, read.total, read.failedTests.length]).toEqual([0, 1, 0])
  })

  test.each([
    ['no rerun can follow (rerun-failed-tests off)', {}, true],
    ['a rerun of the failed test could follow', { 'rerun-failed-tests': 'run-tests {names}' }, true],
    ['no retry is left', { 'rerun-failed-tests': 'run-tests {names}' }, false]
  ])('a failure quarantine covers whole is excused when %s, and nothing is planned to follow it', (_name, inputs, retriesLeft) => {
    const verdict = judge(record(1), results(['a']), undefined, quarantine, { settings: settings(inputs), retriesLeft })
    expect(verdict.verified).toBe(true)
    expect(verdict.quarantined?.map(({ test }) => test.name)).toEqual(['a'])
    expect(verdict.followUp).toBeUndefined()
  })

  test('a rerun whose only failure left is the quarantined test is excused: the tests that recovered do not hold it back', () => {
    const verdict = judge(record(1), results(['a'], ['b']), rerunOf('a', 'b'), quarantine, {
      settings: settings({ 'rerun-failed-tests': 'run-tests {names}' }),
      retriesLeft: true
    })
    expect([verdict.verified, verdict.quarantined?.map(({ test }) => test.name), verdict.followUp]).toEqual([true, ['a'], undefined])
  })

  test('a command that runs more than the runner is not excused, and the verdict says why', () => {
    const verdict = judge(
      record(1),
      results(['a']),
      undefined,
      { ...quarantine, moreThanRunner: true },
      { settings: settings(), retriesLeft: false }
    )
    expect([verdict.verified, verdict.quarantined, verdict.unexcused]).toEqual([false, undefined, NOT_EXCUSED_MORE_THAN_RUNNER])
  })

  test('a failure some of whose tests are not quarantined is not excused', () => {
    const verdict = judge(record(1), results(['a', 'b']), undefined, quarantine, { settings: settings(), retriesLeft: false })
    expect([verdict.verified, verdict.quarantined, verdict.unexcused]).toEqual([false, undefined, undefined])
  })
})

describe('decideNext', () => {
  const context = { used: 1, aborted: false, random: () => 0.5 }
  const failedVerdict = (inputs: Record<string, string>, read = results(['a'])) =>
    judge(record(1), read, undefined, undefined, { settings: settings(inputs), retriesLeft: true })

  const stops: [string, Pick<Verdict, 'verified' | 'checks' | 'followUp'>, AttemptRecord, DecisionContext, NextStep][] = [
    ['verified', { verified: true, checks: [EXIT_HELD] }, record(0), context, { kind: 'stop', why: 'verified' }],
    ['interrupted', { verified: false, checks: [] }, record(130, { interrupted: true }), context, { kind: 'stop', why: 'interrupted' }],
    [
      'an interrupt once it ended',
      failedVerdict({ 'max-retries': '1' }),
      record(1),
      { ...context, aborted: true },
      { kind: 'stop', why: 'interrupted' }
    ],
    [
      'a failure its quarantined tests explain, retries and a rerun of them possible',
      judge(record(1), results(['a']), undefined, quarantine, {
        settings: settings({ 'max-retries': '2', 'rerun-failed-tests': 'run-tests {names}' }),
        retriesLeft: true
      }),
      record(1),
      context,
      { kind: 'stop', why: 'verified' }
    ],
    [
      'the last attempt allowed',
      judge(record(1), undefined, undefined, undefined, { settings: settings(), retriesLeft: false }),
      record(1),
      context,
      { kind: 'stop', why: 'exhausted' }
    ]
  ]
  test.each(stops)('%s: stop', (_name, verdict, attempt, decision, expected) => {
    expect(decideNext(attempt, verdict, settings({ 'max-retries': '1' }), decision)).toEqual(expected)
  })

  test('a retry filter that refuses stops with its words after the failure', () => {
    const step = decideNext(
      record(1),
      failedVerdict({ 'max-retries': '1', 'retry-on-exit-codes': '2' }),
      settings({ 'max-retries': '1' }),
      context
    )
    expect(step).toEqual({
      kind: 'stop',
      why: 'refused',
      note: 'expect-exit 0 but got 1; not retrying: exit 1 is not in retry-on-exit-codes (2)'
    })
  })

  test('a retry waits as the backoff says and runs what the verdict planned: the failed test alone', () => {
    const inputs = {
      'max-retries': '2',
      'retry-wait-seconds': '4',
      'retry-backoff': 'exponential',
      'rerun-failed-tests': 'run-tests {names}'
    }
    const step = decideNext(record(1), failedVerdict(inputs), settings(inputs), { ...context, used: 2 })
    expect(step).toEqual({
      kind: 'retry',
      waitMs: 8000,
      rerun: { targets: [{ name: 'a', caseName: 'a', classname: 'a' }], command: "run-tests 'a'" },
      rerunNote: "rerunning the failed test only: run-tests 'a'",
      note: "expect-exit 0 but got 1; retrying in 8 s (attempt 3/3): rerunning the failed test only: run-tests 'a'"
    })
  })

  test('without rerun-failed-tests a retry runs the whole command, unannounced, and draws no jitter when the wait is fixed', () => {
    let draws = 0
    const random = () => {
      draws++
      return 0.5
    }
    const step = decideNext(record(1), failedVerdict({ 'max-retries': '1' }), settings({ 'max-retries': '1' }), { ...context, random })
    expect(step).toEqual({ kind: 'retry', waitMs: 0, note: 'expect-exit 0 but got 1; retrying (attempt 2/2)' })
    expect(draws).toBe(0)
  })
})
