/**
 * Resuming an interrupted run (docs/design.md §6): a receipt left `running` whose owner is
 * gone is continued — same receipt, same session — when the evidence on disk is clear. A
 * recorded result whose verification was not written is judged again without running the
 * command (expect-exit, expect-stdout from the record; expect-file, expect-check now); an
 * attempt cut off mid-command is interrupted, spends no budget and runs again, at most
 * three times per run. Anything unclear means a restart, never a guess.
 */
import { join, resolve } from 'node:path'
import type { AttemptResult, ExpectationCheck, ScriptResult } from '../attempt/result.js'
import { describeExpectations } from '../verify/expectations.js'
import { judgeRecord } from '../verify/judge.js'
import { exists } from '../process/process-runner.js'
import type { Receipt } from '../receipts/receipt.js'
import { redactDeep, type Redactor } from '../redaction/index.js'
import { receiptSealed, type RunSeal } from '../receipts/run-seal.js'
import type { RunSettings } from '../inputs/settings.js'
import { eventsOf, interruptedToolResult, notesOf, traceCounts, unjudgedVerify, type EventOf, type TraceEvent } from '../session/events.js'
import { KILLED_OPENING, openingStage, SESSION_GONE } from './opening.js'
import { isOwnSessionDir, SessionFile } from '../session/layout.js'
import { readSessionMeta, type SessionMeta } from '../session/meta.js'
import { readSessionTrace } from '../session/reader.js'
import type { PlannedRerun } from '../verify/rerun-step.js'
import type { SetAsideResult } from '../base/progress.js'
import type { AttemptTests } from '../attempt/tests.js'
import { recordedTests, rerunToReissue, withRecordedTests } from './resumed-attempts.js'
import { resumedRepeats } from './resumed-repeats.js'
import type { RepeatDone } from '../verify/new-test-plan.js'
import { endingFromRecord } from '../verify/ending-words.js'

/** Where this process runs, to tell whether a receipt's owner is gone. */
export interface Here {
  host: string
  /** The CI run and attempt when in Actions. */
  ci?: { run_id?: string; run_attempt?: number }
  isAlive?: (pid: number) => boolean
}

/**
 * Whether a `running` receipt has no live owner: another run attempt in Actions, or the
 * same host with its process gone. A receipt from another host without CI facts is not
 * judged: its owner may be alive there.
 */
export function ownerGone(receipt: Receipt, here: Here): boolean {
  if (receipt.status !== 'running') return false
  const theirs = receipt.ci
  if (theirs?.run_id !== undefined && here.ci?.run_id !== undefined) {
    if (theirs.run_id !== here.ci.run_id || theirs.run_attempt !== here.ci.run_attempt) return true
  }
  if (receipt.host !== here.host) return false
  return !(here.isAlive ?? exists)(receipt.pid)
}

/** An event to append to the resumed trace before the loop goes on. */
export type PendingEvent =
  { phase: 'tool_result'; payload: EventOf<'tool_result'>['payload'] } | { phase: 'verify'; payload: EventOf<'verify'>['payload'] }

/** How to continue a run. */
export interface ResumePlan {
  receipt: Receipt
  sessionDir: string
  meta: SessionMeta
  /** The attempts already used, rebuilt from the trace. */
  previous: AttemptResult[]
  /** Completes the half-recorded attempt (tool_result / verify), after the "resumed" note. */
  pending: PendingEvent[]
  /** The last attempt's recorded result, whose verification the loop writes (not run again). */
  replay?: ScriptResult
  /**
   * The replayed attempt's results as its `tests` note recorded them (recorded before its
   * verdict when a quarantine is in force), so its verdict is the live one: a failure its
   * quarantined tests explain is excused again. Never a rerun attempt's: a rerun cut off
   * before its verdict is made again, since its own check cannot be replayed.
   */
  replayTests?: AttemptTests
  /** What the note after the last whole attempt said: retry or not (undefined: no such note). */
  retryDecided?: boolean
  /** The rerun the interrupted last attempt was making, to make again (resumed-attempts.ts). */
  rerun?: PlannedRerun
  /** The repeats of new tests recorded before the crash, and the attempt numbers they took (resumed-repeats.ts). */
  repeats?: { done: RepeatDone[]; numbers: number }
  /** What resuming did, for the note. */
  summary: string
  replayed: boolean
}

