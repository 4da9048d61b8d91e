/**
 * Quarantine with reruns through the bundled action (dist/index.js), end to end with a real
 * jest suite (docs/design.md §1 "Quarantine and flaky gates", §5 "Job summary", "Outputs"):
 * `net fetches config` always fails and is quarantined, `net retries once` fails on its first
 * run only. Attempt 1 fails on both; attempt 2 reruns them and leaves only the quarantined
 * test failing, which ends the run — no third attempt — and every surface tells it alike:
 * the table's expectation cell, the report, and outputs that agree with each other.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../helpers/cli.js'
import { writeQuarantine } from '../helpers/quarantine.js'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { readTrace } from '../helpers/trace.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

test('a rerun that leaves only the quarantined test failing passes there: attempts 2, `✓ quarantined (1)`, exit-code 1 beside quarantined 1', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/quarantine-rerun')
  const at = (path: string) => join(runner.workspace, path)
  symlinkSync(join(REPO_ROOT, 'node_modules'), at('node_modules'))
  writeFileSync(at('package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    at('jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  mkdirSync(at('src'))
  const marker = "require('path').join(__dirname, '..', 'flaky-ran')"
  writeFileSync(
    at('src/net.test.js'),
    [
      `const fs = require('fs')`,
      `describe('net', () => {`,
      `  test('fetches config', () => { expect('timeout').toBe('config') })`,
      `  test('retries once', () => { const first = !fs.existsSync(${marker}); fs.writeFileSync(${marker}, ''); expect(first).toBe(false) })`,
      `  test('lists users', () => {})`,
      `})`,
      ''
    ].join('\n')
  )
  writeQuarantine(runner.workspace, [
    { test: 'net fetches config', owner: '@acme/platform', reason: 'times out against the staging proxy' }
  ])

  const step = await runner.main({
    command: 'npx jest --ci',
    'expect-exit': '0',
    'max-retries': '2',
    'test-results': 'reports/junit.xml',
    'rerun-failed-tests': 'jest',
    'capture-before-retry': 'off',
    name: 'Unit tests'
  })
  expect(step.code).toBe(0)
  // The outputs agree: a success whose exit code is the runner's real 1, explained by one quarantined failure.
  expect(step.outputs).toMatchObject({ outcome: 'success', attempts: '2', 'exit-code': '1', quarantined: '1', flaky: 'true' })

  // No third attempt: attempt 2, the rerun, is the verified one.
  const events = readTrace(step.outputs['trace-dir']!)
  expect(events.filter(event => event.phase === 'tool_call').map(event => event.payload.attempt)).toEqual([1, 2])

  // The attempts table: attempt 1 failed, attempt 2 verified by the quarantine; both exit 1.
  const rows = step.summary.split('\n').filter(line => /^\| [12] \|/.test(line))
  expect(rows).toHaveLength(2)
  expect(rows[0]).toMatch(/^\| 1 \| .* \| 1 \| .* \| ✗ got 1 \|/)
  expect(rows[1]).toMatch(/^\| 2 \| .* \| 1 \| .* \| ✓ quarantined \(1\) \|/)
  expect(rows[1]).not.toContain('✗')

  // The report's expectations of attempt 2 say the same.
  const report = readFileSync(join(step.outputs['trace-dir']!, 'report.html'), 'utf8')
  expect(report).toContain('<td>expect-exit</td><td class="ok">✓ quarantined (1)</td>')
}, 180_000)
