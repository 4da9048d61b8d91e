/**
 * The false-green corpus (docs/test-results.md "False greens", the contract's §11 and §12):
 * every way a real run can fail while its JUnit looks explained by one failed test — a file
 * that fails to run, a collection or build error, a crash after the results were written, a
 * runner that exits non-zero with every listed test green, a flag that stops at the first
 * failure — with the real runners, through the built CLI. Each row is run twice: with
 * `rerun-failed-tests` (the listed test passes on its rerun) and with a quarantine entry for
 * the listed test. Either way the run must end red: a rerun of the one test, or its
 * quarantine, must never pass a run whose failure was something else.
 *
 * Each row's project has a test that fails on its first run only, so a rerun of it passes
 * and an entry for it would excuse it: without the rule that it must explain the whole
 * failure, the rerun leg ends "passed on attempt 2/2 (flaky)" and the quarantine leg
 * "passed". The last rows are the legitimate cases that must stay green.
 *
 * A row is one line of ROWS: a runner, what breaks (files written over the project), the
 * command, and what each leg must end in. Every future runner or preset adds its rows here;
 * rows for a command that does more than run the tests (`&&`, `;`, a pipe, a package script
 * running more) append with `expect: { rerun: 'refused', quarantine: 'red' }` or as they end.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { FLAKY_TEST, goEnv, jestConfig, project, SUITE_COMMAND, writeFiles, type Runner } from '../helpers/false-green-projects.js'
import { writeQuarantine } from '../helpers/quarantine.js'
import { onlyReceipt } from '../helpers/rerun-suite.js'

/** How a leg must end: red (exit 1, the run failed), refused (exit 2, nothing ran), or green (exit 0; `flaky` for a pass on a retry). */
type Ending = 'red' | 'refused' | 'green' | 'green-flaky'

interface Row {
  name: string
  runner: Runner
  /** Files written over the project: the breakage. */
  breaks?: Record<string, string>
  /** The command, when not the runner's whole suite. */
  command?: string
  /** What each leg ends in; both red unless given. */
  expect?: { rerun: Ending; quarantine: Ending }
  /** Text the run's output or trace must hold (the note naming what the results do not account for), per leg. */
  says?: { rerun?: string; quarantine?: string }
}

// A jest globalTeardown runs after jest-junit wrote the results: the crash comes after them.
const teardown = (body: string) => ({
  'teardown.js': `module.exports = async () => { ${body} }\n`,
  'jest.config.js': jestConfig('', `, globalTeardown: './teardown.js'`)
})

// A lint that fails, which only a command running it after the tests would show.
const LINT_FAILS = { 'lint.js': "console.error('lint: 1 problem'); process.exit(1)\n" }

