/**
 * A test-only hook (docs/reliability.md, "Fault injection"): with
 * `REVERIFY_TEST_PAUSE_AT=<point>:<marker file>` in the process's environment, the run writes the
 * marker file when it reaches that point and waits there until the marker is removed (or for
 * a minute), so a test can kill it exactly in a window that is otherwise a few microseconds
 * wide, or let it go on and kill it a chosen moment later. Points:
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
 * Without the variable it does nothing.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** The environment variable that names the point and the marker file. */
export const TEST_PAUSE_VARIABLE = 'REVERIFY_TEST_PAUSE_AT'
const PAUSE_MS = 60_000
/** How often a paused run looks whether its marker is gone. */
const POLL_MS = 2

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

/**
 * The pause a front end hands the core (`RunPorts.pause`), from the environment the test
 * harness started it with; the core itself reads no environment for it.
 */
export function testPauseFrom(env: NodeJS.ProcessEnv): TestPause | undefined {
  const value = env[TEST_PAUSE_VARIABLE]
  if (value === undefined) return undefined
  return async point => {
    if (!value.startsWith(`${point}:`)) return
    const marker = value.slice(point.length + 1)
    writeFileSync(marker, `${process.pid}\n`)
    const deadline = Date.now() + PAUSE_MS
    while (existsSync(marker) && Date.now() < deadline) await sleep(POLL_MS)
  }
}
