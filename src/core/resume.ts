/**
 * Resuming an interrupted run (SPEC §6): a receipt left `running` whose owner is gone is
 * continued — same receipt, same session — when the evidence on disk is clear. A recorded
 * result whose verification was not written is judged from the record (expect-exit,
 * expect-stdout) without running the command again; an attempt cut off mid-command counts
 * as interrupted. Anything unclear means a restart, never a guess.
 */
import { join, resolve } from 'node:path'
import { readRegularFile } from './atomic-file.js'
import { exists } from './process-runner.js'
import type { AttemptResult, ExpectationCheck } from './attempt.js'
import { describeExpectations } from './engine.js'
import type { Receipt } from './receipt.js'
import type { Redactor } from './redaction.js'
import { isOwnSessionDir, readSessionTrace } from './session-recovery.js'
import type { RunSettings } from './settings.js'
import { redactDeep, type Phase, type SessionMeta, type TraceEvent } from './trace.js'

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
export interface PendingEvent {
  phase: Phase
  payload: Record<string, unknown>
}

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

/** Rebuilds an attempt's result from its tool_result and verify events. */
function attemptFromRecord(result: TraceEvent, verify: { ok: boolean; checks: ExpectationCheck[] }): AttemptResult {
  const payload = result.payload as Record<string, any>
  const commands = Array.isArray(payload.commands)
    ? payload.commands.map((command: Record<string, any>) => ({
        command: String(command.command ?? ''),
        exitCode: Number(command.exit ?? 0),
        signal: typeof command.signal === 'string' ? command.signal : null,
        timedOut: command.timed_out === true,
        interrupted: false,
        durationMs: Number(command.duration_ms ?? 0)
      }))
    : []
  return {
    attempt: Number(payload.attempt),
    commands,
    exitCode: Number(payload.exit),
    signal: typeof payload.signal === 'string' ? payload.signal : null,
    timedOut: payload.timed_out === true,
    interrupted: payload.interrupted === true,
    durationMs: Number(payload.duration_ms ?? 0),
    summary: typeof payload.summary === 'string' ? payload.summary : '',
    checks: verify.checks,
    verified: verify.ok,
    ...(typeof payload.stdout_matched === 'boolean' && { stdoutMatched: payload.stdout_matched }),
    outputMatched: payload.output_matched === true,
    logBytesDropped: 0
  }
}

/** The checks of SPEC §6's replay: only expect-exit and expect-stdout can be judged from a record. */
function judgeFromRecord(settings: RunSettings, result: TraceEvent, redactor: Redactor): ExpectationCheck[] | undefined {
  const { exit, stdout, file, check } = settings.expectations
  if (file !== undefined || check !== undefined) return undefined
  const payload = result.payload as Record<string, any>
  if (payload.interrupted === true || typeof payload.exit !== 'number') return undefined
  const checks: ExpectationCheck[] = []
  if (exit !== undefined) {
    checks.push({ expectation: 'expect-exit', ok: payload.exit === exit, detail: payload.exit === exit ? `exit ${payload.exit}` : `expect-exit ${exit} but got ${payload.exit}` })
  }
  if (stdout !== undefined) {
    if (typeof payload.stdout_matched !== 'boolean') return undefined
    checks.push({
      expectation: 'expect-stdout',
      ok: payload.stdout_matched,
      detail: payload.stdout_matched ? 'stdout contained the expected text' : `stdout did not contain ${JSON.stringify(redactor.redact(stdout))}`
    })
  }
  return checks
}

