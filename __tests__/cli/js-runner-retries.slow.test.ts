/**
 * The JavaScript runners' own retries through the built CLI (docs/test-results.md
 * "Runner-level retries", docs/design.md §1 "JSON reports"): jest `retryTimes`, vitest `retry`
 * and Playwright `retries`, each on the rerun tests' project (__tests__/helpers/rerun-projects.ts:
 * 33 tests, `net › fetches config` fails the first time it ever runs, `api › returns the user`
 * fails until a `fixed` file exists) with two retries inside the runner. For each: what the
 * runner's JUnit file shows (the flaky test a plain pass), what its JSON report shows (the
 * second run), and what reverify makes of the JSON report as `test-results` — the broken test
 * failed after three runs of its own, the flaky one not failed and its retry kept — and a
 * rerun of the failed test through the runner's preset, judged by the JSON report the rerun
 * writes (jest writes it only when its command line asks, so its preset's rerun has no
 * results and counts as failed; a template that asks passes).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { jestProject, playwrightProject, vitestProject } from '../helpers/rerun-projects.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'
import { parseJsonResultsFile } from '../../src/core/test-results/json-results.js'
import type { ParsedTestCase } from '../../src/core/test-results/junit-parser.js'

/** One runner: its project with retries on, the command, the report it writes, and the names it gives. */
interface Runner {
  name: string
  project: () => string
  command: string
  json: string
  flaky: string
  broken: string
  /** The rerun setting that rewrites the JSON report, and the receipt's outcome with it. */
  rerun: { setting: string; status: 'passed' | 'failed' }
}

