/**
 * Rerunning only the failed tests with each real runner (docs/design.md §1 "Rerunning only
 * the failed tests"), one row per preset: the project (__tests__/helpers/rerun-projects.ts:
 * 33 tests, one flaky, one broken), the command, the rerun command the CLI prints, and the
 * names the runner's JUnit gives the two tests. Every row runs the same three cases through
 * the built CLI: the retry runs exactly the failed tests; with the broken test fixed, only
 * the flaky test runs twice; a template whose filter matches nothing leaves the run failed,
 * naming the tests not rerun. What one runner alone shows has a test of its own below the
 * table. A row whose runner is missing (pytest; go or gotestsum) is skipped.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import {
  goProject,
  jestProject,
  mochaProject,
  nodeTestProject,
  playwrightProject,
  pytestProject,
  vitestProject
} from '../helpers/rerun-projects.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

type CliResult = Awaited<ReturnType<typeof spawnCli>>

/** One runner's row. */
interface RunnerRow {
  preset: string
  /** Writes the project and returns its folder. */
  project: () => string
  /** The verify command. */
  command: string
  /** Whether the runner is installed; a missing one skips the row. */
  available: boolean
  /** The receipt's names of the flaky and the broken test. */
  flaky: string
  broken: string
  /** Checks the line that names the first rerun (of the 2 failed tests), and any later one. */
  checkRerunLines: (stderr: string) => void
  /** Anything else the row checks in the first case's receipt. */
  checkFailedReceipt?: (receipt: Record<string, any>) => void
  /** The second case also checks the receipt's flaky test by name. */
  fixedNamesFlaky: boolean
  /** The third case, when the row has it. */
  noMatch?: {
    template: string
    /** The line's list of the tests not rerun, as the CLI prints it; none when the order may vary. */
    notRerun?: string
    /** No test ran a second time: the rerun ran nothing. */
    checkNoneRan: boolean
    /** Anything else the row checks there. */
    check?: (result: CliResult, dir: string) => void
  }
  env?: Record<string, string>
  timeoutMs: number
}

const hasPytest = spawnSync('python', ['-m', 'pytest', '--version']).status === 0
const hasGo = spawnSync('go', ['version']).status === 0 && spawnSync('gotestsum', ['--version']).status === 0
if (!hasGo) console.warn('skipping the go rows of rerun-runners.slow.test.ts: go or gotestsum is not installed (.ci/run installs both)')

// One Go build cache for the file's runs (each project is its own folder, so nothing is
// shared between them); no module is downloaded.
const goScratch = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-go-cache-')))
const GO_ENV = {
  GOCACHE: join(goScratch, 'cache'),
  GOPATH: join(goScratch, 'path'),
  GOPROXY: 'off',
  GOFLAGS: '-mod=mod',
  GOTOOLCHAIN: 'local'
}
const GO_COMMAND = 'gotestsum --junitfile reports/junit.xml -- -count=1 ./...'

/**
 * The class name this node's junit reporter gives a test in `describe(suite)`: `test` (Node
 * 20, which writes no file either: it comes from the failure's stack) or the suite (Node 24).
 */
function nodeClassnameFor(suiteName: string): string {
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
  if (classname !== 'test' && classname !== suiteName) throw new Error(`unexpected junit class name ${classname} for ${suiteName}`)
  return classname
}

const NODE_FLAKY = `${nodeClassnameFor('net')} › fetches config`
const NODE_BROKEN = `${nodeClassnameFor('api')} › returns the user`
const NODE_REPORTERS =
  '--test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=reports/junit.xml'

