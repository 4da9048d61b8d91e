/**
 * The process groups of a crashed run (docs/design.md §6): each command's group is recorded
 * in the trace the moment it starts (a `process-group` note, session/notes.ts), and
 * whoever continues or closes the run ends what is left of them before anything runs
 * again — after checking that the pid still names the same process (its start time), so a
 * recycled pid is never signalled. Each command also carries the run id in its environment,
 * which finds on Linux what started in the moment before its group reached the trace.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { resolve } from 'node:path'
import type { Clock } from '../base/clock.js'
import { identifyGroup, processesWithEnv, processStartTime, type GroupIdentity } from './process-identity.js'
import type { TraceEvent } from '../session/events.js'
import type { RecordedGroup } from '../session/note-schema.js'
import { isOwnSessionDir } from '../session/layout.js'
import { readSessionTrace } from '../session/reader.js'

/** Every process group a trace recorded, newest last, each once. */
export function recordedGroups(events: readonly TraceEvent[]): RecordedGroup[] {
  const groups = new Map<string, RecordedGroup>()
  for (const event of events) {
    if (event.phase !== 'note' || event.payload.kind !== 'process-group') continue
    const { pgid, started } = event.payload.process_group
    groups.set(`${pgid}@${started}`, { pgid, started })
  }
  return [...groups.values()]
}

/** What became of one recorded group. */
export interface GroupEnding {
  group: RecordedGroup
  /** `ended`: signalled and gone (or SIGKILLed); `gone`: nothing was left; `left`: not ours any more. */
  result: 'ended' | 'gone' | 'left'
  why?: string
}

/** How long a signalled process is given between SIGTERM and SIGKILL, and the clock that times it. */
export interface KillGrace {
  graceMs: number
  clock: Pick<Clock, 'monotonicMs'>
}

/** How often a signalled group is looked at while it is given time to exit. */
const POLL_MS = 50

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal)
  } catch {
    // Gone in the meantime: nothing to signal.
  }
}

function stillOurs(identity: GroupIdentity): boolean {
  return identity.kind === 'same' || identity.kind === 'orphaned'
}

/**
 * Ends what is left of recorded groups: SIGTERM to the group, SIGKILL after the grace if
 * any of it is still there. The identity is checked before each signal.
 */
export async function endRecordedGroups(groups: readonly RecordedGroup[], { graceMs, clock }: KillGrace): Promise<GroupEnding[]> {
  const endings: GroupEnding[] = []
  for (const group of groups) {
    const identity = identifyGroup(group.pgid, group.started)
    if (identity.kind === 'gone') {
      endings.push({ group, result: 'gone' })
      continue
    }
    if (identity.kind === 'other') {
      endings.push({ group, result: 'left', why: identity.why })
      continue
    }
    signalGroup(group.pgid, 'SIGTERM')
    const deadline = clock.monotonicMs() + graceMs
    let now = identifyGroup(group.pgid, group.started)
    while (stillOurs(now) && clock.monotonicMs() < deadline) {
      await sleep(POLL_MS)
      now = identifyGroup(group.pgid, group.started)
    }
    if (stillOurs(now)) signalGroup(group.pgid, 'SIGKILL')
    endings.push({ group, result: 'ended' })
  }
  return endings
}

/**
 * Ends the process groups a session's trace recorded (see endRecordedGroups). The session
 * path is untrusted (a receipt or saved state names it): only one of this state directory
 * is read.
 */
export async function endSessionGroups(stateDir: string, sessionDir: string | undefined, grace: KillGrace): Promise<GroupEnding[]> {
  if (sessionDir === undefined || !(await isOwnSessionDir(stateDir, resolve(sessionDir)))) return []
  return endRecordedGroups(recordedGroups(await readSessionTrace(resolve(sessionDir))), grace)
}

/**
 * The variable every command of a run gets (docs/design.md §6): its run id. A process the
 * crashed attempt started in the moment before its group reached the trace is still found
 * by it, on Linux, where /proc/<pid>/environ shows the environment a process started with.
 */
export const RUN_MARKER_VAR = 'REVERIFY_RUN_ID'

/** Live processes of this user whose environment carries the run's marker (Linux; none elsewhere). */
export function markedProcesses(runId: string): { pid: number; started: string }[] {
  return processesWithEnv(RUN_MARKER_VAR, runId)
}

/**
 * Ends the processes that carry a crashed run's marker and outlived it: SIGTERM, then
 * SIGKILL after the grace, each only while its start time still matches. Returns how many.
 */
export async function endMarkedProcesses(runId: string, { graceMs, clock }: KillGrace): Promise<number> {
  const marked = markedProcesses(runId)
  const same = (process: { pid: number; started: string }) => processStartTime(process.pid) === process.started
  for (const target of marked) if (same(target)) signalProcess(target.pid, 'SIGTERM')
  const deadline = clock.monotonicMs() + graceMs
  while (marked.some(same) && clock.monotonicMs() < deadline) await sleep(POLL_MS)
  for (const target of marked) if (same(target)) signalProcess(target.pid, 'SIGKILL')
  return marked.length
}

function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal)
  } catch {
    // Gone in the meantime.
  }
}
