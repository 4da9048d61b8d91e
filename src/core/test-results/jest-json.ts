/**
 * jest's JSON report (`jest --json --outputFile=…`) and vitest's (`--reporter=json`), which
 * share one shape (docs/design.md §1 "Test results", "JSON reports"): `testResults[]`, one per
 * test file, each with its tests in `assertionResults[]` and its path in `name`, after them.
 * A file's tests are held until its path comes (within MAX_HELD_TESTS and MAX_HELD_CHARS),
 * then handed on named as the runner's JUnit reporter names them — jest-junit's defaults
 * (`{classname} {title}`, the suite the first test's outer group, the `file` attribute), or
 * vitest's (`a > b > title`, the file as class name and suite) — so reruns, quarantine entries
 * and the history read the same tests either way. What the JUnit files leave out is kept: a
 * jest test run more than once (`invocations`, `retryReasons`) and a vitest test that passed
 * with failures before it (`failureMessages`) were retried by the runner itself.
 */
import type { ParsedTestCase, TestOutcome } from './junit-parser.js'
import { groupDigits } from '../base/plain-text.js'
import { itemCount, type JsonPick, type JsonValue, type PathStep } from './json-walk.js'
import { messageOfDetail, readableText } from './failure-text.js'
import { MAX_NAME_CHARS } from '../attempt/tests.js'
import {
  durationMs,
  MAX_GROUPS,
  MAX_HELD_CHARS,
  MAX_HELD_TESTS,
  MAX_RECORD_CHARS,
  ReportRefusal,
  wholeNumber,
  workspacePath,
  type JsonReportContext,
  type JsonReportReader
} from './json-report.js'

/** What is kept of one test: the keys both runners write, and the keys that tell them apart. */
const TEST_PICK: JsonPick = {
  keys: {
    ancestorTitles: { items: true, max: MAX_GROUPS },
    title: true,
    status: true,
    duration: true,
    failureMessages: { items: true, max: 1 },
    retryReasons: { items: true, max: 1 },
    invocations: true,
    location: { keys: { line: true } },
    // jest writes these and vitest does not; vitest writes `meta`.
    failureDetails: { items: true, max: 0 },
    numPassingAsserts: true,
    meta: { keys: {} }
  }
}

const OUTCOMES: Record<string, TestOutcome> = {
  passed: 'passed',
  // jest-junit counts a focused test as passed, and every other status as skipped.
  focused: 'passed',
  failed: 'failed',
  pending: 'skipped',
  skipped: 'skipped',
  todo: 'skipped',
  disabled: 'skipped'
}

/** One test as held until its file's path comes. */
interface HeldTest {
  vitest: boolean
  groups: string[]
  title: string
  outcome: TestOutcome
  durationMs?: number
  line?: number
  detail?: string
  message?: string
  runner?: ParsedTestCase['runner']
}

/** What is known of the test file being read. */
interface OpenFile {
  tests: HeldTest[]
  chars: number
  path?: string
  status?: string
  message?: string
}

const isTestPath = (path: readonly PathStep[]): boolean =>
  path.length === 4 && path[0] === 'testResults' && path[2] === 'assertionResults' && typeof path[3] === 'number'

/** The reader of `testResults`; `rootIsJest` says the report's top level had a key only jest writes. */
export function jestJsonReader(context: JsonReportContext, rootIsJest: () => boolean): JsonReportReader {
  let file: OpenFile = { tests: [], chars: 0 }
  let count = 0

  const hold = (value: JsonValue | undefined, overflow: boolean): void => {
    if (overflow) throw new ReportRefusal(`a test's record is longer than ${groupDigits(MAX_RECORD_CHARS)} characters`)
    const test = heldTest(value, rootIsJest(), context)
    file.chars += test.title.length + test.groups.reduce((sum, group) => sum + group.length, 0) + (test.detail?.length ?? 0) + 200
    if (file.tests.length >= MAX_HELD_TESTS || file.chars > MAX_HELD_CHARS)
      throw new ReportRefusal(`one test file has more than ${groupDigits(MAX_HELD_TESTS)} tests, or more text than reverify holds`)
    file.tests.push(test)
  }

  const flush = (): void => {
    const path = file.path === undefined ? '' : workspacePath(file.path, context.workingDirectory)
    const vitestFile = file.tests.length > 0 ? file.tests.every(test => test.vitest) : !rootIsJest()
    const suite = String(file.tests[0]?.groups[0])
    for (const test of file.tests) {
      count++
      context.onTest(test.vitest ? vitestCase(test, path) : jestCase(test, path, suite))
    }
    // vitest's JUnit names a file that failed outside its tests (it did not load, a hook threw)
    // as a failed test of its own; jest-junit leaves such a file out by default.
    if (vitestFile && file.status === 'failed' && file.message !== undefined && file.message.trim() !== '') {
      const detail = readableText(file.message, context.limits.maxDetail)
      count++
      context.onTest({
        suite: path,
        classname: path,
        name: path,
        outcome: 'failed',
        detail,
        ...withMessage(detail, context)
      })
    }
    file = { tests: [], chars: 0 }
  }

  return {
    gather: path => (isTestPath(path) ? TEST_PICK : undefined),
    gathered: (path, value, overflow) => {
      if (isTestPath(path)) hold(value, overflow)
    },
    scalar: (path, value) => {
      if (path.length !== 3 || path[0] !== 'testResults' || typeof value !== 'string') return
      if (path[2] === 'name') file.path = value
      else if (path[2] === 'status') file.status = value
      else if (path[2] === 'message') file.message = value
    },
    closed: path => {
      if (path.length === 2 && path[0] === 'testResults') flush()
    },
    count: () => count
  }
}

