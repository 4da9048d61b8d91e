// Row (l): rerunning only the failed tests (docs/design.md §1 "Rerunning only the failed
// tests"). A real jest suite of 300 tests in 15 files, each test waiting 20 ms on a timer,
// two of them flaky (each fails on its first execution, counted in a file, and passes
// afterwards), run by the CLI with one retry: retrying the whole command, with
// `--rerun-failed-tests jest` (which starts the project's own node_modules/.bin/jest), and
// (a reference) with the same rerun as a template that goes through npx.
// Per-file startup is jest's own (module registry, environment, transform), nothing
// simulated. The attempts' durations come from the run's trace.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { interleave, median, requireExit, timeProcess } from './measure.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FILES = 15
const TESTS_PER_FILE = 20
const TEST_WAIT_MS = 20
/** [file, test] of the flaky tests: far apart, so a rerun loads two test files. */
const FLAKY = [
  [3, 7],
  [11, 15]
]
const RESULTS = 'reports/junit.xml'
// As a project runs jest (the preset reruns it with the project's node_modules/.bin/jest).
const JEST = 'npx jest --ci'
// The preset's rerun through npx, as a template: what npx would cost a rerun.
const NPX_TEMPLATE = 'npx jest --ci {files} -t {pattern}'

const pad = number => String(number).padStart(2, '0')

/** One test file: 20 tests, each waiting 20 ms; the flaky ones fail on their first execution. */
function testFile(file) {
  const tests = Array.from({ length: TESTS_PER_FILE }, (_, test) => {
    const flaky = FLAKY.some(([f, t]) => f === file && t === test)
    const body = flaky ? `await wait(); expect(firstExecution('${pad(file)}-${pad(test)}')).toBe(false)` : 'await wait()'
    return `  test('case ${pad(test)}', async () => { ${body} })`
  })
  return [
    "const { existsSync, readFileSync, writeFileSync } = require('fs')",
    "const { join } = require('path')",
    `const wait = () => new Promise(resolve => setTimeout(resolve, ${TEST_WAIT_MS}))`,
    '// Counts executions in counters/<id>; true the first time only.',
    'function firstExecution(id) {',
    "  const file = join(__dirname, '..', 'counters', id)",
    "  const count = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0",
    '  writeFileSync(file, String(count + 1))',
    '  return count === 0',
    '}',
    `describe('module ${pad(file)}', () => {`,
    ...tests,
    '})',
    ''
  ].join('\n')
}

/** The jest project in a new folder under `scratch`, using the repository's jest and jest-junit. */
function writeProject(scratch) {
  const dir = mkdtempSync(join(scratch, 'rerun-jest-'))
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  // jest-junit with the file attribute, so the rerun can name each failed test's file.
  const reporter = `['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]`
  writeFileSync(
    join(dir, 'jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], cacheDirectory: '<rootDir>/.jest-cache', reporters: ['default', ${reporter}] }\n`
  )
  mkdirSync(join(dir, 'src'))
  for (let file = 0; file < FILES; file++) writeFileSync(join(dir, 'src', `module-${pad(file)}.test.js`), testFile(file))
  return dir
}

/** The run's receipt and its trace's events (a fresh state dir holds exactly one run). */
function readRun(stateDir) {
  const runs = join(stateDir, 'runs')
  const [runId] = readdirSync(runs)
  const receipt = JSON.parse(readFileSync(join(runs, runId, 'receipt.json'), 'utf8'))
  const events = readFileSync(join(receipt.session.dir, 'trace.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line))
  return { receipt, events }
}

/**
 * One measured run: counters and results reset, a fresh state dir. Checks that the run did
 * what the row claims (passed and flaky in two attempts; with reruns, a second attempt that
 * reran exactly the two flaky tests), so a figure never stands for something else.
 */
async function measuredRun({ cli, dir, rerun, label }) {
  for (const path of ['counters', 'reports', 'state']) rmSync(join(dir, path), { recursive: true, force: true })
  mkdirSync(join(dir, 'counters'))
  const stateDir = join(dir, 'state')
  const argv = [process.execPath, cli, 'run', '--command', JEST, '--expect-exit', '0', '--test-results', RESULTS]
  argv.push('--max-retries', '1', '--state-dir', stateDir, ...(rerun ? ['--rerun-failed-tests', rerun] : []))
  const what = `reverify run (${label})`
  const sample = requireExit(await timeProcess(argv, { cwd: dir }), 0, what)
  const { receipt, events } = readRun(stateDir)
  if (receipt.status !== 'passed' || receipt.flaky !== true || receipt.attempts !== 2) {
    throw new Error(`${what}: expected passed and flaky in 2 attempts, got ${receipt.status} in ${receipt.attempts}`)
  }
  const phase = name => events.filter(event => event.phase === name)
  const secondCall = phase('tool_call').find(event => event.payload.attempt === 2)
  const reran = secondCall?.payload.rerun?.tests ?? []
  if (rerun === undefined ? secondCall?.payload.rerun !== undefined : reran.length !== FLAKY.length) {
    throw new Error(`${what}: the second attempt reran ${reran.length} tests, expected ${rerun ? FLAKY.length : 'the whole command'}`)
  }
  const duration = attempt => phase('tool_result').find(event => event.payload.attempt === attempt).payload.duration_ms
  return { wallMs: sample.wallMs, firstMs: duration(1), secondMs: duration(2) }
}

/**
 * Resolves to { tests, files, flaky, fullMs, retryMs, rerunMs, directRerunMs, wholeWallMs,
 * rerunWallMs }: medians over `rounds` interleaved rounds (after one untimed warm-up of each,
 * which also fills jest's transform cache). fullMs is the first attempt (the whole suite) of
 * every variant; directRerunMs the rerun through a template starting jest with npx.
 */
export async function benchRerunFailedTests({ cli, scratch, rounds, progress }) {
  const dir = writeProject(scratch)
  try {
    const samples = await interleave(
      [
        { key: 'whole', run: () => measuredRun({ cli, dir, label: 'whole-command retry' }) },
        { key: 'rerun', run: () => measuredRun({ cli, dir, rerun: 'jest', label: 'rerun-failed-tests: jest' }) },
        { key: 'direct', run: () => measuredRun({ cli, dir, rerun: NPX_TEMPLATE, label: 'rerun through npx' }) }
      ],
      rounds,
      progress
    )
    const whole = samples.get('whole')
    const rerun = samples.get('rerun')
    const direct = samples.get('direct')
    return {
      tests: FILES * TESTS_PER_FILE,
      files: FILES,
      flaky: FLAKY.length,
      fullMs: median([...whole, ...rerun, ...direct].map(sample => sample.firstMs)),
      retryMs: median(whole.map(sample => sample.secondMs)),
      rerunMs: median(rerun.map(sample => sample.secondMs)),
      directRerunMs: median(direct.map(sample => sample.secondMs)),
      wholeWallMs: median(whole.map(sample => sample.wallMs)),
      rerunWallMs: median(rerun.map(sample => sample.wallMs))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
