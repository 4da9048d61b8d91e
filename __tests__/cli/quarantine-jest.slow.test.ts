/**
 * Quarantine and the flaky gates with a real runner (docs/design.md §1 "Quarantine and flaky
 * gates"): jest with jest-junit, a small suite with one test that always fails, one that
 * fails on its first run only, and tests that can be switched to fail. Quarantine excuses
 * the quarantined test's own failure and nothing else.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { onlyReceipt } from '../helpers/rerun-suite.js'
import { waitUntil } from '../helpers/budget.js'
import { expectWellFormedTrace, sessionDirs } from '../helpers/trace.js'

/** A day `offset` days from today (UTC), `YYYY-MM-DD`. */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

/** A jest project in a scratch git folder; `broken` always fails, `flaky` fails on its first run, `other` fails while `other-breaks` exists. */
function suite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-quarantine-jest-')))
  mkdirSync(join(dir, '.git'))
  mkdirSync(join(dir, '.github'))
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    join(dir, 'jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  mkdirSync(join(dir, 'src'))
  const here = (name: string) => `require('path').join(__dirname, '..', '${name}')`
  writeFileSync(
    join(dir, 'src', 'net.test.js'),
    [
      `const fs = require('fs')`,
      `fs.appendFileSync(${here('runs.log')}, 'net\\n')`,
      `describe('net', () => {`,
      `  test('resolves hosts', () => {})`,
      `  test('fetches config', () => { expect(fs.existsSync(${here('broken-fixed')})).toBe(true) })`,
      `  test('retries once', () => { const first = !fs.existsSync(${here('flaky-ran')}); fs.writeFileSync(${here('flaky-ran')}, ''); expect(first && fs.existsSync(${here('flaky-on')})).toBe(false) })`,
      `  test('parses urls', () => { expect(fs.existsSync(${here('other-breaks')})).toBe(false) })`,
      `})`,
      ''
    ].join('\n')
  )
  return dir
}

/** An entry for `test` with this owner, added `added` days from today and expiring `expires` days from today. */
function entry(test: string, added: number, expires: number, extra: Record<string, string> = {}): string {
  const fields = {
    test,
    owner: '"@platform-team"',
    reason: 'times out against the staging proxy',
    added: day(added),
    expires: day(expires),
    ...extra
  }
  return `  - ${Object.entries(fields)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n    ')}\n`
}

function quarantine(dir: string, ...entries: string[]): void {
  writeFileSync(join(dir, '.github', 'reverify-quarantine.yml'), `quarantine:\n${entries.join('')}`)
}

const RUN = [
  'run',
  '--command',
  'npx jest --ci',
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--capture-before-retry',
  'off'
]

/** Runs the CLI and returns its result with the one receipt, when one was written. */
async function run(dir: string, extra: string[] = []) {
  const result = await spawnCli([...RUN, ...extra], dir)
  const receipt =
    existsSync(join(dir, '.reverify', 'runs')) && readdirSync(join(dir, '.reverify', 'runs')).length > 0 ? onlyReceipt(dir) : undefined
  return { ...result, receipt }
}

describe('a quarantined test that always fails', () => {
  test('without an entry the run fails; with one it passes, the receipt names it and says quarantine decided', async () => {
    const bare = suite()
    const failed = await run(bare, ['--max-retries', '0'])
    expect(failed.code).toBe(1)
    expect(failed.receipt?.status).toBe('failed')

    const dir = suite()
    quarantine(dir, entry('net fetches config', -1, 30, { issue: '812' }))
    const passed = await run(dir, ['--max-retries', '2'])
    expect(passed.code).toBe(0)
    expect(passed.receipt?.status).toBe('passed')
    expect(passed.receipt?.quarantined).toEqual(['net fetches config'])
    expect(passed.receipt?.gate).toBe('quarantine')
    expect(passed.receipt?.flaky).toBe(false)
    // No whole-suite retry is spent on a failure that is already excused.
    expect(passed.receipt?.attempts).toBe(1)
  }, 60_000)

  test.each([
    ['a second, unquarantined test fails', (dir: string) => writeFileSync(join(dir, 'other-breaks'), ''), [], 'expect-exit 0 but got 1'],
    [
      'the runner exits 1 with no results',
      (dir: string) => writeFileSync(join(dir, 'jest.config.js'), 'module.exports = {'),
      [],
      'expect-exit 0'
    ],
    ['expect-stdout fails', () => undefined, ['--expect-stdout', 'text jest never prints'], 'stdout did not contain']
  ])(
    'the same entry while %s: the run fails',
    async (_label, breakIt, extra, why) => {
      const dir = suite()
      quarantine(dir, entry('net fetches config', -1, 30))
      breakIt(dir)
      const result = await run(dir, ['--max-retries', '0', ...extra])
      expect(result.code).toBe(1)
      expect(result.receipt?.status).toBe('failed')
      expect(result.receipt?.quarantined).toBeUndefined()
      expect(result.stdout).toContain(why)
    },
    60_000
  )
})

