/**
 * Processes found by the run id in their environment (docs/design.md §6): what a crashed
 * attempt started in the moment before its process group reached the trace.
 */
import { systemClock } from '../../../src/core/base/clock.js'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { endMarkedProcesses, markedProcesses, RUN_MARKER_VAR } from '../../../src/core/process/crashed-groups.js'

const RUN = '20261201-120000-verify-abc123'
const OTHER = '20261201-120000-verify-def456'

function sleeper(runId: string) {
  // A day: it never ends by itself while the test runs, however busy the machine.
  return spawn('sleep', ['86400'], { env: { PATH: process.env.PATH, [RUN_MARKER_VAR]: runId }, stdio: 'ignore', detached: true })
}

test("a run's marked processes are found and ended; another run's are left alone", async () => {
  const ours = [sleeper(RUN), sleeper(RUN)]
  const theirs = sleeper(OTHER)
  try {
    // 'spawn' comes once each has exec'd `sleep`, whose environment carries the marker: no
    // sleep stands in for it (docs/design.md §9, "Tests on a busy machine").
    await Promise.all([...ours, theirs].map(child => once(child, 'spawn')))
    expect(
      markedProcesses(RUN)
        .map(found => found.pid)
        .sort()
    ).toEqual(ours.map(child => child.pid).sort())
    const exits = ours.map(child => new Promise(resolve => child.once('exit', (_code, signal) => resolve(signal))))
    // The grace only has to outlast SIGTERM's effect, however slow the machine: the call
    // returns as soon as both are gone.
    expect(await endMarkedProcesses(RUN, { graceMs: 3_600_000, clock: systemClock })).toBe(2)
    expect(await Promise.all(exits)).toEqual(['SIGTERM', 'SIGTERM'])
    expect(theirs.exitCode).toBeNull()
    expect(() => process.kill(theirs.pid!, 0)).not.toThrow()
    expect(markedProcesses(RUN)).toEqual([])
  } finally {
    for (const child of [...ours, theirs]) child.kill('SIGKILL')
  }
})