/** Resume, restart (with why, and the recorded result it sets aside), or nothing to do. */
export type ResumeDecision =
  { kind: 'none' } | { kind: 'resume'; plan: ResumePlan } | { kind: 'restart'; reason: string; setAside?: SetAsideResult }

function setAsideRestart(reason: string, setAside?: SetAsideResult): ResumeDecision {
  return { kind: 'restart', reason, ...(setAside !== undefined && { setAside }) }
}

/** The line that says what a restart sets aside and where it stays (both front ends print it). */
export function describeSetAside(result: SetAsideResult): string {
  const state = result.verified ? 'verified' : 'not yet verified (the crash came during its checks)'
  return `the new run does not use its recorded result: attempt ${result.attempt}, command exit ${result.exitCode}, ${state}; it stays in ${result.trace}`
}

/** The last result of a command the trace recorded (an interrupted one is none), for a restart to name. */
function lastRecordedResult(events: readonly TraceEvent[], sessionDir: string): SetAsideResult | undefined {
  const results = eventsOf(events, 'tool_result').filter(event => event.payload.interrupted !== true)
  const last = results[results.length - 1]?.payload
  if (last === undefined) return undefined
  return {
    attempt: last.attempt,
    exitCode: last.exit,
    verified: eventsOf(events, 'verify').some(event => event.payload.attempt === last.attempt),
    trace: join(sessionDir, SessionFile.trace)
  }
}

type ToolResult = EventOf<'tool_result'>['payload']

/** The most interruptions one run takes; the next crash ends it as `interrupted` (docs/design.md §6). */
export const MAX_INTERRUPTIONS = 3

/** Why a rerun attempt whose verdict was not recorded runs again (docs/design.md §6). */
const RERUN_CUT_OFF = 'reran failed tests and was cut off before its verdict; the rerun is made again and spends no retry'

/** Rebuilds an attempt's result from its recorded tool_result and verdict. */
function attemptFromRecord(result: ToolResult, verdict: { ok: boolean; checks: ExpectationCheck[] }): AttemptResult {
  return { ...scriptFromRecord(result), checks: verdict.checks, verified: verdict.ok, logBytesDropped: 0 }
}

/** The script's part of an attempt, as its tool_result recorded it. */
function scriptFromRecord(result: ToolResult): ScriptResult {
  return {
    attempt: result.attempt,
    commands: (result.commands ?? []).map((command, index) => ({
      command: command.command,
      exitCode: command.exit_code ?? 0,
      signal: command.signal,
      timedOut: command.timed_out,
      interrupted: false,
      durationMs: command.duration_ms,
      // The script is the one command: how it ended is recorded beside it.
      ...(index === 0 && endingFromRecord(result))
    })),
    exitCode: result.exit,
    signal: result.signal ?? null,
    timedOut: result.timed_out === true,
    interrupted: result.interrupted === true,
    durationMs: result.duration_ms,
    startedAt: result.started_at ?? '',
    endedAt: result.ended_at ?? '',
    summary: result.summary,
    ...(result.failures !== undefined && { failures: result.failures }),
    ...(result.runner_report !== undefined && {
      runnerReport: {
        outside: result.runner_report.outside,
        outsideCount: result.runner_report.outside_count,
        ...(result.runner_report.failed_tests !== undefined && { failedTests: result.runner_report.failed_tests })
      }
    }),
    ...(result.stdout_matched !== undefined && { stdoutMatched: result.stdout_matched }),
    ...(result.forbidden_line !== undefined && { forbiddenLine: result.forbidden_line }),
    outputMatched: result.output_matched === true
  }
}

/** What a resumable trace holds, or why it cannot be resumed. */
type Evidence = { ok: true; meta: SessionMeta; events: TraceEvent[] } | { ok: false; reason: string }

/**
 * Reads and checks the session a `running` receipt names. A trace that is empty was killed as
 * its run opened (opening.ts); one with this session's `start` is the evidence, and a missing
 * meta.json (never synced) is rebuilt from it: the trace is the source of truth.
 */
