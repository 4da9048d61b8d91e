/**
 * Hostile and broken JSON reports (docs/design.md §1 "Test results", "JSON reports"): each is
 * a warning naming the file and adds nothing, a good report beside them still counts, a
 * report that is not one of the three runners' is not guessed at, and what is kept of huge
 * strings stays within the caps the JUnit reader keeps.
 */
import { expect, test } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { readAttemptTests } from '../../../src/core/test-results/attempt-tests.js'
import { parseJsonResultsFile } from '../../../src/core/test-results/json-results.js'
import type { ParsedTestCase } from '../../../src/core/test-results/junit-parser.js'

const GOOD = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'json', 'playwright', 'playwright.json'), 'utf8')

/** A jest report of one file whose tests are given as records. */
const jestReport = (tests: object[], file = '/w/src/a.test.js'): string =>
  JSON.stringify({ numRuntimeErrorTestSuites: 0, testResults: [{ assertionResults: tests, name: file, status: 'passed', message: '' }] })
const jestTest = (title: string, extra: object = {}): object => ({
  ancestorTitles: ['g'],
  title,
  status: 'passed',
  invocations: 1,
  failureMessages: [],
  ...extra
})
/** A Playwright report of one file suite holding the given specs and groups. */
const playwrightReport = (suite: object): string => JSON.stringify({ config: {}, suites: [suite], errors: [] })
const spec = (title: string, tests: object[] = [{ status: 'expected', results: [{ status: 'passed', duration: 1 }] }]): object => ({
  title,
  tests,
  line: 3
})

/** Files that must each be one warning, keyed by name, with what the warning says. */
const HOSTILE: Record<string, [string, string]> = {
  'not-json.json': ['{ this is not json', 'not well-formed JSON (unexpected t at character 2)'],
  'truncated.json': [GOOD.slice(0, Math.floor(GOOD.length / 2)), 'not well-formed JSON (the file ends before the JSON does)'],
  'root-array.json': ['[{"testResults": []}]', 'not a test report reverify reads'],
  // Not an object or array at the start: the JUnit reader is given it, and says so.
  'root-string.json': ['"hello"', 'not well-formed XML'],
  'package.json': ['{"name": "x", "version": "1.0.0", "scripts": {"test": "jest"}}', 'not a test report reverify reads'],
  'deep.json': [`{"testResults": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`, 'ignored: nested deeper than 256'],
  'long-number.json': [`{"testResults": [], "numTotalTests": ${'9'.repeat(100_000)}}`, 'ignored: a number longer than 64 characters'],
  'unknown-status.json': [
    jestReport([jestTest('a'), jestTest('b', { status: 'excused' })]),
    `a test's status "excused" is not one jest or vitest writes`
  ],
  'no-title.json': [jestReport([{ ancestorTitles: [], status: 'failed' }]), 'a test has no title'],
  'many-groups.json': [
    jestReport([jestTest('a', { ancestorTitles: Array.from({ length: 100 }, (_, i) => `g${i}`) })]),
    'a test is inside more than 64 groups'
  ],
  'title-after.json': [
    JSON.stringify({ suites: [{ specs: [spec('s')], title: 'late.spec.js' }] }),
    "a suite's title comes after its tests, or is missing"
  ],
  'playwright-status.json': [
    playwrightReport({ title: 'a.spec.js', specs: [spec('s', [{ status: 'passed-ish', results: [] }])] }),
    `a test's status "passed-ish" is not one Playwright writes`
  ],
  'spec-flood.json': [
    playwrightReport({
      title: 'a.spec.js',
      specs: [
        spec(
          's',
          Array.from({ length: 300 }, () => ({ status: 'expected', results: [] }))
        )
      ]
    }),
    'a spec has more than 256 tests'
  ]
}

