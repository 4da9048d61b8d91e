/**
 * Tests on a busy machine (docs/design.md §9): every jest timeout is a figure for an idle
 * machine times REVERIFY_TEST_SLOWDOWN, whether the run's default or a number a test gives.
 */
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { budget, SLOWDOWN } from './helpers/budget.js'
import { withScaledTimeouts } from './helpers/scaled-timeouts.js'
import { REPO_ROOT } from './helpers/cli.js'
// @ts-expect-error: a plain ES module of the scripts, without types
import { DEFAULT_SLOWDOWN, slowdownFrom, testBudget } from '../scripts/test-budget.mjs'

/** The timeout jest-circus gave the test that runs now (its state sits under a symbol on the global). */
function runningTimeout(): number | undefined {
  const key = Object.getOwnPropertySymbols(globalThis).find(symbol => symbol.description === 'JEST_STATE_SYMBOL')
  const state =
    key === undefined ? undefined : (globalThis as unknown as Record<symbol, { currentlyRunningTest?: { timeout?: number } }>)[key]
  return state?.currentlyRunningTest?.timeout
}

test('REVERIFY_TEST_SLOWDOWN: a number from 1 to 100, 5 when unset; anything else is one line naming it', () => {
  expect(DEFAULT_SLOWDOWN).toBe(5)
  expect(slowdownFrom({})).toBe(5)
  expect(slowdownFrom({ REVERIFY_TEST_SLOWDOWN: ' ' })).toBe(5)
  expect(slowdownFrom({ REVERIFY_TEST_SLOWDOWN: '1' })).toBe(1)
  expect(slowdownFrom({ REVERIFY_TEST_SLOWDOWN: '12.5' })).toBe(12.5)
  expect(testBudget(60_000, { REVERIFY_TEST_SLOWDOWN: '2' })).toBe(120_000)
  for (const bad of ['0', '0.5', '101', 'fast', '-2', '1e2']) {
    expect(() => slowdownFrom({ REVERIFY_TEST_SLOWDOWN: bad })).toThrow(
      `REVERIFY_TEST_SLOWDOWN: '${bad}' is not allowed; expected a number from 1 to 100 (default 5)`
    )
  }
  expect(budget(1000)).toBe(Math.round(1000 * SLOWDOWN))
})

test('the run default is a minute times the slowdown', async () => {
  const config = (await import(pathToFileURL(join(REPO_ROOT, 'jest.config.js')).href)).default
  expect(config.testTimeout).toBe(budget(60_000))
  expect(runningTimeout()).toBeUndefined()
})

test('a number given as a test’s timeout is scaled', () => {
  expect(runningTimeout()).toBe(budget(1_234))
}, 1_234)

test.each([[1], [2]])(
  'through .each too (%i)',
  () => {
    expect(runningTimeout()).toBe(budget(4_321))
  },
  4_321
)

describe('the wrapper', () => {
  const calls: unknown[][] = []
  const api = Object.assign((...args: unknown[]) => void calls.push(args), {
    only: (...args: unknown[]) => void calls.push(['only', ...args]),
    each:
      (...table: unknown[]) =>
      (...args: unknown[]) =>
        void calls.push(['each', table, ...args]),
    label: 'kept'
  })
  const wrapped = withScaledTimeouts(api, 2, ms => ms * 10)

  test('scales the number at its place in every call and modifier, and leaves the rest alone', () => {
    wrapped('a', undefined, 5)
    wrapped('b', undefined)
    wrapped.only('c', undefined, 7)
    wrapped.each([1, 2])('d', undefined, 9)
    expect(calls).toEqual([
      ['a', undefined, 50],
      ['b', undefined],
      ['only', 'c', undefined, 70],
      ['each', [[1, 2]], 'd', undefined, 90]
    ])
    expect(wrapped.label).toBe('kept')
  })
})
