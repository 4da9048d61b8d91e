/**
 * The verify loop's results step: reads an attempt's test results once it has ended, then records them (docs/design.md §2,
 * §9): as a `note` with a `tests` field in the trace, and each ignored file as a progress
 * fact the front ends word as a warning. The results go to the attempt's verdict as read;
 * the attempt itself is never edited (verify/verdict.ts).
 */
import type { RunProgress } from '../base/progress.js'
import type { RunSettings } from '../inputs/settings.js'
import { testsNote } from '../session/notes.js'
import type { TraceSession } from '../session/writer.js'
import { MAX_TESTS_LISTED, readAttemptTests } from '../test-results/attempt-tests.js'
import type { AttemptTests, NewTest, ResultsWarning } from '../attempt/tests.js'
import type { KnownTests } from '../test-results/known-tests.js'

/** Most failed tests named in the note's message. */
const NAMED_IN_NOTE = 3

/** The note's one line: what the files said, in numbers and names. */
export function describeAttemptTests(attempt: number, tests: AttemptTests): string {
  const files = tests.files.length === 1 ? tests.files[0]! : `${tests.files.length} files`
  const bad = tests.failed + tests.errors
  const names = tests.failedTests.slice(0, NAMED_IN_NOTE).map(test => test.name)
  const more = bad > names.length ? `, and ${bad - names.length} more` : ''
  const parts = [
    `attempt ${attempt}: ${tests.total} tests in ${files}`,
    bad > 0 ? `${bad} failed (${names.join('; ')}${more})` : 'none failed',
    ...(tests.skipped > 0 ? [`${tests.skipped} skipped`] : []),
    ...(tests.recovered.length > 0
      ? [`passed after failing in an earlier attempt: ${tests.recovered.slice(0, NAMED_IN_NOTE).join('; ')}`]
      : []),
    ...(tests.runnerFlaky !== undefined && tests.runnerFlaky.length > 0
      ? [
          `flaky inside the runner: ${tests.runnerFlaky
            .slice(0, NAMED_IN_NOTE)
            .map(test => test.name)
            .join('; ')}`
        ]
      : [])
  ]
  return parts.join(' · ')
}

/**
 * The new tests' share of a `tests` note, about their JSON size: names of thousands of
 * characters cannot swell the trace a resume reads back (a run whose repeats name a test the
 * note left out restarts, docs/design.md §6).
 */
const MAX_NEW_TESTS_BYTES = 256 * 1024

/** The first new tests whose texts fit in `budget` bytes. */
function withinBytes(tests: readonly NewTest[], budget: number): NewTest[] {
  const kept: NewTest[] = []
  let used = 0
  for (const test of tests) {
    used += 120 + test.name.length + test.caseName.length + test.classname.length + (test.file?.length ?? 0)
    if (used > budget) break
    kept.push(test)
  }
  return kept
}

/** The trace's record of an attempt's results (readers that do not know it ignore it); `newListed`: how many new tests it lists. */
function tracePayload(attempt: number, tests: AttemptTests, newListed: number) {
  const newTests = tests.newTests ?? []
  return {
    attempt,
    files: tests.files,
    total: tests.total,
    passed: tests.passed,
    failed: tests.failed,
    errors: tests.errors,
    skipped: tests.skipped,
    failed_tests: tests.failedTests,
    recovered: tests.recovered,
    ...(tests.runnerFlaky !== undefined && tests.runnerFlaky.length > 0 && { runner_flaky: tests.runnerFlaky }),
    warnings: tests.warnings,
    ...(tests.cases !== undefined && { cases: tests.cases }),
    ...(tests.casesOmitted ? { cases_omitted: tests.casesOmitted } : {}),
    // What a resumed run repeats (docs/design.md §6): the new tests, as early flake detection reads them.
    ...(newListed > 0 &&
      newTests.length > 0 && {
        new_tests: withinBytes(newTests.slice(0, newListed), MAX_NEW_TESTS_BYTES),
        new_found: newTests.length + (tests.newTestsOmitted ?? 0)
      })
  }
}

/** What reading an attempt's results gave: the results when some could be read, and the files ignored and why. */
export interface ResultsRead {
  tests?: AttemptTests
  warnings: ResultsWarning[]
}

/** The earlier attempts' results, for the tests that failed before and are watched for (`recovered`). */
interface EarlierAttempt {
  tests?: Pick<AttemptTests, 'failedTests'>
}

/** The names of the tests that failed in earlier attempts: watched for in the next one's results. */
export function failedBefore(earlier: readonly EarlierAttempt[]): Set<string> {
  return new Set(earlier.flatMap(previous => previous.tests?.failedTests.map(test => test.name) ?? []))
}

/** What reading results may be given beyond the settings. */
export interface ReadOptions {
  signal?: AbortSignal
  /** The history's known tests (docs/design.md §1 "Early flake detection"): a passing test it does not hold is new. */
  known?: Pick<KnownTests, 'has' | 'size'>
}

/**
 * After an attempt: reads the files `test-results` names, written since `sinceMs` (the
 * attempt's start on the run's clock). Undefined when there is nothing to read: no
 * `test-results`, an interrupted attempt, or an interrupt (`signal`) while reading — the
 * run is being closed. Writes nothing: `recordTestResults` records what it read.
 */
export async function readTestResults(
  settings: Pick<RunSettings, 'testResults' | 'workingDirectory' | 'rerunMaxTests'>,
  attempt: { interrupted: boolean },
  sinceMs: number,
  watch: ReadonlySet<string>,
  { signal, known }: ReadOptions = {}
): Promise<ResultsRead | undefined> {
  const patterns = settings.testResults ?? []
  // An interrupted attempt is not judged, and neither are its half-written reports.
  if (patterns.length === 0 || attempt.interrupted) return undefined
  let tests: AttemptTests
  try {
    tests = await readAttemptTests({
      patterns,
      workingDirectory: settings.workingDirectory,
      sinceMs,
      watch,
      // A rerun of up to rerun-max-tests tests needs them all listed (docs/design.md §1).
      maxFailedTests: Math.max(MAX_TESTS_LISTED, settings.rerunMaxTests),
      signal,
      ...(known !== undefined && { known })
    })
  } catch (error) {
    if (signal?.aborted) return undefined
    // A file changing under the reader (or any surprise) costs the names, never the run.
    const reason = `could not be read (${error instanceof Error ? error.message.slice(0, 200) : 'error'})`
    return { warnings: [{ file: patterns.join(', '), reason }] }
  }
  if (tests.files.length === 0 && tests.warnings.length === 0) {
    tests.warnings.push({ file: patterns.join(', '), reason: 'no file written during the attempt matched' })
  }
  return { tests, warnings: tests.warnings }
}

/**
 * Records what reading an attempt's results gave: each ignored file as a progress fact, the
 * results as a `tests` note, with its first `newListed` new tests (0: early flake detection is off).
 */
export function recordTestResults(
  read: ResultsRead | undefined,
  attempt: number,
  session: TraceSession,
  log: (progress: RunProgress) => void,
  newListed = 0
): void {
  if (read === undefined) return
  for (const warning of read.warnings) log({ kind: 'test-results-warning', attempt, ...warning })
  const tests = read.tests
  if (tests !== undefined && tests.files.length > 0)
    session.event('note', testsNote(describeAttemptTests(attempt, tests), tracePayload(attempt, tests, newListed)))
}
