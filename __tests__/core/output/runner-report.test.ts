/**
 * What a test runner says beyond its results (docs/design.md §1 "Rerunning only the failed
 * tests"): failures outside every test and the runner's own count of failed tests, read from
 * the lines the real runners print (jest 30, vitest 4.1, pytest 9, go 1.19 with gotestsum,
 * mocha 11, node --test), streamed in pieces of any size, in bounded memory.
 */
import { readRunnerLine, RUNNER_LINE_STARTS, RUNNER_LINE_WORDS, RUNNER_WORDS } from '../../../src/core/output/runner-lines.js'
import { MAX_OUTSIDE_KEPT, RunnerReportWatch } from '../../../src/core/output/runner-report.js'
import { TextScan } from '../../../src/core/output/text-scan.js'

/** Streams `text` through a watch in pieces of `size` characters. */
function watch(text: string, size = text.length, found: string[] = []) {
  const runner = new RunnerReportWatch(found)
  for (let at = 0; at < text.length; at += size) runner.push(text.slice(at, at + size))
  runner.end()
  return runner.report()
}

// jest 30 with jest-junit's defaults: one failing test, one file that failed to run.
const JEST_SUITE_FAILED = [
  'FAIL src/net.test.js',
  '  ● net › fetches config',
  '',
  '    expect(received).toBe(expected) // Object.is equality',
  '',
  'FAIL src/broken.test.js',
  '  ● Test suite failed to run',
  '',
  "    Cannot find module './does-not-exist' from 'src/broken.test.js'",
  '',
  'PASS src/util.test.js',
  '',
  'Test Suites: 2 failed, 1 passed, 3 total',
  'Tests:       1 failed, 2 passed, 3 total',
  'Snapshots:   0 total',
  'Time:        0.567 s, estimated 1 s',
  'Ran all test suites.',
  ''
].join('\n')

test('jest: a file that failed to run is a failure outside the tests, named with its file, whatever the pieces', () => {
  for (const size of [1, 7, 64, JEST_SUITE_FAILED.length]) {
    expect(watch(JEST_SUITE_FAILED, size)).toEqual({
      outside: ['"● Test suite failed to run" (src/broken.test.js)'],
      outsideCount: 1,
      failedTests: 1
    })
  }
})

test("with the shared scan of the stream (other readers' words in it too), the same report", () => {
  const shared = new TextScan(['ERROR', 'rror', 'FAIL', 'panic', ...RUNNER_WORDS])
  for (const size of [3, 50, JEST_SUITE_FAILED.length]) {
    const runner = new RunnerReportWatch()
    for (let at = 0; at < JEST_SUITE_FAILED.length; at += size) {
      const piece = JEST_SUITE_FAILED.slice(at, at + size)
      runner.push(piece, shared.of(piece))
    }
    runner.end()
    expect(runner.report()).toEqual(watch(JEST_SUITE_FAILED))
  }
})

test('jest: a plain failing test and a filtered rerun say nothing outside the tests', () => {
  const failing = [
    'FAIL src/net.test.js',
    '  ● net › fetches config',
    '',
    'Test Suites: 1 failed, 2 passed, 3 total',
    'Tests:       1 failed, 32 passed, 33 total',
    ''
  ].join('\n')
  expect(watch(failing)).toEqual({ outside: [], outsideCount: 0, failedTests: 1 })
  // A rerun filtered with -t: the skipped suites and tests are not missing.
  const rerun = ['Test Suites: 1 failed, 2 skipped, 1 of 3 total', 'Tests:       1 failed, 3 skipped, 4 total', ''].join('\n')
  expect(watch(rerun)).toEqual({ outside: [], outsideCount: 0, failedTests: 1 })
  const passed = ['Test Suites: 1 skipped, 1 passed, 1 of 2 total', 'Tests:       3 skipped, 1 passed, 4 total', ''].join('\n')
  expect(watch(passed)).toEqual({ outside: [], outsideCount: 0, failedTests: 0 })
})

