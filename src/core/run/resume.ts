/**
 * Resuming an interrupted run (docs/design.md §6): a receipt left `running` whose owner is
 * gone is continued — same receipt, same session — when the evidence on disk is clear. A
 * recorded result whose verification was not written is judged from the record
 * (expect-exit, expect-stdout) without running the command again; an attempt cut off
 * mid-command counts as interrupted. Anything unclear means a restart, never a guess.
 */
import { resolve } from 'node:path'
import type { AttemptResult, ExpectationCheck } from '../attempt.js'
import { describeExpectations } from '../expectations.js'
import { exists } from '../process-runner.js'
import type { Receipt } from '../receipt.js'
import { redactDeep, type Redactor } from '../redaction.js'
import type { RunSettings } from '../settings.js'
import { eventsOf, interruptedToolResult, unjudgedVerify, type EventOf, type TraceEvent } from '../session/events.js'
import { isOwnSessionDir } from '../session/layout.js'
import { readSessionMeta, type SessionMeta } from '../session/meta.js'
import { readSessionTrace } from '../session/reader.js'

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
  /** What resuming did, for the note. */
  summary: string
  replayed: boolean
}

/** Resume, restart (with why), or nothing to do. */
export type ResumeDecision = { kind: 'none' } | { kind: 'resume'; plan: ResumePlan } | { kind: 'restart'; reason: string }

function restart(reason: string): ResumeDecision {
  return { kind: 'restart', reason }
}

type ToolResult = EventOf<'tool_result'>['payload']

/** Rebuilds an attempt's result from its recorded tool_result and verdict. */
function attemptFromRecord(result: ToolResult, verdict: { ok: boolean; checks: ExpectationCheck[] }): AttemptResult {
  return {
    attempt: result.attempt,
    commands: (result.commands ?? []).map(command => ({
      command: command.command,
      exitCode: command.exit_code ?? 0,
      signal: command.signal,
      timedOut: command.timed_out,
      interrupted: false,
      durationMs: command.duration_ms
    })),
    exitCode: result.exit,
    signal: result.signal ?? null,
    timedOut: result.timed_out === true,
    interrupted: result.interrupted === true,
    durationMs: result.duration_ms,
    summary: result.summary,
    checks: verdict.checks,
    verified: verdict.ok,
    ...(result.stdout_matched !== undefined && { stdoutMatched: result.stdout_matched }),
    outputMatched: result.output_matched === true,
    logBytesDropped: 0
  }
}

/** The checks of a replay: only expect-exit and expect-stdout can be judged from a record. */
function judgeFromRecord(settings: RunSettings, result: ToolResult, redactor: Redactor): ExpectationCheck[] | undefined {
  const { exit, stdout, file, check } = settings.expectations
  if (file !== undefined || check !== undefined || result.interrupted === true) return undefined
  const checks: ExpectationCheck[] = []
  if (exit !== undefined) {
    const ok = result.exit === exit
    checks.push({ expectation: 'expect-exit', ok, detail: ok ? `exit ${result.exit}` : `expect-exit ${exit} but got ${result.exit}` })
  }
  if (stdout !== undefined) {
    if (result.stdout_matched === undefined) return undefined
    checks.push({
      expectation: 'expect-stdout',
      ok: result.stdout_matched,
      detail: result.stdout_matched
        ? 'stdout contained the expected text'
        : `stdout did not contain ${JSON.stringify(redactor.redact(stdout))}`
    })
  }
  return checks
}

/** What a resumable trace holds, or why it cannot be resumed. */
type Evidence = { ok: true; meta: SessionMeta; events: TraceEvent[] } | { ok: false; reason: string }

/** Reads and checks the session a `running` receipt names. */
async function readEvidence(receipt: Receipt, sessionDir: string, stateDir: string): Promise<Evidence> {
  // The receipt is untrusted: its session must be a real directory inside our sessions/,
  // reached without following a link.
  if (!(await isOwnSessionDir(stateDir, sessionDir))) {
    return { ok: false, reason: 'its session directory is missing or not one of this state directory' }
  }
  const meta = await readSessionMeta(sessionDir)
  if (meta === undefined) return { ok: false, reason: 'its meta.json does not parse' }
  if (meta.session_id !== receipt.session.id) return { ok: false, reason: 'its meta.json does not match the receipt' }
  const events = await readSessionTrace(sessionDir)
  const start = eventsOf(events, 'start')[0]
  if (start === undefined || start.session_id !== receipt.session.id) return { ok: false, reason: 'its trace has no start' }
  if (eventsOf(events, 'end').length > 0) return { ok: false, reason: 'its trace is already closed' }
  return { ok: true, meta, events }
}

/** Decides how to continue a `running` receipt whose owner is gone. */
export async function planResume(options: {
  receipt: Receipt
  settings: RunSettings
  stateDir: string
  redactor: Redactor
  here: Here
}): Promise<ResumeDecision> {
  const { receipt, settings, redactor } = options
  if (!ownerGone(receipt, options.here)) return { kind: 'none' }
  const sessionDir = resolve(receipt.session.dir)
  const evidence = await readEvidence(receipt, sessionDir, options.stateDir)
  if (!evidence.ok) return restart(evidence.reason)
  if (receipt.max_attempts !== 1 + settings.maxRetries) return restart('max-retries changed since it was interrupted')
  const expected = JSON.stringify(redactDeep(describeExpectations(settings.expectations), redactor))
  if (JSON.stringify(receipt.expectations) !== expected) return restart('the expectations changed since it was interrupted')

  const { events } = evidence
  const calls = eventsOf(events, 'tool_call')
  const results = eventsOf(events, 'tool_result')
  const verifies = eventsOf(events, 'verify')
  const previous: AttemptResult[] = []
  const pending: PendingEvent[] = []
  let summary = 'no attempt had started'
  let replayed = false
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
    if (result !== undefined) {
      const checks = judgeFromRecord(settings, result, redactor)
      if (checks !== undefined) {
        const ok = checks.length > 0 && checks.every(check => check.ok)
        const failed = checks.filter(check => !check.ok).map(check => check.detail)
        const detail = `${ok ? 'every expectation held' : failed.join('; ')} (replayed from the recorded result)`
        pending.push({ phase: 'verify', payload: { attempt: n, ok, check: checks, detail, replayed: true } })
        previous.push(attemptFromRecord(result, { ok, checks }))
        summary = `the verification of attempt ${n} was replayed from its recorded result, without running it again`
        replayed = true
        continue
      }
      pending.push({
        phase: 'verify',
        payload: unjudgedVerify(n, 'interrupted: its result was recorded but its expectations cannot be judged from the record')
      })
      previous.push({ ...attemptFromRecord(result, { ok: false, checks: [] }), interrupted: true })
      summary = `attempt ${n} was recorded as interrupted (its expectations cannot be judged from the record)`
      continue
    }
    const interrupted = interruptedToolResult(n)
    pending.push({ phase: 'tool_result', payload: interrupted })
    pending.push({ phase: 'verify', payload: unjudgedVerify(n, 'interrupted mid-command') })
    previous.push(attemptFromRecord(interrupted, { ok: false, checks: [] }))
    summary = `attempt ${n} was interrupted mid-command and counts as used`
  }
  return { kind: 'resume', plan: { receipt, sessionDir, meta: evidence.meta, previous, pending, summary, replayed } }
}
