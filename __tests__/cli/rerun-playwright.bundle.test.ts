/**
 * Rerunning only the failed tests with a real runner (docs/design.md §1 "Rerunning only the
 * failed tests"): Playwright's test runner (tests that use no browser, so none is needed)
 * and its junit reporter, a suite of 33 tests in three files, one flaky (fails once, through
 * a counter file) and one that always fails. Playwright's JUnit names a test by its describe
 * blocks and title joined by ` › ` and gives no file; its `-g` searches the file, describe
 * blocks and title joined by spaces, which `{titles}` matches at the end.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

/** A Playwright project in a scratch git folder, using this repository's @playwright/test. */
function suite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-playwright-')))
  mkdirSync(join(dir, '.git'))
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    join(dir, 'playwright.config.js'),
    `module.exports = { testDir: 'tests', workers: 2, reporter: [['list'], ['junit', { outputFile: 'reports/junit.xml' }]] }\n`
  )
  mkdirSync(join(dir, 'tests'))
  const head = [
    `const { test, expect } = require('@playwright/test')`,
    `const fs = require('fs')`,
    `const path = require('path')`,
    `const root = path.join(__dirname, '..')`,
    `const record = name => fs.appendFileSync(path.join(root, 'runs.log'), name + '\\n')`
  ].join('\n')
  for (const file of ['api', 'net', 'util']) {
    const tests = Array.from({ length: 11 }, (_, index) => {
      const name = `${file} case ${index}`
      if (file === 'net' && index === 3) {
        // Flaky: fails the first time it ever runs.
        return `  test('fetches config', () => { record('${file} › fetches config'); const f = path.join(root, 'flaky-ran'); const first = !fs.existsSync(f); fs.writeFileSync(f, ''); expect(first).toBe(false) })`
      }
      if (file === 'api' && index === 7) {
        return `  test('returns the user', () => { record('${file} › returns the user'); expect(fs.existsSync(path.join(root, 'fixed'))).toBe(true) })`
      }
      return `  test('${name}', () => { record('${name}') })`
    })
    writeFileSync(join(dir, 'tests', `${file}.spec.js`), `${head}\ntest.describe('${file}', () => {\n${tests.join('\n')}\n})\n`)
  }
  return dir
}

const ARGS = [
  'run',
  '--command',
  'npx playwright test',
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--rerun-failed-tests',
  'playwright',
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
  expect(counts.get('net › fetches config')).toBe(2)
  expect(counts.get('api › returns the user')).toBe(3)
  // Playwright's workers finish in either order, and the results list the failures as they finished.
  expect(result.stderr).toMatch(
    /rerunning the 2 failed tests only: node_modules\/\.bin\/playwright test -g '\(\?:\^\| \)\(\?:(net fetches config\|api returns the user|api returns the user\|net fetches config)\)\$'/
  )
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect(receipt.tests.flaky).toEqual(['net.spec.js › net › fetches config'])
  expect(receipt.tests.failed).toEqual(['api.spec.js › api › returns the user'])
}, 180_000)

test('with the broken test fixed: success, flaky, and nothing ran twice but the flaky test', async () => {
  const dir = suite()
  writeFileSync(join(dir, 'fixed'), '')
  const result = await spawnCli(ARGS, dir)
  expect(result.code).toBe(0)
  const counts = executions(dir)
  expect([...counts].filter(([, count]) => count !== 1)).toEqual([['net › fetches config', 2]])
  expect(onlyReceipt(dir)).toMatchObject({ status: 'passed', flaky: true })
  expect(existsSync(join(dir, 'flaky-ran'))).toBe(true)
}, 180_000)
