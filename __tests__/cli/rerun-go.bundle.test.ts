/**
 * Rerunning only the failed tests with a real runner (docs/design.md §1 "Rerunning only the
 * failed tests"): `go test` through gotestsum and its --junitfile, a module of 33 tests in
 * three packages, one flaky (fails once, through a counter file) and one that always fails.
 * Every test appends its name to a file when it runs, so the test can count what each
 * attempt executed. gotestsum writes the package's import path as the class name
 * (`example.com/demo/api`) and the test's name as `name`; the rerun runs `-run` on the
 * failing packages only, so a passing test of the same name in another package (util has a
 * TestFetchesConfig too) does not run again. A failed subtest is listed with its parent and
 * rerun through it. The standard library only: nothing to download.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

const hasGo = spawnSync('go', ['version']).status === 0 && spawnSync('gotestsum', ['--version']).status === 0
if (!hasGo) console.warn('skipping rerun-go.bundle.test.ts: go or gotestsum is not installed (.ci/run installs both)')
const maybe = hasGo ? test : test.skip

// One build cache for the file's runs (each suite is its own folder, so nothing is shared
// between them); no module is downloaded.
const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-go-cache-')))
const ENV = { GOCACHE: join(scratch, 'cache'), GOPATH: join(scratch, 'path'), GOPROXY: 'off', GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' }

/** A Go module in a scratch git folder; with `subtests`, api's broken test fails in one of its two subtests. */
function suite(subtests = false): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-go-')))
  mkdirSync(join(dir, '.git'))
  mkdirSync(join(dir, 'reports'))
  writeFileSync(join(dir, 'go.mod'), 'module example.com/demo\n\ngo 1.19\n')
  const helpers = [
    `func record(name string) {`,
    `\tlog, err := os.OpenFile(filepath.Join("..", "runs.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)`,
    `\tif err != nil {`,
    `\t\tpanic(err)`,
    `\t}`,
    `\tdefer log.Close()`,
    `\tlog.WriteString(name + "\\n")`,
    `}`
  ].join('\n')
  for (const pkg of ['api', 'net', 'util']) {
    mkdirSync(join(dir, pkg))
    const tests = Array.from({ length: 11 }, (_, index) => {
      if (pkg === 'net' && index === 3) {
        // Flaky: fails the first time it ever runs.
        return [
          `func TestFetchesConfig(t *testing.T) {`,
          `\trecord("net › fetches config")`,
          `\tflag := filepath.Join("..", "flaky-ran")`,
          `\t_, err := os.Stat(flag)`,
          `\tos.WriteFile(flag, nil, 0o644)`,
          `\tif err != nil {`,
          `\t\tt.Fatal("first run")`,
          `\t}`,
          `}`
        ]
      }
      if (pkg === 'util' && index === 3) return [`func TestFetchesConfig(t *testing.T) {`, `\trecord("util › fetches config")`, `}`]
      if (pkg === 'api' && index === 7 && subtests) {
        return [
          `func TestReturnsUser(t *testing.T) {`,
          `\tt.Run("by id", func(t *testing.T) {`,
          `\t\trecord("api › returns the user by id")`,
          `\t\tif _, err := os.Stat(filepath.Join("..", "fixed")); err != nil {`,
          `\t\t\tt.Fatal("not fixed")`,
          `\t\t}`,
          `\t})`,
          `\tt.Run("by name", func(t *testing.T) { record("api › returns the user by name") })`,
          `}`
        ]
      }
      if (pkg === 'api' && index === 7) {
        return [
          `func TestReturnsUser(t *testing.T) {`,
          `\trecord("api › returns the user")`,
          `\tif _, err := os.Stat(filepath.Join("..", "fixed")); err != nil {`,
          `\t\tt.Fatal("not fixed")`,
          `\t}`,
          `}`
        ]
      }
      return [`func TestCase${index}(t *testing.T) {`, `\trecord("${pkg} case ${index}")`, `}`]
    })
    const head = `package ${pkg}\n\nimport (\n\t"os"\n\t"path/filepath"\n\t"testing"\n)\n\n${helpers}\n\n`
    writeFileSync(join(dir, pkg, `${pkg}_test.go`), `${head}${tests.map(lines => lines.join('\n')).join('\n\n')}\n`)
  }
  return dir
}

