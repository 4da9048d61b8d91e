/**
 * What a resume reads back of early flake detection (docs/design.md §6, §1 "Early flake
 * detection"): the repeats of new tests recorded before the crash, each judged again from
 * its record (its `tool_call`'s tests, its results note and failing blocks), so they are not
 * run again; and the one the crash cut off, completed as interrupted and run again, with
 * the same tests. Their tests must be new tests the attempts' results listed: a repeat the
 * trace names otherwise is not this run's evidence, and the run restarts.
 */
import type { AttemptResult } from '../attempt/result.js'
import type { NewTest } from '../attempt/tests.js'
import { eventsOf, interruptedToolResult, unjudgedVerify, type EventOf, type TraceEvent } from '../session/events.js'
import { judgeRepeat, type RepeatDone } from '../verify/new-test-plan.js'
import { recordedTests } from './resumed-attempts.js'

/** An event that completes a repeat the crash cut off. */
export type PendingRepeatEvent =
  { phase: 'tool_result'; payload: EventOf<'tool_result'>['payload'] } | { phase: 'verify'; payload: EventOf<'verify'>['payload'] }

/** The repeats as a resume continues them, or why it cannot. */
export type ResumedRepeats =
  | {
      ok: true
      /** Repeats recorded whole: not run again. */
      done: RepeatDone[]
      /** Attempt numbers the repeats took, a cut-off one included. */
      numbers: number
      /** Events that complete a cut-off repeat (it is run again). */
      pending: PendingRepeatEvent[]
      /** Whether the last repeat was cut off. */
      interrupted: boolean
    }
  | { ok: false; reason: string }

/**
 * The repeats a trace recorded after `attempts` (numbered from `attempts.length + 1` on,
 * consecutively, as the loop writes them).
 */
export function resumedRepeats(events: readonly TraceEvent[], attempts: readonly AttemptResult[]): ResumedRepeats {
  const calls = eventsOf(events, 'tool_call').filter(event => event.payload.repeat !== undefined)
  if (calls.length === 0) return { ok: true, done: [], numbers: 0, pending: [], interrupted: false }
  const newTests = new Map<string, NewTest>()
  for (const attempt of attempts)
    for (const test of attempt.tests?.newTests ?? []) if (!newTests.has(test.name)) newTests.set(test.name, test)
  const results = eventsOf(events, 'tool_result')
  const verifies = eventsOf(events, 'verify')
  const done: RepeatDone[] = []
  const pending: PendingRepeatEvent[] = []
  for (const [index, call] of calls.entries()) {
    const number = attempts.length + 1 + index
    const { attempt, repeat } = call.payload
    if (attempt !== number || repeat === undefined)
      return { ok: false, reason: `its trace has a repeat of new tests numbered ${attempt} where ${number} was due` }
    if (repeat.round !== done.length + 1)
      return { ok: false, reason: `its repeat ${attempt} is round ${repeat.round}, not ${done.length + 1}` }
    const targets = repeat.tests.map(name => newTests.get(name))
    if (targets.some(test => test === undefined))
      return { ok: false, reason: `its repeat ${attempt} names a test the results did not list as new` }
    const result = results.find(event => event.payload.attempt === number)?.payload
    const verify = verifies.find(event => event.payload.attempt === number)?.payload
    if (result !== undefined && verify !== undefined && result.interrupted !== true) {
      const verdict = judgeRepeat({
        round: repeat.round,
        attempt: number,
        targets: targets as NewTest[],
        tests: recordedTests(events, number),
        failures: result.failures ?? [],
        entries: []
      })
      done.push({ round: repeat.round, attempt: number, tests: repeat.tests, durationMs: result.duration_ms, flaky: verdict.flaky })
      continue
    }
    // Cut off: interrupted, run again with the same tests; only the last one can be.
    if (index !== calls.length - 1) return { ok: false, reason: `its repeat ${attempt} is incomplete but not the last one` }
    if (result === undefined) pending.push({ phase: 'tool_result', payload: interruptedToolResult(number, call.ts) })
    if (verify === undefined)
      pending.push({ phase: 'verify', payload: unjudgedVerify(number, 'interrupted mid-command; this repeat runs again') })
    return { ok: true, done, numbers: calls.length, pending, interrupted: true }
  }
  return { ok: true, done, numbers: calls.length, pending, interrupted: false }
}
