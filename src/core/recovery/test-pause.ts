/**
 * A test-only hook (docs/reliability.md, "Fault injection"): with
 * `REVERIFY_TEST_PAUSE_AT=<point>:<marker file>` in the process's environment, the run writes the
 * marker file when it reaches that point and waits there for a minute, so a test can kill it
 * exactly in a window that is otherwise a few microseconds wide. Points: `after-trace-end`
 * (the trace has its `end`, the final receipt is not written yet), `before-reports` (the CLI
 * has printed the verdict and the final receipt is written; report.html and the exports are
 * not) and `during-cache-save`
 * (the action's main step has started saving the receipt history to the cache; the save goes
 * on while the step waits). Without the variable it does nothing.
 */
import { writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** The environment variable that names the point and the marker file. */
export const TEST_PAUSE_VARIABLE = 'REVERIFY_TEST_PAUSE_AT'
const PAUSE_MS = 60_000

/** The points a test can pause a run at. */
export type TestPausePoint = 'after-trace-end' | 'before-reports' | 'during-cache-save'

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
    writeFileSync(value.slice(point.length + 1), `${process.pid}\n`)
    await sleep(PAUSE_MS)
  }
}
