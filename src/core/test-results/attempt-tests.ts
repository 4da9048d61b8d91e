/**
 * One attempt's test results (docs/design.md §1 "Test results"): the JUnit files `test-results` matches
 * that were written since the attempt started, read one by one into counts of distinct
 * tests, the failed tests and those flaky inside the runner (capped, case-tally.ts) and
 * which earlier failures passed this time. A file that cannot be read,
 * is not JUnit, or is hostile is a warning and counts for nothing; the verdict never
 * depends on any of it.
 */
import { relative, sep } from 'node:path'
import { lstatOrUndefined } from '../base/atomic-file.js'
import { findWorkspaceFile, WorkspacePaths, type LocationBase } from '../output/source-location.js'
import { findFiles, GLOB_LIMITS, type GlobLimits } from './glob.js'
import { DEFAULT_LIMITS, type ParseLimits } from './junit-limits.js'
import type { ParsedTestCase } from './junit-parser.js'
import {
  MAX_CASES_RECORDED,
  MAX_NEW_TESTS_LISTED,
  type AttemptTests,
  type FailedTest,
  type NewTest,
  type TestCaseRecord
} from '../attempt/tests.js'
import { PackedKeys } from './key-table.js'
import { testKey, type KnownTests } from './known-tests.js'
import { CaseTally } from './case-tally.js'

import { locateTest } from './locate.js'
import { readResultsFile } from './results-file.js'

/**
 * Most failed tests kept per attempt by default, and most names per list wherever a run's
 * tests are shown (receipt, summary). An attempt keeps more when `rerun-max-tests` allows a
 * rerun of more (`maxFailedTests`), so that a rerun of that many is never ruled out.
 */
export const MAX_TESTS_LISTED = 100
/** Longest test name kept. */
export const MAX_TEST_NAME = 500
/**
 * The recorded cases' share of the trace per attempt (about their JSON size): with the most
 * attempts a run can have, the trace stays far below what a resume reads back (16 MiB).
 */
const MAX_CASES_BYTES = 64 * 1024
/** Longest failure text kept on a recorded case. */
const MAX_CASE_DETAIL = 500

/** What reading an attempt's results needs. */
export interface AttemptTestsRequest {
  patterns: readonly string[]
  workingDirectory: string
  /** Files last changed before this (epoch ms) belong to an earlier attempt. */
  sinceMs: number
  /** Names of tests that failed in earlier attempts. */
  watch: ReadonlySet<string>
  /** Most failed tests kept (default MAX_TESTS_LISTED); names and messages are capped each. */
  maxFailedTests?: number
  limits?: { glob?: GlobLimits; parse?: ParseLimits }
  /** Stops the reading between two chunks of a file; the call then throws the signal's reason. */
  signal?: AbortSignal
  /** The history's known tests: a passing test it does not hold is listed in `newTests` (none when it is empty). */
  known?: Pick<KnownTests, 'has' | 'size'>
}

/**
 * The name a test is known by across attempts and runs: `classname › name`, or the name
 * alone when the class name adds nothing (jest-junit writes the same text in both).
 */
export function testName(test: Pick<ParsedTestCase, 'classname' | 'name'>): string {
  const name = test.name.trim() || '(unnamed)'
  const classname = test.classname.trim()
  const full = classname === '' || classname === name ? name : `${classname} › ${name}`
  return full.length > MAX_TEST_NAME ? `${full.slice(0, MAX_TEST_NAME - 1)}…` : full
}

/**
 * The file system's clock is coarse (it can lag the process clock by a tick): a file written
 * this close after the start still counts as written by the attempt.
 */
const CLOCK_SLACK_MS = 10

