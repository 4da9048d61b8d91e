/**
 * The verify loop (docs/design.md §1): attempt after attempt until one is verified, the attempts run
 * out, a failure is not retryable, or the run is interrupted — every step written to the
 * session's trace (docs/design.md §2). Each attempt is planned, run, its results read, judged
 * (verdict.ts), recorded, and the next step decided (next-step.ts), each once.
 */
import { runOnce } from './attempt.js'
import { type AttemptEnvironment } from './types.js'
import { type AttemptResult, type ScriptResult } from '../attempt/result.js'
import type { AttemptTests } from '../attempt/tests.js'
import { judgeExpectations } from './judge.js'
import { runOnRetry } from './on-retry.js'
import type { Clock } from '../base/clock.js'
import type { RunSettings } from '../inputs/settings.js'
import type { TraceSession } from '../session/writer.js'
import { hookNote, rerunMisfitNote, rerunNote, retryDecisionNote } from '../session/notes.js'
import { failedBefore, readTestResults, recordTestResults } from './results-step.js'
import { detectNewTests } from './repeat-step.js'
import type { RepeatDone } from './new-test-plan.js'
import type { KnownTests } from '../test-results/known-tests.js'
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
  /** The history's known tests (docs/design.md §1 "Early flake detection"): a passing test they do not hold is new. */
  known?: Pick<KnownTests, 'has' | 'size'>
}

/** Options for a loop that continues an earlier, interrupted one. */
export interface LoopStart {
  /** Attempts already used (their results are not re-run). */
  previous?: AttemptResult[]
  /** The last attempt's recorded result, still to be judged (docs/design.md §6): it is not run again. */
  replay?: ScriptResult
  /** The replayed attempt's results as the trace recorded them, when it recorded them (docs/design.md §6). */
  replayTests?: AttemptTests
  /** What the trace's note after the last previous attempt said: retry (true), stop (false), or nothing yet. */
  retryDecided?: boolean
  /** The rerun an interrupted last attempt was making: the next attempt makes it again. */
  rerun?: PlannedRerun
  /**
   * The repeats of new tests the trace recorded before a crash (docs/design.md §6): not run
   * again; `numbers` is how many attempt numbers repeats took, an interrupted one included.
   */
  repeats?: { done: RepeatDone[]; numbers: number }
}

/** What the loop does next: run an attempt (the script, or a rerun of the failed tests alone), or stop. */
type Next = { kind: 'run'; rerun?: PlannedRerun } | { kind: 'stopped' } | { kind: 'interrupted' }

/** An attempt as shown, and its verdict. */
interface JudgedAttempt {
  attempt: AttemptResult
  verdict: Pick<Verdict, 'verified' | 'checks' | 'unexcused' | 'followUp'>
}

/** A step decided after an attempt, and that attempt. */
interface DecidedStep {
  step: NextStep
  after: AttemptResult
}

/** Runs the attempts of a verify, writing tool_call / tool_result / verify / note events. */
export async function runVerifyLoop(
  settings: RunSettings,
  session: TraceSession,
  env: LoopEnvironment,
  start: LoopStart = {}
): Promise<LoopResult> {
  const loop = new LoopSteps(settings, session, env, [...(start.previous ?? [])])
  let next = await loop.follow(await loop.resume(start))
  while (next.kind === 'run') {
    const judged = await loop.attempt(next.rerun)
    next = await loop.follow(loop.decide(judged))
  }
  const { attempts } = loop
  const ending = concludeLoop(settings, session, {
    attempts,
    interrupted: next.kind === 'interrupted',
    interruptReason: env.interruptReason,
    quarantine: env.quarantine
  })
  // Early flake detection once the run has passed: its repeats follow every attempt (repeat-step.ts).
  const repeats = start.repeats ?? { done: [], numbers: 0 }
  return detectNewTests(settings, session, env, ending, { done: repeats.done, nextAttempt: attempts.length + repeats.numbers + 1 })
}

/** The loop's steps and the attempts so far: each attempt from plan to recorded verdict, the decision after it, carrying it out. */
class LoopSteps {
  constructor(
    private readonly settings: RunSettings,
    private readonly session: TraceSession,
    private readonly env: LoopEnvironment,
    readonly attempts: AttemptResult[]
  ) {}

  /** The attempts the settings allow: the first and its retries. */
  private get maxAttempts(): number {
    return 1 + this.settings.maxRetries
  }

  /** Attempts that spent the budget: an interrupted one spends none (docs/design.md §6). */
  private used(): number {
    return this.attempts.filter(attempt => !attempt.interrupted).length
  }

  /** Whether an attempt made after those so far may be followed by another. */
  private retriesLeftAfterNext(): boolean {
    return this.used() + 1 < this.maxAttempts
  }

