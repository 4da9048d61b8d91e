/**
 * Playwright's JSON report (`--reporter=json`, docs/design.md §1 "Test results", "JSON
 * reports"): `suites[]`, one per test file, with `describe` groups nested as `suites[]` and
 * each test as a spec in `specs[]` holding one test per project, and each test every run of
 * it in `results[]` and its verdict in `status` (`expected`, `unexpected`, `flaky`,
 * `skipped`). Each is handed on named as Playwright's JUnit reporter names it: the file
 * suite's title as class name and suite, the groups and the title joined by ` › `. A suite's
 * title comes before its specs and groups in Playwright's report; one that comes after is
 * refused rather than guessed. A `flaky` test passed on a later run of its own.
 */
import { stripVTControlCharacters } from 'node:util'
import type { ParsedTestCase, TestOutcome } from './junit-parser.js'
import { groupDigits } from '../base/plain-text.js'
import { itemCount, type JsonPick, type JsonValue, type PathStep } from './json-walk.js'
import { messageOfDetail, readableText } from './failure-text.js'
import { MAX_NAME_CHARS } from '../attempt/tests.js'
import {
  durationMs,
  MAX_GROUPS,
  MAX_RECORD_CHARS,
  ReportRefusal,
  wholeNumber,
  type JsonReportContext,
  type JsonReportReader
} from './json-report.js'

/** Most tests of one spec (one per project) and most runs of one test read. */
const MAX_SPEC_TESTS = 256
const MAX_RUNS_READ = 32

const SPEC_PICK: JsonPick = {
  keys: {
    title: true,
    line: true,
    tests: {
      max: MAX_SPEC_TESTS,
      items: {
        keys: {
          status: true,
          expectedStatus: true,
          results: {
            max: MAX_RUNS_READ,
            items: { keys: { status: true, duration: true, error: { keys: { message: true, stack: true } } } }
          }
        }
      }
    }
  }
}

/** Playwright's JUnit reporter calls a failure an error unless an `expect` matcher said it. */
const MATCHER = /expect\(.*?\)\.(not\.)?(\w+)/

/** How many suites deep a path is (`suites`, index, `suites`, index, …), or -1 when it is not a suite's. */
function suiteDepth(path: readonly PathStep[], end = path.length): number {
  if (end === 0 || end % 2 !== 0) return -1
  for (let i = 0; i < end; i += 2) if (path[i] !== 'suites' || typeof path[i + 1] !== 'number') return -1
  return end / 2
}

/** A spec's path: a suite's, then `specs`, index. */
function specDepth(path: readonly PathStep[]): number {
  const end = path.length - 2
  if (end < 2 || path[end] !== 'specs' || typeof path[end + 1] !== 'number') return -1
  return suiteDepth(path, end)
}

