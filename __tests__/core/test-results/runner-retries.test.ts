/**
 * Runner-level retries in JUnit results (docs/design.md §1 "Runner-level retries"): Surefire's
 * and Gradle's `flakyFailure`/`flakyError` make a passing test flaky with its first failure's
 * message, `rerunFailure`/`rerunError` give a failed test its runs, and a test case listed
 * more than once (Gradle's test-retry plugin, gotestsum `--rerun-fails`) is one test: flaky
 * when it failed and then passed, failed when it failed every time or failed last.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { copyFileSync, cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readAttemptTests } from '../../../src/core/test-results/attempt-tests.js'
import { parseJUnitFile, type ParsedTestCase } from '../../../src/core/test-results/junit-parser.js'

const RETRIES = join(import.meta.dirname, '..', '..', 'fixtures', 'runner-retries')
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reverify-runner-retries-'))
  // The Java sources, so that the stack's NetTest.java:11 is a file of the workspace.
  cpSync(join(RETRIES, 'src'), join(dir, 'src'), { recursive: true })
  mkdirSync(join(dir, 'reports'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const read = (watch: string[] = []) =>
  readAttemptTests({ patterns: ['reports/*.xml'], workingDirectory: dir, sinceMs: 0, watch: new Set(watch) })

function report(name: string, cases: string): void {
  writeFileSync(join(dir, 'reports', name), `<testsuites><testsuite name="s">${cases}</testsuite></testsuites>`)
}
const passing = (name: string) => `<testcase classname="c" name="${name}"/>`
const failing = (name: string, message = 'boom') => `<testcase classname="c" name="${name}"><failure message="${message}"/></testcase>`

describe('Surefire rerunFailingTestsCount', () => {
  test('each case as the parser reads it: its runs, the form, the first failure message (not its system-out)', async () => {
    const seen: ParsedTestCase[] = []
    expect(await parseJUnitFile(join(RETRIES, 'TEST-com.example.NetTest.xml'), test => seen.push(test))).toEqual({ ok: true, tests: 6 })
    const runners = Object.fromEntries(
      seen.map(test => [test.name, { outcome: test.outcome, runner: test.runner && { ...test.runner, firstDetail: undefined } }])
    )
    expect(runners).toEqual({
      fetchesConfig: {
        outcome: 'passed',
        runner: { runs: 2, form: 'flakyFailure', firstMessage: 'status of GET /config ==> expected: <200> but was: <503>' }
      },
      opensTheSocket: { outcome: 'passed', runner: { runs: 3, form: 'flakyError', firstMessage: 'connect ETIMEDOUT db:5432' } },
      returnsTheUser: {
        outcome: 'failed',
        runner: { runs: 3, form: 'rerunFailure', firstMessage: 'status of GET /users/1 ==> expected: <200> but was: <500>' }
      },
      readsTheCache: { outcome: 'error', runner: { runs: 2, form: 'rerunError', firstMessage: 'cache is closed' } },
      listsUsers: { outcome: 'passed', runner: undefined },
      deletesTheUser: { outcome: 'skipped', runner: undefined }
    })
    // The first failure's stack is kept (where the test is); its system-out is not.
    expect(seen[0]!.runner!.firstDetail).toMatch(/^org\.opentest4j\.AssertionFailedError: status of GET \/config[^]*NetTest\.java:11\)/)
    expect(seen[0]!.runner!.firstDetail).not.toContain('retrying')
    // A flaky test has no failure of its own.
    expect(seen[0]!.message).toBeUndefined()
    expect(seen[0]!.detail).toBeUndefined()
  })

  test('the attempt: two tests flaky inside the runner with their place; two failed with their runs', async () => {
    copyFileSync(join(RETRIES, 'TEST-com.example.NetTest.xml'), join(dir, 'reports', 'TEST-com.example.NetTest.xml'))
    const tests = await read()
    expect({ total: tests.total, passed: tests.passed, failed: tests.failed, errors: tests.errors, skipped: tests.skipped }).toEqual({
      total: 6,
      passed: 3,
      failed: 1,
      errors: 1,
      skipped: 1
    })
    expect(tests.runnerFlaky).toEqual([
      {
        name: 'com.example.NetTest › fetchesConfig',
        file: 'src/test/java/com/example/NetTest.java',
        line: 11,
        passedOnRun: 2,
        form: 'flakyFailure',
        message: 'status of GET /config ==> expected: <200> but was: <503>'
      },
      {
        name: 'com.example.NetTest › opensTheSocket',
        file: 'src/test/java/com/example/NetTest.java',
        line: 16,
        passedOnRun: 3,
        form: 'flakyError',
        message: 'connect ETIMEDOUT db:5432'
      }
    ])
    expect(tests.failedTests.map(({ name, outcome, runnerRuns, line }) => ({ name, outcome, runnerRuns, line }))).toEqual([
      { name: 'com.example.NetTest › returnsTheUser', outcome: 'failed', runnerRuns: 3, line: 21 },
      { name: 'com.example.NetTest › readsTheCache', outcome: 'error', runnerRuns: 2, line: 26 }
    ])
  })

  test('Gradle with mergeReruns writes the same elements: read the same way', async () => {
    copyFileSync(join(RETRIES, 'TEST-com.example.NetTest-gradle-merged.xml'), join(dir, 'reports', 'TEST-gradle.xml'))
    const tests = await read()
    expect(tests.total).toBe(4)
    expect(tests.runnerFlaky).toEqual([
      expect.objectContaining({
        name: 'com.example.NetTest › fetchesConfig()',
        passedOnRun: 2,
        form: 'flakyFailure',
        message: 'org.opentest4j.AssertionFailedError: status of GET /config ==> expected: <200> but was: <503>'
      })
    ])
    expect(tests.failedTests).toEqual([expect.objectContaining({ name: 'com.example.NetTest › returnsTheUser()', runnerRuns: 2 })])
  })

  test('a retry element without a message attribute: the telling lines of its own text; a nested one is not a run', async () => {
    report(
      'a.xml',
      `<testcase classname="c" name="t"><flakyFailure>Error: expect(received).toBe(expected)\n\nExpected: 200\nReceived: 503\n    at Object.test (src/net.test.js:5:22)<flakyFailure message="inner"/></flakyFailure></testcase>` +
        `<testcase classname="c" name="u"><skipped/><flakyFailure message="x"/></testcase>` +
        `<flakyFailure message="outside any test case"/>`
    )
    const tests = await read()
    expect(tests.runnerFlaky).toEqual([
      expect.objectContaining({ name: 'c › t', passedOnRun: 2, form: 'flakyFailure', message: expect.stringContaining('Received: 503') })
    ])
    expect(tests.skipped).toBe(1)
  })
})

describe('a test case listed more than once', () => {
  test('Gradle test-retry (each run its own testcase): failed then passed is flaky, failed every run is one failed test', async () => {
    copyFileSync(join(RETRIES, 'TEST-com.example.NetTest-gradle-repeated.xml'), join(dir, 'reports', 'TEST-gradle.xml'))
    const tests = await read()
    // 7 test cases, 4 tests.
    expect({ total: tests.total, passed: tests.passed, failed: tests.failed }).toEqual({ total: 4, passed: 3, failed: 1 })
    expect(tests.runnerFlaky).toEqual([
      {
        name: 'com.example.NetTest › fetchesConfig()',
        file: 'src/test/java/com/example/NetTest.java',
        line: 11,
        passedOnRun: 2,
        form: 'repeated',
        message: 'org.opentest4j.AssertionFailedError: status of GET /config ==> expected: <200> but was: <503>'
      }
    ])
    expect(tests.failedTests).toEqual([expect.objectContaining({ name: 'com.example.NetTest › returnsTheUser()', runnerRuns: 3 })])
    expect([...tests.keys!]).toHaveLength(4)
  })

  test("across the attempt's files: failed in one, passed in a later one is flaky; passed, then failed is failed", async () => {
    report('1.xml', failing('flaky', 'first run') + passing('steady') + passing('late-break'))
    report('2.xml', passing('flaky') + failing('late-break', 'broke later'))
    const tests = await read(['flaky', 'late-break'].map(name => `c › ${name}`))
    expect({ total: tests.total, passed: tests.passed, failed: tests.failed }).toEqual({ total: 3, passed: 2, failed: 1 })
    expect(tests.runnerFlaky).toEqual([{ name: 'c › flaky', passedOnRun: 2, form: 'repeated', message: 'first run' }])
    expect(tests.failedTests.map(test => [test.name, test.message, test.runnerRuns])).toEqual([
      ['c › late-break', 'broke later', undefined]
    ])
    // A watched test that failed after passing is not recovered: a rerun of it did not pass.
    expect(tests.recovered).toEqual(['c › flaky'])
  })

  test('a file that turns out bad adds nothing: the pass it listed does not make an earlier failure flaky', async () => {
    report('1.xml', failing('t'))
    writeFileSync(
      join(dir, 'reports', '2.xml'),
      `<testsuites><testsuite name="s">${passing('t')}${passing('u')}</testsuite><oops></testsuites>`
    )
    const tests = await read(['c › t'])
    expect(tests.warnings).toEqual([expect.objectContaining({ file: 'reports/2.xml' })])
    expect({ total: tests.total, failed: tests.failed, passed: tests.passed }).toEqual({ total: 1, failed: 1, passed: 0 })
    expect(tests.runnerFlaky).toBeUndefined()
    expect(tests.failedTests.map(test => test.name)).toEqual(['c › t'])
    expect(tests.recovered).toEqual([])
    expect([...tests.keys!]).toHaveLength(1)
  })

  test('a bad file that lists a new test twice, failed then passed, leaves neither the test nor a flake', async () => {
    report('1.xml', passing('t'))
    writeFileSync(
      join(dir, 'reports', '2.xml'),
      `<testsuites><testsuite name="s">${failing('v')}${passing('v')}${failing('t')}</testsuite><oops></testsuites>`
    )
    const tests = await read()
    expect(tests.warnings).toEqual([expect.objectContaining({ file: 'reports/2.xml' })])
    expect({ total: tests.total, failed: tests.failed, passed: tests.passed }).toEqual({ total: 1, failed: 0, passed: 1 })
    expect(tests.runnerFlaky).toBeUndefined()
    expect(tests.failedTests).toEqual([])
    expect([...tests.keys!]).toHaveLength(1)
  })

  test('the same name in two files with their own file attribute is two tests, not a flake', async () => {
    report(
      '1.xml',
      `<testcase classname="c" name="t" file="a.test.js"><failure message="a"/></testcase><testcase classname="c" name="t" file="b.test.js"/>`
    )
    const tests = await read()
    expect({ total: tests.total, failed: tests.failed, passed: tests.passed }).toEqual({ total: 2, failed: 1, passed: 1 })
    expect(tests.runnerFlaky).toBeUndefined()
  })

  test('a skipped listing neither hides a failure nor counts twice', async () => {
    report(
      '1.xml',
      `${failing('t')}<testcase classname="c" name="t"><skipped/></testcase><testcase classname="c" name="s"><skipped/></testcase>${passing('s')}`
    )
    const tests = await read()
    expect({ total: tests.total, failed: tests.failed, passed: tests.passed, skipped: tests.skipped }).toEqual({
      total: 2,
      failed: 1,
      passed: 1,
      skipped: 0
    })
  })
})
