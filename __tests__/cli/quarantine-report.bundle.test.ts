/**
 * The quarantine and the flaky gates with a real runner, through the built CLI
 * (docs/flaky-tests.md): jest with jest-junit, one test that always fails and is quarantined,
 * or one that fails once under `--fail-on-flaky`. The console summary names a quarantined
 * test apart from the failed ones and a gate by name; the HTML report shows the quarantined
 * test with its entry, apart from the failing tests.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { dayFromToday, writeQuarantine } from '../helpers/quarantine.js'
import { onlyReceipt } from '../helpers/rerun-suite.js'

/** A jest project in a scratch git folder (this repository's jest and jest-junit) with these test bodies in src/net.test.js. */
function suite(tests: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-quarantine-jest-')))
  mkdirSync(join(dir, '.git'))
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    join(dir, 'jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  mkdirSync(join(dir, 'src'))
  const body = Object.entries(tests).map(([name, code]) => `  test(${JSON.stringify(name)}, () => { ${code} })`)
  writeFileSync(join(dir, 'src', 'net.test.js'), `const fs = require('fs')\ndescribe('net', () => {\n${body.join('\n')}\n})\n`)
  return dir
}

const ARGS = ['run', '--command', 'npx jest --ci', '--expect-exit', '0', '--test-results', 'reports/junit.xml', '--max-retries', '2']

test('an always-failing quarantined test: success; the summary names it as quarantined, not failed; the report shows it apart', async () => {
  const dir = suite({ 'fetches config': 'expect(1).toBe(2)', 'lists users': '' })
  const expires = dayFromToday(40)
  writeQuarantine(dir, [
    { test: 'net fetches config', owner: '@acme/platform', reason: 'times out against the staging proxy', expires, issue: 812 }
  ])
  const result = await spawnCli(ARGS, dir)
  expect(result.code).toBe(0)
  const lines = result.stdout.split('\n')
  expect(lines[1]).toMatch(/^outcome: success · attempts: 1\/3 /)
  expect(lines[2]).toBe(`tests: 2 (attempt 1) · quarantined: net fetches config (@acme/platform, until ${expires})`)
  expect(result.stdout).not.toContain('failed:')

  const receipt = onlyReceipt(dir)
  expect([receipt.status, receipt.quarantined, receipt.gate]).toEqual(['passed', ['net fetches config'], 'quarantine'])
  const document = new JSDOM(readFileSync(join(receipt.session.dir, 'report.html'), 'utf8')).window.document
  expect(document.querySelector('h1')!.textContent).toBe('verify — passed (1 attempt): every failure is quarantined')
  const rows = [...document.querySelectorAll('#quarantined tr')].slice(1).map(row => [...row.children].map(cell => cell.textContent))
  expect(rows).toEqual([['net fetches config', '@acme/platform', expires, 'times out against the staging proxy', '#812']])
  // The attempt is open and says why it passed: no failing-test table, the test in the quarantined one with its owner and expiry.
  expect(document.querySelector('#attempt-1')!.hasAttribute('open')).toBe(true)
  expect(document.querySelector('#attempt-1 > summary')!.textContent).toMatch(
    /^Attempt 1\/3 — verified: every failure is quarantined · exit 1 · /
  )
  expect(document.querySelectorAll('#attempt-1 table.tests:not(.quarantined)')).toHaveLength(0)
  const quarantined = [...document.querySelectorAll('#attempt-1 table.tests.quarantined tr')].slice(1)
  expect(quarantined.map(row => [...row.children].slice(0, 3).map(cell => cell.textContent))).toEqual([
    ['net fetches config', 'src/net.test.js:3', `@acme/platform, until ${expires}`]
  ])
}, 120_000)

test('fail-on-flaky with a test that fails once: failure, the outcome names the gate and why names the test', async () => {
  const dir = suite({
    'retries once': "const first = !fs.existsSync('seen'); fs.writeFileSync('seen', ''); expect(first).toBe(false)",
    works: ''
  })
  const result = await spawnCli([...ARGS, '--fail-on-flaky'], dir)
  expect(result.code).toBe(1)
  const lines = result.stdout.split('\n')
  expect(lines[1]).toMatch(/^outcome: failure \(gate: fail-on-flaky\) · attempts: 2\/3 /)
  expect(lines[2]).toBe('why: flaky pass refused by fail-on-flaky: net retries once failed, then passed on a retry, and is not quarantined')
  expect(lines[3]).toBe('tests: 2 (attempt 2) · flaky: net retries once')
  expect(onlyReceipt(dir)).toMatchObject({ status: 'failed', gate: 'fail-on-flaky' })
}, 120_000)