const RUNNERS: Runner[] = [
  {
    name: 'jest',
    project: () => {
      const dir = jestProject()
      writeFileSync(join(dir, 'retry.js'), 'jest.retryTimes(2, { logErrorsBeforeRetry: true })\n')
      writeFileSync(
        join(dir, 'jest.config.js'),
        `module.exports = { testMatch: ['**/src/**/*.test.js'], setupFilesAfterEnv: ['<rootDir>/retry.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
      )
      return dir
    },
    command: 'npx jest --ci --json --outputFile=reports/jest.json',
    json: 'reports/jest.json',
    flaky: 'net fetches config',
    broken: 'api returns the user',
    // jest's preset reruns `npx jest --ci …`, which writes no JSON report: a template must ask for it.
    rerun: { setting: 'npx jest --ci --json --outputFile=reports/jest.json {files} -t {pattern}', status: 'passed' }
  },
  {
    name: 'vitest',
    project: () => {
      const dir = vitestProject()
      writeFileSync(
        join(dir, 'vitest.config.js'),
        `export default { test: { include: ['src/**/*.test.js'], retry: 2, reporters: ['default', 'junit', 'json'], outputFile: { junit: 'reports/junit.xml', json: 'reports/vitest.json' } } }\n`
      )
      return dir
    },
    command: 'npx vitest run',
    json: 'reports/vitest.json',
    flaky: 'src/net.test.js › net > fetches config',
    broken: 'src/api.test.js › api > returns the user',
    rerun: { setting: 'vitest', status: 'passed' }
  },
  {
    name: 'playwright',
    project: () => {
      const dir = playwrightProject()
      writeFileSync(
        join(dir, 'playwright.config.js'),
        `module.exports = { testDir: 'tests', workers: 2, retries: 2, reporter: [['list'], ['junit', { outputFile: 'reports/junit.xml' }], ['json', { outputFile: 'reports/playwright.json' }]] }\n`
      )
      return dir
    },
    command: 'npx playwright test',
    json: 'reports/playwright.json',
    flaky: 'net.spec.js › net › fetches config',
    broken: 'api.spec.js › api › returns the user',
    rerun: { setting: 'playwright', status: 'passed' }
  }
]

/** Each runner's receipt of its first run, for the check that waits on the receipt's runner-level flaky tests. */
const firstReceipts = new Map<string, Record<string, any>>()

const caseNamed = (tests: ParsedTestCase[], name: string): ParsedTestCase | undefined =>
  tests.find(test => (test.classname === '' || test.classname === test.name ? test.name : `${test.classname} › ${test.name}`) === name)

describe.each(RUNNERS)('$name with retries inside the runner', runner => {
  test('the JUnit file hides the flake, the JSON report shows it, and reverify reads it from there', async () => {
    const dir = runner.project()
    try {
      const argv = ['run', '--command', runner.command, '--expect-exit', '0', '--test-results', runner.json, '--max-retries', '0']
      const result = await spawnCli(argv, dir)
      expect(result.code).toBe(1)
      const receipt = onlyReceipt(dir)
      firstReceipts.set(runner.name, receipt)
      expect(receipt.status).toBe('failed')
      // The broken test failed on all three of the runner's runs; the flaky test is not failed.
      expect(receipt.tests.failed).toEqual([runner.broken])
      const runs = executions(dir)
      expect(runs.get('api › returns the user')).toBe(3)
      expect(runs.get('net › fetches config')).toBe(2)
      expect(runs.get('util case 0')).toBe(1)

      // The JUnit file of the same run: the flaky test is a plain pass.
      const junit = readFileSync(join(dir, 'reports', 'junit.xml'), 'utf8')
      const flakyCase = new RegExp(
        `<testcase [^>]*name="[^"]*fetches config"[^]*?</testcase>|<testcase [^>]*name="[^"]*fetches config"[^>]*/>`
      ).exec(junit)
      expect(flakyCase?.[0]).toBeDefined()
      expect(flakyCase![0]).not.toMatch(/<failure|flakyFailure/)

      // The JSON report: the flaky test passed on its second run, the broken one failed three times.
      const tests: ParsedTestCase[] = []
      expect(await parseJsonResultsFile(join(dir, runner.json), test => tests.push(test), { workingDirectory: dir })).toEqual({
        ok: true,
        tests: 33
      })
      expect(caseNamed(tests, runner.flaky)).toMatchObject({ outcome: 'passed', runner: { runs: 2, form: 'invocations' } })
      expect(caseNamed(tests, runner.flaky)!.runner!.firstMessage).toMatch(/expect|Assertion/)
      expect(caseNamed(tests, runner.broken)).toMatchObject({ outcome: 'failed' })
      if (runner.name !== 'vitest') expect(caseNamed(tests, runner.broken)!.runner).toMatchObject({ runs: 3 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  test('a rerun of the failed test is judged by the JSON report the rerun writes', async () => {
    const dir = runner.project()
    try {
      const argv = ['run', '--command', runner.command, '--expect-exit', '0', '--test-results', runner.json, '--max-retries', '1']
      const result = await spawnCli([...argv, '--rerun-failed-tests', runner.rerun.setting, '--on-retry', 'touch fixed'], dir)
      const receipt = onlyReceipt(dir)
      expect(receipt).toMatchObject({ status: runner.rerun.status, flaky: true })
      expect(result.stderr).toMatch(/rerunning the failed test only: /)
      expect(receipt.tests.attempts).toEqual([
        { attempt: 1, ran: 33, rerun: false },
        { attempt: 2, ran: 1, rerun: true }
      ])
      // Only the broken test ran again: three runs in the first attempt, one in the rerun.
      const runs = executions(dir)
      expect(runs.get('api › returns the user')).toBe(4)
      expect(runs.get('util case 0')).toBe(1)
      expect(receipt.tests.flaky).toContain(runner.broken)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})

test("jest's preset reruns without --json: the rerun writes no JSON report, so the targeted test counts as failed", async () => {
  const dir = RUNNERS[0]!.project()
  try {
    const argv = ['run', '--command', RUNNERS[0]!.command, '--expect-exit', '0', '--test-results', RUNNERS[0]!.json, '--max-retries', '1']
    const result = await spawnCli([...argv, '--rerun-failed-tests', 'jest', '--on-retry', 'touch fixed'], dir)
    expect(result.code).toBe(1)
    const receipt = onlyReceipt(dir)
    expect(receipt.status).toBe('failed')
    // The rerun ran and passed the test, but no results of it were read: never a false green.
    expect(executions(dir).get('api › returns the user')).toBe(4)
    expect(receipt.tests.failed).toEqual([RUNNERS[0]!.broken])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 180_000)

// The receipt names a test the runner retried itself as flaky (docs/design.md §1 "Runner-level retries").
test.each(RUNNERS.map(runner => [runner.name, runner] as const))(
  "%s: the receipt names the test that passed on the runner's own retry as flaky",
  (name, runner) => {
    expect(firstReceipts.get(name)?.tests.flaky).toEqual([runner.flaky])
  }
)
