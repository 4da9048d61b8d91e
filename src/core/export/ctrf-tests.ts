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
  /** A test its runner retried itself (docs/design.md §1 "Runner-level retries"): the form its results said so in, and its runs there. */
  extra?: { runnerRetry: RunnerRetry }
}

/** How the runner retried a test in the attempt that decided its status. */
export interface RunnerRetry {
  form: string
  runs: number
  /** Whether it passed on a later run of its own. */
  flaky: boolean
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
  /** The runner's own runs of the test in this attempt, when it retried it. */
  runner?: RunnerRetry
}

const ms = (value: number | undefined): number => (value === undefined || !Number.isFinite(value) ? 0 : Math.max(0, Math.round(value)))
const capped = (text: string | undefined): string | undefined =>
  text === undefined || text === '' ? undefined : text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text

function statusOf(outcome: 'passed' | 'failed' | 'error' | 'skipped'): CtrfStatus {
  return outcome === 'error' ? 'failed' : outcome
}

/**
 * The executions an attempt's results record, by test name (a trace without `cases` lists its
 * failures only). A test case listed more than once is one execution: the failed one, unless
 * the runner failed and then passed it (`runner_flaky`), which is the passed one.
 */
function executionsOf(attempt: AttemptFacts, tests: TraceTests): Map<string, Execution> {
  const failures = new Map(tests.failed_tests.map(test => [test.name, test]))
  const runnerFlaky = new Map((tests.runner_flaky ?? []).map(test => [test.name, test]))
  // The recorded cases (a trace may hold only some, or none), and the failed tests in any case.
  const listed = new Set((tests.cases ?? []).map(test => test.name))
  const unlisted = tests.failed_tests.filter(test => !listed.has(test.name))
  const cases = [...(tests.cases ?? []), ...unlisted.map(test => ({ name: test.name, outcome: test.outcome, file: test.file }))]
  const found = new Map<string, Execution>()
  for (const test of cases) {
    const known = found.get(test.name)
    const flaky = runnerFlaky.get(test.name)
    // The listing that tells the test's end: the pass of a runner-flaky test, else a failure.
    const telling = (outcome: string) => (flaky !== undefined ? outcome === 'passed' : outcome === 'failed' || outcome === 'error')
    const replaces =
      known === undefined ||
      (known.rawStatus === 'skipped' && test.outcome !== 'skipped') ||
      (telling(test.outcome) && !telling(known.rawStatus))
    if (!replaces) continue
    const failure = failures.get(test.name)
    const duration = 'duration_ms' in test ? test.duration_ms : undefined
    const detail = 'detail' in test ? test.detail : undefined
    const message = flaky?.message ?? failure?.message
    const runner: RunnerRetry | undefined =
      flaky !== undefined
        ? { form: flaky.form, runs: flaky.passedOnRun, flaky: true }
        : failure?.runnerRuns !== undefined
          ? { form: failure.runnerForm ?? 'rerunFailure', runs: failure.runnerRuns, flaky: false }
          : undefined
    found.set(test.name, {
      attempt: attempt.attempt,
      status: statusOf(test.outcome),
      rawStatus: test.outcome,
      duration: ms(duration),
      ...(attempt.startMs !== undefined && { start: attempt.startMs }),
      ...(message !== undefined && { message }),
      ...(detail !== undefined && { trace: detail }),
      ...((failure?.file ?? flaky?.file ?? test.file) !== undefined && { file: failure?.file ?? flaky?.file ?? test.file }),
      ...((failure?.line ?? flaky?.line) !== undefined && { line: failure?.line ?? flaky?.line }),
      ...(runner !== undefined && { runner })
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
  // The runner's own retries count with reverify's: each is a re-execution after the first.
  const runnerRetries = runs.reduce((sum, run) => sum + (run.runner === undefined ? 0 : run.runner.runs - 1), 0)
  const runner = [...runs].reverse().find(run => run.runner !== undefined)?.runner
  const failedBefore = earlier.some(run => run.status === 'failed') || runs.some(run => run.runner !== undefined)
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
    retries: earlier.length + runnerRetries,
    flaky: last.status === 'passed' && failedBefore,
    ...(earlier.length > 0 && { retryAttempts: earlier.map(retryAttempt) }),
    ...(quarantined.has(name) && { labels: { quarantined: true } }),
    ...(runner !== undefined && { extra: { runnerRetry: runner } })
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