/** Reads the results files an attempt wrote; throws only when `request.signal` stopped it. */
export async function readAttemptTests(request: AttemptTestsRequest): Promise<AttemptTests> {
  const base: LocationBase = { workspace: request.workingDirectory }
  const tests: AttemptTests = {
    files: [],
    total: 0,
    passed: 0,
    failed: 0,
    errors: 0,
    skipped: 0,
    failedTests: [],
    recovered: [],
    warnings: [],
    cases: [],
    casesOmitted: 0,
    keys: new PackedKeys(new Uint32Array(0)),
    newTests: [],
    newTestsOmitted: 0
  }
  const newKeys = new Set<string>()
  const known = request.known !== undefined && request.known.size > 0 ? request.known : undefined
  const cases = new CaseRecorder(base)
  const paths = new CasePaths(base)
  const shown = (path: string) => relative(request.workingDirectory, path).split(sep).join('/')
  const found = await findFiles(request.patterns, request.workingDirectory, request.limits?.glob ?? GLOB_LIMITS)
  if (found.truncated) {
    tests.warnings.push({
      file: request.patterns.join(', '),
      reason: `matched too much: only the first ${found.files.length} files were read`
    })
  }
  for (const { pattern, link } of found.refused) {
    tests.warnings.push({ file: pattern, reason: `not searched: ${link} is a symbolic link, and links are not followed` })
  }
  const maxFailed = request.maxFailedTests ?? MAX_TESTS_LISTED
  const tally = new CaseTally(maxFailed, test => failedTest(test, base))
  // Watched tests that passed, with the key of the case that passed: recovered unless it failed after.
  const passedWatched = new Map<string, string | undefined>()
  for (const path of found.files) {
    request.signal?.throwIfAborted()
    const stats = lstatOrUndefined(path)
    if (stats === undefined || stats.mtimeMs + CLOCK_SLACK_MS < request.sinceMs) continue
    // Staged per file: a file that turns out bad adds nothing.
    const staged = {
      seen: 0,
      recovered: new Map<string, string | undefined>(),
      cases: [] as ParsedTestCase[],
      newTests: [] as { test: ParsedTestCase; key: string }[],
      newOmitted: 0
    }
    const outcome = await readResultsFile(
      path,
      parsed => {
        const test = paths.ofCase(parsed)
        staged.seen++
        if (tests.cases!.length + staged.cases.length < MAX_CASES_RECORDED) staged.cases.push(test)
        const name = testName(test)
        const key = tally.add(test, testKey({ ...(test.file !== undefined && { file: test.file }), suite: test.suite, name }))
        if (test.outcome !== 'passed') return
        if (known !== undefined && key !== undefined && !known.has(key)) {
          // Listed up to the cap (a repeated case twice at most); counted beyond it.
          if (tests.newTests!.length + staged.newTests.length < 2 * MAX_NEW_TESTS_LISTED) staged.newTests.push({ test, key })
          else staged.newOmitted++
        }
        if (request.watch.has(name)) staged.recovered.set(name, key)
      },
      { workingDirectory: request.workingDirectory, limits: request.limits?.parse ?? DEFAULT_LIMITS, signal: request.signal }
    )
    request.signal?.throwIfAborted()
    if (!outcome.ok) {
      tally.discard()
      tests.warnings.push({ file: shown(path), reason: outcome.reason })
      continue
    }
    tally.commit()
    tests.files.push(shown(path))
    for (const [name, key] of staged.recovered) passedWatched.set(name, key)
    for (const test of staged.cases) {
      const record = cases.record(test)
      if (record !== undefined) tests.cases!.push(record)
    }
    tests.casesOmitted! += staged.seen - staged.cases.length + cases.takeOmitted()
    for (const { test, key } of staged.newTests) {
      if (newKeys.has(key)) continue
      newKeys.add(key)
      if (tests.newTests!.length < MAX_NEW_TESTS_LISTED) tests.newTests!.push(newTest(test, key, base))
      else tests.newTestsOmitted!++
    }
    tests.newTestsOmitted! += staged.newOmitted
  }
  // Distinct tests: a case listed more than once counts once (case-tally.ts).
  const counted = tally.result()
  tests.total = counted.total
  tests.passed = counted.passed
  tests.failed = counted.failed
  tests.errors = counted.errors
  tests.skipped = counted.skipped
  tests.failedTests = counted.failedTests
  tests.keys = counted.keys
  if (counted.runnerFlaky.length > 0) tests.runnerFlaky = counted.runnerFlaky
  // A watched test passed unless it failed again after (a later listing of it, in any file).
  const stillFailing = new Set(tests.failedTests.map(test => test.name))
  const recovered = [...passedWatched].filter(([name, key]) => !stillFailing.has(name) && (key === undefined || !tally.isFailing(key)))
  // A rerun's verdict looks its targets up here: as many as the failed tests it may target.
  tests.recovered = recovered.map(([name]) => name).slice(0, maxFailed)
  return tests
}