const ROWS: Row[] = [
  {
    name: 'jest: a file fails to run (jest-junit leaves it out)',
    runner: 'jest',
    breaks: { 'src/broken.test.js': "require('./does-not-exist')\n" },
    says: {
      rerun: 'retrying the whole command: a failure the results do not name: "● Test suite failed to run" (src/broken.test.js)',
      quarantine: 'does not excuse it: a failure the results do not name: "● Test suite failed to run" (src/broken.test.js)'
    }
  },
  {
    name: 'jest: a file fails to run (reportTestSuiteErrors: true)',
    runner: 'jest',
    breaks: { 'src/broken.test.js': "require('./does-not-exist')\n", 'jest.config.js': jestConfig(", reportTestSuiteErrors: 'true'") }
  },
  {
    name: 'jest: an afterAll hook fails after every test of its file passed',
    runner: 'jest',
    breaks: {
      'src/hook.test.js':
        "describe('hook', () => {\n  afterAll(() => { throw new Error('teardown broke') })\n  test('runs', () => {})\n})\n"
    }
  },
  {
    name: 'jest: a coverage threshold is not met',
    runner: 'jest',
    breaks: {
      'lib/m.js': 'exports.used = () => 1\nexports.unused = () => 2\n',
      'src/util.test.js': "test('uses m', () => { expect(require('../lib/m').used()).toBe(1) })\n",
      'jest.config.js': jestConfig(
        '',
        `, collectCoverage: true, collectCoverageFrom: ['lib/**'], coverageThreshold: { global: { functions: 100 } }`
      )
    }
  },
  {
    name: 'jest: an obsolete snapshot (--ci)',
    runner: 'jest',
    breaks: {
      'src/__snapshots__/util.test.js.snap':
        '// Jest Snapshot v1, https://jestjs.io/docs/snapshot-testing\n\nexports[`util gone 1`] = `"x"`;\n'
    }
  },
  {
    name: 'jest --bail, a failing file it may skip',
    runner: 'jest',
    command: 'npx jest --ci --bail',
    breaks: { 'src/zz-hidden.test.js': "test('hidden', () => { expect(1).toBe(2) })\n" }
  },
  { name: 'jest: SIGSEGV after the results were written', runner: 'jest', breaks: teardown("process.kill(process.pid, 'SIGSEGV')") },
  { name: 'jest: SIGKILL after the results were written', runner: 'jest', breaks: teardown("process.kill(process.pid, 'SIGKILL')") },
  { name: 'jest: exit 127 after the results were written', runner: 'jest', breaks: teardown('process.exit(127)') },
  { name: 'jest: exit 126 after the results were written', runner: 'jest', breaks: teardown('process.exit(126)') },
  { name: 'vitest: a file fails to run', runner: 'vitest', breaks: { 'src/broken.test.js': "import './does-not-exist.js'\n" } },
  {
    name: 'vitest --bail, a failing file it may skip',
    runner: 'vitest',
    command: 'npx vitest run --bail 1',
    breaks: { 'src/zz-hidden.test.js': "import { test, expect } from 'vitest'\ntest('hidden', () => { expect(1).toBe(2) })\n" }
  },
  {
    name: 'pytest: a collection error (ERROR collecting)',
    runner: 'pytest',
    breaks: { 'tests/test_broken.py': 'import does_not_exist\n' },
    command: 'python -m pytest --junitxml=reports/junit.xml --continue-on-collection-errors'
  },
  {
    name: 'pytest -x, a failing test after the first failure',
    runner: 'pytest',
    command: 'python -m pytest -x --junitxml=reports/junit.xml',
    breaks: { 'tests/test_zz_hidden.py': 'def test_hidden():\n    assert 1 == 2\n' }
  },
  {
    name: 'go: a package does not build (gotestsum)',
    runner: 'go',
    breaks: { 'broken/broken_test.go': 'package broken\n\nimport "testing"\n\nfunc TestBroken(t *testing.T) { undefined() }\n' }
  },
  {
    name: 'go -failfast (gotestsum), a failing test after the first failure',
    runner: 'go',
    command: 'gotestsum --junitfile reports/junit.xml -- -failfast ./...',
    breaks: { 'net/zz_hidden_test.go': 'package net\n\nimport "testing"\n\nfunc TestZHidden(t *testing.T) { t.Fatal("hidden") }\n' }
  },
  {
    name: 'mocha: a file fails to load (require error)',
    runner: 'mocha',
    breaks: { 'src/broken.test.js': "require('./does-not-exist')\n" }
  },
  // A command that does more than run the tests: a rerun would skip the rest, and a quarantined
  // failure of the tests means the rest never ran. Refused before anything runs, and red.
  {
    name: 'jest: the command runs a lint after the tests (&&)',
    runner: 'jest',
    command: 'npx jest --ci && node lint.js',
    breaks: LINT_FAILS,
    expect: { rerun: 'refused', quarantine: 'red' }
  },
  {
    name: 'jest: the command exits 1 after the tests (;)',
    runner: 'jest',
    command: 'npx jest --ci; exit 1',
    expect: { rerun: 'refused', quarantine: 'red' }
  },
  {
    name: 'jest: npm test whose script runs a lint after jest',
    runner: 'jest',
    command: 'npm test',
    breaks: { ...LINT_FAILS, 'package.json': '{ "private": true, "scripts": { "test": "jest --ci && node lint.js" } }\n' },
    expect: { rerun: 'refused', quarantine: 'red' }
  },
  {
    name: 'jest: the tests piped into another command',
    runner: 'jest',
    command: 'npx jest --ci 2>&1 | tee jest.txt',
    expect: { rerun: 'refused', quarantine: 'red' }
  },
  // The legitimate cases: one flaky test, nothing else wrong.
  { name: 'jest: only the flaky test fails', runner: 'jest', expect: { rerun: 'green-flaky', quarantine: 'green' } },
  { name: 'pytest: only the flaky test fails', runner: 'pytest', expect: { rerun: 'green-flaky', quarantine: 'green' } }
]

