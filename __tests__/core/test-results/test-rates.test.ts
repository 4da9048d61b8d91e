/** A test's rate over the history, and its words (docs/design.md §1 "Test results"). */
import { expect, test } from '@jest/globals'
import { describeRate, testRates, type TestRate } from '../../../src/core/test-results/test-rates.js'
import { ordinal, retryFormWords, runnerFlakySentence, runnerFlakyWords } from '../../../src/core/test-results/runner-retry-words.js'
import type { Receipt } from '../../../src/core/receipts/receipt.js'
import { makeReceipt } from '../../helpers/receipts.js'

/** A finished receipt with test results, started on `day` (newest last in the lists below). */
function run(day: string, tests: { failed?: string[]; flaky?: string[]; quarantined?: string[] }, commands = ['npm test']): Receipt {
  return makeReceipt({
    schema_version: 2,
    started_at: `${day}T10:00:00.000Z`,
    status: (tests.failed ?? []).length > 0 ? 'failed' : 'passed',
    commands_run: commands,
    tests: { total: 10, failed: tests.failed ?? [], flaky: tests.flaky ?? [] },
    ...(tests.quarantined !== undefined && { quarantined: tests.quarantined })
  })
}

test.each<[string, Receipt[], string[] | undefined, TestRate[]]>([
  [
    'flaked and failed counted per run, first seen the oldest such day',
    [
      run('2026-11-18', {}),
      run('2026-11-20', { flaky: ['net'] }),
      run('2026-11-21', { failed: ['api'] }),
      run('2026-11-22', { flaky: ['net'], failed: ['api'] })
    ],
    ['net', 'api'],
    [
      { name: 'net', runs: 4, flaked: 2, failed: 0, firstSeen: '2026-11-20' },
      { name: 'api', runs: 4, flaked: 0, failed: 2, firstSeen: '2026-11-21' }
    ]
  ],
  [
    'a test both flaky and failed in one run failed in it; a quarantined failure counts as failed',
    [run('2026-11-20', { flaky: ['db'], failed: ['db'] }), run('2026-11-21', { quarantined: ['db'] })],
    ['db'],
    [{ name: 'db', runs: 2, flaked: 0, failed: 2, firstSeen: '2026-11-20' }]
  ],
  [
    'a name no receipt holds has no rate; runs without results and running runs are not runs',
    [
      run('2026-11-20', { flaky: ['net'] }),
      makeReceipt({ started_at: '2026-11-21T10:00:00.000Z', status: 'passed' }),
      { ...run('2026-11-22', { flaky: ['net'] }), status: 'running', ended_at: null }
    ],
    ['net', 'ghost'],
    [{ name: 'net', runs: 1, flaked: 1, failed: 0, firstSeen: '2026-11-20' }]
  ],
  [
    "without names, every test named; a test's runs are those of the commands that name it",
    [run('2026-11-20', { flaky: ['net'] }), run('2026-11-21', {}), run('2026-11-21', { failed: ['lint'] }, ['npm run lint'])],
    undefined,
    [
      { name: 'net', runs: 2, flaked: 1, failed: 0, firstSeen: '2026-11-20' },
      { name: 'lint', runs: 1, flaked: 0, failed: 1, firstSeen: '2026-11-21' }
    ]
  ]
])('%s', (_title, receipts, names, expected) => {
  const rates = testRates(receipts, names)
  expect([...rates].sort((a, b) => a.name.localeCompare(b.name))).toEqual([...expected].sort((a, b) => a.name.localeCompare(b.name)))
})

test.each<[TestRate, string | undefined]>([
  [
    { name: 't', runs: 37, flaked: 4, failed: 0, firstSeen: '2026-11-20' },
    'flaked in 4 of the last 37 runs (11 %) · first seen 2026-11-20'
  ],
  [{ name: 't', runs: 37, flaked: 0, failed: 2 }, 'failed in 2 of the last 37 runs (5 %)'],
  [
    { name: 't', runs: 37, flaked: 4, failed: 2, firstSeen: '2026-11-20' },
    'flaked in 4 of the last 37 runs (11 %) and failed in 2 (5 %) · first seen 2026-11-20'
  ],
  [{ name: 't', runs: 300, flaked: 1, failed: 0 }, 'flaked in 1 of the last 300 runs (<1 %)'],
  // Only this run in the history: nothing a reviewer does not see already.
  [{ name: 't', runs: 1, flaked: 1, failed: 0, firstSeen: '2026-11-20' }, undefined],
  [{ name: 't', runs: 5, flaked: 0, failed: 0 }, undefined]
])('the rate %j reads %j', (rate, words) => {
  expect(describeRate(rate)).toBe(words)
})

test("a runner's own retry, in words", () => {
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
    '1st',
    '2nd',
    '3rd',
    '4th',
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '101st'
  ])
  expect(runnerFlakyWords({ passedOnRun: 2 })).toBe('flaky inside the runner, passed on its 2nd run')
  expect(runnerFlakySentence({ passedOnRun: 2, form: 'flakyFailure' })).toBe(
    "Failed, then passed on the runner's 2nd run (Surefire flakyFailure)"
  )
  expect(retryFormWords('repeated', 2)).toBe('listed twice in the results')
  expect(retryFormWords('repeated', 3)).toBe('listed 3 times in the results')
  expect(retryFormWords('flakyError', 2)).toBe('Surefire flakyError')
  expect(retryFormWords('invocations', 3)).toBe("the runner's JSON report")
})
