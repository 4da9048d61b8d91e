/**
 * Early flake detection end to end with real runners and the built CLI (docs/design.md §1
 * "Early flake detection"): a history of 3 runs, then a run that adds 2 new tests, one of
 * which fails one run in three (a counter file). The flaky new test fails the run and the
 * stable one does not; the old tests ran exactly once in that run (counted through the
 * side-effect file every test appends to). Also `warn` mode, the budget cutting the repeats,
 * and an empty history, where nothing is new.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { cliHistoryKey, countRuns, jestNewTestsProject, pytestNewTestsProject } from '../helpers/new-tests.js'
import { readKnownTests } from '../../src/core/test-results/known-tests-file.js'
import { readTrace, runDirs, sessionDirs } from '../helpers/trace.js'

/** Each test runs a real runner a dozen times on a shared machine. */
const TIMEOUT = 600_000

/** The receipt of run `runId` in `dir`'s state directory. */
function receiptOf(dir: string, runId: string): Record<string, any> {
  return JSON.parse(readFileSync(join(dir, '.reverify', 'runs', runId, 'receipt.json'), 'utf8'))
}

/** The newest run's id: by start time, then by the session's ULID (two runs may share their second). */
function newestRun(dir: string): string {
  const receipts = runDirs(join(dir, '.reverify')).map(id => receiptOf(dir, id))
  receipts.sort((a, b) => (a.started_at === b.started_at ? (a.session.id < b.session.id ? -1 : 1) : a.started_at < b.started_at ? -1 : 1))
  return receipts.at(-1)!.run_id
}

/** The trace of the newest session. */
function newestTrace(dir: string) {
  const sessions = sessionDirs(join(dir, '.reverify')).sort((a, b) => (a.split('/').at(-1)! < b.split('/').at(-1)! ? -1 : 1))
  return readTrace(sessions.at(-1)!)
}

interface Runner {
  name: string
  project: () => { dir: string; addNewTests: (sleepMs?: number) => void }
  script: string
  rerun: string
  /** The names the results give the two new tests. */
  coupon: string
  totals: string
}

const RUNNERS: Runner[] = [
  {
    name: 'jest',
    project: jestNewTestsProject,
    script: 'npx jest',
    rerun: 'jest',
    coupon: 'cart applies the coupon',
    totals: 'cart totals the cart'
  },
  {
    name: 'pytest',
    project: pytestNewTestsProject,
    script: '/usr/bin/python3 -m pytest --junitxml=reports/junit.xml',
    rerun: '/usr/bin/python3 -m pytest --junitxml=reports/junit.xml {ids}',
    coupon: 'tests.test_cart › test_applies_the_coupon',
    totals: 'tests.test_cart › test_totals_the_cart'
  }
]

/** Runs the suite through the CLI with early flake detection. */
function verify(runner: Runner, dir: string, extra: string[] = []) {
  return spawnCli(
    [
      'run',
      '--command',
      runner.script,
      '--expect-exit',
      '0',
      '--test-results',
      'reports/junit.xml',
      '--rerun-failed-tests',
      runner.rerun,
      '--new-test-repeats',
      '5',
      ...extra
    ],
    dir
  )
}

/** Three runs of the old tests: the history keeps their tests as known (docs/design.md §3 "Known tests"). */
async function history(runner: Runner, dir: string): Promise<void> {
  for (let run = 0; run < 3; run++) {
    const result = await verify(runner, dir)
    expect(result.code).toBe(0)
  }
  const { known, warning } = await readKnownTests(join(dir, '.reverify'), cliHistoryKey(dir, runner.script))
  expect(warning).toBeUndefined()
  expect(known.size).toBe(3)
  countRuns(dir)
}

