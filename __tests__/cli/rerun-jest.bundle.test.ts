/**
 * Rerunning only the failed tests with a real runner (docs/design.md §1 "Rerunning only the
 * failed tests"): jest with jest-junit, a suite of 33 tests in three files, one flaky (fails
 * once, through a counter file) and one that always fails. Every test appends its name to a
 * file when it runs, so the test can count what each attempt executed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

/** A jest project in a scratch git folder, using this repository's jest and jest-junit. */
function suite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-jest-')))
  mkdirSync(join(dir, '.git'))
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    join(dir, 'jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  mkdirSync(join(dir, 'src'))
  const record = `const record = name => require('fs').appendFileSync(require('path').join(__dirname, '..', 'runs.log'), name + '\\n')\n`
  for (const file of ['api', 'net', 'util']) {
    const tests = Array.from({ length: 11 }, (_, index) => {
      const name = `${file} case ${index}`
      if (file === 'net' && index === 3) {
        // Flaky: fails the first time it ever runs.
        return `  test('fetches config', () => { record('${file} › fetches config'); const f = require('path').join(__dirname, '..', 'flaky-ran'); const first = !require('fs').existsSync(f); require('fs').writeFileSync(f, ''); expect(first).toBe(false) })`
      }
      if (file === 'api' && index === 7) {
        return `  test('returns the user', () => { record('${file} › returns the user'); expect(require('fs').existsSync(require('path').join(__dirname, '..', 'fixed'))).toBe(true) })`
      }
      return `  test('${name}', () => { record('${name}') })`
    })
    writeFileSync(join(dir, 'src', `${file}.test.js`), `${record}describe('${file}', () => {\n${tests.join('\n')}\n})\n`)
  }
  return dir
}

const ARGS = [
  'run',
  '--command',
  'npx jest --ci',
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--rerun-failed-tests',
  'jest',
  '--max-retries',
  '2'
]

test('the retry runs exactly the 2 failed tests; the flaky one is named flaky, the broken one is the failure', async () => {
  const dir = suite()
  const result = await spawnCli(ARGS, dir)
  expect(result.code).toBe(1)
  const counts = executions(dir)
  expect(counts.size).toBe(33)
  const others = [...counts].filter(([name]) => name !== 'net › fetches config' && name !== 'api › returns the user')
  expect(others.filter(([, count]) => count !== 1)).toEqual([])
  // Attempt 1 ran everything; attempt 2 the two failures; attempt 3 the one still failing.
  expect(counts.get('net › fetches config')).toBe(2)
  expect(counts.get('api › returns the user')).toBe(3)
  // The CLI prints the rerun command it ran.
  expect(result.stderr).toContain(
    "rerunning the 2 failed tests only: node_modules/.bin/jest --ci 'src/net.test.js' 'src/api.test.js' -t '^(?:net fetches config|api returns the user)$'"
  )
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect(receipt.tests.flaky).toEqual(['net fetches config'])
  expect(receipt.tests.failed).toEqual(['api returns the user'])
  // Per attempt, how many tests ran: the full suite, then the 2 failed tests, then the 1 (jest lists the others skipped).
  expect(receipt.tests.attempts).toEqual([
    { attempt: 1, ran: 33, rerun: false },
    { attempt: 2, ran: 2, rerun: true },
    { attempt: 3, ran: 1, rerun: true }
  ])
  // The HTML report says which attempts were reruns, and of what.
  const report = readFileSync(join(receipt.session.dir, 'report.html'), 'utf8')
  expect(report).toContain('Reran only the 2 failed tests of the attempt before: net fetches config; api returns the user')
  expect(report).toContain('Reran only the 1 failed test of the attempt before: api returns the user')
}, 120_000)

test('with the broken test fixed: success, flaky, and nothing ran twice but the flaky test', async () => {
  const dir = suite()
  writeFileSync(join(dir, 'fixed'), '')
  const result = await spawnCli(ARGS, dir)
  expect(result.code).toBe(0)
  const counts = executions(dir)
  expect([...counts].filter(([, count]) => count !== 1)).toEqual([['net › fetches config', 2]])
  const receipt = onlyReceipt(dir)
  expect(receipt).toMatchObject({ status: 'passed', flaky: true })
  expect(existsSync(join(dir, 'flaky-ran'))).toBe(true)
}, 120_000)

test('a template whose filter matches nothing: the rerun exits 0 and the run is still a failure, naming the tests not rerun', async () => {
  const dir = suite()
  const template = 'npx jest --ci --passWithNoTests {files} -t no-such-test'
  const result = await spawnCli([...ARGS.slice(0, -4), '--rerun-failed-tests', template, '--max-retries', '1'], dir)
  expect(result.code).toBe(1)
  expect(`${result.stdout}${result.stderr}`).toContain('not in the results, so not rerun: net fetches config; api returns the user')
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect([...receipt.tests.failed].sort()).toEqual(['api returns the user', 'net fetches config'])
  // The tests the filter missed never ran, though they count as failed.
  expect(receipt.tests.attempts).toEqual([
    { attempt: 1, ran: 33, rerun: false },
    { attempt: 2, ran: 0, rerun: true }
  ])
}, 120_000)