const ROWS: RunnerRow[] = [
  {
    // jest-junit with the file attribute; `-t` matches jest's full name.
    preset: 'jest',
    project: jestProject,
    command: 'npx jest --ci',
    available: true,
    flaky: 'net fetches config',
    broken: 'api returns the user',
    checkRerunLines: stderr =>
      expect(stderr).toContain(
        "rerunning the 2 failed tests only: node_modules/.bin/jest --ci 'src/net.test.js' 'src/api.test.js' -t '^(?:net fetches config|api returns the user)$'"
      ),
    checkFailedReceipt: receipt => {
      // Per attempt, how many tests ran: the full suite, then the 2 failed tests, then the 1
      // (jest lists the others skipped).
      expect(receipt.tests.attempts).toEqual([
        { attempt: 1, ran: 33, rerun: false },
        { attempt: 2, ran: 2, rerun: true },
        { attempt: 3, ran: 1, rerun: true }
      ])
      // The run's tests are the 33 the first attempt ran, not the 1 the last one reran.
      expect(receipt.tests.total).toBe(33)
      // The HTML report says which attempts were reruns, and what they ran; the names are in their tests.
      const report = readFileSync(join(receipt.session.dir, 'report.html'), 'utf8')
      expect(report).toContain('Ran the full suite (33 tests)')
      expect(report).toContain(
        'Ran 2 failed tests of the attempt before: <code>node_modules/.bin/jest --ci src/net.test.js src/api.test.js -t …</code>'
      )
      expect(report).toContain('Ran 1 failed test of the attempt before: <code>node_modules/.bin/jest --ci src/api.test.js -t …</code>')
    },
    fixedNamesFlaky: false,
    noMatch: {
      template: 'npx jest --ci --passWithNoTests {files} -t no-such-test',
      notRerun: 'net fetches config; api returns the user',
      checkNoneRan: false,
      // The tests the filter missed never ran, though they count as failed.
      check: (_, dir) =>
        expect(onlyReceipt(dir).tests.attempts).toEqual([
          { attempt: 1, ran: 33, rerun: false },
          { attempt: 2, ran: 0, rerun: true }
        ])
    },
    timeoutMs: 120_000
  },
  {
    // vitest's junit reporter: the file as the class name, describe blocks and title joined
    // by ` > ` as the name; `-t` matches them joined by spaces, which `{pattern}` also spells.
    preset: 'vitest',
    project: vitestProject,
    command: 'npx vitest run',
    available: true,
    flaky: 'src/net.test.js › net > fetches config',
    broken: 'src/api.test.js › api > returns the user',
    checkRerunLines: stderr => {
      // The files from the stacks, each name in both spellings.
      const line = /rerunning the 2 failed tests only: (.*)/.exec(stderr)?.[1]
      expect([
        "node_modules/.bin/vitest run 'src/api.test.js' 'src/net.test.js' -t '^(?:api > returns the user|api returns the user|net > fetches config|net fetches config)$'",
        "node_modules/.bin/vitest run 'src/net.test.js' 'src/api.test.js' -t '^(?:net > fetches config|net fetches config|api > returns the user|api returns the user)$'"
      ]).toContain(line)
      expect(stderr).toContain(
        "rerunning the failed test only: node_modules/.bin/vitest run 'src/api.test.js' -t '^(?:api > returns the user|api returns the user)$'"
      )
    },
    fixedNamesFlaky: true,
    noMatch: { template: 'npx vitest run {files} -t no-such-test', checkNoneRan: true },
    timeoutMs: 120_000
  },
  {
    // pytest's class name is the node id's path (`tests.test_api.TestUser`), from which {ids}
    // takes the file; the ids name the test's own module, not the helper its failure's stack
    // ends in.
    preset: 'pytest',
    project: pytestProject,
    command: 'python -m pytest --junitxml=reports/junit.xml',
    available: hasPytest,
    flaky: 'tests.test_net › test_fetches_config[x y-1]',
    broken: 'tests.test_api.TestUser › test_returns_user',
    checkRerunLines: stderr =>
      expect(stderr).toContain(
        "rerunning the 2 failed tests only: python -m pytest --junitxml=reports/junit.xml 'tests/test_api.py::TestUser::test_returns_user' 'tests/test_net.py::test_fetches_config[x y-1]'"
      ),
    fixedNamesFlaky: false,
    // pytest exits 5 when nothing is collected; the template turns that into 0.
    noMatch: {
      template: 'python -m pytest --junitxml=reports/junit.xml {ids} -k no_such_test || test $? = 5',
      notRerun: 'tests.test_api.TestUser › test_returns_user; tests.test_net › test_fetches_config[x y-1]',
      checkNoneRan: false
    },
    timeoutMs: 120_000
  },
  {
    // gotestsum: the package's import path as the class name; the rerun runs `-run` on the
    // failing packages only, so util's passing TestFetchesConfig does not run again.
    preset: 'go',
    project: () => goProject(),
    command: GO_COMMAND,
    available: hasGo,
    flaky: 'example.com/demo/net › TestFetchesConfig',
    broken: 'example.com/demo/api › TestReturnsUser',
    checkRerunLines: stderr =>
      expect(stderr).toContain(
        "rerunning the 2 failed tests only: gotestsum --junitfile reports/junit.xml -- -count=1 -run '^(?:TestReturnsUser|TestFetchesConfig)$' 'example.com/demo/api' 'example.com/demo/net'"
      ),
    fixedNamesFlaky: false,
    noMatch: {
      template: 'gotestsum --junitfile reports/junit.xml -- -count=1 -run NoSuchTest {packages}',
      notRerun: 'example.com/demo/api › TestReturnsUser; example.com/demo/net › TestFetchesConfig',
      checkNoneRan: false,
      check: result => {
        // go says "no tests to run" and exits 0: only attempt 1 fell short of expect-exit.
        expect(result.stdout).toContain('DONE 0 tests')
        expect(result.stderr.match(/expect-exit 0 but got/g)).toHaveLength(1)
      }
    },
    env: GO_ENV,
    timeoutMs: 180_000
  },
  {
    // mocha-junit-reporter: the full title as the name, the test's own title as the class
    // name; `--grep` matches the full title.
    preset: 'mocha',
    project: mochaProject,
    command: "npx mocha 'src/*.test.js'",
    available: true,
    flaky: 'fetches config › net fetches config',
    broken: 'returns the user › api returns the user',
    checkRerunLines: stderr =>
      expect(stderr).toContain(
        "rerunning the 2 failed tests only: node_modules/.bin/mocha 'src/api.test.js' 'src/net.test.js' --grep '^(?:api returns the user|net fetches config)$'"
      ),
    fixedNamesFlaky: true,
    noMatch: {
      template: 'npx mocha {files} --grep no-such-test',
      notRerun: 'returns the user › api returns the user; fetches config › net fetches config',
      checkNoneRan: true
    },
    timeoutMs: 120_000
  },
  {
    // Node's junit reporter; `--test-name-pattern` matches the test's own name, the files come
    // from the stacks. The class name depends on the node that runs it.
    preset: 'node-test',
    project: nodeTestProject,
    command: `node --test ${NODE_REPORTERS}`,
    available: true,
    flaky: NODE_FLAKY,
    broken: NODE_BROKEN,
    checkRerunLines: stderr =>
      expect(stderr).toContain(
        `rerunning the 2 failed tests only: node --test ${NODE_REPORTERS} --test-name-pattern '^(?:returns the user|fetches config)$' 'src/api.test.js' 'src/net.test.js'`
      ),
    fixedNamesFlaky: false,
    noMatch: {
      template: `node --test ${NODE_REPORTERS} --test-name-pattern no-such-test {files}`,
      notRerun: `${NODE_BROKEN}; ${NODE_FLAKY}`,
      checkNoneRan: false
    },
    timeoutMs: 120_000
  },
  {
    // Playwright's JUnit names a test by its describe blocks and title joined by ` › ` and
    // gives no file; `-g` searches file, describe blocks and title joined by spaces, which
    // `{titles}` matches at the end. Its workers finish in either order.
    preset: 'playwright',
    project: playwrightProject,
    command: 'npx playwright test',
    available: true,
    flaky: 'net.spec.js › net › fetches config',
    broken: 'api.spec.js › api › returns the user',
    checkRerunLines: stderr =>
      expect(stderr).toMatch(
        /rerunning the 2 failed tests only: node_modules\/\.bin\/playwright test -g '\(\?:\^\| \)\(\?:(net fetches config\|api returns the user|api returns the user\|net fetches config)\)\$'/
      ),
    fixedNamesFlaky: false,
    timeoutMs: 180_000
  }
]

