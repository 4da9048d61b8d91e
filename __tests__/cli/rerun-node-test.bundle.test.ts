/**
 * Rerunning only the failed tests with a real runner (docs/design.md §1 "Rerunning only the
 * failed tests"): Node's own test runner and its junit reporter, a suite of 33 tests in
 * three files, one flaky (fails once, through a counter file) and one that always fails.
 * Every test appends its name to a file when it runs, so the test can count what each
 * attempt executed. `--test-name-pattern` matches the test's own name. Node 20's junit
 * reporter writes `classname="test"` for every test and no file (it comes from the failure's
 * stack); Node 24's writes the suite's name as the class name and the file as an absolute
 * path. The names expected here follow the node that runs them.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

/** A node:test suite in a scratch git folder; `reports/` exists, as the reporter does not make it. */
function suite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-node-test-')))
  mkdirSync(join(dir, '.git'))
  mkdirSync(join(dir, 'reports'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  mkdirSync(join(dir, 'src'))
  const head = [
    `const { describe, test } = require('node:test')`,
    `const assert = require('node:assert')`,
    `const fs = require('fs')`,
    `const path = require('path')`,
    `const record = name => fs.appendFileSync(path.join(__dirname, '..', 'runs.log'), name + '\\n')`
  ].join('\n')
  for (const file of ['api', 'net', 'util']) {
    const tests = Array.from({ length: 11 }, (_, index) => {
      const name = `${file} case ${index}`
      if (file === 'net' && index === 3) {
        // Flaky: fails the first time it ever runs.
        return `  test('fetches config', () => { record('${file} › fetches config'); const f = path.join(__dirname, '..', 'flaky-ran'); const first = !fs.existsSync(f); fs.writeFileSync(f, ''); assert.strictEqual(first, false) })`
      }
      if (file === 'api' && index === 7) {
        return `  test('returns the user', () => { record('${file} › returns the user'); assert.ok(fs.existsSync(path.join(__dirname, '..', 'fixed'))) })`
      }
      return `  test('${name}', () => { record('${name}') })`
    })
    writeFileSync(join(dir, 'src', `${file}.test.js`), `${head}\ndescribe('${file}', () => {\n${tests.join('\n')}\n})\n`)
  }
  return dir
}

/** The class name this node's junit reporter gives a test in `describe(suite)`: `test` (Node 20) or the suite (Node 24). */
function classnameFor(suiteName: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-node-junit-')))
  writeFileSync(
    join(dir, 'probe.test.js'),
    `const { describe, test } = require('node:test')\ndescribe('${suiteName}', () => test('t', () => {}))\n`
  )
  const xml = spawnSync('node', ['--test', '--test-reporter=junit', '--test-reporter-destination=stdout', 'probe.test.js'], {
    cwd: dir,
    encoding: 'utf8'
  }).stdout
  const classname = /<testcase [^>]*classname="([^"]*)"/.exec(xml)?.[1]
  expect(classname === 'test' || classname === suiteName).toBe(true)
  return classname!
}

const REPORTERS =
  '--test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=reports/junit.xml'

const ARGS = [
  'run',
  '--command',
  `node --test ${REPORTERS}`,
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--rerun-failed-tests',
  'node-test',
  '--max-retries',
  '2'
]

const FLAKY = `${classnameFor('net')} › fetches config`
const BROKEN = `${classnameFor('api')} › returns the user`

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
  // The CLI prints the rerun command it ran: the case names alone, the files from the stacks.
  expect(result.stderr).toContain(
    `rerunning the 2 failed tests only: node --test ${REPORTERS} --test-name-pattern '^(?:returns the user|fetches config)$' 'src/api.test.js' 'src/net.test.js'`
  )
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect(receipt.tests.flaky).toEqual([FLAKY])
  expect(receipt.tests.failed).toEqual([BROKEN])
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

test('a template whose pattern matches nothing: no test runs, the rerun exits 0 and the run is still a failure', async () => {
  const dir = suite()
  const template = `node --test ${REPORTERS} --test-name-pattern no-such-test {files}`
  const result = await spawnCli([...ARGS.slice(0, -4), '--rerun-failed-tests', template, '--max-retries', '1'], dir)
  expect(result.code).toBe(1)
  expect(`${result.stdout}${result.stderr}`).toContain(`not in the results, so not rerun: ${BROKEN}; ${FLAKY}`)
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect([...receipt.tests.failed].sort()).toEqual([BROKEN, FLAKY].sort())
}, 120_000)