  /** Plans, runs, reads the results of, judges and records the next attempt. */
  async attempt(rerun: PlannedRerun | undefined): Promise<JudgedAttempt> {
    const { settings, session, env } = this
    const number = this.attempts.length + 1
    const shown = rerun && { rerun: { tests: rerun.targets.length, command: rerun.command } }
    env.log({ kind: 'attempt-started', attempt: this.used() + 1, maxAttempts: this.maxAttempts, ...shown })
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
    const read = await readTestResults(settings, record, startedMs, failedBefore(this.attempts), { signal: env.signal, known: env.known })
    const verdict = judge(record, read?.tests, rerun, env.quarantine, { settings, retriesLeft: this.retriesLeftAfterNext() })
    const attempt = attemptAsShown(record, read?.tests, rerun, verdict)
    this.attempts.push(attempt)
    // A rerun and a quarantine judge by the results, and a resume repeats the new tests they list,
    // so then they are recorded before the verdict; else after it.
    const newListed = settings.newTestRepeats > 0 ? settings.newTestMax : 0
    const byResults = rerun !== undefined || env.quarantine !== undefined || newListed > 0
    if (byResults) recordTestResults(read, number, session, env.log, newListed)
    recordVerdict(session, attempt, { quarantine: env.quarantine })
    if (!byResults) recordTestResults(read, number, session, env.log)
    if (attempt.rerunMisfit !== undefined) {
      // The setting may not fit the command (reruns/misfit.ts): said once, where every surface and a resume read it.
      session.event('note', rerunMisfitNote(number, attempt.rerunMisfit))
      env.log({ kind: 'rerun-misfit', attempt: number, note: attempt.rerunMisfit })
    }
    if (record.logDiskFullAt !== undefined) noteFullLog(session, env.log, number, record.logDiskFullAt)
    return { attempt, verdict }
  }

  /** The one decision after an attempt (next-step.ts). */
  decide({ attempt, verdict }: JudgedAttempt): DecidedStep {
    const context = { used: this.used(), aborted: this.env.signal?.aborted === true, random: () => this.env.clock.random() }
    return { step: decideNext(attempt, verdict, this.settings, context), after: attempt }
  }

  /**
   * Where a resumed run goes on (docs/design.md §6): a replayed attempt is judged now, as a
   * live one is; after an attempt read back from the trace it goes on as if that attempt
   * had just run — unless the trace's note already said whether to retry. A new run starts.
   */
  async resume(start: LoopStart): Promise<DecidedStep | Next> {
    const { settings, session, env, attempts } = this
    const run: Next = { kind: 'run', ...(start.rerun !== undefined && { rerun: start.rerun }) }
    if (start.replay !== undefined) {
      // Recorded before the crash, judged now: expect-exit/-stdout from the record, file and check again.
      const record = await judgeRecorded(settings, start.replay, session.attemptCheckLogPath(start.replay.attempt), env)
      // Judged as the live attempt was, from its recorded results: the same excuse, the same next step.
      const verdict = judge(record, start.replayTests, undefined, env.quarantine, { settings, retriesLeft: this.retriesLeftAfterNext() })
      const replayed = attemptAsShown(record, start.replayTests, undefined, verdict)
      attempts.push(replayed)
      recordVerdict(session, replayed, { replayed: true })
      return attempts.some(attempt => attempt.verified) ? { kind: 'stopped' } : this.decide({ attempt: replayed, verdict })
    }
    const last = attempts[attempts.length - 1]
    if (attempts.some(attempt => attempt.verified)) return { kind: 'stopped' }
    if (last === undefined || last.interrupted || start.retryDecided === true) return run
    if (start.retryDecided === false) return { kind: 'stopped' }
    // The verdict the trace recorded; what follows it is planned again from the settings.
    const followUp = followUpOf(last, { settings, retriesLeft: this.used() < this.maxAttempts })
    return this.decide({ attempt: last, verdict: { verified: last.verified, checks: last.checks, followUp } })
  }

  /**
   * Carries out a decision: the notes that say why, the wait and on-retry. Then what comes
   * next: an attempt, unless the attempts are used up or an interrupt came first.
   */
  async follow(decided: DecidedStep | Next): Promise<Next> {
    const next = 'step' in decided ? await this.carryOut(decided) : decided
    if (next.kind !== 'run') return next
    if (this.used() >= this.maxAttempts) return { kind: 'stopped' }
    return this.env.signal?.aborted ? { kind: 'interrupted' } : next
  }

  /** The notes, log lines, wait and hook of a decision; what it leaves to do next. */
  private async carryOut({ step, after }: DecidedStep): Promise<Next> {
    const { settings, session, env } = this
    if (step.kind === 'stop') {
      if (step.why === 'refused') {
        session.event('note', retryDecisionNote(after.attempt, false, step.note))
        env.log({ kind: 'attempt-failed', attempt: this.used(), retry: false, note: step.note })
      }
      return step.why === 'interrupted' ? { kind: 'interrupted' } : { kind: 'stopped' }
    }
    if (step.rerunNote !== undefined) session.event('note', rerunNote(after.attempt, step.rerunNote))
    session.event('note', retryDecisionNote(after.attempt, true, step.note))
    env.log({ kind: 'attempt-failed', attempt: this.used(), retry: true, note: step.note })
    await env.clock.sleep(step.waitMs, env.signal)
    if (settings.onRetry !== undefined && !env.signal?.aborted) {
      // A failing hook is a warning: the retries it prepares for go on regardless.
      const hook = await runOnRetry(settings.onRetry, settings, recordingGroups(env, session, `on-retry after attempt ${after.attempt}`))
      session.event('note', hookNote(hook.note))
      if (!hook.ok && !hook.interrupted)
        env.log({ kind: 'on-retry-failed', attempt: this.used(), exitCode: hook.exitCode, note: hook.note })
    }
    return { kind: 'run', ...(step.rerun !== undefined && { rerun: step.rerun }) }
  }
}

/** A recorded attempt whose verification a crash cut off, its expectations judged now (docs/design.md §6). */
async function judgeRecorded(settings: RunSettings, recorded: ScriptResult, checkLogPath: string, env: LoopEnvironment) {
  return { ...recorded, ...(await judgeExpectations(settings, recorded, checkLogPath, env)), logBytesDropped: 0 }
}