/** The CLI's arguments for a row: its command and preset, or a template of its own, and the retries. */
function argsFor(row: RunnerRow, rerun = { with: row.preset, retries: 2 }): string[] {
  const verify = ['run', '--command', row.command, '--expect-exit', '0', '--test-results', 'reports/junit.xml']
  return [...verify, '--rerun-failed-tests', rerun.with, '--max-retries', `${rerun.retries}`]
}

const run = (row: RunnerRow, dir: string, args = argsFor(row)): Promise<CliResult> =>
  spawnCli(args, dir, row.env ? { env: row.env } : undefined)

const FLAKY_RUN = 'net › fetches config'
const BROKEN_RUN = 'api › returns the user'

describe.each(ROWS.map(row => [row.preset, row] as const))('%s', (_, row) => {
  const maybe = row.available ? test : test.skip

  maybe(
    'the retry runs exactly the 2 failed tests; the flaky one is named flaky, the broken one is the failure',
    async () => {
      const dir = row.project()
      const result = await run(row, dir)
      expect(result.code).toBe(1)
      const counts = executions(dir)
      expect(counts.size).toBe(33)
      const others = [...counts].filter(([name]) => name !== FLAKY_RUN && name !== BROKEN_RUN)
      expect(others.filter(([, count]) => count !== 1)).toEqual([])
      // Attempt 1 ran everything; attempt 2 the two failures; attempt 3 the one still failing.
      expect(counts.get(FLAKY_RUN)).toBe(2)
      expect(counts.get(BROKEN_RUN)).toBe(3)
      // The CLI prints the rerun command it ran.
      row.checkRerunLines(result.stderr)
      const receipt = onlyReceipt(dir)
      expect(receipt.status).toBe('failed')
      expect(receipt.tests.flaky).toEqual([row.flaky])
      expect(receipt.tests.failed).toEqual([row.broken])
      row.checkFailedReceipt?.(receipt)
    },
    row.timeoutMs
  )

  maybe(
    'with the broken test fixed: success, flaky, and nothing ran twice but the flaky test',
    async () => {
      const dir = row.project()
      writeFileSync(join(dir, 'fixed'), '')
      const result = await run(row, dir)
      expect(result.code).toBe(0)
      const counts = executions(dir)
      expect([...counts].filter(([, count]) => count !== 1)).toEqual([[FLAKY_RUN, 2]])
      const receipt = onlyReceipt(dir)
      expect(receipt).toMatchObject({ status: 'passed', flaky: true })
      if (row.fixedNamesFlaky) expect(receipt.tests.flaky).toEqual([row.flaky])
      expect(existsSync(join(dir, 'flaky-ran'))).toBe(true)
    },
    row.timeoutMs
  )

  const noMatch = row.noMatch
  if (noMatch) {
    maybe(
      'a template whose filter matches nothing: the rerun exits 0 and the run is still a failure, naming the tests not rerun',
      async () => {
        const dir = row.project()
        const result = await run(row, dir, argsFor(row, { with: noMatch.template, retries: 1 }))
        expect(result.code).toBe(1)
        if (noMatch.checkNoneRan) expect([...executions(dir)].filter(([, count]) => count !== 1)).toEqual([])
        const output = `${result.stdout}${result.stderr}`
        if (noMatch.notRerun) expect(output).toContain(`not in the results, so not rerun: ${noMatch.notRerun}`)
        else expect(/not in the results, so not rerun: (.*)/.exec(output)?.[1]?.split('; ').sort()).toEqual([row.broken, row.flaky].sort())
        noMatch.check?.(result, dir)
        const receipt = onlyReceipt(dir)
        expect(receipt.status).toBe('failed')
        expect([...receipt.tests.failed].sort()).toEqual([row.broken, row.flaky].sort())
      },
      row.timeoutMs
    )
  }
})

