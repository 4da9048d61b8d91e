/**
 * The console summary's lines about flakiness (docs/design.md §1 "Console summary and CLI
 * exit codes"): the rate of each failed or flaky test named, and what early flake detection
 * did. Plain text: the console shows the names as the results wrote them (redacted by the core).
 */
import { runnerRetry, testRates, type CompletedRun } from '../core/index.js'

/** Most tests given a rate on the `rates:` line. */
const RATED_TESTS = 3

/** A flaky test's name on the `tests:` line: `net (inside the runner, passed on its 2nd run)` when the runner retried it. */
export function flakyName(run: CompletedRun, name: string): string {
  const runner = run.tests?.runnerFlaky?.find(test => test.name === name)
  return runner === undefined ? name : `${name} (${runnerRetry.runnerFlakyWords(runner).replace('flaky inside', 'inside')})`
}

/** `rates: api failed in 2 of the last 37 runs (5 %) · first seen 2026-11-28; net flaked in …`, or none. */
export function ratesLine(run: CompletedRun, names: readonly string[]): string[] {
  const rated = names.flatMap(name => {
    const words = testRates.rateOf(run.rates, name)
    return words === undefined ? [] : [`${name} ${words}`]
  })
  if (rated.length === 0) return []
  const more = rated.length > RATED_TESTS ? ` and ${rated.length - RATED_TESTS} more` : ''
  return [`rates: ${rated.slice(0, RATED_TESTS).join('; ')}${more}`]
}

/**
 * `new tests: 2 new, each repeated; 5 of 5 repeats ran · flaky: cart (failed repeat 3/5)`;
 * with an empty history, that detection starts with the next run.
 */
export function newTestsLine(run: CompletedRun): string[] {
  const detection = run.newTests
  if (detection === undefined) return []
  if (detection.skipped === 'empty-history')
    return ['new tests: none counted: the history knows no test yet; detection starts with the next run']
  if (detection.skipped === 'none-new') return ['new tests: none']
  if (detection.skipped === 'not-passed') return []
  if (detection.skipped === 'not-repeatable')
    return [`new tests: ${detection.found} new, not repeated: ${detection.stopped ?? 'no repeat could be made'}`]
  const repeated = detection.repeated.length < detection.found ? `${detection.repeated.length} repeated` : 'each repeated'
  const cut = detection.budgetCut
    ? ' (new-test-budget-seconds cut the rest)'
    : detection.stopped !== undefined
      ? ` (stopped: ${detection.stopped})`
      : ''
  const flaky = detection.flaky.map(item => `${item.test.name} (failed repeat ${item.repeat}/${detection.repeats})`)
  const shown =
    flaky.length === 0
      ? ''
      : ` · flaky: ${flaky.slice(0, RATED_TESTS).join('; ')}${flaky.length > RATED_TESTS ? ` and ${flaky.length - RATED_TESTS} more` : ''}`
  return [`new tests: ${detection.found} new, ${repeated}; ${detection.ran} of ${detection.repeats} repeats ran${cut}${shown}`]
}
