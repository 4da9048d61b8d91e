/**
 * Flakiness as a reviewer sees it in the action (docs/design.md §5 "Annotations", "Job
 * summary"): a test flaky inside the runner, a flaky new test of early flake detection, and
 * every failed or flaky test's rate — worded from run facts built here, the summary rendered
 * by a GitHub-flavoured markdown renderer and read as a document.
 */
import { beforeAll, afterAll, expect, test } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runAnnotations } from '../../src/action/annotations.js'
import { verifySummary } from '../../src/action/job-summary.js'
import type { AttemptResult } from '../../src/core/attempt/result.js'
import type { FailedTest, RunnerFlakyTest } from '../../src/core/attempt/tests.js'
import type { NewTestDetection } from '../../src/core/attempt/new-tests.js'
import { createRedactor } from '../../src/core/redaction/index.js'
import type { CompletedRun } from '../../src/core/run/report.js'
import type { TestRate } from '../../src/core/test-results/test-rates.js'

let workspace: string

beforeAll(() => {
  workspace = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-flake-surfaces-')))
  mkdirSync(join(workspace, 'src'))
  for (const file of ['net.test.js', 'cart.test.js', 'api.test.js']) writeFileSync(join(workspace, 'src', file), '\n'.repeat(40))
})

afterAll(() => rmSync(workspace, { recursive: true, force: true }))

function attempt(number: number, verified: boolean, failedTests: FailedTest[] = []): AttemptResult {
  return {
    attempt: number,
    commands: [],
    exitCode: verified ? 0 : 1,
    signal: null,
    timedOut: false,
    interrupted: false,
    durationMs: 10,
    startedAt: '2026-12-01T00:00:00.000Z',
    endedAt: '2026-12-01T00:00:00.010Z',
    summary: '',
    checks: [{ expectation: 'expect-exit', ok: verified, detail: verified ? 'exit 0' : 'expect-exit 0 but got 1' }],
    verified,
    outputMatched: false,
    logBytesDropped: 0,
    tests: {
      files: ['results.xml'],
      total: 300,
      passed: 300 - failedTests.length,
      failed: failedTests.length,
      errors: 0,
      skipped: 0,
      failedTests,
      recovered: [],
      warnings: []
    }
  }
}

const NET: RunnerFlakyTest = {
  name: 'net › fetches config',
  file: 'src/net.test.js',
  line: 31,
  passedOnRun: 2,
  form: 'flakyFailure',
  message: 'connect ETIMEDOUT'
}
const NET_RATE: TestRate = { name: 'net › fetches config', runs: 37, flaked: 4, failed: 0, firstSeen: '2026-11-20' }

/** A run that passed on its first attempt with one test flaky inside the runner. */
function runnerFlakyPass(rates: TestRate[] | undefined = [NET_RATE]): CompletedRun {
  return {
    kind: 'completed',
    runId: '20261201-061829-verify-ed1c83',
    outcome: 'success',
    flaky: true,
    interrupted: false,
    attempts: [attempt(1, true)],
    maxAttempts: 3,
    exitCode: 0,
    summary: 'verified on attempt 1/3 (flaky inside the runner)',
    excerpt: '',
    capture: { mode: 'warn' },
    tests: {
      total: 300,
      failed: [],
      flaky: [NET.name],
      runnerFlaky: [NET],
      attempt: 1,
      attempts: [{ attempt: 1, ran: 300, rerun: false }]
    },
    ...(rates !== undefined && { rates })
  } as unknown as CompletedRun
}

const CART = {
  name: 'cart › applies the coupon',
  caseName: 'applies the coupon',
  classname: 'cart',
  file: 'src/cart.test.js',
  line: 12,
  key: '0123456789abcdef'
}

/** A run whose passing attempt's new tests were repeated 5 times; the cart test failed repeat 3. */
function newTestRun(mode: 'fail' | 'warn', detection: Partial<NewTestDetection> = {}): CompletedRun {
  const newTests: NewTestDetection = {
    mode,
    decided: mode,
    found: 2,
    repeated: [CART, { ...CART, name: 'cart › totals', key: 'fedcba9876543210' }],
    repeats: 5,
    ran: 5,
    budgetSeconds: 120,
    spentMs: 4_000,
    budgetCut: false,
    flaky: [
      {
        test: CART,
        repeat: 3,
        attempt: 4,
        message: 'Expected 90, Received 100',
        block: '● cart › applies the coupon\n  Expected: 90\n  Received: 100'
      }
    ],
    ...detection
  }
  return {
    ...runnerFlakyPass(undefined),
    outcome: mode === 'fail' && newTests.flaky.length > 0 ? 'failure' : 'success',
    flaky: false,
    tests: { total: 300, failed: [], flaky: [], attempt: 1, attempts: [{ attempt: 1, ran: 300, rerun: false }] },
    newTests
  } as unknown as CompletedRun
}

