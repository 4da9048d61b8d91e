/**
 * The quarantine through the bundled action (dist/index.js) against the local results
 * service, end to end (docs/flaky-tests.md): a real jest suite (+ jest-junit) in the
 * workspace with one always-failing test and the quarantine file at its default place.
 * Without an entry the step fails; with one it succeeds, the log holds a warning (never an
 * error) on the test's file and line, the summary names owner and expiry, and the cached
 * receipt lists the test as quarantined.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from '../helpers/cli.js'
import { dayFromToday, writeQuarantine } from '../helpers/quarantine.js'
import { FakeRunner, receiptsInCacheEntry, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

const INPUTS = {
  command: 'npx jest --ci',
  'expect-exit': '0',
  'max-retries': '1',
  'test-results': 'reports/junit.xml',
  name: 'Unit tests'
}

/** A runner whose workspace holds a jest project: `net fetches config` always fails, `net lists users` passes. */
async function jestRunner(name: string): Promise<{ runner: FakeRunner; service: ResultsService }> {
  const service = await started
  const runner = new FakeRunner(service, `octo/${name}`)
  const at = (path: string) => join(runner.workspace, path)
  symlinkSync(join(REPO_ROOT, 'node_modules'), at('node_modules'))
  writeFileSync(at('package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    at('jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  mkdirSync(at('src'))
  writeFileSync(
    at('src/net.test.js'),
    "describe('net', () => {\n  test('fetches config', () => {\n    expect('timeout').toBe('config')\n  })\n  test('lists users', () => {})\n})\n"
  )
  return { runner, service }
}

const levels = (step: StepResult) => step.annotations.map(annotation => annotation.level)

test('an always-failing test fails the step; quarantined, the step passes with a warning, the summary and the receipt say so', async () => {
  const { runner, service } = await jestRunner('quarantine')
  const failed = await runner.main(INPUTS)
  expect(failed.code).toBe(1)
  expect(failed.annotations).toContainEqual(
    expect.objectContaining({ level: 'error', title: 'Unit tests: net fetches config failed in every attempt (2/2 attempts)' })
  )

  const expires = dayFromToday(30)
  writeQuarantine(runner.workspace, [
    { test: 'net fetches config', owner: '@acme/platform', reason: 'times out against the staging proxy', expires, issue: 812 }
  ])
  runner.freshTemp()
  const step = await runner.main({ ...INPUTS, 'capture-before-retry': 'off' })
  expect(step.code).toBe(0)
  expect(step.outputs.outcome).toBe('success')
  // A warning on the test's file and line, in the log's workflow commands; no error at all.
  expect(levels(step)).toEqual(['warning'])
  expect(step.annotations[0]).toEqual({
    level: 'warning',
    title: 'Unit tests: quarantined test failed — net fetches config',
    file: 'src/net.test.js',
    line: 3,
    col: 23,
    // The failing run before this one and this one: the test's rate over the history.
    message: expect.stringMatching(
      /^Quarantined until \d{4}-\d{2}-\d{2} by @acme\/platform: "times out against the staging proxy" \(issue #812\)\. The run passed because every failure is quarantined\. Failed in 2 of the last 2 runs \(100 %\) · first seen \d{4}-\d{2}-\d{2}\.$/
    )
  })
  expect(step.stdout).not.toMatch(/^::error/m)
  expect(step.summary).toContain(
    `**1 quarantined test failed:** \`net fetches config\` — owner @acme/platform, expires ${expires}. The run passed because every failure is quarantined.`
  )
  expect(step.summary).not.toContain('**Failed tests**')

  const entries = service.cacheEntries().filter(entry => entry.key.startsWith(`reverify-v1-${step.state['history-key']}-`))
  const receipts = await receiptsInCacheEntry(entries[entries.length - 1]!)
  expect(receipts.find(receipt => receipt.run_id === step.outputs['run-id'])).toMatchObject({
    status: 'passed',
    quarantined: ['net fetches config'],
    gate: 'quarantine'
  })
}, 120_000)

test('an alias bomb, an entry added after today, or a .github that links out of the workspace fails the step with one line naming the file; the command never runs', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/quarantine-refused')
  const at = (path: string) => join(runner.workspace, path)
  const inputs = { command: 'echo ran >> ran.log', 'expect-exit': '0', name: 'Unit tests' }
  const bomb = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
  for (const [previous, name] of ['ab', 'bc', 'cd', 'de', 'ef', 'fg', 'gh', 'hi', 'ij'] as const)
    bomb.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`)
  const elsewhere = mkdtempSync(join(tmpdir(), 'reverify-quarantine-outside-'))
  writeQuarantine(elsewhere, [{ test: 'net fetches config', owner: '@acme/platform', reason: 'slow' }])
  const cases: [string, () => void, string][] = [
    [
      'alias bomb',
      () => writeFileSync(at('.github/reverify-quarantine.yml'), `${bomb.join('\n')}\nquarantine: *j\n`),
      'quarantine: .github/reverify-quarantine.yml: cannot be read as YAML: its aliases expand to too much (at most 100 are read)'
    ],
    [
      'added tomorrow',
      () =>
        writeQuarantine(runner.workspace, [
          { test: 'net fetches config', owner: '@acme/platform', reason: 'slow', added: dayFromToday(1) }
        ]),
      `quarantine: .github/reverify-quarantine.yml: entry 1 ('net fetches config'): added ${dayFromToday(1)} is after today`
    ],
    [
      '.github links out',
      () => symlinkSync(join(elsewhere, '.github'), at('.github')),
      'quarantine: .github/reverify-quarantine.yml: leads out of the repository through a symbolic link'
    ]
  ]
  for (const [label, setup, message] of cases) {
    rmSync(at('.github'), { recursive: true, force: true })
    mkdirSync(at('.github'))
    if (label === '.github links out') rmSync(at('.github'), { recursive: true })
    setup()
    runner.freshTemp()
    const step = await runner.main(inputs)
    expect({ label, code: step.code }).toEqual({ label, code: 1 })
    const errors = step.annotations.filter(annotation => annotation.level === 'error')
    expect(errors).toHaveLength(1)
    expect(errors[0]!.message).toContain(message)
    expect(step.stdout).not.toContain('internal error')
    expect(existsSync(at('ran.log'))).toBe(false)
  }
}, 120_000)
