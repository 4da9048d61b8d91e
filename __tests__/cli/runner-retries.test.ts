/**
 * Runner-level retries through the CLI (docs/design.md §1 "Runner-level retries"): a command
 * whose JUnit says the runner retried a test (Surefire's documented `flakyFailure` and
 * `rerunFailure`) makes a flaky pass on attempt 1, named in the receipt, `reverify flaky`,
 * CTRF and OTLP; `fail-on-flaky` and `max-flaky-tests` refuse it unless quarantine covers
 * the test; a test that failed every run inside the runner is a failed test with its runs.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { ctrfSchemaErrors } from '../helpers/ctrf-schema.js'
import { decodeTraces, startReceiver, type Receiver } from '../helpers/otlp-receiver.js'
import { writeQuarantine } from '../helpers/quarantine.js'
import { onlyReceipt } from '../helpers/rerun-suite.js'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'runner-retries')
const FLAKY = 'com.example.CacheTest › evictsOldEntries'

/** A checkout with the fixture's Java sources and its results to copy: `passing` (CacheTest) or `failing` (NetTest). */
async function project(): Promise<string> {
  const dir = await scratchRepo('reverify-runner-retries-')
  cpSync(join(FIXTURES, 'src'), join(dir, 'src'), { recursive: true })
  mkdirSync(join(dir, 'fixtures'))
  mkdirSync(join(dir, 'reports'))
  for (const name of ['TEST-com.example.CacheTest.xml', 'TEST-com.example.NetTest.xml'])
    cpSync(join(FIXTURES, name), join(dir, 'fixtures', name))
  return dir
}

/** The "runner": copies the Surefire report in (so it is written during the attempt) and exits as Maven would. */
const PASSING = 'cp fixtures/TEST-com.example.CacheTest.xml reports/'
const FAILING = 'cp fixtures/TEST-com.example.NetTest.xml reports/; exit 1'
const run = (command: string, extra: string[] = []) => [
  'run',
  '--name',
  'Unit tests',
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

let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

test('a pass with a test the runner retried is a flaky pass on attempt 1: receipt, summary, reverify flaky, CTRF and OTLP name it', async () => {
  receiver = await startReceiver()
  const dir = await project()
  const result = await runCli(run(PASSING), dir, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint })
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('outcome: success (flaky) · attempts: 1/1')
  expect(result.stdout).toContain(`flaky: ${FLAKY}`)
  const receipt = onlyReceipt(dir)
  expect(receipt).toMatchObject({ status: 'passed', flaky: true, attempts: 1 })
  expect(receipt.tests).toMatchObject({ total: 3, failed: [], flaky: [FLAKY] })

  const flaky = await runCli(['flaky', '--json'], dir)
  expect(JSON.parse(flaky.stdout).tests).toEqual([expect.objectContaining({ name: FLAKY, flaky: 1, failed: 0 })])

  const ctrf = JSON.parse(readFileSync(join(receipt.session.dir, 'ctrf.json'), 'utf8'))
  expect(ctrfSchemaErrors(ctrf)).toEqual([])
  expect(ctrf.results.tests.find((test: { name: string }) => test.name === FLAKY)).toMatchObject({
    status: 'passed',
    flaky: true,
    retries: 1,
    message: 'entries after eviction ==> expected: <2> but was: <3>',
    filePath: 'src/test/java/com/example/CacheTest.java',
    line: 12,
    extra: { runnerRetry: { form: 'flakyFailure', runs: 2, flaky: true } }
  })
  expect(ctrf.results.tests.filter((test: { flaky: boolean }) => test.flaky)).toHaveLength(1)
  expect(ctrf.results.summary.flaky).toBe(1)

  const [{ spans }] = decodeTraces(receiver.requests[0]!.body) as [ReturnType<typeof decodeTraces>[number]]
  const span = spans.find(candidate => candidate.name === `test ${FLAKY}`)!
  expect(span.attributes).toMatchObject({
    'reverify.test.flaky': true,
    'reverify.test.retries': 1,
    'reverify.test.runner.form': 'flakyFailure',
    'reverify.test.runner.runs': 2,
    'reverify.test.runner.flaky': true
  })
})