const facts = (pullRequest = true) => ({
  stepName: 'Unit tests',
  commands: ['npm test'],
  redactor: createRedactor({ values: [] }),
  location: { workspace },
  pullRequest
})

async function summaryDocument(run: CompletedRun, pullRequest = true): Promise<{ markdown: string; text: string }> {
  const markdown = verifySummary(run, { name: 'Unit tests', commands: ['npm test'], captureMode: 'warn', pullRequest })
  const document = new JSDOM(await marked.parse(markdown, { gfm: true })).window.document
  return { markdown, text: document.body.textContent!.replace(/\s+/g, ' ') }
}

test('a test flaky inside the runner is a warning on its line, with its first failure and its rate', () => {
  expect(runAnnotations(runnerFlakyPass(), facts())).toEqual([
    {
      level: 'warning',
      message:
        "Failed, then passed on the runner's 2nd run (Surefire flakyFailure): connect ETIMEDOUT. Flaked in 4 of the last 37 runs (11 %) · first seen 2026-11-20.",
      properties: { title: 'Unit tests: flaky inside the runner — net › fetches config', file: 'src/net.test.js', startLine: 31 },
      // What the leg's annotations.json says of it (docs/design.md §5 "Trace artifact").
      test: { name: 'net › fetches config', flag: 'runner-flaky', rate: { runs: 37, flaked: 4, failed: 0, firstSeen: '2026-11-20' } }
    }
  ])
  // The history holds this run only: no rate to tell.
  const [alone] = runAnnotations(runnerFlakyPass([{ ...NET_RATE, runs: 1, flaked: 1 }]), facts())
  expect(alone!.message).toBe("Failed, then passed on the runner's 2nd run (Surefire flakyFailure): connect ETIMEDOUT.")
})

test('the summary says a test was flaky inside the runner, how its results show it, and its rate', async () => {
  const { text } = await summaryDocument(runnerFlakyPass())
  expect(text).toContain(
    'Flaky inside the runner (the runner retried them itself): net › fetches config — flaky inside the runner, passed on its 2nd run (Surefire flakyFailure): connect ETIMEDOUT · flaked in 4 of the last 37 runs (11 %) · first seen 2026-11-20'
  )
  // Not also among the tests reverify's own retries revealed.
  expect(text).not.toContain('failed in an attempt, passed in a later one')
})

test('a flaky new test is an error naming the repeat it failed, in a pull request; the failure is told by it alone', () => {
  const annotations = runAnnotations(newTestRun('fail'), facts())
  expect(annotations).toEqual([
    {
      level: 'error',
      message:
        'New in this pull request; repeated 5 times, failed on repeat 3: Expected 90, Received 100.\n● cart › applies the coupon\n  Expected: 90\n  Received: 100',
      properties: { title: 'Unit tests: new test is flaky — cart › applies the coupon', file: 'src/cart.test.js', startLine: 12 },
      test: { name: 'cart › applies the coupon', flag: 'new-flaky', repeat: { failedOn: 3, of: 5 } }
    }
  ])
})

