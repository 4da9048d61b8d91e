// Row (n): what early flake detection costs (docs/design.md §1 "Early flake detection"). The
// suite of row (l) — 300 tests in 15 files, each waiting 20 ms on a timer, jest with
// jest-junit — none of them flaky: its history is made by one run, then 3 tests are added
// (in three files), and the run that meets them is measured with `--new-test-repeats 5` and
// without it, both with `--rerun-failed-tests jest` (the repeats run through the preset).
// Each measured run starts from a copy of the history's state directory, so the new tests
// are new every time. The repeats' durations come from the run's trace.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { interleave, median, requireExit, timeProcess } from './measure.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FILES = 15
const TESTS_PER_FILE = 20
const TEST_WAIT_MS = 20
/** The files the new tests are added to, one each. */
const NEW_IN = [2, 7, 12]
const REPEATS = 5
const RESULTS = 'reports/junit.xml'
const JEST = 'npx jest --ci'

const pad = number => String(number).padStart(2, '0')

/** One test file: 20 tests waiting 20 ms each, and the new one when `withNew`. */
function testFile(file, withNew) {
  const tests = Array.from({ length: TESTS_PER_FILE }, (_, test) => `  test('case ${pad(test)}', async () => { await wait() })`)
  if (withNew && NEW_IN.includes(file)) tests.push(`  test('new case', async () => { await wait() })`)
  return [
    `const wait = () => new Promise(resolve => setTimeout(resolve, ${TEST_WAIT_MS}))`,
    `describe('module ${pad(file)}', () => {`,
    ...tests,
    '})',
    ''
  ].join('\n')
}

function writeTests(dir, withNew) {
  for (let file = 0; file < FILES; file++) writeFileSync(join(dir, 'src', `module-${pad(file)}.test.js`), testFile(file, withNew))
}

/** The jest project in a new folder under `scratch`, using the repository's jest and jest-junit. */
function writeProject(scratch) {
  const dir = mkdtempSync(join(scratch, 'new-tests-jest-'))
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  mkdirSync(join(dir, '.git'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  const reporter = `['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]`
  writeFileSync(
    join(dir, 'jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], cacheDirectory: '<rootDir>/.jest-cache', reporters: ['default', ${reporter}] }\n`
  )
  mkdirSync(join(dir, 'src'))
  writeTests(dir, false)
  return dir
}

function runArgv(cli, stateDir, detect) {
  const argv = [process.execPath, cli, 'run', '--command', JEST, '--expect-exit', '0', '--test-results', RESULTS]
  argv.push('--max-retries', '1', '--rerun-failed-tests', 'jest', '--state-dir', stateDir)
  if (detect) argv.push('--new-test-repeats', String(REPEATS))
  return argv
}

/** The trace's events of the one run a state directory copied from the history holds beside it. */
function newestRunEvents(stateDir, historyRunIds) {
  const runId = readdirSync(join(stateDir, 'runs')).find(id => !historyRunIds.includes(id))
  const receipt = JSON.parse(readFileSync(join(stateDir, 'runs', runId, 'receipt.json'), 'utf8'))
  const events = readFileSync(join(receipt.session.dir, 'trace.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line))
  return { receipt, events }
}

/** One measured run from a copy of the history; checks it did what the row claims. */
async function measuredRun({ cli, dir, detect, historyRunIds }) {
  const stateDir = join(dir, 'state')
  rmSync(stateDir, { recursive: true, force: true })
  rmSync(join(dir, 'reports'), { recursive: true, force: true })
  cpSync(join(dir, 'history'), stateDir, { recursive: true })
  const what = `reverify run (${detect ? `new-test-repeats ${REPEATS}` : 'no detection'})`
  const sample = requireExit(await timeProcess(runArgv(cli, stateDir, detect), { cwd: dir }), 0, what)
  const { receipt, events } = newestRunEvents(stateDir, historyRunIds)
  if (receipt.status !== 'passed') throw new Error(`${what}: expected passed, got ${receipt.status}`)
  const repeats = events.filter(event => event.phase === 'tool_call' && event.payload.repeat !== undefined)
  const expected = detect ? REPEATS : 0
  if (repeats.length !== expected) throw new Error(`${what}: ${repeats.length} repeats in the trace, expected ${expected}`)
  for (const call of repeats) {
    if ((call.payload.repeat.tests ?? []).length !== NEW_IN.length)
      throw new Error(`${what}: a repeat ran ${call.payload.repeat.tests?.length} tests, expected ${NEW_IN.length}`)
  }
  const repeatAttempts = new Set(repeats.map(call => call.payload.attempt))
  const repeatMs = events
    .filter(event => event.phase === 'tool_result' && repeatAttempts.has(event.payload.attempt))
    .reduce((sum, event) => sum + event.payload.duration_ms, 0)
  return { wallMs: sample.wallMs, repeatMs }
}

/**
 * Resolves to { tests, added, repeats, plainWallMs, detectWallMs, repeatsMs }: medians over
 * `rounds` interleaved rounds, after one untimed warm-up of each (which also fills jest's
 * transform cache).
 */
export async function benchNewTestDetection({ cli, scratch, rounds, progress }) {
  const dir = writeProject(scratch)
  try {
    // The history: one run of the suite without the new tests.
    const historyDir = join(dir, 'history')
    requireExit(await timeProcess(runArgv(cli, historyDir, false), { cwd: dir }), 0, 'the history run')
    const historyRunIds = readdirSync(join(historyDir, 'runs'))
    writeTests(dir, true)
    const samples = await interleave(
      [
        { key: 'plain', run: () => measuredRun({ cli, dir, detect: false, historyRunIds }) },
        { key: 'detect', run: () => measuredRun({ cli, dir, detect: true, historyRunIds }) }
      ],
      rounds,
      progress
    )
    const plain = samples.get('plain')
    const detect = samples.get('detect')
    return {
      tests: FILES * TESTS_PER_FILE + NEW_IN.length,
      added: NEW_IN.length,
      repeats: REPEATS,
      plainWallMs: median(plain.map(sample => sample.wallMs)),
      detectWallMs: median(detect.map(sample => sample.wallMs)),
      repeatsMs: median(detect.map(sample => sample.repeatMs))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
