/**
 * The verify loop's decisions, row by row: results present or absent, a rerun and what its
 * results show, the quarantine, the gates over a flaky pass, the retry filters, the budget,
 * an interrupt and a resumed run. The attempt's own code runs; the process runner is a fake
 * that plays each attempt's exit and writes its JUnit file (the real runner is tested with
 * real processes elsewhere), the clock a fake that never sleeps, the trace an in-memory list.
 * No process starts.
 */
import { beforeEach, describe, expect, test } from '@jest/globals'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { Clock } from '../../../src/core/base/clock.js'
import { parseRunSettings } from '../../../src/core/inputs/settings.js'
import type { ProcessRunner } from '../../../src/core/process/process-runner.js'
import type { CommandResult } from '../../../src/core/attempt/command-result.js'
import type { QuarantineEntry } from '../../../src/core/quarantine/file.js'
import { createRedactor } from '../../../src/core/redaction/index.js'
import type { AttemptTests } from '../../../src/core/attempt/tests.js'
import type { TraceSession } from '../../../src/core/session/writer.js'
import { runVerifyLoop, type LoopResult, type LoopStart } from '../../../src/core/verify/loop.js'
import { NOT_EXCUSED_MORE_THAN_RUNNER, type QuarantineContext } from '../../../src/core/verify/quarantine-step.js'
import type { ScriptResult } from '../../../src/core/attempt/result.js'
import { failedAttempt } from '../../helpers/attempts.js'
import { scratchDir } from '../../helpers/receipts.js'

/**
 * One attempt as the fake runner plays it: its exit, the tests its JUnit file shows (none: no
 * file), an interrupt that cuts the command off (`true`) or comes once it has ended (`after`).
 */
interface Played {
  exit: number
  tests?: Record<string, 'passed' | 'failed'>
  interrupt?: true | 'after'
}

/** One row: the inputs, the quarantine, how the run resumes, what each attempt does; what the loop must do. */
interface Row {
  name: string
  inputs?: Record<string, string>
  quarantine?: Partial<QuarantineContext> & { entries: QuarantineEntry[] }
  start?: LoopStart
  played: Played[]
  /** The trace in short: see `trail`. */
  trail: string
  outcome: LoopResult['outcome']
  verified: boolean[]
  summary?: string
  flaky?: boolean
  waits?: number[]
}

const TODAY = '2026-12-06'
const entry = (test: string, expires = '2027-01-31'): QuarantineEntry => ({
  test,
  owner: '@team',
  reason: 'flaky network',
  added: '2026-11-01',
  expires
})
const RESULTS = { 'test-results': 'results/*.xml' }
const RERUN = { ...RESULTS, 'rerun-failed-tests': 'run-tests {names}' }

/** An attempt's results in which test `a` failed. */
const FAILED_A: AttemptTests = {
  files: ['results/junit.xml'],
  total: 1,
  passed: 0,
  failed: 1,
  errors: 0,
  skipped: 0,
  failedTests: [{ name: 'a', caseName: 'a', classname: 'a', outcome: 'failed' }],
  recovered: [],
  warnings: []
}

let workDir: string

/** A JUnit file whose suite `api` ran the tests as given (class name and name the same, as jest-junit writes them). */
function junit(tests: Record<string, 'passed' | 'failed'>): string {
  const cases = Object.entries(tests).map(([name, outcome]) =>
    outcome === 'passed'
      ? `<testcase classname="${name}" name="${name}" time="0.01"/>`
      : `<testcase classname="${name}" name="${name}" time="0.01"><failure>expected 200, got 500</failure></testcase>`
  )
  return `<?xml version="1.0"?>\n<testsuites><testsuite name="api" tests="${cases.length}">${cases.join('')}</testsuite></testsuites>\n`
}

/** A runner that plays the attempts in order and records each command it was asked to run. */
function fakeRunner(played: Played[], commands: string[], abort: AbortController): ProcessRunner {
  let next = 0
  return {
    async run(spec) {
      commands.push(spec.command)
      const attempt = played[next++]
      if (attempt === undefined) throw new Error(`no attempt left to play for ${spec.command}`)
      if (attempt.tests !== undefined) {
        await mkdir(join(workDir, 'results'), { recursive: true })
        await writeFile(join(workDir, 'results', 'junit.xml'), junit(attempt.tests))
      }
      if (attempt.interrupt !== undefined) abort.abort()
      const result: CommandResult = {
        command: spec.command,
        exitCode: attempt.interrupt === true ? 130 : attempt.exit,
        signal: null,
        timedOut: false,
        interrupted: attempt.interrupt === true,
        durationMs: 5
      }
      return { result }
    }
  }
}

