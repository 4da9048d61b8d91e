/**
 * A rerun stands in for the test runner only (docs/test-results.md "Rerunning only the
 * failed tests", the contract's §11): a command that runs more than the runner would pass
 * on a rerun that skipped the rest. With real jest and npm: such a command is refused
 * before anything runs, unless a template of one's own carries the rest, and quarantine
 * excuses none of its failures. The suite has one flaky test (fails on its first run), one
 * that fails while `broken` exists, and a lint step that always fails.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'
import { jestConfig } from '../helpers/false-green-projects.js'

/** A jest project in a scratch git folder; `scripts` are its package.json's. */
function suite(scripts: Record<string, string> = {}): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-shape-')))
  mkdirSync(join(dir, '.git'))
  mkdirSync(join(dir, '.github'))
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'commonjs', scripts }))
  writeFileSync(join(dir, 'jest.config.js'), jestConfig(''))
  mkdirSync(join(dir, 'src'))
  const here = (name: string) => `require('path').join(__dirname, '..', '${name}')`
  writeFileSync(
    join(dir, 'src', 'net.test.js'),
    [
      `const fs = require('fs')`,
      `const record = name => fs.appendFileSync(${here('runs.log')}, name + '\\n')`,
      `describe('net', () => {`,
      `  test('resolves hosts', () => { record('resolves hosts') })`,
      `  test('retries once', () => { record('retries once'); const first = !fs.existsSync(${here('flaky-ran')}); fs.writeFileSync(${here('flaky-ran')}, ''); expect(first).toBe(false) })`,
      `  test('fetches config', () => { record('fetches config'); expect(fs.existsSync(${here('broken')})).toBe(false) })`,
      `})`,
      ''
    ].join('\n')
  )
  // The step after the tests: it always fails, and leaves a mark that it ran.
  writeFileSync(join(dir, 'lint.js'), `require('fs').writeFileSync('lint-ran', '')\nconsole.error('lint: 1 problem')\nprocess.exit(1)\n`)
  return dir
}

const BASE = ['run', '--expect-exit', '0', '--test-results', 'reports/junit.xml', '--capture-before-retry', 'off']

/** Runs the CLI on `command` with `rerun` as rerun-failed-tests (none when undefined). */
function run(dir: string, command: string, rerun?: string, extra: string[] = ['--max-retries', '1']) {
  return spawnCli([...BASE, '--command', command, ...(rerun === undefined ? [] : ['--rerun-failed-tests', rerun]), ...extra], dir)
}

const JEST_RERUN = 'npx jest --ci {files} -t {pattern}'

describe('refused before anything runs: one line, exit 2, no run, no lint', () => {
  test.each([
    ['npx jest --ci && node lint.js', {}, 'jest', '(npx jest --ci && node lint.js: 2 commands)'],
    ['npx jest --ci; exit 1', {}, 'jest', '(npx jest --ci; exit 1: 2 commands)'],
    ['npx jest --ci\nnode lint.js', {}, 'jest', '(npx jest --ci node lint.js: 2 commands)'],
    ['npm test', { test: 'jest --ci && eslint .' }, 'jest', '(npm test runs 2 commands through package.json: jest --ci; eslint .)'],
    [
      'npm test',
      { test: 'jest --ci', posttest: 'node lint.js' },
      'jest',
      '(npm test runs 2 commands through package.json: jest --ci; node lint.js)'
    ],
    ['npx jest --ci && node lint.js', {}, JEST_RERUN, 'and the template leaves out npx jest --ci; node lint.js']
  ])(
    '%j with scripts %j and %s',
    async (command, scripts, rerun, what) => {
      const dir = suite(scripts)
      const result = await run(dir, command, rerun)
      expect(result.code).toBe(2)
      const lines = result.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^reverify: --rerun-failed-tests: --command runs more than the test runner \(/)
      expect(lines[0]).toContain(what)
      expect(lines[0]).toMatch(/move the other commands to a step of their own, or give a rerun template that runs them too$/)
      // Nothing ran and nothing was written.
      expect(existsSync(join(dir, 'runs.log'))).toBe(false)
      expect(existsSync(join(dir, 'lint-ran'))).toBe(false)
      expect(existsSync(join(dir, '.reverify', 'runs'))).toBe(false)
    },
    60_000
  )
})

test('npm test whose script is the runner alone still reruns only the failed test: success, flaky', async () => {
  const dir = suite({ test: 'jest --ci' })
  const result = await run(dir, 'npm test', 'jest')
  expect(result.code).toBe(0)
  expect(result.stderr).toContain('rerunning the failed test only: ')
  expect(Object.fromEntries(executions(dir))).toEqual({ 'resolves hosts': 1, 'retries once': 2, 'fetches config': 1 })
  expect(onlyReceipt(dir)).toMatchObject({ status: 'passed', flaky: true, tests: { flaky: ['net retries once'] } })
}, 120_000)

test('a template that carries the rest: the rerun runs the lint too, which fails the run', async () => {
  const dir = suite()
  const result = await run(dir, 'npx jest --ci && node lint.js', `${JEST_RERUN} && node lint.js`)
  expect(result.code).toBe(1)
  expect(result.stderr).toContain(
    "rerunning the failed test only: npx jest --ci 'src/net.test.js' -t '^(?:net retries once)$' && node lint.js"
  )
  // Attempt 1 failed in the tests, so the lint ran only after the rerun's tests passed.
  expect(executions(dir).get('retries once')).toBe(2)
  expect(existsSync(join(dir, 'lint-ran'))).toBe(true)
  expect(onlyReceipt(dir)).toMatchObject({ status: 'failed', attempts: 2 })
}, 120_000)

test('quarantine does not excuse a failure of a command that runs more than the runner: the lint never ran', async () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const entry = (test: string) =>
    `  - test: ${test}\n    owner: "@platform-team"\n    reason: flaky against staging\n    added: ${day(-1)}\n    expires: ${day(30)}\n`
  const quarantined = () => {
    const dir = suite()
    writeFileSync(join(dir, 'broken'), '')
    writeFileSync(join(dir, 'flaky-ran'), '')
    writeFileSync(join(dir, '.github', 'reverify-quarantine.yml'), `quarantine:\n${entry('net fetches config')}`)
    return dir
  }
  // The runner alone: the quarantined test's failure is excused.
  const alone = quarantined()
  expect((await run(alone, 'npx jest --ci', undefined, ['--max-retries', '0'])).code).toBe(0)
  expect(onlyReceipt(alone)).toMatchObject({ status: 'passed', quarantined: ['net fetches config'] })

  const dir = quarantined()
  const result = await run(dir, 'npx jest --ci && node lint.js', undefined, ['--max-retries', '0'])
  expect(result.code).toBe(1)
  expect(result.stdout).toContain(
    'not excused by quarantine: the command runs more than the test runner, and what follows the tests may not have run'
  )
  expect(existsSync(join(dir, 'lint-ran'))).toBe(false)
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect(receipt.quarantined).toBeUndefined()
  const trace = readFileSync(join(receipt.session.dir, 'trace.jsonl'), 'utf8')
  expect(trace).toContain('not excused by quarantine: the command runs more than the test runner')
}, 120_000)
