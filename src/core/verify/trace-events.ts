/**
 * What the verify loop writes to the trace about an attempt (docs/design.md §2): its
 * `tool_result` the moment the script ends, its `verify` event, the note of a log a full
 * disk cut short, and each command's process group as it starts. Writers only: every fact
 * they write was decided before (attempt.ts, verdict.ts).
 */
import type { CommandResult } from '../attempt/command-result.js'
import { commandRecord, type Payloads } from '../session/events.js'
import { attemptLogName } from '../session/layout.js'
import { logIncompleteNote, processGroupNote } from '../session/notes.js'
import type { TraceSession } from '../session/writer.js'
import type { RunProgress } from '../base/progress.js'
import { describeExcused, quarantineRecords, unexcusedReason, type QuarantineContext } from './quarantine-step.js'
import type { AttemptEnvironment } from './types.js'
import type { AttemptResult, ScriptResult } from '../attempt/result.js'
import { failureReason } from './verdict.js'

/** The tool_result of an attempt, written the moment its script ends. */
export function recordResult(session: TraceSession, attempt: ScriptResult): void {
  session.event('tool_result', {
    attempt: attempt.attempt,
    ok: attempt.exitCode === 0 && !attempt.interrupted,
    exit: attempt.exitCode,
    ...(attempt.signal !== null && { signal: attempt.signal }),
    ...(attempt.timedOut && { timed_out: true as const }),
    ...(attempt.interrupted && { interrupted: true as const }),
    duration_ms: attempt.durationMs,
    started_at: attempt.startedAt,
    ended_at: attempt.endedAt,
    summary: attempt.summary,
    ...(attempt.failures !== undefined && attempt.failures.length > 0 && { failures: attempt.failures }),
    // What the runner said beyond its results: a resumed run decides a rerun or an excuse by it too.
    ...(attempt.runnerReport !== undefined && {
      runner_report: {
        outside: attempt.runnerReport.outside,
        outside_count: attempt.runnerReport.outsideCount,
        ...(attempt.runnerReport.failedTests !== undefined && { failed_tests: attempt.runnerReport.failedTests })
      }
    }),
    commands: attempt.commands.map(commandRecord),
    // What a resumed run needs to judge this attempt without running it again.
    ...(attempt.stdoutMatched !== undefined && { stdout_matched: attempt.stdoutMatched }),
    ...(attempt.forbiddenLine !== undefined && { forbidden_line: attempt.forbiddenLine }),
    ...(attempt.outputMatched && { output_matched: true as const }),
    ...endingRecord(attempt.commands[0])
  })
}

/** How the script ended beyond its exit: a timeout's limit, how it was stopped, the line -e stopped it at (docs/design.md §5). */
function endingRecord(result: CommandResult | undefined): Partial<Payloads['tool_result']> {
  if (result === undefined) return {}
  const { timeoutMs, stopped, failedLine } = result
  return {
    ...(timeoutMs !== undefined && { timeout_ms: timeoutMs }),
    ...(stopped !== undefined && {
      stopped: {
        grace_ms: stopped.graceMs,
        sigkill: stopped.killed,
        ...(stopped.ignoredTerm !== undefined && { ignored_sigterm: stopped.ignoredTerm })
      }
    }),
    ...(failedLine !== undefined && { failed_line: failedLine })
  }
}

/** The verify event of an attempt; with a quarantine, its failed tests that have an entry and what the entry says. */
export function recordVerdict(
  session: TraceSession,
  attempt: AttemptResult,
  { replayed = false, quarantine }: { replayed?: boolean; quarantine?: QuarantineContext } = {}
): void {
  const excused = attempt.quarantined
  const records = quarantineRecords(attempt, quarantine)
  const unexcused = unexcusedReason(attempt, quarantine)
  const failed = unexcused === undefined ? failureReason(attempt) : `${failureReason(attempt)}; ${unexcused}`
  const detail = excused !== undefined ? describeExcused(excused) : attempt.verified ? 'every expectation held' : failed
  session.event('verify', {
    attempt: attempt.attempt,
    ok: attempt.verified,
    ...(excused !== undefined && { quarantined: excused.map(({ test }) => test.name) }),
    ...(records !== undefined && { quarantine: records }),
    check: attempt.checks.map(check => ({ expectation: check.expectation, ok: check.ok, detail: check.detail })),
    detail: replayed ? `${detail} (replayed from the recorded result)` : detail,
    ...(replayed && { replayed: true as const }),
    ...(attempt.checkSummary !== undefined && { check_summary: attempt.checkSummary })
  })
}

/** The log of an attempt stopped by a full disk: a note, and a warning; the verdict stands (docs/design.md §2). */
export function noteFullLog(session: TraceSession, log: (progress: RunProgress) => void, attempt: number, kept: number): void {
  const message = `attempt ${attempt}: no space left on device for ${attemptLogName(attempt)}; it keeps the first ${kept} bytes of the output`
  session.event('note', logIncompleteNote(message))
  log({ kind: 'log-incomplete', attempt, note: message })
}

/**
 * The environment with each command's process group written to the trace as it starts, so
 * a crash leaves it findable (docs/design.md §6). Not synced: a killed reverify leaves the
 * line in the kernel's cache, and a machine that went down left no process to find.
 */
export function recordingGroups<E extends AttemptEnvironment>(env: E, session: TraceSession, during: string): E {
  return {
    ...env,
    log: progress => {
      if (progress.kind === 'process-started' && progress.started !== undefined) {
        session.event('note', processGroupNote(during, { pgid: progress.pgid, started: progress.started }), { sync: false })
      }
      env.log(progress)
    }
  }
}
