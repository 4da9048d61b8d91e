/**
 * Telling a process apart from a later one that got the same pid (docs/design.md §6): a
 * pid is only an address, and on a busy host it is handed out again within minutes, so a
 * process group recorded by a crashed run is identified by its leader's pid **and** start
 * time. Linux: field 22 of /proc/<pid>/stat (clock ticks since boot). Elsewhere:
 * `ps -o lstart=` (the start time to the second, as BSD and macOS `ps` print it).
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** One process as /proc/<pid>/stat tells it. */
interface ProcStat {
  pid: number
  /** R, S, D, Z (zombie: exited, not yet reaped), … */
  state: string
  pgrp: number
  session: number
  /** Clock ticks since boot. */
  startTicks: string
}

/** Parses /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
function readProcStat(pid: number): ProcStat | undefined {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // fields[0] is field 3 (state): field n is fields[n - 3].
  const startTicks = fields[19]
  if (startTicks === undefined || !/^\d+$/.test(startTicks)) return undefined
  return { pid, state: fields[0] ?? '', pgrp: Number(fields[2]), session: Number(fields[3]), startTicks }
}

/** Whether this host has a /proc with stat files (Linux). */
function hasProcfs(): boolean {
  return readProcStat(process.pid) !== undefined
}

/**
 * The start time of a live process, as an opaque string compared only for equality
 * (`linux:<ticks>` or `ps:<lstart>`); undefined when it is gone or cannot be told.
 */
export function processStartTime(pid: number): string | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 1) return undefined
  const stat = readProcStat(pid)
  if (stat !== undefined) return `linux:${stat.startTicks}`
  if (hasProcfs() || process.platform === 'win32') return undefined
  const ps = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 5000 })
  const started = ps.status === 0 ? ps.stdout.trim() : ''
  return started === '' ? undefined : `ps:${started.replace(/\s+/g, ' ')}`
}

/** What is found of a recorded process group now. */
export type GroupIdentity =
  /** Its leader runs, with the recorded start time: the same group. */
  | { kind: 'same' }
  /** Its leader has exited but members are left, each started no earlier than the leader, in
   *  the leader's session: the group id cannot have been reused while they lived. */
  | { kind: 'orphaned'; members: number[] }
  /** Nothing of it is left. */
  | { kind: 'gone' }
  /** The pid or group id now belongs to something else, or cannot be told apart: never signalled. */
  | { kind: 'other'; why: string }

/**
 * Checks a recorded group (leader pid = group id, and the leader's start time) against what
 * runs now. Only `same` and `orphaned` may be signalled.
 */
export function identifyGroup(pgid: number, started: string): GroupIdentity {
  if (!Number.isSafeInteger(pgid) || pgid <= 1) return { kind: 'other', why: 'not a process group id' }
  const now = processStartTime(pgid)
  if (now !== undefined && now !== started) return { kind: 'other', why: `pid ${pgid} now belongs to a process started at another time` }
  // Zombies (exited, not yet reaped by an init that reaps lazily) cannot run on: they do not count.
  if (now !== undefined)
    return hasProcfs() && groupMembers(pgid).every(member => member.state === 'Z') ? { kind: 'gone' } : { kind: 'same' }
  if (!groupExists(pgid)) return { kind: 'gone' }
  // The leader has exited and something still has the group id.
  if (!started.startsWith('linux:') || !hasProcfs()) {
    return { kind: 'other', why: `the leader of group ${pgid} has exited and its members cannot be checked here` }
  }
  const leaderTicks = BigInt(started.slice('linux:'.length))
  const members = groupMembers(pgid).filter(member => member.state !== 'Z')
  // A group id is not given out again while any process of the group lives (POSIX), and a
  // group that reused it would be led from another session in all but the rarest cases.
  const foreign = members.find(member => member.session !== pgid || BigInt(member.startTicks) < leaderTicks)
  if (foreign !== undefined) return { kind: 'other', why: `process ${foreign.pid} of group ${pgid} is not from the recorded command` }
  if (members.length === 0) return { kind: 'gone' }
  return { kind: 'orphaned', members: members.map(member => member.pid) }
}

/** Whether any process (zombies too) has this group id: kill(0) signals nothing. */
function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Every pid /proc lists (none without /proc). */
function procPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter(name => /^\d+$/.test(name))
      .map(Number)
  } catch {
    return []
  }
}

/** The live processes of a group, from /proc. */
function groupMembers(pgid: number): ProcStat[] {
  const members: ProcStat[] = []
  for (const pid of procPids()) {
    const stat = readProcStat(pid)
    if (stat !== undefined && stat.pgrp === pgid) members.push(stat)
  }
  return members
}

/**
 * The processes of this user (other than this one) that started with `name=value` in their
 * environment, each with its start time (Linux: /proc/<pid>/environ; none elsewhere).
 */
export function processesWithEnv(name: string, value: string): { pid: number; started: string }[] {
  const needle = `\0${name}=${value}\0`
  const found: { pid: number; started: string }[] = []
  for (const pid of procPids()) {
    if (pid === process.pid) continue
    try {
      if (!`\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(needle)) continue
    } catch {
      continue // another user's, or gone
    }
    const started = processStartTime(pid)
    if (started !== undefined) found.push({ pid, started })
  }
  return found
}

/** What identifies the processes of one command: its group, its session, a marker in their environment. */
export interface CommandTree {
  pgid: number
  session: number
  /** `name=value` every process the command started inherits unless it cleared its environment. */
  marker?: { name: string; value: string }
  /**
   * The leader's start, in clock ticks since boot (Linux): a process started before it cannot
   * be one of the command's, so its environment is not read for the marker.
   */
  notBefore?: bigint
}

/**
 * The live processes (zombies do not count) of one command: those in its process group or
 * its session, and those that carry its marker although they left both (`setsid`, a
 * double fork). Each with its start time, so a pid handed out again is never signalled.
 * Undefined where there is no /proc (macOS): there only the group can be told.
 */
export function commandProcesses(tree: CommandTree): { pid: number; started: string }[] | undefined {
  if (!hasProcfs()) return undefined
  const needle = tree.marker === undefined ? undefined : `\0${tree.marker.name}=${tree.marker.value}\0`
  const found: { pid: number; started: string }[] = []
  for (const pid of procPids()) {
    if (pid === process.pid) continue
    const stat = readProcStat(pid)
    if (stat === undefined || stat.state === 'Z' || stat.state === 'X') continue
    let ours = stat.pgrp === tree.pgid || stat.session === tree.session
    if (!ours && needle !== undefined && (tree.notBefore === undefined || BigInt(stat.startTicks) >= tree.notBefore)) {
      try {
        ours = `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(needle)
      } catch {
        // Another user's, or gone.
      }
    }
    if (ours) found.push({ pid, started: `linux:${stat.startTicks}` })
  }
  return found
}

/** A process's start in clock ticks since boot (Linux), or undefined (gone, or no /proc). */
export function startTicksOf(pid: number): bigint | undefined {
  const stat = readProcStat(pid)
  return stat === undefined ? undefined : BigInt(stat.startTicks)
}
