/**
 * How long a test may wait on a busy machine (docs/design.md §9, "Tests on a busy machine").
 * Every jest timeout and every wait a test puts a limit on is a figure for an idle 2-core
 * machine times REVERIFY_TEST_SLOWDOWN (default 5): a limit only ends a test that hangs, so
 * a generous one costs nothing while the suite passes. jest.config.js and the tests' helper
 * (__tests__/helpers/budget.ts) read it here, so the two never disagree.
 */

/** How much slower than an idle 2-core machine the tests allow for, when the variable is unset. */
export const DEFAULT_SLOWDOWN = 5

/** The slowdown REVERIFY_TEST_SLOWDOWN asks for: a number from 1 to 100, or the default when unset or empty. */
export function slowdownFrom(env) {
  const raw = (env.REVERIFY_TEST_SLOWDOWN ?? '').trim()
  if (raw === '') return DEFAULT_SLOWDOWN
  const value = /^\d{1,3}(\.\d{1,2})?$/.test(raw) ? Number(raw) : NaN
  if (!(value >= 1 && value <= 100)) {
    throw new Error(`REVERIFY_TEST_SLOWDOWN: '${raw}' is not allowed; expected a number from 1 to 100 (default ${DEFAULT_SLOWDOWN})`)
  }
  return value
}

/** A limit for something that takes about `idleMs` on an idle machine, scaled by the slowdown. */
export function testBudget(idleMs, env = process.env) {
  return Math.round(idleMs * slowdownFrom(env))
}