const available: Record<Runner, boolean> = {
  jest: true,
  vitest: true,
  mocha: true,
  pytest: spawnSync('python', ['-m', 'pytest', '--version']).status === 0,
  go: spawnSync('go', ['version']).status === 0 && spawnSync('gotestsum', ['--version']).status === 0
}
for (const runner of ['pytest', 'go'] as const)
  if (!available[runner]) console.warn(`false-green-corpus: skipping the ${runner} rows: it is not installed`)

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-false-green-cache-')))
const ENV = goEnv(scratch)

type Leg = 'rerun' | 'quarantine'

/** Runs one leg of a row in a fresh project: the run's exit code, what it printed, its receipt. */
async function runLeg(row: Row, leg: Leg) {
  const dir = project(row.runner)
  if (row.breaks !== undefined) writeFiles(dir, row.breaks)
  const base = ['run', '--command', row.command ?? SUITE_COMMAND[row.runner], '--expect-exit', '0', '--test-results', 'reports/junit.xml']
  let argv: string[]
  if (leg === 'rerun') {
    argv = [...base, '--rerun-failed-tests', row.runner, '--max-retries', '1', '--capture-before-retry', 'off']
  } else {
    writeQuarantine(dir, [{ test: FLAKY_TEST[row.runner], owner: '@acme/qa', reason: 'flaky against the staging proxy' }])
    argv = [...base, '--max-retries', '0']
  }
  const result = await spawnCli(argv, dir, { env: ENV })
  const receipt =
    existsSync(join(dir, '.reverify', 'runs')) && readdirSync(join(dir, '.reverify', 'runs')).length > 0 ? onlyReceipt(dir) : undefined
  return { ...result, receipt, output: `${result.stdout}${result.stderr}` }
}

const LEGS = ROWS.flatMap(row => (['rerun', 'quarantine'] as const).map(leg => [`${row.name} — ${leg}`, row, leg] as const))

test('the corpus has the rows docs/test-results.md counts', () => {
  expect(ROWS).toHaveLength(23)
  expect(LEGS).toHaveLength(46)
})

describe.each(LEGS)('%s', (_label, row, leg) => {
  const maybe = available[row.runner] ? test : test.skip
  const ending = row.expect?.[leg] ?? 'red'
  maybe(
    `ends ${ending}`,
    async () => {
      const run = await runLeg(row, leg)
      const code = { red: 1, refused: 2, green: 0, 'green-flaky': 0 }[ending]
      if (run.code !== code) throw new Error(`exit ${run.code}, not ${code}:\n${run.output}`)
      if (ending === 'red') {
        expect(run.receipt?.status).toBe('failed')
        expect(run.receipt?.flaky).not.toBe(true)
        expect(run.receipt?.quarantined).toBeUndefined()
      }
      if (ending === 'refused') {
        expect(run.receipt).toBeUndefined()
        expect(run.output).toContain('runs more than the test runner')
      }
      if (ending === 'green-flaky') expect(run.receipt).toMatchObject({ status: 'passed', flaky: true, attempts: 2 })
      if (ending === 'green') expect(run.receipt).toMatchObject({ status: 'passed', flaky: false, quarantined: [FLAKY_TEST[row.runner]] })
      const says = row.says?.[leg]
      if (says !== undefined) expect(run.output).toContain(says)
    },
    120_000
  )
})