test.each([
  [
    'jest --bail: suites that never ran',
    'Test Suites: 1 failed, 4 passed, 5 of 6 total',
    '"Test Suites: 1 failed, 4 passed, 5 of 6 total" (1 test suite did not run)'
  ],
  ['jest: obsolete snapshots', 'Snapshots:   1 obsolete, 0 total', '"Snapshots: 1 obsolete, 0 total" (obsolete snapshots fail the run)'],
  [
    'jest 30: a coverage threshold',
    'Jest: Coverage for functions (50%) does not meet "global" threshold (100%)',
    '"Jest: Coverage for functions (50%) does not meet \\"global\\" threshold (100%)"'
  ],
  [
    'older jest: a coverage threshold',
    'Jest: "global" coverage threshold for lines (100%) not met: 50%',
    '"Jest: \\"global\\" coverage threshold for lines (100%) not met: 50%"'
  ],
  [
    'vitest: a file that failed to run',
    ' FAIL  src/broken.test.js [ src/broken.test.js ]',
    '"FAIL src/broken.test.js [ src/broken.test.js ]"'
  ],
  ['vitest --bail: files that never ran', ' Test Files  1 failed (5)', '"Test Files 1 failed (5)" (4 test files did not run)'],
  [
    'pytest: a collection error',
    '____________________ ERROR collecting tests/test_broken.py _____________________',
    '"ERROR collecting tests/test_broken.py"'
  ],
  [
    'pytest: collection interrupted',
    '!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!',
    '"Interrupted: 1 error during collection"'
  ],
  ['pytest -x', '!!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!!', '"stopping after 1 failures"'],
  ['go: a package that did not build', 'FAIL\texample.com/demo/broken [build failed]', '"FAIL example.com/demo/broken [build failed]"'],
  [
    'gotestsum: the same, through test2json',
    'bad output from test2json: FAIL\texample.com/demo/broken [build failed]',
    '"FAIL example.com/demo/broken [build failed]"'
  ],
  [
    'gotestsum: its tally of errors',
    'DONE 4 tests, 1 failure, 1 error in 2.523s',
    '"DONE 4 tests, 1 failure, 1 error in 2.523s" (1 package with an error outside the tests)'
  ],
  ['go: a panic', 'panic: boom [recovered]', '"panic: boom [recovered]" (a panic ends the test binary: the tests after it never ran)'],
  [
    'mocha: a file that failed to load',
    " Exception during run: Error: Cannot find module './does-not-exist'",
    '"Exception during run: Error: Cannot find module \'./does-not-exist\'"'
  ],
  ['node --test: cancelled tests', 'ℹ cancelled 2', '"ℹ cancelled 2" (tests cancelled before they ended)']
])('%s', (_label, line, what) => {
  expect(readRunnerLine(line)).toEqual({ kind: 'outside', what })
  expect(watch(`${line}\n`)?.outside).toEqual([what])
})

test.each([
  ['jest', 'Tests:       2 failed, 1 todo, 30 passed, 33 total', 2],
  ['vitest', '      Tests  1 failed | 2 passed (3)', 1],
  ['pytest', '========================= 1 failed, 1 error, 2 passed in 0.71s ==========================', 2],
  ['pytest, long', '=============== 3 failed, 10 passed, 1 warning in 65.32s (0:01:05) ================', 3],
  ['gotestsum', 'DONE 33 tests, 2 failures in 1.204s', 2],
  ['mocha', '  1 failing', 1],
  ['node --test (spec)', 'ℹ fail 2', 2],
  ['node --test (TAP)', '# fail 2', 2]
])('%s: the count of failed tests', (_label, line, count) => {
  expect(readRunnerLine(line)).toEqual({ kind: 'failed-tests', count })
})

test('lines that only look alike say nothing', () => {
  for (const line of [
    '● net › fetches config',
    'Tests are fun: 3 failed attempts at humour',
    '  this request failed, retrying',
    'FAILED tests/test_net.py::test_fetches_config - assert 1 == 2',
    'ℹ cancelled 0',
    '=== 2 passed in 0.1s ===',
    'Test Suites: 3 passed, 3 total',
    ' Test Files  1 failed | 2 passed (3)',
    '  panic: indented, not go'
  ]) {
    const found = readRunnerLine(line)
    expect(found === undefined || found.kind !== 'outside').toBe(true)
  }
})

test('vitest in colour: the escape codes are read through', () => {
  const coloured =
    '\x1b[2m Test Files \x1b[22m \x1b[1m\x1b[31m1 failed\x1b[39m\x1b[22m\x1b[90m (5)\x1b[39m\n\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[31m1 failed\x1b[39m\x1b[22m\x1b[2m | \x1b[22m\x1b[1m\x1b[32m1 passed\x1b[39m\x1b[22m\x1b[90m (2)\x1b[39m\n'
  expect(watch(coloured, 5)).toEqual({ outside: ['"Test Files 1 failed (5)" (4 test files did not run)'], outsideCount: 1, failedTests: 1 })
})

