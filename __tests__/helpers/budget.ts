/**
 * Limits for tests on a busy machine (docs/design.md §9, "Tests on a busy machine"): a jest
 * timeout or a wait's limit is what the test takes on an idle machine times
 * REVERIFY_TEST_SLOWDOWN (default 5). A limit only ends a test that hangs; nothing a test
 * asserts may depend on how fast the machine is.
 */
import { setTimeout as sleep } from 'node:timers/promises'
// @ts-expect-error: a plain ES module of the scripts, without types
import { slowdownFrom, testBudget } from '../../scripts/test-budget.mjs'

/** The slowdown in force (REVERIFY_TEST_SLOWDOWN, default 5). */
export const SLOWDOWN: number = slowdownFrom(process.env)

/** A jest timeout (or a wait's limit) for something that takes about `idleMs` on an idle machine. */
export function budget(idleMs: number): number {
  return testBudget(idleMs) as number
}

/** Polls `check` until it holds; throws `what` (what did not happen) once the budget for `idleMs` has passed. */
export async function waitUntil(check: () => boolean, what: string, idleMs = 10_000): Promise<void> {
  const limit = budget(idleMs)
  const end = performance.now() + limit
  while (!check()) {
    if (performance.now() > end) throw new Error(`${what} (waited ${limit} ms)`)
    await sleep(20)
  }
}
