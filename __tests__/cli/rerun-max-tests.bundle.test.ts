/**
 * `rerun-max-tests` works up to its maximum (docs/test-results.md "Rerunning only the failed
 * tests", the contract's §11): an attempt keeps as many failed tests as it allows to rerun,
 * so 150 failed tests with `rerun-max-tests: 1000` are rerun, not the whole command. The
 * "runner" is a node script that writes the JUnit file itself: with no argument it fails
 * all 150 tests, with names it runs those (recording what it was asked) and they pass
 * unless `still-broken` exists. What the receipt shows stays capped at 100 names.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { onlyReceipt } from '../helpers/rerun-suite.js'

const TESTS = 150

function scratch(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-max-')))
  mkdirSync(join(dir, '.git'))
  writeFileSync(
    join(dir, 'runner.js'),
    [
      `const fs = require('fs')`,
      `const asked = process.argv.slice(2)`,
      `if (asked.length > 0) fs.writeFileSync('asked.json', JSON.stringify(asked))`,
      `const names = asked.length > 0 ? asked : Array.from({ length: ${TESTS} }, (_, i) => 'case ' + i)`,
      `const fail = asked.length === 0 || fs.existsSync('still-broken')`,
      `const cases = names.map(name => '<testcase classname="suite" name="' + name + '">' + (fail ? '<failure message="boom">boom</failure>' : '') + '</testcase>')`,
      `fs.mkdirSync('reports', { recursive: true })`,
      `fs.writeFileSync('reports/junit.xml', '<testsuites><testsuite name="suite">' + cases.join('') + '</testsuite></testsuites>')`,
      `process.exit(fail ? 1 : 0)`,
      ''
    ].join('\n')
  )
  return dir
}

const ARGS = [
  'run',
  '--command',
  'node runner.js',
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--rerun-failed-tests',
  'node runner.js {names}',
  '--rerun-max-tests',
  '1000',
  '--max-retries',
  '1',
  '--capture-before-retry',
  'off'
]
const ALL = Array.from({ length: TESTS }, (_, index) => `case ${index}`)

test('150 failed tests with rerun-max-tests 1000: the retry reruns all 150, not the whole command', async () => {
  const dir = scratch()
  const result = await spawnCli(ARGS, dir)
  expect(result.stderr).toContain(`rerunning the ${TESTS} failed tests only: node runner.js 'case 0' 'case 1'`)
  expect(JSON.parse(readFileSync(join(dir, 'asked.json'), 'utf8'))).toEqual(ALL)
  expect(result.code).toBe(0)
  const receipt = onlyReceipt(dir)
  expect(receipt).toMatchObject({ status: 'passed', flaky: true })
  // The receipt names at most 100 of them.
  expect(receipt.tests.flaky).toHaveLength(100)
  expect(receipt.tests.attempts).toEqual([
    { attempt: 1, ran: TESTS, rerun: false },
    { attempt: 2, ran: TESTS, rerun: true }
  ])
}, 60_000)

test('when the 150 still fail on the rerun, the receipt names 100 of them', async () => {
  const dir = scratch()
  writeFileSync(join(dir, 'still-broken'), '')
  const result = await spawnCli(ARGS, dir)
  expect(result.code).toBe(1)
  expect(existsSync(join(dir, 'asked.json'))).toBe(true)
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect(receipt.tests.failed).toEqual(ALL.slice(0, 100).map(name => `suite › ${name}`))
}, 60_000)
