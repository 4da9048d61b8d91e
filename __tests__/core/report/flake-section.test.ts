/** The report's flakiness section from a model's facts (docs/design.md §8 "HTML report"), parsed with jsdom. */
import { expect, test } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { flakeSection } from '../../../src/core/report/flake-section.js'
import type { ReportModel } from '../../../src/core/report/model.js'
import type { NewTestDetection } from '../../../src/core/attempt/new-tests.js'

const HOSTILE = '<img src=x onerror=alert(1)> applies the coupon'
const CART = { name: HOSTILE, caseName: 'c', classname: 'cart', file: 'src/cart.test.js', line: 12, key: '0123456789abcdef' }

function section(facts: Partial<ReportModel>): Document {
  const model = { runnerFlaky: [], rates: [], ...facts } as unknown as ReportModel
  return new JSDOM(`<body>${flakeSection(model).text}</body>`).window.document
}

const detection = (more: Partial<NewTestDetection> = {}): NewTestDetection => ({
  mode: 'fail',
  decided: 'fail',
  found: 3,
  repeated: [CART],
  repeats: 5,
  ran: 2,
  budgetSeconds: 120,
  spentMs: 4_000,
  budgetCut: true,
  flaky: [{ test: CART, repeat: 2, attempt: 3, message: 'Expected 90', block: '● cart\n  Expected: 90\n  Received: 100' }],
  ...more
})

test('early flake detection: found, repeated, ran, the budget, and each flaky new test with its repeat and block; names stay text', () => {
  const document = section({ newTests: detection() })
  expect(document.querySelectorAll('img, script')).toHaveLength(0)
  const text = document.querySelector('#flakiness')!.textContent!
  expect(text).toContain('3 new tests, the first 1 repeated (new-test-max); 2 of 5 repeats ran; new-test-budget-seconds cut the rest.')
  expect(text).toContain('Flaky new tests: They fail the run.')
  const row = [...document.querySelectorAll('table.new-flaky tr')][1]!
  expect([...row.children].map(cell => cell.textContent)).toEqual([
    HOSTILE,
    'src/cart.test.js:12',
    'repeat 2 of 5',
    '● cart\n  Expected: 90\n  Received: 100'
  ])
})

test('an empty history says detection starts with the next run; nothing to say is no section', () => {
  const empty = section({ newTests: detection({ skipped: 'empty-history', found: 0, repeated: [], ran: 0, budgetCut: false, flaky: [] }) })
  expect(empty.body.textContent).toContain('The history knows no test yet, so none counts as new; detection starts with the next run.')
  expect(section({}).body.innerHTML).toBe('')
  // A rate of this run alone tells nothing: no table for it.
  expect(section({ rates: [{ name: 'a', runs: 1, flaked: 0, failed: 1 }] }).body.innerHTML).toBe('')
})

test('a test flaky inside the runner: how, its first failure and its rate', () => {
  const document = section({
    runnerFlaky: [{ name: 'net', passedOnRun: 3, form: 'repeated', message: 'ETIMEDOUT', file: 'src/net.test.js', line: 31 }],
    rates: [{ name: 'net', runs: 37, flaked: 4, failed: 0, firstSeen: '2026-11-20' }]
  })
  const rows = [...document.querySelectorAll('table.runner-flaky tr')].slice(1).map(row => [...row.children].map(cell => cell.textContent))
  expect(rows).toEqual([
    [
      'net',
      'src/net.test.js:31',
      'flaky inside the runner, passed on its 3rd run (listed 3 times in the results)',
      'ETIMEDOUT',
      'flaked in 4 of the last 37 runs (11 %) · first seen 2026-11-20'
    ]
  ])
})