test('what the command says comes first; several totals add up; a last line without its newline is read', () => {
  const report = watch('Tests:       1 failed, 2 passed, 3 total\nTests:       2 failed, 1 passed, 3 total', 10, [
    'the command stops at the first failure (--bail)'
  ])
  expect(report).toEqual({ outside: ['the command stops at the first failure (--bail)'], outsideCount: 1, failedTests: 3 })
})

test('memory stays bounded: the first few failures are kept, the rest counted; an endless line is cut', () => {
  const many = Array.from({ length: 5_000 }, (_, index) => `FAIL\texample.com/p${index} [build failed]`).join('\n')
  const report = watch(many, 4096)
  expect(report?.outsideCount).toBe(5_000)
  expect(report?.outside).toHaveLength(MAX_OUTSIDE_KEPT)
  // A line of 10 MB with no newline: held to its first 1,000 characters.
  const runner = new RunnerReportWatch()
  for (let index = 0; index < 10_000; index++) runner.push('x'.repeat(1_000))
  runner.push(' ● Test suite failed to run\n')
  runner.end()
  expect(runner.report()).toBeUndefined()
})

test('nothing said: no report', () => {
  expect(watch('PASS src/a.test.js\nall good\n')).toBeUndefined()
})

/**
 * The lines a runner reads by the old rule: every line holding any of the words, whatever it
 * starts with (the rule the faster search of the stream must keep).
 */
function everyWordLine(text: string) {
  const words = [...RUNNER_WORDS, ...RUNNER_LINE_WORDS]
  const runner = new RunnerReportWatch()
  for (const line of text.split('\n')) if (words.some(word => line.includes(word))) runner.push(`${line}\n`)
  runner.end()
  return runner.report()
}

test('a tally is read however its line begins: escape codes, blanks, a redraw, CRLF, a wide blank', () => {
  const lines = [
    '\x1b[1mTests:\x1b[22m       \x1b[1m\x1b[31m2 failed\x1b[39m\x1b[22m, 3 total',
    '\t  1 failing',
    'compiling… 40%\rTests:       1 failed, 1 total',
    '=== 1 failed, 2 passed in 0.10s ===\r',
    '\u00a0ℹ fail 3',
    '\ufeff# fail 1',
    '\x01!!!!!!! stopping after 1 failures !!!!!!!',
    'ℹ cancelled 2',
    // Lines that hold a word but start otherwise are not tallies.
    'a request failed: Tests: 9 failed, 9 total',
    'error: Test Suites: 1 failed, 1 of 2 total'
  ]
  const text = `${lines.join('\n')}\n`
  const expected = everyWordLine(text)
  expect(expected).toEqual({
    outside: ['"stopping after 1 failures"', '"ℹ cancelled 2" (tests cancelled before they ended)'],
    outsideCount: 2,
    failedTests: 9
  })
  // Whole pieces, with the stream's shared scan and with the watch's own.
  const shared = new TextScan(['ERROR', 'rror', 'FAIL', ...RUNNER_WORDS], [0x45, ...RUNNER_LINE_STARTS])
  const withShared = new RunnerReportWatch()
  withShared.push(text, shared.of(text))
  withShared.end()
  expect(withShared.report()).toEqual(expected)
  expect(watch(text)).toEqual(expected)
  // A shared scan that flags no line starts is not used for them.
  const wordsOnly = new RunnerReportWatch()
  wordsOnly.push(text, new TextScan([...RUNNER_WORDS]).of(text))
  wordsOnly.end()
  expect(wordsOnly.report()).toEqual(expected)
})

test('the first line of a piece is read like any other', () => {
  const runner = new RunnerReportWatch()
  runner.push('Tests:       4 failed, 4 total\n')
  runner.push('  2 failing\n')
  runner.end()
  expect(runner.report()).toEqual({ outside: [], outsideCount: 0, failedTests: 6 })
})

test('a piece that starts with an empty line is read past it', () => {
  const runner = new RunnerReportWatch()
  runner.push('\n\nTests:       1 failed, 1 total\n')
  runner.end()
  expect(runner.report()).toEqual({ outside: [], outsideCount: 0, failedTests: 1 })
})