const ARGS = [
  'run',
  '--command',
  'gotestsum --junitfile reports/junit.xml -- -count=1 ./...',
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--rerun-failed-tests',
  'go',
  '--max-retries',
  '2'
]

const FLAKY = 'example.com/demo/net › TestFetchesConfig'
const BROKEN = 'example.com/demo/api › TestReturnsUser'

maybe(
  'the retry runs exactly the 2 failed tests, in their own packages; the flaky one is named flaky, the broken one is the failure',
  async () => {
    const dir = suite()
    const result = await spawnCli(ARGS, dir, { env: ENV })
    expect(result.code).toBe(1)
    const counts = executions(dir)
    expect(counts.size).toBe(33)
    const others = [...counts].filter(([name]) => name !== 'net › fetches config' && name !== 'api › returns the user')
    expect(others.filter(([, count]) => count !== 1)).toEqual([])
    // Attempt 1 ran everything; attempt 2 the two failures; attempt 3 the one still failing.
    expect(counts.get('net › fetches config')).toBe(2)
    expect(counts.get('api › returns the user')).toBe(3)
    expect(result.stderr).toContain(
      "rerunning the 2 failed tests only: gotestsum --junitfile reports/junit.xml -- -count=1 -run '^(?:TestReturnsUser|TestFetchesConfig)$' 'example.com/demo/api' 'example.com/demo/net'"
    )
    const receipt = onlyReceipt(dir)
    expect(receipt.status).toBe('failed')
    expect(receipt.tests.flaky).toEqual([FLAKY])
    expect(receipt.tests.failed).toEqual([BROKEN])
  },
  180_000
)

maybe(
  'with the broken test fixed: success, flaky, and nothing ran twice but the flaky test',
  async () => {
    const dir = suite()
    writeFileSync(join(dir, 'fixed'), '')
    const result = await spawnCli(ARGS, dir, { env: ENV })
    expect(result.code).toBe(0)
    const counts = executions(dir)
    expect([...counts].filter(([, count]) => count !== 1)).toEqual([['net › fetches config', 2]])
    const receipt = onlyReceipt(dir)
    expect(receipt).toMatchObject({ status: 'passed', flaky: true })
    expect(existsSync(join(dir, 'flaky-ran'))).toBe(true)
  },
  180_000
)

maybe(
  'a failed subtest: gotestsum lists it and its parent; the rerun runs the parent, every subtest of it, and nothing else',
  async () => {
    const dir = suite(true)
    const result = await spawnCli(ARGS, dir, { env: ENV })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      "rerunning the 3 failed tests only: gotestsum --junitfile reports/junit.xml -- -count=1 -run '^(?:TestReturnsUser\\/by_id|TestReturnsUser|TestFetchesConfig)$' 'example.com/demo/api' 'example.com/demo/net'"
    )
    const counts = executions(dir)
    expect(counts.size).toBe(34)
    const rerun = ['net › fetches config', 'api › returns the user by id', 'api › returns the user by name']
    expect([...counts].filter(([name, count]) => !rerun.includes(name) && count !== 1)).toEqual([])
    expect(rerun.map(name => counts.get(name))).toEqual([2, 3, 3])
    const receipt = onlyReceipt(dir)
    expect(receipt.tests.flaky).toEqual([FLAKY])
    expect([...receipt.tests.failed].sort()).toEqual([BROKEN, `${BROKEN}/by_id`])
  },
  180_000
)

maybe(
  'a filter that matches nothing: go says "no tests to run" and exits 0, and the run is still a failure, naming the tests not rerun',
  async () => {
    const dir = suite()
    const template = 'gotestsum --junitfile reports/junit.xml -- -count=1 -run NoSuchTest {packages}'
    const result = await spawnCli([...ARGS.slice(0, -4), '--rerun-failed-tests', template, '--max-retries', '1'], dir, { env: ENV })
    expect(result.code).toBe(1)
    expect(`${result.stdout}${result.stderr}`).toContain(`not in the results, so not rerun: ${BROKEN}; ${FLAKY}`)
    // The rerun itself ran nothing and exited 0: only attempt 1 fell short of expect-exit.
    expect(result.stdout).toContain('DONE 0 tests')
    expect(result.stderr.match(/expect-exit 0 but got/g)).toHaveLength(1)
    const receipt = onlyReceipt(dir)
    expect(receipt.status).toBe('failed')
    expect([...receipt.tests.failed].sort()).toEqual([BROKEN, FLAKY].sort())
  },
  180_000
)