/** A clock a minute past midnight that moves a second each time it is read, never sleeps and remembers the waits. */
function fakeClock(waits: number[], abort: AbortController, abortInWait: boolean): Clock {
  let ms = Date.parse(`${TODAY}T00:01:00Z`) - 86_400_000
  return {
    now: () => new Date((ms += 1000)),
    monotonicMs: () => ms,
    sleep: async wait => {
      waits.push(wait)
      if (abortInWait) abort.abort()
    },
    random: () => 0.5
  }
}

/** A trace that keeps its events in memory, as written (a JSON round trip), its logs in the work folder. */
function memoryTrace(events: { phase: string; payload: Record<string, unknown> }[]): TraceSession {
  return {
    event: (phase: string, payload: unknown) => events.push({ phase, payload: JSON.parse(JSON.stringify(payload)) }),
    attemptLogPath: (n: number) => join(workDir, `attempt-${n}.log`),
    attemptCheckLogPath: (n: number) => join(workDir, `attempt-${n}.check.log`)
  } as unknown as TraceSession
}

/**
 * The trace in short, one word per event: `run`/`rerun` (tool_call; its tool_result is not
 * shown), `ok`/`fail`/`excused`/`replayed-fail` (verify), and each note by kind: `tests`,
 * `next` (what the retry runs), `retry` or `stop` (the retry decision), `gate`.
 */
function trail(events: { phase: string; payload: Record<string, unknown> }[]): string {
  return events
    .flatMap(({ phase, payload }) => {
      if (phase === 'tool_call') return [payload.rerun === undefined ? 'run' : 'rerun']
      if (phase === 'verify') {
        if (payload.replayed === true) return [`replayed-${payload.ok === true ? 'ok' : 'fail'}`]
        return [payload.quarantined !== undefined ? 'excused' : payload.ok === true ? 'ok' : 'fail']
      }
      if (phase !== 'note') return []
      const kind = payload.kind
      if (kind === 'retry-decision') return [payload.retry === true ? 'retry' : 'stop']
      return [kind === 'rerun' ? 'next' : String(kind)]
    })
    .join(' ')
}