test('every hostile or broken report is a warning naming it; the good report beside them still counts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-json-hostile-'))
  try {
    mkdirSync(join(dir, 'reports'))
    for (const [name, [content]] of Object.entries(HOSTILE)) writeFileSync(join(dir, 'reports', name), content)
    // A byte-order mark and white space before the report do not hide it.
    writeFileSync(join(dir, 'reports', 'good.json'), `\ufeff \n${GOOD}`)
    const tests = await readAttemptTests({ patterns: ['reports/*.json'], workingDirectory: dir, sinceMs: 0, watch: new Set() })
    expect(tests.files).toEqual(['reports/good.json'])
    expect([tests.total, tests.failed, tests.skipped]).toEqual([5, 1, 1])
    const warned = Object.fromEntries(tests.warnings.map(warning => [warning.file, warning.reason]))
    expect(Object.keys(warned).sort()).toEqual(
      Object.keys(HOSTILE)
        .map(name => `reports/${name}`)
        .sort()
    )
    for (const [name, [, reason]] of Object.entries(HOSTILE)) {
      expect(warned[`reports/${name}`]).toContain(reason)
      expect(warned[`reports/${name}`]).toMatch(/^ignored: [^\n]+$/)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a 20 MB title and failure, and long groups and retry reasons, keep only their caps; the counts stay whole', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-json-huge-'))
  try {
    const big = 'x'.repeat(20 * 1024 * 1024)
    const long = 'y'.repeat(100_000)
    const path = join(dir, 'huge.json')
    writeFileSync(
      path,
      jestReport([
        jestTest(big),
        jestTest('b', { status: 'failed', failureMessages: [`Error: ${big}`], retryReasons: [long, long], invocations: 3 }),
        jestTest('c', { ancestorTitles: [long], location: { line: 7, column: 1 }, duration: 12.6 })
      ])
    )
    const seen: ParsedTestCase[] = []
    const outcome = await parseJsonResultsFile(path, test => seen.push(test), { workingDirectory: dir })
    expect(outcome).toEqual({ ok: true, tests: 3 })
    expect(seen.map(test => test.name.length)).toEqual([4_000, 3, 4_000])
    expect(seen[1]!.message!.length).toBeLessThanOrEqual(1_000)
    expect(seen[1]!.detail!.length).toBeLessThanOrEqual(4_000)
    expect(seen[1]!.runner).toMatchObject({ runs: 3, form: 'invocations' })
    expect(seen[1]!.runner!.firstMessage!.length).toBeLessThanOrEqual(1_000)
    // Named relative to the working directory, as jest-junit names it relative to where jest ran.
    expect(seen[2]).toMatchObject({ line: 7, durationMs: 13, file: relative(dir, '/w/src/a.test.js') })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a report with fifty thousand tests in one file is read; one more is refused, not held', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-json-flood-'))
  try {
    const report = (count: number): string =>
      `{"testResults":[{"assertionResults":[${Array.from({ length: count }, (_, i) => `{"title":"t${i}","status":"passed","invocations":1}`).join(',')}],"name":"a.test.js"}]}`
    writeFileSync(join(dir, 'held.json'), report(50_000))
    writeFileSync(join(dir, 'flood.json'), report(50_001))
    expect(await parseJsonResultsFile(join(dir, 'held.json'), () => {}, { workingDirectory: dir })).toEqual({ ok: true, tests: 50_000 })
    expect(await parseJsonResultsFile(join(dir, 'flood.json'), () => {}, { workingDirectory: dir })).toEqual({
      ok: false,
      reason: 'ignored: one test file has more than 50,000 tests, or more text than reverify holds'
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a vitest file that failed outside its tests is a failed test named for the file, as its JUnit reporter names it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-json-vitest-'))
  try {
    const path = join(dir, 'vitest.json')
    writeFileSync(
      path,
      JSON.stringify({
        testResults: [
          { assertionResults: [], name: join(dir, 'src/broken.test.js'), status: 'failed', message: 'Cannot find module ./nope' },
          {
            assertionResults: [{ ancestorTitles: [], title: 'ok', status: 'passed', failureMessages: [], meta: {} }],
            name: join(dir, 'src/ok.test.js'),
            status: 'passed',
            message: ''
          }
        ]
      })
    )
    const seen: ParsedTestCase[] = []
    await parseJsonResultsFile(path, test => seen.push(test), { workingDirectory: dir })
    expect(seen).toEqual([
      {
        suite: 'src/broken.test.js',
        classname: 'src/broken.test.js',
        name: 'src/broken.test.js',
        outcome: 'failed',
        detail: 'Cannot find module ./nope',
        message: 'Cannot find module ./nope'
      },
      { suite: 'src/ok.test.js', classname: 'src/ok.test.js', name: 'ok', outcome: 'passed' }
    ])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("jest's retried test without logErrorsBeforeRetry is flaky with no message; a test run once is not", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-json-jest-'))
  try {
    const path = join(dir, 'jest.json')
    writeFileSync(
      path,
      jestReport([jestTest('flaky', { invocations: 4, retryReasons: [] }), jestTest('steady'), jestTest('odd', { invocations: -2 })])
    )
    const seen: ParsedTestCase[] = []
    await parseJsonResultsFile(path, test => seen.push(test), { workingDirectory: dir })
    expect(seen.map(test => [test.name, test.runner])).toEqual([
      ['g flaky', { runs: 4, form: 'invocations' }],
      ['g steady', undefined],
      ['g odd', undefined]
    ])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