const goRow = ROWS.find(row => row.preset === 'go')!

;(hasGo || process.env.REVERIFY_REQUIRE_RUNNERS === '1' ? test : test.skip)(
  'go, a failed subtest: gotestsum lists it and its parent; the rerun runs the parent, every subtest of it, and nothing else',
  async () => {
    const dir = goProject(true)
    const result = await run(goRow, dir)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      "rerunning the 3 failed tests only: gotestsum --junitfile reports/junit.xml -- -count=1 -run '^(?:TestReturnsUser\\/by_id|TestReturnsUser|TestFetchesConfig)$' 'example.com/demo/api' 'example.com/demo/net'"
    )
    const counts = executions(dir)
    expect(counts.size).toBe(34)
    const rerun = [FLAKY_RUN, 'api › returns the user by id', 'api › returns the user by name']
    expect([...counts].filter(([name, count]) => !rerun.includes(name) && count !== 1)).toEqual([])
    expect(rerun.map(name => counts.get(name))).toEqual([2, 3, 3])
    const receipt = onlyReceipt(dir)
    expect(receipt.tests.flaky).toEqual([goRow.flaky])
    expect([...receipt.tests.failed].sort()).toEqual([goRow.broken, `${goRow.broken}/by_id`])
  },
  180_000
)