const rows: Row[] = [
  // Results absent.
  { name: 'a pass', played: [{ exit: 0 }], trail: 'run ok', outcome: 'success', verified: [true], flaky: false },
  {
    name: 'a failure, then a pass: flaky',
    inputs: { 'max-retries': '1' },
    played: [{ exit: 1 }, { exit: 0 }],
    trail: 'run fail retry run ok',
    outcome: 'success',
    verified: [false, true],
    summary: 'verified on attempt 2/2 (flaky)',
    flaky: true
  },
  {
    name: 'the budget used up',
    inputs: { 'max-retries': '1', 'retry-wait-seconds': '2' },
    played: [{ exit: 1 }, { exit: 1 }],
    trail: 'run fail retry run fail',
    outcome: 'failure',
    verified: [false, false],
    summary: 'not verified after 2/2 attempt(s): expect-exit 0 but got 1 (`npm test` exited 1)',
    waits: [2000]
  },
  {
    name: 'a retry filter refuses',
    inputs: { 'max-retries': '2', 'retry-on-exit-codes': '2' },
    played: [{ exit: 1 }],
    trail: 'run fail stop',
    outcome: 'failure',
    verified: [false],
    waits: []
  },
  // Results present, no rerun: the verdict is written before the results' note.
  {
    name: 'results, a failure then a pass',
    inputs: { ...RESULTS, 'max-retries': '1' },
    played: [
      { exit: 1, tests: { a: 'failed', b: 'passed' } },
      { exit: 0, tests: { a: 'passed', b: 'passed' } }
    ],
    trail: 'run fail tests retry run ok tests',
    outcome: 'success',
    verified: [false, true],
    flaky: true
  },
  // A rerun: its results are read and recorded before its verdict.
  {
    name: 'a rerun whose targets all pass',
    inputs: { ...RERUN, 'max-retries': '1' },
    played: [
      { exit: 1, tests: { a: 'failed', b: 'passed' } },
      { exit: 0, tests: { a: 'passed' } }
    ],
    trail: 'run fail tests next retry rerun tests ok',
    outcome: 'success',
    verified: [false, true],
    flaky: true
  },
  {
    name: 'a rerun whose results miss a target: not verified, however it exits',
    inputs: { ...RERUN, 'max-retries': '1' },
    played: [
      { exit: 1, tests: { a: 'failed', b: 'failed' } },
      { exit: 0, tests: { a: 'passed' } }
    ],
    trail: 'run fail tests next retry rerun tests fail',
    outcome: 'failure',
    verified: [false, false],
    summary: 'not verified after 2/2 attempt(s): 1 of 2 rerun tests passed · not in the results, so not rerun: b'
  },
  {
    name: 'a rerun planned but the budget is spent: no rerun note, no retry',
    inputs: { ...RERUN, 'max-retries': '0' },
    played: [{ exit: 1, tests: { a: 'failed' } }],
    trail: 'run fail tests',
    outcome: 'failure',
    verified: [false]
  },
  // The quarantine.
  {
    name: 'a quarantine that covers every failure, no rerun: excused at once, no retry',
    inputs: { ...RESULTS, 'max-retries': '2' },
    quarantine: { entries: [entry('a')] },
    played: [{ exit: 1, tests: { a: 'failed', b: 'passed' } }],
    trail: 'run tests excused',
    outcome: 'success',
    verified: [true],
    summary: 'passed on attempt 1/3: every failure is quarantined: a (@team, until 2027-01-31)',
    flaky: false
  },
  {
    name: 'a quarantine that covers every failure, a rerun could follow: excused at once, no rerun',
    inputs: { ...RERUN, 'max-retries': '2' },
    quarantine: { entries: [entry('a')] },
    played: [{ exit: 1, tests: { a: 'failed', b: 'passed' } }],
    trail: 'run tests excused',
    outcome: 'success',
    verified: [true],
    flaky: false
  },
  {
    name: 'a quarantined test and a flaky one: the rerun that leaves only the quarantined one failing is excused, no third attempt',
    inputs: { ...RERUN, 'max-retries': '2' },
    quarantine: { entries: [entry('a')] },
    played: [
      { exit: 1, tests: { a: 'failed', b: 'failed' } },
      { exit: 1, tests: { a: 'failed', b: 'passed' } }
    ],
    trail: 'run tests fail next retry rerun tests excused',
    outcome: 'success',
    verified: [false, true],
    flaky: true
  },
  {
    name: 'a quarantine that covers some failures: not excused',
    inputs: { ...RESULTS, 'max-retries': '0' },
    quarantine: { entries: [entry('a')] },
    played: [{ exit: 1, tests: { a: 'failed', b: 'failed' } }],
    trail: 'run tests fail',
    outcome: 'failure',
    verified: [false]
  },
  {
    name: 'a command that runs more than the runner: never excused, and the summary says why',
    inputs: { ...RESULTS, 'max-retries': '0' },
    quarantine: { entries: [entry('a')], moreThanRunner: true },
    played: [{ exit: 1, tests: { a: 'failed' } }],
    trail: 'run tests fail',
    outcome: 'failure',
    verified: [false],
    summary: `not verified after 1/1 attempt(s): expect-exit 0 but got 1 (\`npm test\` exited 1); ${NOT_EXCUSED_MORE_THAN_RUNNER}`
  },
  {
    name: 'an expired entry: the failure counts again',
    inputs: { ...RESULTS, 'max-retries': '0' },
    quarantine: { entries: [entry('a', '2026-12-01')] },
    played: [{ exit: 1, tests: { a: 'failed' } }],
    trail: 'run tests fail',
    outcome: 'failure',
    verified: [false],
    summary:
      'not verified after 1/1 attempt(s): expect-exit 0 but got 1 (`npm test` exited 1); the quarantine of a (by @team, expired 2026-12-01) no longer applies'
  },
  // The gates over a flaky pass.
  {
    name: 'fail-on-flaky refuses a flaky pass',
    inputs: { ...RESULTS, 'max-retries': '1', 'fail-on-flaky': 'true' },
    played: [
      { exit: 1, tests: { a: 'failed' } },
      { exit: 0, tests: { a: 'passed' } }
    ],
    trail: 'run fail tests retry run ok tests gate',
    outcome: 'failure',
    verified: [false, true],
    summary: 'flaky pass refused by fail-on-flaky: a failed, then passed on a retry, and is not quarantined'
  },
  {
    name: 'max-flaky-tests refuses more flaky tests than allowed',
    inputs: { ...RESULTS, 'max-retries': '1', 'max-flaky-tests': '0' },
    played: [
      { exit: 1, tests: { a: 'failed' } },
      { exit: 0, tests: { a: 'passed' } }
    ],
    trail: 'run fail tests retry run ok tests gate',
    outcome: 'failure',
    verified: [false, true],
    summary: 'flaky pass refused by max-flaky-tests: 1 flaky test (a), more than max-flaky-tests (0)'
  },
  {
    name: 'max-flaky-tests allows as many as it says',
    inputs: { ...RESULTS, 'max-retries': '1', 'max-flaky-tests': '1' },
    played: [
      { exit: 1, tests: { a: 'failed' } },
      { exit: 0, tests: { a: 'passed' } }
    ],
    trail: 'run fail tests retry run ok tests',
    outcome: 'success',
    verified: [false, true],
    flaky: true
  },
  // An interrupt.
  {
    name: 'an interrupt during an attempt: aborted, never judged',
    inputs: { 'max-retries': '2' },
    played: [{ exit: 0, interrupt: true }],
    trail: 'run fail',
    outcome: 'aborted',
    verified: [false],
    summary: 'interrupted after 1 attempt(s)'
  },
  {
    name: 'an interrupt once the command has ended: judged, then no retry',
    inputs: { 'max-retries': '2' },
    played: [{ exit: 1, interrupt: 'after' }],
    trail: 'run fail',
    outcome: 'aborted',
    verified: [false],
    waits: []
  },
  {
    name: 'an interrupt during the wait: no next attempt',
    inputs: { 'max-retries': '2' },
    played: [{ exit: 1 }],
    trail: 'run fail retry',
    outcome: 'aborted',
    verified: [false]
  },
  // A resumed run.
  {
    name: 'resumed with a recorded result: judged now without running it, then retried',
    inputs: { 'max-retries': '1' },
    start: { replay: recorded(1, 1) },
    played: [{ exit: 0 }],
    trail: 'replayed-fail retry run ok',
    outcome: 'success',
    verified: [false, true],
    flaky: true
  },
  {
    name: 'resumed with a recorded passing result: judged verified, nothing runs',
    inputs: { 'max-retries': '1' },
    start: { replay: recorded(1, 0) },
    played: [],
    trail: 'replayed-ok',
    outcome: 'success',
    verified: [true]
  },
  {
    name: 'resumed with a recorded result its recorded results show failing on a quarantined test only: excused again, nothing runs',
    inputs: { ...RERUN, 'max-retries': '2' },
    quarantine: { entries: [entry('a')] },
    start: { replay: recorded(1, 1), replayTests: FAILED_A },
    played: [],
    trail: 'replayed-ok',
    outcome: 'success',
    verified: [true]
  },
  {
    name: 'resumed after a failed attempt and no decision yet: decided now',
    inputs: { 'max-retries': '1' },
    start: { previous: [failedAttempt()] },
    played: [{ exit: 0 }],
    trail: 'retry run ok',
    outcome: 'success',
    verified: [false, true]
  },
  {
    name: 'resumed after a failed attempt whose retry was decided: runs at once',
    inputs: { 'max-retries': '1' },
    start: { previous: [failedAttempt()], retryDecided: true },
    played: [{ exit: 0 }],
    trail: 'run ok',
    outcome: 'success',
    verified: [false, true]
  },
  {
    name: 'resumed after a failed attempt that was not to be retried: stops',
    inputs: { 'max-retries': '1' },
    start: { previous: [failedAttempt()], retryDecided: false },
    played: [],
    trail: '',
    outcome: 'failure',
    verified: [false]
  },
  {
    name: 'resumed after a rerun a crash cut off: the rerun runs again',
    inputs: { ...RERUN, 'max-retries': '1' },
    start: {
      // The results read back from the trace name the failed test the rerun watches for.
      previous: [failedAttempt({ tests: FAILED_A }), failedAttempt({ attempt: 2, interrupted: true, checks: [] })],
      rerun: { targets: [{ name: 'a', caseName: 'a', classname: 'a' }], command: "run-tests 'a'" }
    },
    played: [{ exit: 0, tests: { a: 'passed' } }],
    trail: 'rerun tests ok',
    outcome: 'success',
    verified: [false, false, true]
  }
]

