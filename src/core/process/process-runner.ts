/**
 * Runs one script through its shell (written to a temp file, see shell/script-shell.ts) in
 * its own session and process group, marked with a variable of its own, and reports how it
 * ended. On a timeout or an interrupt every process of the command is signalled — its group,
 * its session, and whatever carries its marker after leaving both (`set -m`, `setsid`) — so
 * grandchildren die with the command instead of running on into the next attempt.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { promises as fsp, rmSync } from 'node:fs'
import { constants } from 'node:os'
import { parseFailedLine, shellInvocation, writeScriptFile, type ShellSpec } from '../shell/script-shell.js'
import { INTERRUPTED_EXIT } from '../base/errors.js'
import type { Clock } from '../base/clock.js'
import type { CommandResult, StopFacts } from '../attempt/command-result.js'
import { commandProcesses, processStartTime, startTicksOf, type CommandTree } from './process-identity.js'

/**
 * The variable that marks every process of one command (a fresh value per command): a
 * timeout ends what carries it, and nothing of another command — the script's background
 * server while its `expect-check` runs, another run's commands — does.
 */
export const COMMAND_MARKER_VAR = 'REVERIFY_COMMAND_ID'

/** The exit code of a command stopped by its timeout, as `timeout(1)` reports it. */
const TIMEOUT_EXIT = 124

/** Where a command's output goes, chunk by chunk. Returning false asks to pause the source. */
export type OutputSink = (chunk: Buffer, stream: 'stdout' | 'stderr') => boolean | void

/** What to run and how. */
export interface CommandSpec {
  /** The script, as written: it goes to a temp file the shell is started on. */
  command: string
  shell: ShellSpec
  cwd: string
  /** The whole environment the command runs with (plus its marker). */
  env: NodeJS.ProcessEnv
  /** 0 = no timeout. */
  timeoutMs: number
  /** Between SIGTERM and SIGKILL. */
  killGraceMs: number
  /** Aborting it kills the process group (an interrupt of reverify itself). */
  signal?: AbortSignal
  onOutput: OutputSink
  /** Resolves when the sink of that stream can take more after it returned false. */
  waitForDrain?: (stream: 'stdout' | 'stderr') => Promise<void>
  /** Told the process group id as soon as the command starts (for crash bookkeeping). */
  onStart?: (pgid: number) => void
}

/**
 * Whether a process (pid) or any process of a group (-pgid) exists: kill(0) checks without
 * signalling. EPERM means one exists that is not ours to signal.
 */
