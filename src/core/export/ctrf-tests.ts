/**
 * The `tests` of a run's CTRF report (docs/design.md §2 "Exports"): one entry per JUnit test of the
 * run, its final result from the last attempt that ran it and the earlier ones in
 * `retryAttempts`; without test results, one entry for the command, its attempts as the
 * retries. Sizes are bounded: names and texts by the trace's own caps, the list by
 * MAX_CTRF_TESTS.
 */
import type { TraceTests } from '../session/notes.js'
import type { AttemptFacts, RunFacts } from './run-facts.js'

/** Most tests listed in one report; the rest are counted in the report's `extra`. */
export const MAX_CTRF_TESTS = 5_000
/** Longest message or trace text in a report. */
const MAX_TEXT = 4_000

/** A CTRF status. */
export type CtrfStatus = 'passed' | 'failed' | 'skipped' | 'pending' | 'other'

/** One earlier execution of a test, as CTRF's `retryAttempts` holds it. */
export interface CtrfAttempt {
  attempt: number
  status: CtrfStatus
  duration?: number
  message?: string
  trace?: string
  line?: number
  start?: number
  stop?: number
}

/** One test of the report (the schema's fields this project fills). */
export interface CtrfTest {
  name: string
  status: CtrfStatus
  duration: number
  start?: number
  stop?: number
  rawStatus?: string
  message?: string
  trace?: string
  filePath?: string
  line?: number
  retries: number
  flaky: boolean
  retryAttempts?: CtrfAttempt[]
  labels?: Record<string, string | boolean>
}

/** The tests, and how many were left out of the list. */
export interface CtrfTests {
  tests: CtrfTest[]
  omitted: number
}

/** One execution of a test in one attempt. */
interface Execution {
  attempt: number
  status: CtrfStatus
  rawStatus: string
  duration: number
  start?: number
  message?: string
  trace?: string
  file?: string
  line?: number
}

const ms = (value: number | undefined): number => (value === undefined || !Number.isFinite(value) ? 0 : Math.max(0, Math.round(value)))
const capped = (text: string | undefined): string | undefined =>
  text === undefined || text === '' ? undefined : text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text

function statusOf(outcome: 'passed' | 'failed' | 'error' | 'skipped'): CtrfStatus {
  return outcome === 'error' ? 'failed' : outcome
}

/** The executions an attempt's results record, by test name (a trace without `cases` lists its failures only). */
function executionsOf(attempt: AttemptFacts, tests: TraceTests): Map<string, Execution> {
  const failures = new Map(tests.failed_tests.map(test => [test.name, test]))
  // The recorded cases (a trace may hold only some, or none), and the failed tests in any case.
  const listed = new Set((tests.cases ?? []).map(test => test.name))
  const unlisted = tests.failed_tests.filter(test => !listed.has(test.name))
  const cases = [...(tests.cases ?? []), ...unlisted.map(test => ({ name: test.name, outcome: test.outcome, file: test.file }))]
  const found = new Map<string, Execution>()
  for (const test of cases) {
    if (found.has(test.name)) continue
    const failure = failures.get(test.name)
    const duration = 'duration_ms' in test ? test.duration_ms : undefined
    const detail = 'detail' in test ? test.detail : undefined
    found.set(test.name, {
      attempt: attempt.attempt,
      status: statusOf(test.outcome),
      rawStatus: test.outcome,
      duration: ms(duration),
      ...(attempt.startMs !== undefined && { start: attempt.startMs }),
      ...(failure?.message !== undefined && { message: failure.message }),
      ...(detail !== undefined && { trace: detail }),
      ...((failure?.file ?? test.file) !== undefined && { file: failure?.file ?? test.file }),
      ...(failure?.line !== undefined && { line: failure.line })
    })
  }
  return found
}

function retryAttempt(run: Execution): CtrfAttempt {
  const message = capped(run.message)
  const trace = capped(run.trace)
  return {
    attempt: run.attempt,
    status: run.status,
    duration: run.duration,
    ...(message !== undefined && { message }),
    ...(trace !== undefined && { trace }),
    ...(run.line !== undefined && { line: run.line }),
    ...(run.start !== undefined && { start: run.start, stop: run.start + run.duration })
  }
}

