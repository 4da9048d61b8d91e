/**
 * Processes found by the run id in their environment (docs/design.md §6): what a crashed
 * attempt started in the moment before its process group reached the trace.
 */
import { systemClock } from '../../../src/core/base/clock.js'
import { spawn } from 'node:child_process'
import { endMarkedProcesses, markedProcesses, RUN_MARKER_VAR } from '../../../src/core/process/crashed-groups.js'

const RUN = '20261201-120000-verify-abc123'
const OTHER = '20261201-120000-verify-def456'

function sleeper(runId: string) {
  return spawn('sleep', ['30'], { env: { PATH: process.env.PATH, [RUN_MARKER_VAR]: runId }, stdio: 'ignore', detached: true })
}

test("a run's marked processes are found and ended; another run's are left alone", async () => {
  const ours = [sleeper(RUN), sleeper(RUN)]
  const theirs = sleeper(OTHER)
  try {
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(
      markedProcesses(RUN)
        .map(found => found.pid)
        .sort()
    ).toEqual(ours.map(child => child.pid).sort())
    const exits = ours.map(child => new Promise(resolve => child.once('exit', (_code, signal) => resolve(signal))))
    expect(await endMarkedProcesses(RUN, { graceMs: 1000, clock: systemClock })).toBe(2)
    expect(await Promise.all(exits)).toEqual(['SIGTERM', 'SIGTERM'])
    expect(theirs.exitCode).toBeNull()
    expect(() => process.kill(theirs.pid!, 0)).not.toThrow()
    expect(markedProcesses(RUN)).toEqual([])
  } finally {
    for (const child of [...ours, theirs]) child.kill('SIGKILL')
  }
})