/** The reader of `suites`. */
export function playwrightJsonReader(context: JsonReportContext): JsonReportReader {
  // The titles of the suites the walk is in, outermost (the file) first; undefined until read.
  const titles: (string | undefined)[] = []
  let count = 0

  const spec = (depth: number, value: JsonValue | undefined, overflow: boolean): void => {
    if (overflow) throw new ReportRefusal(`a spec's record is longer than ${groupDigits(MAX_RECORD_CHARS)} characters`)
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ReportRefusal('a spec is not an object')
    const around = titles.slice(0, depth)
    if (around.length < depth || around.some(title => title === undefined))
      throw new ReportRefusal("a suite's title comes after its tests, or is missing")
    if (depth - 1 > MAX_GROUPS) throw new ReportRefusal(`a test is inside more than ${MAX_GROUPS} groups`)
    if (typeof value.title !== 'string') throw new ReportRefusal('a spec has no title')
    const tests = value.tests
    if (!Array.isArray(tests)) throw new ReportRefusal('a spec has no tests list')
    if (itemCount(tests) > MAX_SPEC_TESTS) throw new ReportRefusal(`a spec has more than ${MAX_SPEC_TESTS} tests`)
    const file = around[0]!.slice(0, MAX_NAME_CHARS)
    const name = [...(around.slice(1) as string[]), value.title].join(' › ').slice(0, MAX_NAME_CHARS)
    const line = wholeNumber(value.line)
    for (const test of tests) {
      count++
      context.onTest({
        suite: file,
        classname: file,
        name,
        ...(line !== undefined && line >= 1 && { line }),
        ...testResult(test, context)
      })
    }
  }

  return {
    gather: path => {
      const depth = suiteDepth(path)
      // A suite starts: its title is not known until it is read.
      if (depth > 0) titles.length = depth - 1
      return specDepth(path) > 0 ? SPEC_PICK : undefined
    },
    gathered: (path, value, overflow) => {
      const depth = specDepth(path)
      if (depth > 0) spec(depth, value, overflow)
    },
    scalar: (path, value) => {
      const depth = suiteDepth(path, path.length - 1)
      if (depth > 0 && path[path.length - 1] === 'title') {
        if (typeof value !== 'string') throw new ReportRefusal("a suite's title is not text")
        titles.length = depth
        titles[depth - 1] = value
      }
    },
    closed: path => {
      const depth = suiteDepth(path)
      if (depth > 0) titles.length = depth - 1
    },
    count: () => count
  }
}

type TestFields = Pick<ParsedTestCase, 'outcome' | 'durationMs' | 'message' | 'detail' | 'runner'>

/** One project's test of a spec: its outcome, its failure, and the runs it took. */
function testResult(test: JsonValue, context: JsonReportContext): TestFields {
  if (test === null || typeof test !== 'object' || Array.isArray(test)) throw new ReportRefusal('a test is not an object')
  const results = Array.isArray(test.results) ? test.results : []
  const runs = itemCount(test.results)
  let total = 0
  let firstError: { message?: string; stack?: string } | undefined
  for (const result of results) {
    if (result === null || typeof result !== 'object' || Array.isArray(result)) throw new ReportRefusal('a test result is not an object')
    total += durationMs(result.duration) ?? 0
    const error = result.error
    if (firstError === undefined && error !== null && typeof error === 'object' && !Array.isArray(error)) {
      firstError = {
        ...(typeof error.message === 'string' && { message: error.message }),
        ...(typeof error.stack === 'string' && { stack: error.stack })
      }
    }
  }
  const outcome = outcomeOf(test.status, test.expectedStatus, firstError)
  const fields: TestFields = { outcome, ...(results.length > 0 && { durationMs: total }) }
  const detail = firstError === undefined ? undefined : readableText(firstError.stack ?? firstError.message ?? '', context.limits.maxDetail)
  const message = detail === undefined || detail === '' ? undefined : messageOfDetail(detail, context.limits.maxMessage)
  if ((outcome === 'failed' || outcome === 'error') && detail !== undefined && detail !== '') {
    fields.detail = detail
    if (message !== undefined) fields.message = message
  }
  if (test.status === 'flaky' || ((outcome === 'failed' || outcome === 'error') && runs > 1)) {
    // A flaky test's runs end at the one it passed on; a failed one failed on every run.
    fields.runner = { runs: Math.max(runs, 2), form: 'invocations', ...(message !== undefined && { firstMessage: message }) }
  }
  return fields
}

function outcomeOf(status: JsonValue | undefined, expected: JsonValue | undefined, error: { message?: string } | undefined): TestOutcome {
  switch (status) {
    case 'expected':
      return expected === 'skipped' ? 'skipped' : 'passed'
    case 'flaky':
      return 'passed'
    case 'skipped':
      return 'skipped'
    case 'unexpected':
      return error?.message === undefined || MATCHER.test(stripVTControlCharacters(error.message)) ? 'failed' : 'error'
    default:
      throw new ReportRefusal(`a test's status ${JSON.stringify(String(status).slice(0, 40))} is not one Playwright writes`)
  }
}