describe('expiry', () => {
  test('an entry that expired yesterday no longer applies: the run fails and says the entry expired', async () => {
    const dir = suite()
    quarantine(dir, entry('net fetches config', -40, -1))
    const result = await run(dir, ['--max-retries', '0'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      `reverify: warning: the quarantine of "net fetches config" in .github/reverify-quarantine.yml (owner @platform-team) expired on ${day(-1)} and no longer applies`
    )
    expect(result.stdout).toContain(`the quarantine of net fetches config (by @platform-team, expired ${day(-1)}) no longer applies`)
  }, 60_000)

  test('an entry expiring in 3 days still applies and warns, naming owner and date', async () => {
    const dir = suite()
    quarantine(dir, entry('net fetches config', -20, 3))
    const result = await run(dir, ['--max-retries', '0'])
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`(owner @platform-team) expires on ${day(3)}, in 3 days`)
  }, 60_000)
})

describe('a bad quarantine file is one line, exit 2, and nothing runs', () => {
  test.each([
    ['malformed YAML', 'quarantine:\n  - test: x\n   owner: [\n', /not valid YAML at line 3, column \d+: /],
    [
      'a missing owner',
      `quarantine:\n  - test: x\n    reason: r\n    added: ${day(0)}\n    expires: ${day(5)}\n`,
      /entry 1 \('x'\): owner is missing$/
    ],
    [
      'expires 200 days out',
      entry('x', 0, 200).replace(/^/, 'quarantine:\n'),
      /entry 1 \('x'\): expires \S+ is 200 days after added \S+; at most 90 days/
    ],
    [
      'a duplicate entry',
      `quarantine:\n${entry('x', 0, 5)}${entry('x', 0, 9)}`,
      /entry 2 \('x'\): the same test as entry 1; keep one entry per test$/
    ],
    [
      'the owner placeholder',
      `quarantine:\n${entry('x', 0, 5).replace('"@platform-team"', '"<owner>"')}`,
      /owner is still the placeholder <owner>/
    ]
  ])(
    '%s',
    async (_label, content, message) => {
      const dir = suite()
      writeFileSync(join(dir, '.github', 'reverify-quarantine.yml'), content)
      const result = await spawnCli([...RUN], dir)
      expect(result.code).toBe(2)
      const lines = result.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^reverify: --quarantine: \.github\/reverify-quarantine\.yml: /)
      expect(lines[0]).toMatch(message)
      // Nothing ran and nothing was written.
      expect(existsSync(join(dir, 'runs.log'))).toBe(false)
      expect(existsSync(join(dir, '.reverify', 'runs'))).toBe(false)
    },
    30_000
  )
})

