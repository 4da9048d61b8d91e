/**
 * The fault injection's pause (docs/reliability.md, "Fault injection"): a test-only port that
 * stops a run at a named point, so a test can kill it in a window that is otherwise a few
 * microseconds wide. The harness fills it, not the shipped code: it preloads
 * `scripts/test-pause.mjs` into the built CLI or action (`NODE_OPTIONS=--import`), which
 * reads `REVERIFY_TEST_PAUSE_AT=<point>:<marker file>` and leaves the pause in the slot
 * below; `createRunPorts` (run/run-ports.ts) hands it on as `RunPorts.pause`. A process the
 * harness did not start has an empty slot, and nothing pauses. Points:
 * - the run's opening (docs/design.md §6), in the order its writes come: `before-opening`
 *   (nothing of the run written yet), `during-receipt-write` (the `running` receipt's temp
 *   file written, not yet renamed), `before-session` (the receipt written, no session
 *   folder), `during-meta-write` (the session folder and an empty trace, meta.json's temp
 *   file not yet renamed), `during-run-record-write` (meta.json written, run.json's temp file
 *   not yet renamed), `before-start` (run.json written, the trace has no `start`) and
 *   `after-opening` (`start` and `decision` written, nothing has run);
 * - `after-trace-end` (the trace has its `end`, the final receipt is not written yet);
 * - `before-reports` (the CLI has printed the verdict and the final receipt is written;
 *   report.html and the exports are not);
 * - `during-cache-save` (the action's main step has started saving the receipt history to
 *   the cache; the save goes on while the step waits).
 */

/** The points of the run's opening, in the order its writes come. */
export const OPENING_POINTS = [
  'before-opening',
  'during-receipt-write',
  'before-session',
  'during-meta-write',
  'during-run-record-write',
  'before-start',
  'after-opening'
] as const

/** The points a test can pause a run at. */
export type TestPausePoint = (typeof OPENING_POINTS)[number] | 'after-trace-end' | 'before-reports' | 'during-cache-save'

/** The pause port: waits at `point` when a test asked for it, else returns at once. */
export type TestPause = (point: TestPausePoint) => Promise<void>

/** Where the harness's preloaded module leaves the pause (a registered symbol: one slot for every bundled copy). */
export const TEST_PAUSE_SLOT = Symbol.for('reverify.test-pause')

/** The pause the test harness left in its slot, if it did. */
export function harnessPause(): TestPause | undefined {
  const filled: unknown = (globalThis as Record<symbol, unknown>)[TEST_PAUSE_SLOT]
  return typeof filled === 'function' ? (filled as TestPause) : undefined
}