async function readEvidence(receipt: Receipt, stateDir: string): Promise<Evidence> {
  const { stage, events } = await openingStage(receipt, stateDir)
  if (stage === 'gone') return { ok: false, reason: SESSION_GONE }
  if (stage === 'unopened') return { ok: false, reason: KILLED_OPENING }
  if (stage === 'unclear') return { ok: false, reason: 'its trace has no start' }
  const meta = (await readSessionMeta(resolve(receipt.session.dir))) ?? openingMeta(receipt, events)
  if (meta.session_id !== receipt.session.id) return { ok: false, reason: 'its meta.json does not match the receipt' }
  if (eventsOf(events, 'end').length > 0) return { ok: false, reason: 'its trace is already closed' }
  return { ok: true, meta, events }
}

/** The meta.json of an open session, from its trace's `start` and its receipt. */
function openingMeta(receipt: Receipt, events: readonly TraceEvent[]): SessionMeta {
  const start = eventsOf(events, 'start')[0]!
  return {
    session_id: start.session_id,
    skill: start.skill,
    version: start.payload.version ?? '',
    started_at: receipt.started_at,
    ended_at: null,
    outcome: 'running',
    ...traceCounts(events),
    flaky: false,
    run_id: receipt.run_id,
    summary: ''
  }
}

/**
 * Whether a `running` receipt whose owner is gone names a trace that has its `end`: a crash
 * came between closing the trace and writing the receipt, and the trace decides (§6).
 */
export async function endedBeforeReceipt(receipt: Receipt, stateDir: string, here: Here, seal: RunSeal | undefined): Promise<boolean> {
  // Only a run this machine's reverify sealed may have its verdict taken from its trace.
  if (!ownerGone(receipt, here) || !receiptSealed(receipt, seal)) return false
  const sessionDir = resolve(receipt.session.dir)
  if (!(await isOwnSessionDir(stateDir, sessionDir))) return false
  const events = await readSessionTrace(sessionDir)
  const start = eventsOf(events, 'start')[0]
  return start?.session_id === receipt.session.id && eventsOf(events, 'end').length > 0
}