describe.each(RUNNERS.map(runner => [runner.name, runner] as const))('%s', (_name, runner) => {
  test(
    'a flaky new test fails the run, the stable one does not, the old tests run once',
    async () => {
      const { dir, addNewTests } = runner.project()
      await history(runner, dir)
      addNewTests()
      const result = await verify(runner, dir)
      expect(result.code).toBe(1)
      const runs = countRuns(dir)
      // The old tests ran in the passing attempt only; the new ones in it and in the repeats.
      expect([runs.get('old adds'), runs.get('old subtracts'), runs.get('old divides')]).toEqual([1, 1, 1])
      // The coupon fails its 3rd run: the passing attempt, repeat 1, then repeat 2 fails; it is not repeated after.
      expect(runs.get('cart applies the coupon')).toBe(3)
      expect(runs.get('cart totals the cart')).toBe(6)
      const receipt = receiptOf(dir, newestRun(dir))
      expect(receipt.status).toBe('failed')
      expect(receipt.gate).toBe('new-test-repeats')
      expect(receipt.attempts).toBe(1)
      expect(receipt.new_tests).toEqual({
        found: 2,
        repeated: 2,
        repeats: 5,
        ran: 5,
        budget_cut: false,
        flaky: [runner.coupon],
        decided: 'fail'
      })
      const trace = newestTrace(dir)
      const end = trace.find(event => event.phase === 'end')!
      expect(end.payload.outcome).toBe('failure')
      expect(end.payload.summary).toBe(`new test ${runner.coupon} failed repeat 2/5`)
      const repeats = trace.filter(event => event.phase === 'tool_call' && event.payload.repeat !== undefined)
      expect(repeats.map(event => [event.payload.attempt, event.payload.repeat.round, event.payload.repeat.tests])).toEqual([
        [2, 1, [runner.coupon, runner.totals]],
        [3, 2, [runner.coupon, runner.totals]],
        [4, 3, [runner.totals]],
        [5, 4, [runner.totals]],
        [6, 5, [runner.totals]]
      ])
      // The failing repeat's own check names the test; the stable test never failed one.
      const failedVerify = trace.filter(event => event.phase === 'verify' && !event.payload.ok)
      expect(failedVerify.map(event => event.payload.attempt)).toEqual([3])
      expect(failedVerify[0]!.payload.detail).toContain(`failed: ${runner.coupon}`)
    },
    TIMEOUT
  )

  test(
    'warn mode: the run passes, the flaky new test in its facts',
    async () => {
      const { dir, addNewTests } = runner.project()
      await history(runner, dir)
      addNewTests()
      const result = await verify(runner, dir, ['--new-test-mode', 'warn'])
      expect(result.code).toBe(0)
      const receipt = receiptOf(dir, newestRun(dir))
      expect(receipt.status).toBe('passed')
      expect(receipt.gate).toBeUndefined()
      expect(receipt.new_tests).toMatchObject({ flaky: [runner.coupon], decided: 'warn', ran: 5 })
      const end = newestTrace(dir).find(event => event.phase === 'end')!
      expect(end.payload.summary).toBe(`verified on attempt 1/3; flaky new tests (${runner.coupon} failed repeat 2/5: new-test-mode warn)`)
    },
    TIMEOUT
  )

  test(
    'an empty history: nothing is new, nothing is repeated, and the trace says detection starts next run',
    async () => {
      const { dir, addNewTests } = runner.project()
      addNewTests()
      const result = await verify(runner, dir)
      expect(result.code).toBe(0)
      const runs = countRuns(dir)
      expect(runs.get('cart applies the coupon')).toBe(1)
      expect(runs.get('old adds')).toBe(1)
      const receipt = receiptOf(dir, newestRun(dir))
      expect(receipt.new_tests).toEqual({
        found: 0,
        repeated: 0,
        repeats: 5,
        ran: 0,
        budget_cut: false,
        skipped: 'empty-history',
        flaky: []
      })
      const note = newestTrace(dir).find(event => event.phase === 'note' && event.payload.kind === 'new-tests')!
      expect(note.payload.message).toContain('detection starts with the next run')
      expect(newestTrace(dir).some(event => event.phase === 'tool_call' && event.payload.repeat !== undefined)).toBe(false)
    },
    TIMEOUT
  )
})

test(
  'jest: the budget stops the repeats that would pass it (counted, never timed)',
  async () => {
    const runner = RUNNERS[0]!
    const { dir, addNewTests } = runner.project()
    await history(runner, dir)
    // Each new test sleeps 3 s: the first repeat is estimated at their 6 s and fits 11 s (a
    // busy machine may stretch each test's reported time to 5.5 s); the second is estimated at
    // the first's own time (over 6 s), which with the 6 s spent would pass 11 s however slow
    // the machine (docs/design.md §9, "Tests on a busy machine").
    addNewTests(3_000)
    const result = await verify(runner, dir, ['--new-test-budget-seconds', '11'])
    expect(result.code).toBe(0)
    const runs = countRuns(dir)
    expect(runs.get('cart totals the cart')).toBe(2)
    const receipt = receiptOf(dir, newestRun(dir))
    expect(receipt.new_tests).toMatchObject({ found: 2, repeated: 2, ran: 1, budget_cut: true, flaky: [] })
    const note = newestTrace(dir).find(event => event.phase === 'note' && event.payload.kind === 'new-tests')!
    expect(note.payload.message).toContain('1 of 5 repeats ran')
    expect(note.payload.message).toContain('new-test-budget-seconds (11 s)')
  },
  TIMEOUT
)
