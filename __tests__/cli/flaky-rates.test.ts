/**
 * Rates through the CLI (docs/design.md §1 "Test results"): real runs whose receipts carry
 * a flaky test, then `reverify flaky` with each test's runs, rate and first-seen day, and
 * the console summary's `rates:` line.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { consoleSummary } from '../../src/cli/verify.js'
import type { CompletedRun } from '../../src/core/run/report.js'
import { junitReport } from '../helpers/junit.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo('reverify-flaky-rates-')
  mkdirSync(join(repo, 'fixtures'))
  writeFileSync(join(repo, 'fixtures', 'fail.xml'), junitReport({ 'api returns the user': 'failed', 'api lists users': 'passed' }))
  writeFileSync(join(repo, 'fixtures', 'pass.xml'), junitReport({ 'api returns the user': 'passed', 'api lists users': 'passed' }))
})
afterEach(() => rmSync(repo, { recursive: true, force: true }))

/** Fails "api returns the user" on the first attempt of a run when the file `flake` exists, passes it after. */
const TESTS =
  'mkdir -p reports; if [ -f flake ]; then rm flake; cp fixtures/fail.xml reports/junit.xml; exit 1; fi; cp fixtures/pass.xml reports/junit.xml'
const RUN = ['run', '--command', TESTS, '--expect-exit', '0', '--max-retries', '2', '--test-results', 'reports/*.xml']

/** One run, flaky or not; its stdout. */
async function run(flaky: boolean): Promise<string> {
  if (flaky) writeFileSync(join(repo, 'flake'), '')
  const result = await runCli(RUN, repo)
  expect(result.code).toBe(0)
  return result.stdout
}

test('three runs, two of them flaky: the rate and first-seen day in `reverify flaky`, its JSON and the console summary', async () => {
  const first = await run(true)
  // The history holds this run only: no rate line.
  expect(first).not.toContain('rates:')
  await run(false)
  const third = await run(true)
  const today = new Date().toISOString().slice(0, 10)
  expect(third).toContain(`rates: api returns the user flaked in 2 of the last 3 runs (67 %) · first seen ${today}`)

  const json = await runCli(['flaky', '--json'], repo)
  expect(json.code).toBe(0)
  const listed = JSON.parse(json.stdout)
  expect(listed.runs).toBe(3)
  expect(listed.tests).toEqual([
    {
      name: 'api returns the user',
      flaky: 2,
      failed: 0,
      last_run_id: expect.stringMatching(/^\d{8}-\d{6}-verify-[0-9a-f]{6}$/),
      last_at: expect.any(String),
      runs: 3,
      rate: 0.6667,
      first_seen: today
    }
  ])

  const plain = await runCli(['flaky'], repo)
  expect(plain.stdout).toContain('flaky  failed   runs   rate  first seen  last run')
  expect(plain.stdout).toMatch(
    new RegExp(`^ {4}2 {7}0 {6}3 {3}67 % {2}${today} {2}\\d{8}-\\d{6}-verify-[0-9a-f]{6} {2}api returns the user$`, 'm')
  )
})

test('the console summary names a test flaky inside the runner as such, and what early flake detection did', () => {
  const run = {
    kind: 'completed',
    runId: '20261201-061829-verify-ed1c83',
    session: { id: 'x', dir: '/tmp/x', reportFile: '/tmp/x/report.html' },
    outcome: 'failure',
    flaky: false,
    attempts: [],
    maxAttempts: 3,
    summary: 'new test cart › applies the coupon failed repeat 3/5',
    tests: {
      total: 300,
      failed: [],
      flaky: ['net › fetches config'],
      runnerFlaky: [{ name: 'net › fetches config', passedOnRun: 2, form: 'repeated' }],
      attempt: 1,
      attempts: []
    },
    newTests: {
      mode: 'fail',
      found: 2,
      repeated: [{ name: 'cart › applies the coupon' }, { name: 'cart › totals' }],
      repeats: 5,
      ran: 3,
      budgetCut: true,
      flaky: [{ test: { name: 'cart › applies the coupon' }, repeat: 3, attempt: 4 }]
    }
  } as unknown as CompletedRun
  const lines = consoleSummary(run, ['npm test'])
  expect(lines).toContain('tests: 300 (attempt 1) · flaky: net › fetches config (inside the runner, passed on its 2nd run)')
  expect(lines).toContain(
    'new tests: 2 new, each repeated; 3 of 5 repeats ran (new-test-budget-seconds cut the rest) · flaky: cart › applies the coupon (failed repeat 3/5)'
  )
  const empty = { ...run, newTests: { ...run.newTests!, skipped: 'empty-history' } } as CompletedRun
  expect(consoleSummary(empty, ['npm test'])).toContain(
    'new tests: none counted: the history knows no test yet; detection starts with the next run'
  )
})