/** A script's recorded result (a tool_result read back), exit as given. */
function recorded(attempt: number, exit: number): ScriptResult {
  return {
    attempt,
    commands: [{ command: 'npm test', exitCode: exit, signal: null, timedOut: false, interrupted: false, durationMs: 5 }],
    exitCode: exit,
    signal: null,
    timedOut: false,
    interrupted: false,
    durationMs: 5,
    startedAt: '',
    endedAt: '',
    summary: '',
    outputMatched: false
  }
}

beforeEach(async () => {
  workDir = await scratchDir('reverify-loop-')
})

const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() })

/** Runs a row's loop; returns what it ended with, the trace in short, the commands run and the waits. */
async function runRow(row: Row) {
  const settings = parseRunSettings({ command: 'npm test', 'expect-exit': '0', ...row.inputs }, workDir, { path: process.env.PATH })
  const events: { phase: string; payload: Record<string, unknown> }[] = []
  const commands: string[] = []
  const waits: number[] = []
  const abort = new AbortController()
  const result = await runVerifyLoop(
    settings,
    memoryTrace(events),
    {
      processes: fakeRunner(row.played, commands, abort),
      env: process.env,
      console: { stdout: sink(), stderr: sink() },
      log: () => undefined,
      redactor: createRedactor({ values: [] }),
      signal: abort.signal,
      killGraceMs: 0,
      clock: fakeClock(waits, abort, row.name.includes('during the wait')),
      ...(row.quarantine !== undefined && { quarantine: { today: TODAY, ...row.quarantine } })
    },
    row.start
  )
  return { result, trail: trail(events), commands, waits }
}

