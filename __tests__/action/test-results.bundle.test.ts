/**
 * `test-results` through the bundled action (dist/index.js) against the local results
 * service: a flaky test is named in the warning, the job summary and the cached receipt;
 * the next run's summary and warning count it from the restored history; failed tests get
 * their own error annotations on their file and line.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { junitReport } from '../helpers/junit.js'
import { FakeRunner, receiptsInCacheEntry, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

/** Fails "api returns the user" on its first attempt, passes it on the second; writes the report each time. */
const FLAKY_TESTS =
  'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports; ' +
  'if [ $n -eq 1 ]; then cp fixtures/fail.xml reports/junit.xml; exit 1; fi; cp fixtures/pass.xml reports/junit.xml'
const INPUTS = { command: FLAKY_TESTS, 'expect-exit': '0', 'max-retries': '2', 'test-results': 'reports/*.xml', name: 'Unit tests' }

async function newRunner(name: string): Promise<{ runner: FakeRunner; service: ResultsService }> {
  const service = await started
  const runner = new FakeRunner(service, `octo/${name}`)
  const at = (path: string) => join(runner.workspace, path)
  mkdirSync(at('fixtures'))
  mkdirSync(at('src'))
  writeFileSync(at('fixtures/fail.xml'), junitReport({ 'api returns the user': 'failed', 'api lists users': 'passed' }))
  writeFileSync(at('fixtures/pass.xml'), junitReport({ 'api returns the user': 'passed', 'api lists users': 'passed' }))
  // The file the failure's stack names (src/api.test.js:5:22), so annotations can land on it.
  writeFileSync(at('src/api.test.js'), 'test("api returns the user", () => {\n\n\n\n  expect(status()).toBe(200)\n})\n')
  return { runner, service }
}

const warnings = (step: StepResult) => step.annotations.filter(annotation => annotation.level === 'warning')
const errors = (step: StepResult) => step.annotations.filter(annotation => annotation.level === 'error')

test.concurrent(
  'a test failing in attempt 1 and passing in attempt 2: flaky, named in the warning, the summary and the receipt',
  async () => {
    const { runner, service } = await newRunner('flaky-test')
    const first = await runner.main(INPUTS)
    expect(first.code).toBe(0)
    expect(first.outputs.outcome).toBe('success')
    expect(first.outputs.flaky).toBe('true')
    const [flaky] = warnings(first)
    expect(flaky).toMatchObject({ title: 'Unit tests: flaky — passed on attempt 2/3', file: 'src/api.test.js', line: 5 })
    expect(flaky!.message).toContain('Attempt 1 failed: api returns the user — Error: expected 200, got 500')
    expect(first.summary).toContain('**Flaky tests** (failed in an attempt, passed in a later one): `api returns the user`.')
    expect(first.summary).toMatch(/\| attempt \| exit \| duration \| expect-exit 0 \| failing tests \|/)
    expect(first.summary).toMatch(/\| 1 \| 1 \| [\d.]+ m?s \| ✗ got 1 \| api returns the user \|$/m)
    expect(first.summary).toMatch(/\| 2 \| 0 \| [\d.]+ m?s \| ✓ \| none of 2 \|/)

    const entries = service.cacheEntries().filter(entry => entry.key.startsWith(`reverify-v1-${first.state['history-key']}-`))
    const [receipt] = await receiptsInCacheEntry(entries[entries.length - 1]!)
    expect(receipt).toMatchObject({ schema_version: 2, flaky: true, tests: { total: 2, failed: [], flaky: ['api returns the user'] } })

    // A second run on a fresh runner: the restored history counts the test twice.
    runner.freshTemp()
    rmSync(join(runner.workspace, 'count'))
    const second = await runner.main(INPUTS)
    expect(second.code).toBe(0)
    expect(second.summary).toContain('Tests that failed and then passed on a retry in these runs: `api returns the user` (in 2 runs).')
    // With the rate and the day the test first flaked (docs/design.md §5 "Annotations").
    expect(warnings(second)[0]!.message).toMatch(
      /api returns the user flaked in 2 of the last 2 runs \(100 %\) · first seen \d{4}-\d{2}-\d{2}\./
    )
  }
)

test.concurrent('a failed run: one error annotation per failed test, on its file and line; the summary lists them', async () => {
  const { runner } = await newRunner('failed-test')
  const step = await runner.main({
    ...INPUTS,
    command: 'mkdir -p reports; cp fixtures/fail.xml reports/junit.xml; exit 1',
    'max-retries': '0'
  })
  expect(step.code).toBe(1)
  expect(errors(step)).toEqual([
    expect.objectContaining({
      title: 'Unit tests: api returns the user failed (1/1 attempts)',
      file: 'src/api.test.js',
      line: 5,
      col: 22,
      // jest-junit writes no message: the failure text's error line and first user frame.
      message: 'Error: expected 200, got 500\n    at Object.toBe (src/api.test.js:5:22)'
    })
  ])
  expect(step.summary).toContain('**Failed tests** (attempt 1, 1 of 2):')
  expect(step.summary).toContain(
    '| api returns the user | `src/api.test.js:5` | Error: expected 200, got 500     at Object.toBe (src/api.test.js:5:22) |'
  )
})

test.concurrent('an ignored results file is a warning naming it; the verdict stands', async () => {
  const { runner } = await newRunner('bad-results')
  const step = await runner.main({
    ...INPUTS,
    command: 'mkdir -p reports; echo "<testsuite><testcase" > reports/junit.xml',
    'max-retries': '0'
  })
  expect(step.code).toBe(0)
  expect(step.outputs.outcome).toBe('success')
  expect(warnings(step)).toEqual([
    expect.objectContaining({
      title: 'reverify: a test results file was ignored',
      message: expect.stringMatching(/^test-results: reports\/junit.xml: ignored: not well-formed XML/)
    })
  ])
})