/** One test from its executions, oldest first. */
function testOf(name: string, runs: readonly Execution[], quarantined: ReadonlySet<string>): CtrfTest {
  const last = runs[runs.length - 1]!
  const earlier = runs.slice(0, -1)
  const file = [...runs].reverse().find(run => run.file !== undefined)?.file
  const line = [...runs].reverse().find(run => run.line !== undefined)?.line
  const message = capped(last.message)
  const trace = capped(last.trace)
  return {
    name,
    status: last.status,
    duration: last.duration,
    ...(last.start !== undefined && { start: last.start, stop: last.start + last.duration }),
    ...(last.rawStatus !== last.status && { rawStatus: last.rawStatus }),
    ...(message !== undefined && { message }),
    ...(trace !== undefined && { trace }),
    ...(file !== undefined && { filePath: file }),
    ...(line !== undefined && { line }),
    retries: earlier.length,
    flaky: last.status === 'passed' && earlier.some(run => run.status === 'failed'),
    ...(earlier.length > 0 && { retryAttempts: earlier.map(retryAttempt) }),
    ...(quarantined.has(name) && { labels: { quarantined: true } })
  }
}

/** One test per JUnit test of the run, in the order they first appeared. */
function junitTests(facts: RunFacts): CtrfTests {
  const runs = new Map<string, Execution[]>()
  let omitted = 0
  for (const attempt of facts.attempts) {
    if (attempt.tests === undefined) continue
    const executions = executionsOf(attempt, attempt.tests)
    // The attempt's tests its record does not list (beyond the trace's budget, or an older trace's passed tests).
    omitted = Math.max(omitted, attempt.tests.total - executions.size)
    for (const [name, run] of executions) {
      const known = runs.get(name)
      // A rerun's filter skips every test it does not target: that is no execution of them.
      if (known !== undefined && attempt.rerunTests !== undefined && run.status === 'skipped') continue
      if (known !== undefined) known.push(run)
      else if (runs.size < MAX_CTRF_TESTS) runs.set(name, [run])
      else omitted++
    }
  }
  const quarantined = new Set(facts.receipt.quarantined ?? [])
  return { tests: [...runs].map(([name, list]) => testOf(name, list, quarantined)), omitted }
}

/** The command as the one test of a run without test results. */
function commandTest(facts: RunFacts): CtrfTest {
  const { receipt } = facts
  const ran = facts.attempts.filter(attempt => !attempt.interrupted || attempt === facts.attempts.at(-1))
  const last = ran.at(-1)
  const status: CtrfStatus = receipt.status === 'passed' ? 'passed' : receipt.status === 'failed' ? 'failed' : 'other'
  const message = status === 'passed' ? undefined : capped(last?.detail)
  const earlier = ran.slice(0, -1).map(attempt =>
    retryAttempt({
      attempt: attempt.attempt,
      status: attempt.ok ? 'passed' : 'failed',
      rawStatus: '',
      duration: ms(attempt.durationMs),
      ...(attempt.startMs !== undefined && { start: attempt.startMs }),
      ...(attempt.detail !== '' && { message: attempt.detail })
    })
  )
  const duration = last === undefined ? ms(facts.endMs - facts.startMs) : ms(last.durationMs)
  return {
    name: facts.label,
    status,
    duration,
    ...(last?.startMs !== undefined && { start: last.startMs, stop: last.startMs + duration }),
    ...(status === 'other' && { rawStatus: receipt.status }),
    ...(message !== undefined && { message }),
    retries: earlier.length,
    flaky: receipt.flaky,
    ...(earlier.length > 0 && { retryAttempts: earlier })
  }
}

/** The report's tests: the JUnit tests when the run read any, else the command. */
export function ctrfTests(facts: RunFacts): CtrfTests {
  return facts.hasTests ? junitTests(facts) : { tests: [commandTest(facts)], omitted: 0 }
}