describe('runVerifyLoop, row by row', () => {
  test.each(rows.map(row => [row.name, row] as const))('%s', async (_name, row) => {
    const { result, trail, commands, waits } = await runRow(row)
    expect(trail).toBe(row.trail)
    expect(result.outcome).toBe(row.outcome)
    expect(result.attempts.map(attempt => attempt.verified)).toEqual(row.verified)
    // Every played attempt ran, and nothing more.
    expect(commands).toHaveLength(row.played.length)
    if (row.summary !== undefined) expect(result.summary).toBe(row.summary)
    if (row.flaky !== undefined) expect(result.flaky).toBe(row.flaky)
    if (row.waits !== undefined) expect(waits).toEqual(row.waits)
  })
})

describe('what the rows do not show in the trail', () => {
  test('a rerun runs the failed tests alone, and a target it did not rerun stays a failed test of the attempt', async () => {
    const row = rows.find(candidate => candidate.name.startsWith('a rerun whose results miss'))!
    const { result, commands } = await runRow(row)
    expect(commands).toEqual(['npm test', "run-tests 'a' 'b'"])
    const rerun = result.attempts[1]!
    expect(rerun.rerun).toEqual({ tests: ['a', 'b'], command: "run-tests 'a' 'b'" })
    expect(rerun.tests?.failedTests.map(test => test.name)).toEqual(['b'])
    expect([rerun.tests?.failed, rerun.tests?.total, rerun.tests?.notRerun]).toEqual([1, 2, 1])
  })

  test('an attempt takes its times from the loop clock', async () => {
    const { result } = await runRow(rows[0]!)
    const [attempt] = result.attempts
    expect(attempt!.startedAt.startsWith('2026-12-05T00:01:')).toBe(true)
    expect(attempt!.durationMs).toBe(1000)
  })

  test('an excused attempt names what excused it, and the run passes with it', async () => {
    const row = rows.find(candidate => candidate.name.startsWith('a quarantine that covers every failure, no rerun'))!
    const { result } = await runRow(row)
    expect(result.quarantined?.map(({ test }) => test.name)).toEqual(['a'])
    expect(result.attempts[0]!.quarantined?.map(({ entry }) => entry.owner)).toEqual(['@team'])
  })
})
