/**
 * The verify loop (docs/design.md §1): attempt after attempt until one is verified, the attempts run
 * out, a failure is not retryable, or the run is interrupted — every step written to the
 * session's trace (docs/design.md §2). Each attempt is planned, run, its results read, judged
 * (verdict.ts), recorded, and the next step decided (next-step.ts), each once.
 */
import { runOnce, type AttemptEnvironment, type AttemptResult, type ScriptResult } from './attempt.js'
import { checkState, judgeRecord } from './judge.js'
import { runOnRetry } from './on-retry.js'
import type { Clock } from '../base/clock.js'
import type { RunSettings } from '../inputs/settings.js'
import type { TraceSession } from '../session/writer.js'
import { hookNote, rerunNote, retryDecisionNote } from '../session/notes.js'
import { readTestResults, recordTestResults } from '../test-results/record.js'
import type { PlannedRerun } from './rerun-step.js'
import type { QuarantineContext } from './quarantine-step.js'
import { followUpOf } from './follow-up.js'
import { attemptAsShown, judge, type Verdict } from './verdict.js'
import { decideNext, type NextStep } from './next-step.js'
import { noteFullLog, recordingGroups, recordResult, recordVerdict } from './trace-events.js'
import { concludeLoop, type LoopResult } from './loop-outcome.js'

export type { LoopResult } from './loop-outcome.js'

/** The verify loop's side effects beyond one attempt's. */
export interface LoopEnvironment extends AttemptEnvironment {
  clock: Clock
  /** The reason of an interrupt, once there is one (e.g. "SIGINT"). */
  interruptReason?: () => string | undefined
  /** The quarantine file's entries and today, when the file has any (quarantine-step.ts). */
  quarantine?: QuarantineContext
}

/** Options for a loop that continues an earlier, interrupted one. */
export interface LoopStart {
  /** Attempts already used (their results are not re-run). */
  previous?: AttemptResult[]
  /** The last attempt's recorded result, still to be judged (docs/design.md §6): it is not run again. */
  replay?: ScriptResult
  /** What the trace's note after the last previous attempt said: retry (true), stop (false), or nothing yet. */
  retryDecided?: boolean
  /** The rerun an interrupted last attempt was making: the next attempt makes it again. */
  rerun?: PlannedRerun
}

/** What the loop runs next: the script, or a rerun of the failed tests alone. */
interface NextRun {
  rerun?: PlannedRerun
}

/** An attempt as shown, and its verdict. */
interface JudgedAttempt {
  attempt: AttemptResult
  verdict: Pick<Verdict, 'verified' | 'checks' | 'unexcused' | 'followUp'>
}

/** Runs the attempts of a verify, writing tool_call / tool_result / verify / note events. */
export async function runVerifyLoop(
  settings: RunSettings,
  session: TraceSession,
  env: LoopEnvironment,
  start: LoopStart = {}
): Promise<LoopResult> {
  const attempts: AttemptResult[] = [...(start.previous ?? [])]
  // An interrupted attempt spends none of the budget (docs/design.md §6).
  const used = () => attempts.filter(attempt => !attempt.interrupted).length
  const steps = new AttemptSteps(settings, session, env)
  let next = await steps.follow(await steps.resumedStep(attempts, start, used), used)
  let interrupted = false
  while (next !== undefined && used() < 1 + settings.maxRetries) {
    if (env.signal?.aborted) {
      interrupted = true
      break
    }
    const { attempt, verdict } = await steps.attempt(attempts.length + 1, next.rerun, used(), attempts)
    attempts.push(attempt)
    const step = decideNext(attempt, verdict, settings, {
      used: used(),
      aborted: env.signal?.aborted === true,
      random: () => env.clock.random()
    })
    interrupted = step.kind === 'stop' && step.why === 'interrupted'
    next = await steps.follow({ step, after: attempt }, used)
  }
  return concludeLoop(settings, session, { attempts, interrupted, interruptReason: env.interruptReason, quarantine: env.quarantine })
}

/** A step decided after an attempt, and that attempt. */
interface DecidedStep {
  step: NextStep
  after: AttemptResult
}

/** The loop's steps with their side effects: each attempt from plan to recorded verdict, and carrying out a decision. */
class AttemptSteps {
  constructor(
    private readonly settings: RunSettings,
    private readonly session: TraceSession,
    private readonly env: LoopEnvironment
  ) {}