test("in warn mode it is a warning; outside a pull request the test is new to the command's history", () => {
  const [annotation] = runAnnotations(newTestRun('warn'), facts(false))
  expect(annotation!.level).toBe('warning')
  expect(annotation!.message).toMatch(/^New to this command's history; repeated 5 times, failed on repeat 3: Expected 90, Received 100\.\n/)
})

test('the summary says what early flake detection found, repeated and ran, and the flaky new test with its block', async () => {
  const { markdown, text } = await summaryDocument(newTestRun('fail'))
  expect(markdown.split('\n')[0]).toBe('### ❌ Unit tests — failed: a new test is flaky')
  expect(text).toContain('Early flake detection: 2 new tests in this pull request, each repeated; 5 of 5 repeats ran.')
  expect(text).toContain('Flaky new tests (they fail the run):')
  expect(markdown).toContain('| cart › applies the coupon | `src/cart.test.js:12` | repeat 3 of 5 | Expected 90, Received 100 |')
  expect(markdown).toContain('<details><summary>Flaky new test 1, repeat 3 — what failed</summary>')
  expect(text).toContain('Expected: 90')
})

test('the summary says when the budget cut the repeats, when nothing failed, and that an empty history starts detection next run', async () => {
  const cut = await summaryDocument(newTestRun('fail', { found: 30, repeated: [CART], ran: 2, budgetCut: true, flaky: [] }), false)
  expect(cut.text).toContain(
    "Early flake detection: 30 new tests to this command's history, the first 1 repeated (new-test-max); 2 of 5 repeats ran; new-test-budget-seconds cut the rest; none failed a repeat."
  )
  const empty = await summaryDocument(newTestRun('fail', { skipped: 'empty-history', found: 0, repeated: [], ran: 0, flaky: [] }))
  expect(empty.text).toContain(
    'Early flake detection: the history knows no test yet, so none counts as new; detection starts with the next run.'
  )
})

test('a quarantined flaky new test is a warning that names its entry, and the summary says the run passes', async () => {
  const quarantine = { owner: '@acme/qa', expires: '2027-01-15' }
  const run = newTestRun('fail', { decided: undefined, flaky: [{ test: CART, repeat: 3, attempt: 4, message: 'Expected 90', quarantine }] })
  const [annotation] = runAnnotations({ ...run, outcome: 'success' } as CompletedRun, facts())
  expect(annotation!.level).toBe('warning')
  expect(annotation!.message).toBe(
    'New in this pull request; repeated 5 times, failed on repeat 3: Expected 90. Quarantined until 2027-01-15 by @acme/qa.'
  )
  const { text } = await summaryDocument({ ...run, outcome: 'success' } as CompletedRun)
  expect(text).toContain('Flaky new tests (quarantined: shown, and the run passes):')
})

test('new tests that could not be repeated say why; repeats stopped early say so', async () => {
  const refused = 'the repeat command matches the destructive-command rule "rm -rf"'
  const none = await summaryDocument(
    newTestRun('fail', { skipped: 'not-repeatable', stopped: refused, found: 2, repeated: [], ran: 0, flaky: [] })
  )
  expect(none.text).toContain(`Early flake detection: 2 new tests, not repeated: ${refused}.`)
  const stopped = await summaryDocument(newTestRun('fail', { stopped: 'interrupted', ran: 2, flaky: [] }))
  expect(stopped.text).toContain('2 of 5 repeats ran; stopped: interrupted; none failed a repeat.')
})

/** A run that failed on `api` after 3 attempts; `db` failed in attempt 1 and passed after. */
function failedRun(rates: TestRate[]): CompletedRun {
  const api: FailedTest = {
    name: 'api › returns the user',
    outcome: 'failed',
    file: 'src/api.test.js',
    line: 14,
    message: 'Expected: 200',
    runnerRuns: 3
  }
  const db: FailedTest = { name: 'db › migrates', outcome: 'failed', message: 'lock timeout' }
  return {
    ...runnerFlakyPass(rates),
    outcome: 'failure',
    flaky: false,
    attempts: [attempt(1, false, [api, db]), attempt(2, false, [api]), attempt(3, false, [api])],
    tests: { total: 300, failed: [api], flaky: ['db › migrates'], attempt: 3, attempts: [] }
  } as unknown as CompletedRun
}

test('a failed test and a test flaky on a retry carry their rates, in the annotations and the summary', async () => {
  const rates: TestRate[] = [
    { name: 'api › returns the user', runs: 37, flaked: 0, failed: 2, firstSeen: '2026-11-28' },
    { name: 'db › migrates', runs: 37, flaked: 4, failed: 2, firstSeen: '2026-11-20' }
  ]
  const annotations = runAnnotations(failedRun(rates), facts())
  expect(annotations.map(annotation => annotation.message)).toEqual([
    "Expected: 200\nat src/api.test.js:14\nIt failed on each of the runner's 3 runs.\nFailed in 2 of the last 37 runs (5 %) · first seen 2026-11-28.",
    'lock timeout\nIt passed on a retry; the run failed on api › returns the user. Flaked in 4 of the last 37 runs (11 %) and failed in 2 (5 %) · first seen 2026-11-20.'
  ])
  const { markdown, text } = await summaryDocument(failedRun(rates))
  expect(markdown).toContain('| test | where | message | rate |')
  expect(markdown).toContain(
    "| api › returns the user | `src/api.test.js:14` | Expected: 200 | failed on each of the runner's 3 runs · failed in 2 of the last 37 runs (5 %) · first seen 2026-11-28 |"
  )
  expect(text).toContain(
    'Flaky tests (failed in an attempt, passed in a later one): db › migrates · flaked in 4 of the last 37 runs (11 %) and failed in 2 (5 %) · first seen 2026-11-20'
  )
})

test('names and messages from the results stay text: no markup survives in the summary, the title keeps them as data', async () => {
  const hostile: RunnerFlakyTest = { ...NET, name: 'x <img src=y onerror=alert(1)> | **bold**', message: 'boom\n::error::forged %0A' }
  const run = { ...runnerFlakyPass([]), tests: { ...runnerFlakyPass().tests!, runnerFlaky: [hostile] } } as CompletedRun
  const { markdown } = await summaryDocument(run)
  const document = new JSDOM(await marked.parse(markdown, { gfm: true })).window.document
  expect(document.querySelector('img')).toBeNull()
  expect(document.querySelector('strong')?.textContent).not.toBe('bold')
  expect(document.body.textContent).toContain('x <img src=y onerror=alert(1)> | **bold**')
  const [annotation] = runAnnotations(run, facts())
  // The workflow command's own escaping (print) takes care of the newline; the message keeps it as data.
  expect(annotation!.properties.title).toBe('Unit tests: flaky inside the runner — x <img src=y onerror=alert(1)> | **bold**')
})