test('fail-on-flaky and max-flaky-tests refuse the flaky pass; a quarantine entry for the test exempts it', async () => {
  const dir = await project()
  const refused = await runCli(run(PASSING, ['--fail-on-flaky']), dir)
  expect(refused.code).toBe(1)
  expect(refused.stdout).toContain(`why: flaky pass refused by fail-on-flaky: ${FLAKY}`)
  const counted = await runCli(run(PASSING, ['--max-flaky-tests', '0']), dir)
  expect(counted.code).toBe(1)
  expect(counted.stdout).toContain('why: flaky pass refused by max-flaky-tests: 1 flaky test')

  writeQuarantine(dir, [{ test: FLAKY, owner: '@cache-team', reason: 'eviction races the clock' }])
  const exempt = await runCli(run(PASSING, ['--fail-on-flaky', '--max-flaky-tests', '0']), dir)
  expect(exempt.code).toBe(0)
  expect(exempt.stdout).toContain('outcome: success (flaky)')
})

test('a failed run: the tests the runner failed on every run are failed with their runs; those it passed on a later run are flaky', async () => {
  const dir = await project()
  const result = await runCli(run(FAILING), dir)
  expect(result.code).toBe(1)
  const receipt = onlyReceipt(dir)
  expect(receipt).toMatchObject({ status: 'failed', flaky: false })
  expect(receipt.tests.failed).toEqual(['com.example.NetTest › returnsTheUser', 'com.example.NetTest › readsTheCache'])
  expect(receipt.tests.flaky).toEqual(['com.example.NetTest › fetchesConfig', 'com.example.NetTest › opensTheSocket'])
  const ctrf = JSON.parse(readFileSync(join(receipt.session.dir, 'ctrf.json'), 'utf8'))
  expect(ctrfSchemaErrors(ctrf)).toEqual([])
  const byName = new Map(ctrf.results.tests.map((test: { name: string }) => [test.name, test]))
  expect(byName.get('com.example.NetTest › returnsTheUser')).toMatchObject({
    status: 'failed',
    flaky: false,
    retries: 2,
    extra: { runnerRetry: { form: 'rerunFailure', runs: 3, flaky: false } }
  })
  expect(byName.get('com.example.NetTest › readsTheCache')).toMatchObject({ status: 'failed', rawStatus: 'error', retries: 1 })
  expect(byName.get('com.example.NetTest › opensTheSocket')).toMatchObject({
    status: 'passed',
    flaky: true,
    retries: 2,
    message: 'connect ETIMEDOUT db:5432'
  })
})

test('a command that exits 1 while its results show the failed test passing when listed again stays failed: no rerun, no quarantine excuses it', async () => {
  const dir = await project()
  // The results hide the failure: the test is listed failed and then passed, as a runner's retry would, yet the command exits 1.
  const junit = [
    '<testsuite name="api" tests="2">',
    '<testcase classname="api" name="returns the user"><failure message="Expected 200, got 500">at api.test.js:5</failure></testcase>',
    '<testcase classname="api" name="returns the user"/>',
    '</testsuite>'
  ].join('')
  writeFileSync(join(dir, 'runner.sh'), `printf '%s' '${junit}' > reports/TEST-api.xml\nexit 1\n`)
  writeQuarantine(dir, [{ test: 'api › returns the user', owner: '@api-team', reason: 'known to time out' }])
  const result = await runCli(
    [...run('bash runner.sh').slice(0, -2), '--max-retries', '1', '--rerun-failed-tests', 'bash runner.sh {names}'],
    dir
  )
  expect(result.code).toBe(1)
  const receipt = onlyReceipt(dir)
  expect(receipt).toMatchObject({ status: 'failed', attempts: 2 })
  expect(receipt.quarantined).toBeUndefined()
  expect(receipt.tests.flaky).toEqual(['api › returns the user'])
  // The retry reran the whole command: the results did not explain the failure.
  expect(receipt.tests.attempts.map((attempt: { rerun: boolean }) => attempt.rerun)).toEqual([false, false])
})
