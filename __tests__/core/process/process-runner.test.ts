/**
 * The process runner times a command by the clock it is given (docs/design.md §8): its
 * duration and its kill grace are readings of that clock, never of the process's own.
 */
import { mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Clock } from '../../../src/core/base/clock.js'
import { createProcessRunner, type CommandSpec } from '../../../src/core/process/process-runner.js'

/** A monotonic clock that moves `stepMs` each time it is read. */
function steppingClock(stepMs: number): Pick<Clock, 'monotonicMs'> & { reads: number } {
  const clock = {
    reads: 0,
    monotonicMs: () => clock.reads++ * stepMs
  }
  return clock
}

function spec(command: string, extra: Partial<CommandSpec> = {}): CommandSpec {
  return {
    command,
    shell: { kind: 'bash' },
    cwd: realpathSync(mkdtempSync(join(tmpdir(), 'reverify-runner-'))),
    env: process.env,
    timeoutMs: 0,
    killGraceMs: 100,
    onOutput: () => undefined,
    ...extra
  }
}

test("a command's duration is the runner's clock's reading, whatever the wall clock says", async () => {
  const clock = steppingClock(7_000)
  const { result } = await createProcessRunner(clock).run(spec('true'))
  expect(result.exitCode).toBe(0)
  // One reading as it starts and one as it ends: 7 s on this clock for a command that took milliseconds.
  expect(result.durationMs).toBe(7_000)
})

test('a program that cannot start is timed by the same clock', async () => {
  const clock = steppingClock(3_000)
  const { result } = await createProcessRunner(clock).run(spec('x', { shell: { kind: 'template', template: '/nonexistent/shell {0}' } }))
  expect(result.exitCode).toBe(127)
  expect(result.durationMs).toBe(3_000)
})

test('the kill grace is measured on the runner clock: a clock already past the grace kills at once', async () => {
  // Each reading is a minute on: the SIGTERM grace has run out by the first look.
  const clock = steppingClock(60_000)
  // The real clock would wait the whole hour of grace before SIGKILL, past the test's timeout:
  // no wall time is measured (docs/design.md §9, "Tests on a busy machine").
  const { result } = await createProcessRunner(clock).run(
    spec("trap '' TERM; sleep 86400 & wait", { timeoutMs: 200, killGraceMs: 3_600_000 })
  )
  expect(result.timedOut).toBe(true)
  expect(result.stopped).toMatchObject({ graceMs: 3_600_000, killed: true })
})