  /** Plans, runs, reads the results of, judges and records attempt `number`. */
  async attempt(
    number: number,
    rerun: PlannedRerun | undefined,
    usedBefore: number,
    earlier: readonly AttemptResult[]
  ): Promise<JudgedAttempt> {
    const { settings, session, env } = this
    env.log({ kind: 'attempt-started', attempt: usedBefore + 1, maxAttempts: 1 + settings.maxRetries })
    const script = rerun?.command ?? settings.script
    const shownRerun = rerun && { tests: rerun.targets.map(target => target.name), command: rerun.command }
    session.event('tool_call', { attempt: number, commands: [script], ...(shownRerun !== undefined && { rerun: shownRerun }) })
    const startedMs = env.clock.now().getTime()
    const plan = {
      attempt: number,
      settings: { ...settings, script },
      logPath: session.attemptLogPath(number),
      checkLogPath: session.attemptCheckLogPath(number)
    }
    const record = await runOnce(plan, recordingGroups(env, session, `attempt ${number}`), {
      onScriptEnded: result => recordResult(session, result)
    })
    const read = await readTestResults(settings, record, startedMs, earlier, env.signal)
    const verdict = judge(record, read?.tests, rerun, env.quarantine, { settings, retriesLeft: usedBefore + 1 < 1 + settings.maxRetries })
    const attempt = attemptAsShown(record, read?.tests, rerun, verdict)
    // A rerun and a quarantine judge by the results, so they are recorded before the verdict; else after it.
    const byResults = rerun !== undefined || env.quarantine !== undefined
    if (byResults) recordTestResults(read, number, session, env.log)
    recordVerdict(session, attempt, { quarantine: env.quarantine })
    if (!byResults) recordTestResults(read, number, session, env.log)
    if (record.logDiskFullAt !== undefined) noteFullLog(session, env.log, number, record.logDiskFullAt)
    return { attempt, verdict }
  }

  /**
   * Where a resumed run goes on (docs/design.md §6): a replayed attempt is judged now, as a
   * live one is; after an attempt read back from the trace it goes on as if that attempt
   * had just run — unless the trace's note already said whether to retry.
   */
  async resumedStep(attempts: AttemptResult[], start: LoopStart, used: () => number): Promise<DecidedStep | NextRun> {
    const { settings, session, env } = this
    const decide = (after: AttemptResult, verdict: JudgedAttempt['verdict']): DecidedStep => ({
      step: decideNext(after, verdict, settings, { used: used(), aborted: false, random: () => env.clock.random() }),
      after
    })
    if (start.replay !== undefined) {
      // Recorded before the crash, judged now: expect-exit/-stdout from the record, file and check again.
      const record = await judgeRecorded(settings, start.replay, session.attemptCheckLogPath(start.replay.attempt), env)
      const verdict = judge(record, undefined, undefined, env.quarantine, { settings, retriesLeft: used() + 1 < 1 + settings.maxRetries })
      const replayed = attemptAsShown(record, undefined, undefined, verdict)
      attempts.push(replayed)
      recordVerdict(session, replayed, { replayed: true })
      if (attempts.some(attempt => attempt.verified)) return { step: { kind: 'stop', why: 'verified' }, after: replayed }
      return decide(replayed, verdict)
    }
    const last = attempts[attempts.length - 1]
    if (attempts.some(attempt => attempt.verified)) return { step: { kind: 'stop', why: 'verified' }, after: last! }
    if (last === undefined || last.interrupted || start.retryDecided === true)
      return start.rerun === undefined ? {} : { rerun: start.rerun }
    if (start.retryDecided === false) return { step: { kind: 'stop', why: 'decided' }, after: last }
    // The verdict the trace recorded; what follows it is planned again from the settings.
    const retriesLeft = used() < 1 + settings.maxRetries
    return decide(last, { verified: false, checks: last.checks, followUp: followUpOf(last, { settings, retriesLeft }) })
  }

  /** Carries out a decision: the notes that say why, the wait and on-retry; what runs next, or undefined to stop. */
  async follow(decided: DecidedStep | NextRun, used: () => number): Promise<NextRun | undefined> {
    if (!('step' in decided)) return decided
    const { settings, session, env } = this
    const { step, after } = decided
    if (step.kind === 'stop') {
      if (step.why === 'refused') {
        session.event('note', retryDecisionNote(after.attempt, false, step.note))
        env.log({ kind: 'attempt-failed', attempt: used(), retry: false, note: step.note })
      }
      return undefined
    }
    if (step.rerunNote !== undefined) session.event('note', rerunNote(after.attempt, step.rerunNote))
    session.event('note', retryDecisionNote(after.attempt, true, step.note))
    env.log({ kind: 'attempt-failed', attempt: used(), retry: true, note: step.note })
    await env.clock.sleep(step.waitMs, env.signal)
    if (settings.onRetry !== undefined && !env.signal?.aborted) {
      // A failing hook is a warning: the retries it prepares for go on regardless.
      const hook = await runOnRetry(settings.onRetry, settings, recordingGroups(env, session, `on-retry after attempt ${after.attempt}`))
      session.event('note', hookNote(hook.note))
      if (!hook.ok && !hook.interrupted) env.log({ kind: 'on-retry-failed', attempt: used(), exitCode: hook.exitCode, note: hook.note })
    }
    return step.rerun === undefined ? {} : { rerun: step.rerun }
  }
}

/** A recorded attempt whose verification a crash cut off, its expectations judged now (docs/design.md §6). */
async function judgeRecorded(settings: RunSettings, recorded: ScriptResult, checkLogPath: string, env: LoopEnvironment) {
  const fromRecord = judgeRecord(settings, recorded, env.redactor) ?? []
  const state = await checkState(settings, checkLogPath, env)
  return {
    ...recorded,
    checks: [...fromRecord, ...state.checks],
    ...(state.checkSummary !== undefined && { checkSummary: state.checkSummary }),
    logBytesDropped: 0
  }
}
