/**
 * The surfaces of a rerun through the bundled action (dist/index.js) against the local
 * results service, with a real jest suite whose JUnit messages carry the runner's absolute
 * paths (docs/design.md §5 "Annotations", "Job summary", "The log"; §2 "Exports"): paths
 * are shown relative to the workspace, the "what ran" column has REVIEWER's shape and the
 * rerun column does not repeat the failing tests, each log group names what its attempt
 * ran, and the run's test count is one number in the OTLP run span, ctrf.json and the
 * receipt. A command that fails without test results gets a title cut at a word and a body
 * that gives its exit code.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../helpers/cli.js'
import { decodeTraces, startReceiver } from '../helpers/otlp-receiver.js'
import { readZip, ResultsService } from '../helpers/results-service.js'
import { FakeRunner, receiptsInCacheEntry } from '../helpers/runner.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

/** A jest project (+ jest-junit): `api returns the user` always fails, `net fetches config` fails the first time only; 4 tests. */
function jestWorkspace(runner: FakeRunner): void {
  const at = (path: string) => join(runner.workspace, path)
  symlinkSync(join(REPO_ROOT, 'node_modules'), at('node_modules'))
  writeFileSync(at('package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    at('jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  mkdirSync(at('src'))
  writeFileSync(
    at('src/api.test.js'),
    "describe('api', () => {\n  test('returns the user', () => {\n    expect(500).toBe(200)\n  })\n  test('lists users', () => {})\n})\n"
  )
  writeFileSync(
    at('src/net.test.js'),
    [
      "const fs = require('fs')",
      "const path = require('path')",
      "describe('net', () => {",
      "  test('fetches config', () => {",
      "    const ran = path.join(__dirname, '..', 'flaky-ran'); const first = !fs.existsSync(ran); fs.writeFileSync(ran, '')",
      '    expect(first).toBe(false)',
      '  })',
      "  test('retries', () => {})",
      '})',
      ''
    ].join('\n')
  )
}

test('a rerun run: workspace-relative paths, what each attempt ran, named log groups, one test count everywhere', async () => {
  const service = await started
  const receiver = await startReceiver()
  try {
    const runner = new FakeRunner(service, 'octo/app')
    jestWorkspace(runner)
    const inputs = {
      command: 'npx jest --ci',
      'expect-exit': '0',
      'max-retries': '2',
      'test-results': 'reports/junit.xml',
      'rerun-failed-tests': 'jest',
      'capture-before-retry': 'off',
      name: 'Unit tests'
    }
    const step = await runner.main(inputs, { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } })
    expect(step.code).toBe(1)
    const runId = step.outputs['run-id']!

    // 1. The runner's absolute paths are workspace-relative in the annotations and the failed-tests table.
    const error = step.annotations.find(annotation => annotation.level === 'error')!
    expect(error.message).toContain('at Object.toBe (src/api.test.js:3:17)')
    const warning = step.annotations.find(annotation => annotation.level === 'warning' && annotation.title?.includes('flaky'))!
    expect(warning.message).toContain('(src/net.test.js:6:19)')
    for (const annotation of step.annotations) expect(annotation.message).not.toContain(runner.workspace)
    expect(step.summary).toContain('at Object.toBe (src/api.test.js:3:17) |')
    expect(step.summary).not.toContain(runner.workspace)

    // 2. What each attempt ran; the rerun cell counts and leaves the names to the failing-tests column.
    const rows = step.summary.split('\n').filter(line => /^\| \d \|/.test(line))
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatch(/^\| 1 \| full suite \(`npx jest --ci`, 4 tests\) \| 1 \|/)
    expect(rows[1]).toMatch(
      /^\| 2 \| 2 failed tests \(`node_modules\/\.bin\/jest --ci src\/(net|api)\.test\.js src\/(net|api)\.test\.js -t …`\) \| 1 \|.* \| ✗ 1 of 2 passed \| api returns the user \|$/
    )
    expect(rows[2]).toMatch(/^\| 3 \| 1 failed test \| 1 \|.* \| ✗ 0 of 1 passed \| api returns the user \|$/)
    expect(step.summary).not.toContain('^(?:')

    // 3. Each log group names what its attempt ran.
    const groups = step.stdout.split('\n').filter(line => line.startsWith('::group::Attempt'))
    expect(groups[0]).toBe('::group::Attempt 1/3 — npx jest --ci')
    expect(groups[1]).toMatch(
      /^::group::Attempt 2\/3 — 2 failed tests: node_modules\/\.bin\/jest --ci src\/\w+\.test\.js src\/\w+\.test\.js -t …$/
    )
    expect(groups[2]).toBe('::group::Attempt 3/3 — 1 failed test: node_modules/.bin/jest --ci src/api.test.js -t …')

    // 5. One test count for the run: the 4 tests it saw, in the run span, ctrf.json and the receipt.
    expect(receiver.requests).toHaveLength(1)
    const [{ spans }] = decodeTraces(receiver.requests[0]!.body) as [ReturnType<typeof decodeTraces>[number]]
    const run = spans.find(span => span.parentSpanId === undefined)!
    expect(run.attributes['reverify.tests.total']).toBe(4)
    const artifact = service.artifacts().find(item => item.name === `reverify-trace-${runId}`)!
    const files = readZip(artifact.data)
    const ctrf = JSON.parse(files.find(entry => entry.name === 'ctrf.json')!.data.toString('utf8'))
    expect(ctrf.results.summary.tests).toBe(4)
    const entry = service
      .cacheEntries()
      .filter(item => item.key.startsWith(`reverify-v1-${step.state['history-key']}-`))
      .at(-1)!
    const receipt = (await receiptsInCacheEntry(entry)).find(item => item.run_id === runId)!
    expect(receipt.tests.total).toBe(4)

    // ctrf.json's messages and the HTML report quote workspace-relative paths too.
    const failed = ctrf.results.tests.find((test: { name: string }) => test.name === 'api returns the user')
    expect(failed.message).toContain('(src/api.test.js:3:17)')
    expect(JSON.stringify(ctrf)).not.toContain(runner.workspace)
    const report = files.find(entry => entry.name === 'report.html')!.data.toString('utf8')
    expect(report).toContain('Ran 1 failed test of the attempt before: <code>node_modules/.bin/jest --ci src/api.test.js -t …</code>')
    expect(report).not.toContain(`${runner.workspace}/src/api.test.js:3`)
  } finally {
    await receiver.close()
  }
}, 300_000)

test('a command that fails without test results: a title cut at a word, the exit code in the body', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/build')
  const command = 'echo building the application bundle for every supported platform and architecture tonight && exit 1'
  const step = await runner.main({ command, 'expect-exit': '0', 'max-retries': '0', 'capture-before-retry': 'off', name: 'Build' })
  expect(step.code).toBe(1)
  const errors = step.annotations.filter(annotation => annotation.level === 'error')
  expect(errors).toHaveLength(1)
  const title = errors[0]!.title!
  // Cut after a whole word, marked with `…`, within GitHub's 255-character title.
  expect(title).toBe('Build: echo building the application bundle for every supported platform and … failed (1/1 attempts)')
  expect(title.length).toBeLessThanOrEqual(255)
  expect(errors[0]!.message.split('\n')[0]).toBe('Failed with exit 1 (expect-exit 0).')
}, 300_000)
