/**
 * What a resume reads back of the attempts before the crash beyond their verdicts (docs/design.md
 * §6): their test results, from the trace's `tests` notes, so the flaky and failed tests of a
 * resumed run are those a live run would name; and the rerun an interrupted attempt was
 * making, which the resumed loop makes again — the same command, rebuilt from the settings
 * and the results before it, never taken from the trace (a trace is untrusted and never
 * decides a command).
 */
import type { RunSettings } from '../inputs/settings.js'
import { eventsOf, notesOf, type TraceEvent } from '../session/events.js'
import type { AttemptTests } from '../attempt/tests.js'
import { nextAttempt, type PlannedRerun } from '../verify/rerun-step.js'
import type { AttemptResult } from '../attempt/result.js'

/** The results attempt `attempt` recorded in the trace, as the loop holds them. */
export function recordedTests(events: readonly TraceEvent[], attempt: number): AttemptTests | undefined {
  for (const event of eventsOf(events, 'note')) {
    if (event.payload.kind !== 'tests' || event.payload.tests.attempt !== attempt) continue
    const { tests } = event.payload
    const { files, total, failed, errors, skipped, recovered } = tests
    const newTests = tests.new_tests
    return {
      files,
      total,
      passed: Math.max(0, total - failed - errors - skipped),
      failed,
      errors,
      skipped,
      failedTests: tests.failed_tests.map(test => ({ ...test })),
      recovered,
      ...(tests.runner_flaky !== undefined &&
        tests.runner_flaky.length > 0 && { runnerFlaky: tests.runner_flaky.map(test => ({ ...test })) }),
      warnings: [],
      // The new tests it listed: a resumed run repeats these (docs/design.md §6).
      ...(newTests !== undefined && {
        newTests: newTests.map(test => ({ ...test })),
        newTestsOmitted: Math.max(0, (tests.new_found ?? newTests.length) - newTests.length)
      })
    }
  }
  return undefined
}

/** The attempts with the test results the trace recorded for them, and the note of a rerun that showed none of its targets. */
export function withRecordedTests(events: readonly TraceEvent[], attempts: AttemptResult[]): AttemptResult[] {
  const misfits = notesOf(events, 'rerun-misfit')
  return attempts.map(attempt => {
    const tests = recordedTests(events, attempt.attempt)
    const misfit = misfits.find(note => note.attempt === attempt.attempt)?.message
    return { ...attempt, ...(tests !== undefined && { tests }), ...(misfit !== undefined && { rerunMisfit: misfit }) }
  })
}

/** The command a `tool_call` recorded for a rerun, when it was one. */
function recordedRerunCommand(events: readonly TraceEvent[], attempt: number): string | undefined {
  return eventsOf(events, 'tool_call').find(event => event.payload.attempt === attempt)?.payload.rerun?.command
}

/**
 * The rerun to make again when the last attempt was a rerun cut off by the crash: rebuilt
 * from the attempt before it, and only when that gives the very command recorded (else
 * the whole command runs, as for any interrupted attempt).
 */
export function rerunToReissue(
  settings: RunSettings,
  events: readonly TraceEvent[],
  attempts: readonly AttemptResult[]
): PlannedRerun | undefined {
  const last = attempts[attempts.length - 1]
  if (last === undefined || !last.interrupted) return undefined
  const recorded = recordedRerunCommand(events, last.attempt)
  if (recorded === undefined) return undefined
  const before = [...attempts].reverse().find(attempt => !attempt.interrupted)
  if (before === undefined) return undefined
  const rebuilt = nextAttempt(settings, before)?.rerun
  return rebuilt !== undefined && rebuilt.command === recorded ? rebuilt : undefined
}
