/**
 * CTRF reports of real runs (docs/design.md §2 "Exports"): a flaky jest run (jest-junit, the flaky
 * test rerun on its own), a failing pytest run, and a run without test results each leave
 * ctrf.json next to the trace, valid against the schema the ctrf package ships; `reverify
 * ctrf` writes the same report anywhere. A secret the command prints never reaches the file.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, runCli } from '../helpers/cli.js'
import { ctrfSchemaErrors } from '../helpers/ctrf-schema.js'
import { onlyReceipt } from '../helpers/rerun-suite.js'

const SECRET = 'hunter2-ctrf-secret-value'

function scratch(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)))
  mkdirSync(join(dir, '.git'))
  return dir
}

/** The ctrf.json the run left in its trace folder, checked against the schema. */
function sessionCtrf(dir: string): Record<string, any> {
  const receipt = onlyReceipt(dir)
  const path = join(receipt.session.dir, 'ctrf.json')
  const text = readFileSync(path, 'utf8')
  expect(text).not.toContain(SECRET)
  const report = JSON.parse(text)
  expect(ctrfSchemaErrors(report)).toEqual([])
  expect(report.runId).toBe(receipt.run_id)
  return report
}

/** A jest project: two files, one flaky test (fails the first time it runs) that prints a secret. */
function jestSuite(): string {
  const dir = scratch('reverify-ctrf-jest-')
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    join(dir, 'jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  mkdirSync(join(dir, 'src'))
  const flaky = `const f = require('path').join(__dirname, '..', 'flaky-ran'); const first = !require('fs').existsSync(f); require('fs').writeFileSync(f, ''); if (first) console.log('token ${SECRET}'); expect(first).toBe(false)`
  writeFileSync(
    join(dir, 'src', 'net.test.js'),
    `describe('net', () => {\n  test('fetches config', () => { ${flaky} })\n  test('resolves hosts', () => {})\n})\n`
  )
  writeFileSync(
    join(dir, 'src', 'util.test.js'),
    `describe('util', () => {\n  test('adds', () => {})\n  test.skip('later', () => {})\n})\n`
  )
  return dir
}

test('a flaky jest run: one test per JUnit test, the flaky one flaky with 1 retry and its failed attempt', async () => {
  const dir = jestSuite()
  const result = await runCli(
    [
      'run',
      '--command',
      'npx jest --ci',
      '--expect-exit',
      '0',
      '--test-results',
      'reports/junit.xml',
      '--rerun-failed-tests',
      'jest',
      '--redact',
      SECRET
    ],
    dir
  )
  expect(result.code).toBe(0)
  const report = sessionCtrf(dir)
  const tests = report.results.tests as Record<string, any>[]
  expect(tests.map(test => [test.name, test.status, test.retries, test.flaky]).sort()).toEqual([
    ['net fetches config', 'passed', 1, true],
    ['net resolves hosts', 'passed', 0, false],
    ['util adds', 'passed', 0, false],
    ['util later', 'skipped', 0, false]
  ])
  const flaky = tests.find(test => test.name === 'net fetches config')!
  expect(flaky.filePath).toBe('src/net.test.js')
  expect(flaky.retryAttempts).toHaveLength(1)
  expect(flaky.retryAttempts[0]).toMatchObject({ attempt: 1, status: 'failed' })
  expect(flaky.retryAttempts[0].message ?? flaky.retryAttempts[0].trace).toContain('expect(received).toBe(expected)')
  expect(report.results.summary).toMatchObject({ tests: 4, passed: 3, failed: 0, skipped: 1, flaky: 1 })
  expect(report.results.extra.reverify).toMatchObject({ status: 'passed', flaky: true, attempts: 2 })
}, 120_000)

const hasPytest = spawnSync('python', ['-m', 'pytest', '--version']).status === 0
const maybe = hasPytest ? test : test.skip

maybe(
  'a failing pytest run: the failing test failed after 1 retry, with its message, file, line and both attempts',
  async () => {
    const dir = scratch('reverify-ctrf-pytest-')
    writeFileSync(join(dir, 'pytest.ini'), '[pytest]\naddopts = -p no:cacheprovider\n')
    mkdirSync(join(dir, 'tests'))
    writeFileSync(
      join(dir, 'tests', 'test_api.py'),
      `def test_ok():\n    pass\n\n\ndef test_returns_user():\n    assert 200 == 500, "status was 500"\n`
    )
    const result = await runCli(
      [
        'run',
        '--command',
        'python -m pytest --junitxml=reports/junit.xml',
        '--expect-exit',
        '0',
        '--test-results',
        'reports/junit.xml',
        '--max-retries',
        '1'
      ],
      dir
    )
    expect(result.code).toBe(1)
    const report = sessionCtrf(dir)
    const failing = report.results.tests.find((test: Record<string, any>) => test.name === 'tests.test_api › test_returns_user')
    expect(failing).toMatchObject({ status: 'failed', retries: 1, flaky: false, filePath: 'tests/test_api.py', line: 6 })
    expect(failing.message).toContain('status was 500')
    expect(failing.retryAttempts).toEqual([expect.objectContaining({ attempt: 1, status: 'failed' })])
    expect(report.results.summary).toMatchObject({ tests: 2, passed: 1, failed: 1 })
    expect(report.results.environment.healthy).toBe(false)
  },
  120_000
)

test('a run without test results: one test for the command, its attempts as retries; reverify ctrf writes it again', async () => {
  const dir = scratch('reverify-ctrf-plain-')
  const result = await runCli(
    ['run', '--command', `echo "the key is ${SECRET}"; exit 3`, '--expect-exit', '0', '--max-retries', '1', '--redact', SECRET],
    dir
  )
  expect(result.code).toBe(1)
  const report = sessionCtrf(dir)
  expect(report.results.tests).toHaveLength(1)
  const [command] = report.results.tests
  const message = 'expect-exit 0 but got 3 (`echo "the key is [redacted:redact-input]"; exit 3` exited 3)'
  expect(command).toMatchObject({
    name: 'echo "the key is [redacted:redact-input]"; exit 3',
    status: 'failed',
    retries: 1,
    flaky: false,
    message
  })
  expect(command.retryAttempts).toEqual([expect.objectContaining({ attempt: 1, status: 'failed', message })])
  const out = join(dir, 'elsewhere.json')
  const again = await runCli(['ctrf', 'latest', '--out', 'elsewhere.json'], dir)
  expect(again).toMatchObject({ code: 0, stdout: `${out}\n` })
  expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(report)
  expect(existsSync(out)).toBe(true)
}, 60_000)

test('reverify ctrf: one-line errors for a missing run, a bad id and an unwritable --out', async () => {
  const dir = scratch('reverify-ctrf-errors-')
  await runCli(['run', '--command', 'true', '--expect-exit', '0'], dir)
  const bad = await runCli(['ctrf', '../../etc/passwd'], dir)
  expect(bad.code).toBe(2)
  expect(bad.stderr).toContain('is not a run id')
  expect((await runCli(['ctrf'], dir)).stderr).toContain('ctrf: give exactly one run id (or latest)')
  expect((await runCli(['ctrf', '20261130-075100-verify-3fa9c2'], dir)).stderr).toContain('ctrf: no run')
  expect((await runCli(['ctrf', 'latest', '--out', 'missing/dir/c.json'], dir)).stderr).toContain(
    "--out: cannot write 'missing/dir/c.json'"
  )
})