function checksOf(event: TraceEvent): ExpectationCheck[] {
  const list = (event.payload as Record<string, any>).check
  if (!Array.isArray(list)) return []
  return list.map((item: Record<string, any>) => ({ expectation: item.expectation, ok: item.ok === true, detail: String(item.detail ?? '') }))
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

  // The receipt is untrusted: its session must be a real directory inside our sessions/,
  // reached without following a link.
  const sessionDir = resolve(receipt.session.dir)
  if (!(await isOwnSessionDir(options.stateDir, sessionDir))) {
    return restart('its session directory is missing or not one of this state directory')
  }
  let meta: SessionMeta
  try {
    const text = await readRegularFile(join(sessionDir, 'meta.json'), 1024 * 1024)
    meta = JSON.parse(text ?? 'null') as SessionMeta
  } catch {
    return restart('its meta.json does not parse')
  }
  if (meta === null || typeof meta !== 'object' || meta.session_id !== receipt.session.id) return restart('its meta.json does not match the receipt')

  if (receipt.max_attempts !== 1 + settings.maxRetries) return restart('max-retries changed since it was interrupted')
  const expected = JSON.stringify(redactDeep(describeExpectations(settings), redactor))
  if (JSON.stringify(receipt.expectations) !== expected) return restart('the expectations changed since it was interrupted')

  const events = await readSessionTrace(sessionDir)
  const start = events.find(event => event.phase === 'start')
  if (start === undefined || start.session_id !== receipt.session.id) return restart('its trace has no start')
  if (events.some(event => event.phase === 'end')) return restart('its trace is already closed')

  const byAttempt = (phase: Phase, n: number) => events.filter(event => event.phase === phase && event.payload.attempt === n)
  const calls = events.filter(event => event.phase === 'tool_call')
  const previous: AttemptResult[] = []
  const pending: PendingEvent[] = []
  let summary = 'no attempt had started'
  let replayed = false
  for (let n = 1; n <= calls.length; n++) {
    if (byAttempt('tool_call', n).length !== 1) return restart(`its trace has ${byAttempt('tool_call', n).length} records of attempt ${n}`)
    const [result] = byAttempt('tool_result', n)
    const [verify] = byAttempt('verify', n)
    const last = n === calls.length
    if (result !== undefined && verify !== undefined) {
      previous.push(attemptFromRecord(result, { ok: verify.payload.ok === true, checks: checksOf(verify) }))
      summary = `attempt ${n} had been recorded in full`
      continue
    }
    if (!last) return restart(`attempt ${n} is incomplete but not the last one`)
    if (result !== undefined) {
      const checks = judgeFromRecord(settings, result, redactor)
      if (checks !== undefined) {
        const ok = checks.length > 0 && checks.every(check => check.ok)
        const detail = ok ? 'every expectation held (replayed from the recorded result)' : `${checks.filter(c => !c.ok).map(c => c.detail).join('; ')} (replayed from the recorded result)`
        pending.push({ phase: 'verify', payload: { attempt: n, ok, check: checks, detail, replayed: true } })
        previous.push(attemptFromRecord(result, { ok, checks }))
        summary = `the verification of attempt ${n} was replayed from its recorded result, without running it again`
        replayed = true
        continue
      }
      const detail = 'interrupted: its result was recorded but its expectations cannot be judged from the record'
      pending.push({ phase: 'verify', payload: { attempt: n, ok: false, check: [], detail } })
      previous.push({ ...attemptFromRecord(result, { ok: false, checks: [] }), interrupted: true })
      summary = `attempt ${n} was recorded as interrupted (its expectations cannot be judged from the record)`
      continue
    }
    const interrupted = { attempt: n, ok: false, exit: 130, interrupted: true, duration_ms: 0, summary: '' }
    pending.push({ phase: 'tool_result', payload: interrupted })
    pending.push({ phase: 'verify', payload: { attempt: n, ok: false, check: [], detail: 'interrupted mid-command' } })
    previous.push({
      attempt: n,
      commands: [],
      exitCode: 130,
      signal: null,
      timedOut: false,
      interrupted: true,
      durationMs: 0,
      summary: '',
      checks: [],
      verified: false,
      outputMatched: false,
      logBytesDropped: 0
    })
    summary = `attempt ${n} was interrupted mid-command and counts as used`
  }
  return { kind: 'resume', plan: { receipt, sessionDir, meta, previous, pending, summary, replayed } }
}