describe('flaky gates', () => {
  /** A suite whose only failure is the flaky test's first run. */
  function flakySuite(): string {
    const dir = suite()
    writeFileSync(join(dir, 'broken-fixed'), '')
    writeFileSync(join(dir, 'flaky-on'), '')
    return dir
  }

  test('a flaky pass passes by default, and fail-on-flaky fails it naming the test and the gate', async () => {
    const allowed = await run(flakySuite(), ['--max-retries', '1'])
    expect(allowed.code).toBe(0)
    expect(allowed.receipt?.flaky).toBe(true)
    expect(allowed.receipt?.gate).toBeUndefined()

    const gated = await run(flakySuite(), ['--max-retries', '1', '--fail-on-flaky'])
    expect(gated.code).toBe(1)
    expect(gated.receipt?.status).toBe('failed')
    expect(gated.receipt?.gate).toBe('fail-on-flaky')
    expect(gated.receipt?.tests.flaky).toEqual(['net retries once'])
    expect(gated.stdout).toContain(
      'flaky pass refused by fail-on-flaky: net retries once failed, then passed on a retry, and is not quarantined'
    )
  }, 60_000)

  test('fail-on-flaky with the flaky test quarantined: success, its failure excused at once with or without reruns', async () => {
    const excused = flakySuite()
    quarantine(excused, entry('net retries once', -1, 30))
    const atOnce = await run(excused, ['--max-retries', '1', '--fail-on-flaky'])
    expect(atOnce.code).toBe(0)
    expect(atOnce.receipt).toMatchObject({
      status: 'passed',
      flaky: false,
      attempts: 1,
      quarantined: ['net retries once'],
      gate: 'quarantine'
    })

    // With reruns too: a failure that is entirely quarantined needs no rerun.
    const rerun = flakySuite()
    quarantine(rerun, entry('net retries once', -1, 30))
    const withReruns = await run(rerun, ['--max-retries', '1', '--fail-on-flaky', '--rerun-failed-tests', 'jest'])
    expect(withReruns.code).toBe(0)
    expect(withReruns.receipt).toMatchObject({ status: 'passed', flaky: false, attempts: 1, quarantined: ['net retries once'] })
  }, 60_000)

  test('a quarantined test that fails next to a flaky one: the rerun that leaves only it failing is excused, no third attempt', async () => {
    const dir = suite()
    writeFileSync(join(dir, 'flaky-on'), '')
    quarantine(dir, entry('net fetches config', -1, 30))
    const result = await run(dir, ['--max-retries', '2', '--rerun-failed-tests', 'jest'])
    expect(result.code).toBe(0)
    expect(result.receipt).toMatchObject({
      status: 'passed',
      flaky: true,
      attempts: 2,
      quarantined: ['net fetches config'],
      gate: 'quarantine'
    })
    expect(result.receipt?.tests.flaky).toEqual(['net retries once'])
    const [session] = sessionDirs(join(dir, '.reverify'))
    const events = expectWellFormedTrace(session!)
    expect(events.filter(event => event.phase === 'tool_call').map(event => event.payload.attempt)).toEqual([1, 2])
    const verdicts = events.filter(event => event.phase === 'verify').map(event => [event.payload.attempt, event.payload.ok])
    expect(verdicts).toEqual([
      [1, false],
      [2, true]
    ])
    // Attempt 2 reran both failed tests; nothing reran the quarantined one alone.
    expect(events.find(event => event.phase === 'tool_call' && event.payload.attempt === 2)?.payload.rerun.tests).toEqual([
      'net fetches config',
      'net retries once'
    ])
    expect(result.stdout).toMatch(/attempts: 2\/3/)
  }, 90_000)

  test('a quarantined test that fails alone is excused on the first attempt, reruns or not', async () => {
    const dir = suite()
    quarantine(dir, entry('net fetches config', -1, 30))
    const result = await run(dir, ['--max-retries', '2', '--rerun-failed-tests', 'jest'])
    expect(result.code).toBe(0)
    expect(result.receipt).toMatchObject({ status: 'passed', flaky: false, attempts: 1, quarantined: ['net fetches config'] })
  }, 60_000)

  test('max-flaky-tests 0 fails a pass with one flaky test; 1 lets it through', async () => {
    const over = await run(flakySuite(), ['--max-retries', '1', '--max-flaky-tests', '0'])
    expect(over.code).toBe(1)
    expect(over.receipt?.gate).toBe('max-flaky-tests')
    expect(over.stdout).toContain('flaky pass refused by max-flaky-tests: 1 flaky test (net retries once), more than max-flaky-tests (0)')
    const within = await run(flakySuite(), ['--max-retries', '1', '--max-flaky-tests', '1'])
    expect(within.code).toBe(0)
  }, 60_000)
})

describe('a crash between the trace end and the receipt', () => {
  test('the next run settles the receipt from the trace with the quarantined tests and the gate that decided', async () => {
    const dir = suite()
    quarantine(dir, entry('net fetches config', -1, 30))
    let pid = 0
    const marker = join(dir, 'paused')
    const crashed = spawnCli([...RUN, '--max-retries', '0'], dir, {
      env: { REVERIFY_TEST_PAUSE_AT: `after-trace-end:${marker}` },
      onSpawn: spawned => (pid = spawned)
    })
    await waitUntil(() => existsSync(marker), 'the run never paused', 30_000)
    process.kill(pid, 'SIGKILL')
    await crashed
    const [runId] = readdirSync(join(dir, '.reverify', 'runs'))
    const receiptPath = join(dir, '.reverify', 'runs', runId!, 'receipt.json')
    expect(JSON.parse(readFileSync(receiptPath, 'utf8')).status).toBe('running')
    // The next run of the same command finds it ended in its trace and settles it first.
    await spawnCli([...RUN, '--max-retries', '0'], dir)
    expect(JSON.parse(readFileSync(receiptPath, 'utf8'))).toMatchObject({
      status: 'passed',
      quarantined: ['net fetches config'],
      gate: 'quarantine'
    })
  }, 60_000)
})