export function exists(target: number): boolean {
  try {
    process.kill(target, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The processes of one command, which may outlive its shell: its process group and session
 * (the shell leads both) and, where /proc shows environments (Linux), every process that
 * carries the command's marker — a job `set -m` put in a group of its own, a `setsid`
 * daemon. Without /proc (macOS) only the group can be found.
 */
export class ProcessGroup {
  private closed: Promise<void>
  /** Once SIGKILL is sent (or nothing was found left) nothing of the command can run on. */
  private killed = false
  private readonly tree: CommandTree

  /** `child` is the group's leader when this process started it; without it (a group
   *  found again from saved state) only kill(0) tells when the group is gone. `clock` times
   *  the grace between SIGTERM and SIGKILL. */
  constructor(
    readonly pgid: number,
    private readonly clock: Pick<Clock, 'monotonicMs'>,
    child?: ChildProcess,
    marker?: CommandTree['marker']
  ) {
    this.closed = child ? once(child, 'close').then(() => undefined) : new Promise<void>(() => undefined)
    const notBefore = child ? startTicksOf(pgid) : undefined
    this.tree = { pgid, session: pgid, ...(marker && { marker }), ...(notBefore !== undefined && { notBefore }) }
  }

  /**
   * True while any process of the command may still run. kill(0) also finds zombies, which
   * an init that reaps lazily (PID 1 in a container) leaves around: after SIGKILL the command
   * counts as ended, and where /proc shows them, zombies count as ended already.
   */
  isAlive(): boolean {
    if (this.killed) return false
    // On Linux /proc tells zombies apart and finds what left the group, so a command whose
    // processes have all exited counts as ended at once instead of at the end of the grace.
    // Once nothing of it is left nothing can come back (new processes come from live ones),
    // so the command stays ended: its group or session id, free again, may be handed out.
    const members = commandProcesses(this.tree)
    if (members !== undefined && members.length === 0) this.killed = true
    if (members !== undefined) return members.length > 0
    return exists(-this.pgid)
  }

  /**
   * SIGTERM to every process of the command, then SIGKILL after the grace period to what is
   * left; says whether SIGKILL was needed (undefined when nothing was left to signal).
   */
  async terminate(graceMs: number): Promise<StopFacts | undefined> {
    if (this.killed) return undefined
    const grouped = this.signal('SIGTERM')
    const members = this.signalMembers('SIGTERM')
    if (!grouped && members === 0) return undefined
    const deadline = this.clock.monotonicMs() + graceMs
    // The pipes close when every holder has exited; a member that redirected its output
    // elsewhere is only visible through kill(0), so check that too until the deadline.
    while (this.clock.monotonicMs() < deadline && this.isAlive()) {
      await waitAtMost(this.closed, Math.min(50, deadline - this.clock.monotonicMs()))
      if (!this.isAlive()) return { graceMs, killed: false }
    }
    // What is left at the deadline needs SIGKILL; nothing may be (it ended as the grace ran out).
    const needed = this.isAlive()
    const left = needed ? commandProcesses(this.tree) : undefined
    this.signal('SIGKILL')
    // Looked up again: what was started during the grace is ended too.
    this.signalMembers('SIGKILL')
    this.killed = true
    if (!needed) return { graceMs, killed: false }
    return { graceMs, killed: true, ...(left !== undefined && left.length > 0 && { ignoredTerm: left.length }) }
  }

  /** Signals each process of the command found now, if its pid still names it; returns how many. */
  private signalMembers(name: NodeJS.Signals): number {
    const members = commandProcesses(this.tree) ?? []
    for (const member of members) {
      if (processStartTime(member.pid) !== member.started) continue
      try {
        process.kill(member.pid, name)
      } catch {
        // Gone in the meantime.
      }
    }
    return members.length
  }

  private signal(name: NodeJS.Signals): boolean {
    try {
      process.kill(-this.pgid, name)
      return true
    } catch {
      return false
    }
  }
}

/** How long to wait for a finished command's pipes to close. */
const PIPE_SETTLE_MS = 250

/** Waits for a promise, but no longer than ms; the timer never outlives the wait. */
async function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([promise, new Promise(resolve => (timer = setTimeout(resolve, Math.max(0, ms))))])
  clearTimeout(timer)
}

/** The script written to its temp file, the argv that runs it, and the folder to remove afterwards. */
async function shellArgv(
  command: string,
  shell: ShellSpec
): Promise<{ argv: string[]; verbatim: boolean; cleanup: string; record?: string }> {
  const file = await writeScriptFile(command, shell)
  return { ...shellInvocation(shell, file.path), cleanup: file.dir, ...(file.record !== undefined && { record: file.record }) }
}

/** The line a bash script stopped at, from the trap's record, when the record explains the exit. */
async function failedLineOf(record: string | undefined, exitCode: number): Promise<CommandResult['failedLine']> {
  if (record === undefined || exitCode === 0) return undefined
  const found = parseFailedLine(await fsp.readFile(record, 'utf8').catch(() => ''))
  // Only a failure under -e stops the script, and only with that failure's status.
  if (found === undefined || !found.errexit || found.status !== exitCode) return undefined
  return { line: found.line, status: found.status }
}

/** Starts the child; resolves once it runs, or with the error that kept it from starting. */
function start(argv: string[], verbatim: boolean, spec: CommandSpec, marker: string): Promise<{ child: ChildProcess } | { error: Error }> {
  let child: ChildProcess
  try {
    child = spawn(argv[0]!, argv.slice(1), {
      cwd: spec.cwd,
      env: { ...spec.env, [COMMAND_MARKER_VAR]: marker },
      detached: true, // a new session and process group, led by the shell
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsVerbatimArguments: verbatim
    })
  } catch (error) {
    return Promise.resolve({ error: error instanceof Error ? error : new Error(String(error)) })
  }
  // Listeners, not events.once: once() of another event rejects when 'error' comes first.
  return new Promise(resolve => {
    child.once('spawn', () => resolve({ child }))
    child.once('error', error => resolve({ error }))
  })
}

/** Exit code for a process ended by a signal: 128 + its number, as shells report it. */
function signalExitCode(signal: string): number {
  const number = (constants.signals as Record<string, number>)[signal]
  return 128 + (number ?? 0)
}

/**
 * Runs one command to completion (or timeout, or interrupt), timed by `clock`. Resolves with
 * the result and the process group, which may still hold background processes the command started.
 */
async function runCommand(spec: CommandSpec, clock: Pick<Clock, 'monotonicMs'>): Promise<{ result: CommandResult; group?: ProcessGroup }> {
  const started = clock.monotonicMs()
  const { argv, verbatim, cleanup, record } = await shellArgv(spec.command, spec.shell)
  const base = { command: spec.command, signal: null, timedOut: false, interrupted: false }
  if (spec.signal?.aborted) {
    rmSync(cleanup, { recursive: true, force: true })
    return { result: { ...base, exitCode: INTERRUPTED_EXIT, interrupted: true, durationMs: 0 } }
  }
  const marker = randomUUID()
  const launched = await start(argv, verbatim, spec, marker)
  const child = 'child' in launched ? launched.child : undefined
  if (child?.pid === undefined) {
    // A program that cannot start (missing, not executable, a missing #! interpreter) is
    // the shell's "command not found": a failed attempt with exit 127, never a crash.
    const why = 'error' in launched ? launched.error.message : 'no process id'
    rmSync(cleanup, { recursive: true, force: true })
    spec.onOutput(Buffer.from(`reverify: could not start ${argv[0]}: ${why}\n`), 'stderr')
    return { result: { ...base, exitCode: 127, durationMs: elapsedSince(started, clock) } }
  }
  const exited = new Promise<[number | null, NodeJS.Signals | null]>(resolve =>
    child.once('exit', (code, signal) => resolve([code, signal]))
  )
  const group = new ProcessGroup(child.pid, clock, child, { name: COMMAND_MARKER_VAR, value: marker })
  const closed = once(child, 'close')
  spec.onStart?.(child.pid)

  for (const name of ['stdout', 'stderr'] as const) {
    const source = child[name]!
    source.on('data', (chunk: Buffer) => {
      if (spec.onOutput(chunk, name) === false && spec.waitForDrain) {
        source.pause()
        void spec.waitForDrain(name).then(() => source.resume())
      }
    })
  }

  let timedOut = false
  let interrupted = false
  let stopping: Promise<StopFacts | undefined> | undefined
  const stop = () => {
    stopping ??= group.terminate(spec.killGraceMs)
  }
  const timer =
    spec.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true
          stop()
        }, spec.timeoutMs)
      : undefined
  const onAbort = () => {
    interrupted = true
    stop()
  }
  spec.signal?.addEventListener('abort', onAbort, { once: true })

  const [code, signal] = await exited
  if (timer) clearTimeout(timer)
  spec.signal?.removeEventListener('abort', onAbort)
  const stopped = stopping ? await stopping : undefined
  // Let the pipes deliver what the command wrote before judging its output. A background
  // process still holding them must not stall the run: its output keeps flowing until the
  // attempt ends and its group is stopped.
  await waitAtMost(closed, PIPE_SETTLE_MS)
  const durationMs = elapsedSince(started, clock)

  let exitCode = code ?? (signal ? signalExitCode(signal) : 1)
  if (timedOut) exitCode = TIMEOUT_EXIT
  else if (interrupted) exitCode = INTERRUPTED_EXIT
  const failedLine = timedOut || interrupted ? undefined : await failedLineOf(record, exitCode)
  rmSync(cleanup, { recursive: true, force: true })
  return {
    result: {
      command: spec.command,
      exitCode,
      signal: signal ?? null,
      timedOut,
      interrupted,
      durationMs,
      ...(timedOut ? { timeoutMs: spec.timeoutMs } : {}),
      ...(stopped !== undefined && { stopped }),
      ...(failedLine !== undefined && { failedLine })
    },
    group
  }
}

/** The process-runner port: runs one command as runCommand does (tests may wrap it). */
export interface ProcessRunner {
  run(spec: CommandSpec): Promise<{ result: CommandResult; group?: ProcessGroup }>
}

/** Whole milliseconds since `started`, a reading of the same clock. */
function elapsedSince(started: number, clock: Pick<Clock, 'monotonicMs'>): number {
  return Math.round(clock.monotonicMs() - started)
}

/** The real process runner, timing commands and their kill grace by `clock` (the run's clock port). */
export function createProcessRunner(clock: Pick<Clock, 'monotonicMs'>): ProcessRunner {
  return { run: spec => runCommand(spec, clock) }
}
