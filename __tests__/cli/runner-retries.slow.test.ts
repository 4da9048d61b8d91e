/**
 * Runner-level retries with the real producers, through the built CLI (docs/design.md §1
 * "Runner-level retries"; docs/test-results.md's table names each test here): what each
 * runner's JUnit shows when it retries a test itself, and what reverify makes of it. The
 * projects are the rerun tests' (__tests__/helpers/rerun-projects.ts): 33 tests, one flaky
 * (fails the first time it ever runs), one broken until a `fixed` file exists, every
 * execution logged. Surefire and Gradle cannot run here: their documented forms are read
 * from __tests__/fixtures/runner-retries.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { goProject, pytestProject } from '../helpers/rerun-projects.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

const FLAKY_RUN = 'net › fetches config'
const BROKEN_RUN = 'api › returns the user'
const verify = (command: string, ...extra: string[]) => [
  'run',
  '--command',
  command,
  '--expect-exit',
  '0',
  '--test-results',
  'reports/*.xml',
  '--max-retries',
  '0',
  ...extra
]

describe('gotestsum --rerun-fails', () => {
  const hasGo = spawnSync('go', ['version']).status === 0 && spawnSync('gotestsum', ['--version']).status === 0
  // CI installs the runners (REVERIFY_REQUIRE_RUNNERS=1): there a missing one fails, never skips.
  const maybe = hasGo || process.env.REVERIFY_REQUIRE_RUNNERS === '1' ? test : test.skip
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-runner-retries-go-')))
  const env = { GOCACHE: join(scratch, 'cache'), GOPATH: join(scratch, 'path'), GOPROXY: 'off', GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' }
  const COMMAND = 'gotestsum --junitfile reports/junit.xml --rerun-fails=2 --packages ./... -- -count=1'

  maybe(
    'its JUnit lists each run as a test case: the flaky test is flaky, the broken one failed after 3 runs, 33 tests counted once',
    async () => {
      const dir = goProject()
      const result = await spawnCli(verify(COMMAND), dir, { env })
      expect(result.code).toBe(1)
      // gotestsum ran the flaky test twice and the broken one three times; reverify ran nothing again.
      const counts = executions(dir)
      expect(counts.get(FLAKY_RUN)).toBe(2)
      expect(counts.get(BROKEN_RUN)).toBe(3)
      expect([...counts].filter(([name, count]) => count !== 1 && name !== FLAKY_RUN && name !== BROKEN_RUN)).toEqual([])
      // What the JUnit shows: the failed run and the passing rerun as two test cases of one name.
      const xml = readFileSync(join(dir, 'reports', 'junit.xml'), 'utf8')
      expect(xml.match(/<testcase classname="example.com\/demo\/net" name="TestFetchesConfig"/g)).toHaveLength(2)
      expect(xml.match(/<testcase classname="example.com\/demo\/api" name="TestReturnsUser"/g)).toHaveLength(3)
      const receipt = onlyReceipt(dir)
      expect(receipt).toMatchObject({ status: 'failed', flaky: false })
      expect(receipt.tests).toMatchObject({
        total: 33,
        failed: ['example.com/demo/api › TestReturnsUser'],
        flaky: ['example.com/demo/net › TestFetchesConfig']
      })
    },
    180_000
  )

  maybe(
    'with the broken test fixed: exit 0 on attempt 1, and reverify names the pass flaky',
    async () => {
      const dir = goProject()
      writeFileSync(join(dir, 'fixed'), '')
      const result = await spawnCli(verify(COMMAND), dir, { env })
      expect(result.code).toBe(0)
      expect(result.stdout).toContain('outcome: success (flaky) · attempts: 1/1')
      expect(onlyReceipt(dir)).toMatchObject({
        status: 'passed',
        flaky: true,
        attempts: 1,
        tests: { total: 33, failed: [], flaky: ['example.com/demo/net › TestFetchesConfig'] }
      })
    },
    180_000
  )
})

describe('pytest-rerunfailures (--reruns)', () => {
  const python = '/usr/bin/python3'
  const hasPlugin = spawnSync(python, ['-c', 'import pytest, pytest_rerunfailures']).status === 0
  const maybe = hasPlugin || process.env.REVERIFY_REQUIRE_RUNNERS === '1' ? test : test.skip
  const COMMAND = `${python} -m pytest --reruns 2 --junitxml=reports/junit.xml`
  const FLAKY = 'tests.test_net › test_fetches_config[x y-1]'
  const BROKEN = 'tests.test_api.TestUser › test_returns_user'

  maybe(
    "its JUnit keeps only each test's last run: the flake is invisible, the broken test failed (its reruns unsaid)",
    async () => {
      const dir = pytestProject()
      mkdirSync(join(dir, 'reports'))
      const result = await spawnCli(verify(COMMAND), dir)
      expect(result.code).toBe(1)
      // The plugin did rerun: the flaky test twice, the broken one three times.
      expect(executions(dir).get(FLAKY_RUN)).toBe(2)
      expect(executions(dir).get(BROKEN_RUN)).toBe(3)
      const xml = readFileSync(join(dir, 'reports', 'junit.xml'), 'utf8')
      expect(xml).not.toMatch(/rerun|flaky/i)
      expect(xml.match(/name="test_fetches_config\[x y-1\]"/g)).toHaveLength(1)
      const receipt = onlyReceipt(dir)
      expect(receipt.tests).toMatchObject({ total: 33, failed: [BROKEN], flaky: [] })
    },
    120_000
  )

  maybe(
    "with the broken test fixed the flaky pass looks clean; left to reverify's own rerun, the same flake is named",
    async () => {
      const hidden = pytestProject()
      mkdirSync(join(hidden, 'reports'))
      writeFileSync(join(hidden, 'fixed'), '')
      expect((await spawnCli(verify(COMMAND), hidden)).code).toBe(0)
      expect(onlyReceipt(hidden)).toMatchObject({ status: 'passed', flaky: false, tests: { flaky: [] } })

      // What docs/test-results.md advises: no --reruns, reverify reruns the failed test itself.
      const seen = pytestProject()
      mkdirSync(join(seen, 'reports'))
      writeFileSync(join(seen, 'fixed'), '')
      const template = `${python} -m pytest --junitxml=reports/junit.xml {ids}`
      const args = [...verify(`${python} -m pytest --junitxml=reports/junit.xml`).slice(0, -1), '2', '--rerun-failed-tests', template]
      const result = await spawnCli(args, seen)
      expect(result.code).toBe(0)
      expect(executions(seen).get(FLAKY_RUN)).toBe(2)
      expect(onlyReceipt(seen)).toMatchObject({ status: 'passed', flaky: true, tests: { flaky: [FLAKY] } })
    },
    120_000
  )
})

describe('Surefire and Gradle (their documented JUnit, read through the CLI)', () => {
  const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'runner-retries')

  async function withReport(file: string): Promise<string> {
    const dir = await scratchRepo('reverify-runner-retries-jvm-')
    cpSync(join(FIXTURES, 'src'), join(dir, 'src'), { recursive: true })
    cpSync(join(FIXTURES, file), join(dir, 'report.xml'))
    mkdirSync(join(dir, 'reports'))
    return dir
  }

  test('Surefire rerunFailingTestsCount, a passing build with a flake: a flaky pass naming the test', async () => {
    const dir = await withReport('TEST-com.example.CacheTest.xml')
    const result = await spawnCli(verify('cp report.xml reports/TEST-com.example.CacheTest.xml'), dir)
    expect(result.code).toBe(0)
    expect(onlyReceipt(dir)).toMatchObject({
      status: 'passed',
      flaky: true,
      tests: { total: 3, failed: [], flaky: ['com.example.CacheTest › evictsOldEntries'] }
    })
  })

  test('Surefire flakyFailure, flakyError, rerunFailure and rerunError: two flaky, two failed', async () => {
    const dir = await withReport('TEST-com.example.NetTest.xml')
    const result = await spawnCli(verify('cp report.xml reports/TEST-com.example.NetTest.xml; exit 1'), dir)
    expect(result.code).toBe(1)
    expect(onlyReceipt(dir).tests).toMatchObject({
      total: 6,
      failed: ['com.example.NetTest › returnsTheUser', 'com.example.NetTest › readsTheCache'],
      flaky: ['com.example.NetTest › fetchesConfig', 'com.example.NetTest › opensTheSocket']
    })
  })

  test.each([
    ['Gradle test-retry, each run its own test case', 'TEST-com.example.NetTest-gradle-repeated.xml'],
    ['Gradle test-retry with mergeReruns', 'TEST-com.example.NetTest-gradle-merged.xml']
  ])('%s: the flaky test flaky, the broken one failed, 4 tests', async (_, file) => {
    const dir = await withReport(file)
    const result = await spawnCli(verify('cp report.xml reports/TEST-com.example.NetTest.xml; exit 1'), dir)
    expect(result.code).toBe(1)
    expect(onlyReceipt(dir).tests).toMatchObject({
      total: 4,
      failed: ['com.example.NetTest › returnsTheUser()'],
      flaky: ['com.example.NetTest › fetchesConfig()']
    })
  })
})