/** Decides how to continue a `running` receipt whose owner is gone. */
export async function planResume(options: {
  receipt: Receipt
  settings: RunSettings
  stateDir: string
  redactor: Redactor
  here: Here
  seal: RunSeal | undefined
}): Promise<ResumeDecision> {
  const { receipt, settings, redactor } = options
  if (!ownerGone(receipt, options.here)) return { kind: 'none' }
  // A receipt may have arrived with the checkout: only one this machine sealed is evidence.
  if (!receiptSealed(receipt, options.seal))
    return setAsideRestart('its receipt was not written by reverify on this machine (no valid seal)')
  const sessionDir = resolve(receipt.session.dir)
  const evidence = await readEvidence(receipt, options.stateDir)
  if (!evidence.ok) return setAsideRestart(evidence.reason)
  const { events } = evidence
  // From here on the trace is ours and readable: a restart names what it sets aside (§6).
  const setAside = lastRecordedResult(events, sessionDir)
  const restart = (reason: string) => setAsideRestart(reason, setAside)
  if (receipt.max_attempts !== 1 + settings.maxRetries) return restart('max-retries changed since it was interrupted')
  const expected = JSON.stringify(redactDeep(describeExpectations(settings.expectations), redactor))
  if (JSON.stringify(receipt.expectations) !== expected) return restart('the expectations changed since it was interrupted')

  // The repeats of new tests follow the attempts; they are read back on their own (resumed-repeats.ts).
  const calls = eventsOf(events, 'tool_call').filter(event => event.payload.repeat === undefined)
  const results = eventsOf(events, 'tool_result')
  const verifies = eventsOf(events, 'verify')
  const previous: AttemptResult[] = []
  const pending: PendingEvent[] = []
  let replay: ScriptResult | undefined
  let replayTests: AttemptTests | undefined
  let summary = 'no attempt had started'
  for (let n = 1; n <= calls.length; n++) {
    const callCount = calls.filter(event => event.payload.attempt === n).length
    if (callCount !== 1) return restart(`its trace has ${callCount} records of attempt ${n}`)
    const result = results.find(event => event.payload.attempt === n)?.payload
    const verify = verifies.find(event => event.payload.attempt === n)?.payload
    if (result !== undefined && verify !== undefined) {
      previous.push(attemptFromRecord(result, { ok: verify.ok, checks: verify.check }))
      summary = `attempt ${n} had been recorded in full`
      continue
    }
    if (n !== calls.length) return restart(`attempt ${n} is incomplete but not the last one`)
    // The result is recorded: it is judged again, never run again (unless the record cannot
    // tell). A rerun's verdict needs its own check (every targeted test shown passing), which
    // an exit code cannot replay: a rerun cut off before its verdict is made again (§6).
    const rerunAttempt = calls[n - 1]?.payload.rerun !== undefined
    if (
      result !== undefined &&
      result.interrupted !== true &&
      !rerunAttempt &&
      judgeRecord(settings, scriptFromRecord(result), redactor) !== undefined
    ) {
      replay = scriptFromRecord(result)
      replayTests = recordedTests(events, n)
      summary = `attempt ${n} had ended and its result was recorded; its verification is replayed, without running it again`
      continue
    }
    // Cut off mid-command: interrupted, not failed; it spends no budget and runs again.
    const interruptions = previous.filter(attempt => attempt.interrupted).length + 1
    if (interruptions >= MAX_INTERRUPTIONS) return restart(`it was interrupted ${interruptions} times`)
    const interrupted = result ?? interruptedToolResult(n, calls.find(event => event.payload.attempt === n)?.ts)
    if (result === undefined) pending.push({ phase: 'tool_result', payload: interrupted })
    // A rerun whose result is recorded but not its verdict is cut off all the same.
    const rerunCut = result !== undefined && rerunAttempt
    const verifyNote = rerunCut ? RERUN_CUT_OFF : 'interrupted mid-command; it runs again and spends no retry'
    pending.push({ phase: 'verify', payload: unjudgedVerify(n, verifyNote) })
    previous.push({ ...attemptFromRecord(interrupted, { ok: false, checks: [] }), interrupted: true })
    summary = rerunCut ? `attempt ${n} ${RERUN_CUT_OFF}` : `attempt ${n} was interrupted mid-command; it is run again and spends no retry`
  }
  const lastWhole = previous[previous.length - 1]
  const decision =
    lastWhole === undefined || replay !== undefined
      ? undefined
      : notesOf(events, 'retry-decision').find(note => note.attempt === lastWhole.attempt)
  // The results before the crash count as a live run's do: flaky tests, and the rerun to make again.
  const recorded = withRecordedTests(events, previous)
  const rerun = rerunToReissue(settings, events, recorded)
  const repeats = resumedRepeats(events, recorded)
  if (!repeats.ok) return restart(repeats.reason)
  if (repeats.numbers > 0) {
    // Repeats follow a passing attempt whose verdict is recorded (docs/design.md §1 "Early flake detection").
    if (replay !== undefined || !recorded.some(attempt => attempt.verified))
      return restart('its trace has repeats of new tests after no passing attempt')
    const interruptions = previous.filter(attempt => attempt.interrupted).length + (repeats.interrupted ? 1 : 0)
    if (repeats.interrupted && interruptions >= MAX_INTERRUPTIONS) return restart(`it was interrupted ${interruptions} times`)
    pending.push(...repeats.pending)
    summary = repeats.interrupted
      ? `repeat ${repeats.numbers} of its new tests was interrupted mid-command; it is run again, and the ${repeats.done.length} recorded before it are not`
      : `${repeats.done.length} repeats of its new tests had been recorded in full`
  }
  const plan: ResumePlan = {
    receipt,
    sessionDir,
    meta: evidence.meta,
    previous: recorded,
    ...(rerun !== undefined && { rerun }),
    ...(repeats.numbers > 0 && { repeats: { done: repeats.done, numbers: repeats.numbers } }),
    pending,
    summary,
    replayed: replay !== undefined,
    ...(replay !== undefined && { replay }),
    ...(replayTests !== undefined && { replayTests }),
    ...(decision !== undefined && { retryDecided: decision.retry })
  }
  return { kind: 'resume', plan }
}