/** The message read from a failure's text, when it says one. */
function withMessage(detail: string, context: JsonReportContext): { message?: string } {
  const message = messageOfDetail(detail, context.limits.maxMessage)
  return message === undefined ? {} : { message }
}

/** One test's record as held: its names, outcome, failure and the runner's own runs of it. */
function heldTest(value: JsonValue | undefined, rootIsJest: boolean, context: JsonReportContext): HeldTest {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ReportRefusal('a test is not an object')
  const status = typeof value.status === 'string' ? value.status : undefined
  const outcome = status !== undefined && Object.hasOwn(OUTCOMES, status) ? OUTCOMES[status]! : undefined
  if (outcome === undefined)
    throw new ReportRefusal(`a test's status ${JSON.stringify(String(status).slice(0, 40))} is not one jest or vitest writes`)
  if (typeof value.title !== 'string') throw new ReportRefusal('a test has no title')
  const titles = value.ancestorTitles ?? []
  if (!Array.isArray(titles) || titles.some(title => typeof title !== 'string'))
    throw new ReportRefusal("a test's ancestorTitles is not a list of names")
  if (itemCount(titles) > MAX_GROUPS) throw new ReportRefusal(`a test is inside more than ${MAX_GROUPS} groups`)
  const jestKeys = 'invocations' in value || 'retryReasons' in value || 'failureDetails' in value || 'numPassingAsserts' in value
  const vitest = !jestKeys && !rootIsJest && 'meta' in value
  const failures = value.failureMessages
  const firstFailure = Array.isArray(failures) && typeof failures[0] === 'string' ? failures[0] : undefined
  const location = value.location
  const line = location !== null && typeof location === 'object' && !Array.isArray(location) ? wholeNumber(location.line) : undefined
  const duration = durationMs(value.duration)
  const test: HeldTest = {
    vitest,
    groups: titles as string[],
    title: value.title,
    outcome,
    ...(duration !== undefined && { durationMs: duration }),
    ...(line !== undefined && line >= 1 && { line })
  }
  if ((outcome === 'failed' || outcome === 'error') && firstFailure !== undefined) {
    test.detail = readableText(firstFailure, context.limits.maxDetail)
    Object.assign(test, withMessage(test.detail, context))
  }
  const runner = runnerRuns(value, vitest, outcome, context)
  if (runner !== undefined) test.runner = runner
  return test
}

/**
 * The runner's own runs of a test: jest counts them (`invocations`, each failed one's error in
 * `retryReasons`); vitest keeps every failed run's errors in `failureMessages`, so a test that
 * passed with any there failed first. A run that failed with several errors (`expect.soft`)
 * adds each, so vitest's count can say a later run than the one it passed on; for a vitest
 * test that failed, errors and runs cannot be told apart, and no count is given.
 */
function runnerRuns(
  value: { [key: string]: JsonValue },
  vitest: boolean,
  outcome: TestOutcome,
  context: JsonReportContext
): ParsedTestCase['runner'] {
  if (outcome === 'skipped') return undefined
  const first = (list: JsonValue | undefined): string | undefined => {
    const text = Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined
    return text === undefined ? undefined : messageOfDetail(readableText(text, context.limits.maxDetail), context.limits.maxMessage)
  }
  if (vitest) {
    const failed = itemCount(value.failureMessages)
    if (outcome !== 'passed' || failed === 0) return undefined
    const firstMessage = first(value.failureMessages)
    return { runs: failed + 1, form: 'invocations', ...(firstMessage !== undefined && { firstMessage }) }
  }
  const runs = wholeNumber(value.invocations)
  if (runs === undefined || runs < 2) return undefined
  const firstMessage = first(value.retryReasons)
  return { runs, form: 'invocations', ...(firstMessage !== undefined && { firstMessage }) }
}

const capName = (text: string): string => text.slice(0, MAX_NAME_CHARS)

/** A jest test as jest-junit names it by default, with the file attribute it adds when asked. */
function jestCase(test: HeldTest, path: string, suite: string): ParsedTestCase {
  const name = capName(`${test.groups.join(' ')} ${test.title}`)
  const names: Pick<ParsedTestCase, 'suite' | 'name' | 'classname' | 'file'> = { suite: capName(suite), name, classname: name }
  if (path !== '') names.file = path
  return caseOf(test, names)
}

/** A vitest test as vitest's JUnit reporter names it: the file is the class name and the suite. */
function vitestCase(test: HeldTest, path: string): ParsedTestCase {
  return caseOf(test, { suite: path, name: capName([...test.groups, test.title].join(' > ')), classname: capName(path) })
}

function caseOf(test: HeldTest, names: Pick<ParsedTestCase, 'suite' | 'name' | 'classname' | 'file'>): ParsedTestCase {
  // Assigned one by one: this runs once per test of a report that may hold hundreds of thousands.
  const parsed: ParsedTestCase = names as ParsedTestCase
  if (test.line !== undefined) parsed.line = test.line
  parsed.outcome = test.outcome
  if (test.durationMs !== undefined) parsed.durationMs = test.durationMs
  if (test.message !== undefined) parsed.message = test.message
  if (test.detail !== undefined) parsed.detail = test.detail
  if (test.runner !== undefined) parsed.runner = test.runner
  return parsed
}
