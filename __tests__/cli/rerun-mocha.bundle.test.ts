/**
 * Rerunning only the failed tests with a real runner (docs/design.md §1 "Rerunning only the
 * failed tests"): mocha with mocha-junit-reporter, a suite of 33 tests in three files, one
 * flaky (fails once, through a counter file) and one that always fails. Every test appends
 * its name to a file when it runs, so the test can count what each attempt executed.
 * mocha-junit-reporter writes the full title (describe blocks and title joined by spaces) as
 * the name and the test's own title as the class name; `--grep` matches the full title.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

/** A mocha project in a scratch git folder, using this repository's mocha; the junit reporter is in its .mocharc. */
function suite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-mocha-')))
  mkdirSync(join(dir, '.git'))
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(join(dir, '.mocharc.json'), `{ "reporter": "mocha-junit-reporter", "reporter-option": ["mochaFile=reports/junit.xml"] }\n`)
  mkdirSync(join(dir, 'src'))
  const head = [
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
        return `  it('fetches config', () => { record('${file} › fetches config'); const f = path.join(__dirname, '..', 'flaky-ran'); const first = !fs.existsSync(f); fs.writeFileSync(f, ''); assert.strictEqual(first, false) })`
      }
      if (file === 'api' && index === 7) {
        return `  it('returns the user', () => { record('${file} › returns the user'); assert.ok(fs.existsSync(path.join(__dirname, '..', 'fixed'))) })`
      }
      return `  it('${name}', () => { record('${name}') })`
    })
    writeFileSync(join(dir, 'src', `${file}.test.js`), `${head}\ndescribe('${file}', () => {\n${tests.join('\n')}\n})\n`)
  }
  return dir
}

const ARGS = [
  'run',
  '--command',
  "npx mocha 'src/*.test.js'",
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--rerun-failed-tests',
  'mocha',
  '--max-retries',
  '2'
]

const FLAKY = 'fetches config › net fetches config'
const BROKEN = 'returns the user › api returns the user'

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
  // The CLI prints the rerun command it ran: the full titles, which --grep matches.
  expect(result.stderr).toContain(
    "rerunning the 2 failed tests only: node_modules/.bin/mocha 'src/api.test.js' 'src/net.test.js' --grep '^(?:api returns the user|net fetches config)$'"
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
  expect(receipt.tests.flaky).toEqual([FLAKY])
  expect(existsSync(join(dir, 'flaky-ran'))).toBe(true)
}, 120_000)

test('a template whose filter matches nothing: no test runs, mocha exits 0 and the run is still a failure', async () => {
  const dir = suite()
  const template = 'npx mocha {files} --grep no-such-test'
  const result = await spawnCli([...ARGS.slice(0, -4), '--rerun-failed-tests', template, '--max-retries', '1'], dir)
  expect(result.code).toBe(1)
  const counts = executions(dir)
  expect([...counts].filter(([, count]) => count !== 1)).toEqual([])
  expect(`${result.stdout}${result.stderr}`).toContain(`not in the results, so not rerun: ${BROKEN}; ${FLAKY}`)
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect([...receipt.tests.failed].sort()).toEqual([BROKEN, FLAKY].sort())
}, 120_000)