/**
 * A case's texts with the workspace files they name by absolute path written relative to
 * the working directory, as its `file` is (docs/design.md §1 "Test results"): the runner's
 * absolute paths mean nothing to a reviewer on another machine.
 */
class CasePaths {
  private readonly paths: WorkspacePaths
  constructor(base: LocationBase) {
    this.paths = new WorkspacePaths(base)
  }

  ofCase(test: ParsedTestCase): ParsedTestCase {
    const { message, detail, runner } = test
    if (message === undefined && detail === undefined && runner?.firstMessage === undefined && runner?.firstDetail === undefined)
      return test
    const text = (value: string | undefined) => (value === undefined ? undefined : this.paths.text(value))
    return {
      ...test,
      ...(message !== undefined && { message: text(message) }),
      ...(detail !== undefined && { detail: text(detail) }),
      ...(runner !== undefined && {
        runner: {
          ...runner,
          ...(runner.firstMessage !== undefined && { firstMessage: text(runner.firstMessage) }),
          ...(runner.firstDetail !== undefined && { firstDetail: text(runner.firstDetail) })
        }
      })
    }
  }
}

/** Records cases within MAX_CASES_BYTES, resolving each distinct `file` attribute to a workspace file once. */
class CaseRecorder {
  private readonly files = new Map<string, string | undefined>()
  private bytes = 0
  private omitted = 0
  constructor(private readonly base: LocationBase) {}

  /** The case's record, or undefined (counted as omitted) once the budget is spent. */
  record(test: ParsedTestCase): TestCaseRecord | undefined {
    const file = test.file === undefined ? undefined : this.file(test.file)
    const failing = test.outcome === 'failed' || test.outcome === 'error'
    const record: TestCaseRecord = {
      name: testName(test),
      outcome: test.outcome,
      ...(test.durationMs !== undefined && { duration_ms: test.durationMs }),
      ...(file !== undefined && { file }),
      ...(failing && test.detail !== undefined && { detail: test.detail.slice(0, MAX_CASE_DETAIL) })
    }
    // About the record's JSON size: its texts and the keys around them.
    const size = 60 + record.name.length + (record.file?.length ?? 0) + (record.detail?.length ?? 0)
    if (this.bytes + size > MAX_CASES_BYTES) {
      this.omitted++
      return undefined
    }
    this.bytes += size
    return record
  }

  /** Cases left out for the budget since the last call. */
  takeOmitted(): number {
    const omitted = this.omitted
    this.omitted = 0
    return omitted
  }

  private file(attribute: string): string | undefined {
    if (!this.files.has(attribute)) this.files.set(attribute, findWorkspaceFile(attribute, this.base))
    return this.files.get(attribute)
  }
}

function failedTest(test: ParsedTestCase, base: LocationBase): FailedTest {
  const place = locateTest(test, base)
  return {
    name: testName(test),
    caseName: test.name,
    classname: test.classname,
    outcome: test.outcome === 'error' ? 'error' : 'failed',
    ...(place.file !== undefined && { file: place.file }),
    ...(place.line !== undefined && { line: place.line }),
    ...(place.column !== undefined && { column: place.column }),
    ...(test.message !== undefined && { message: test.message }),
    ...(test.durationMs !== undefined && { durationMs: test.durationMs })
  }
}

function newTest(test: ParsedTestCase, key: string, base: LocationBase): NewTest {
  const place = locateTest(test, base)
  return {
    name: testName(test),
    caseName: test.name,
    classname: test.classname,
    ...(place.file !== undefined && { file: place.file }),
    ...(place.line !== undefined && { line: place.line }),
    key,
    ...(test.durationMs !== undefined && { durationMs: test.durationMs })
  }
}
