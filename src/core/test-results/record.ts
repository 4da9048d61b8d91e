/**
 * Reads an attempt's test results once it has ended and records them (docs/design.md §2,
 * §9): on the attempt's result for the surfaces, as a `tests` note in the trace (session/notes.ts), and each ignored file as a progress fact the front ends word as a warning.
 */
import type { AttemptResult } from '../attempt/result.js'
import type { RunProgress } from '../base/progress.js'
import type { RunSettings } from '../inputs/settings.js'
import { testsNote } from '../session/notes.js'
import type { TraceSession } from '../session/writer.js'
import { MAX_TESTS_LISTED, readAttemptTests, type AttemptTests } from './attempt-tests.js'

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
      : [])
  ]
  return parts.join(' · ')
}

/** The trace's record of an attempt's results (readers that do not know it ignore it). */
function tracePayload(attempt: number, tests: AttemptTests) {
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
    warnings: tests.warnings,
    ...(tests.cases !== undefined && { cases: tests.cases }),
    ...(tests.casesOmitted ? { cases_omitted: tests.casesOmitted } : {})
  }
}

/**
 * After an attempt: reads the files `test-results` names and records what they say. An
 * interrupt (`signal`) stops the reading and nothing is recorded: the run is being closed.
 */
export async function recordTestResults(
  settings: RunSettings,
  attempt: AttemptResult,
  startedMs: number,
  earlier: readonly AttemptResult[],
  session: TraceSession,
  log: (progress: RunProgress) => void,
  signal?: AbortSignal
): Promise<void> {
  const patterns = settings.testResults ?? []
  // An interrupted attempt is not judged, and neither are its half-written reports.
  if (patterns.length === 0 || attempt.interrupted) return
  const watch = new Set(earlier.flatMap(previous => previous.tests?.failedTests.map(test => test.name) ?? []))
  let tests: AttemptTests
  try {
    tests = await readAttemptTests({
      patterns,
      workingDirectory: settings.workingDirectory,
      sinceMs: startedMs,
      watch,
      // A rerun of up to rerun-max-tests tests needs them all listed (docs/design.md §1).
      maxFailedTests: Math.max(MAX_TESTS_LISTED, settings.rerunMaxTests),
      signal
    })
  } catch (error) {
    if (signal?.aborted) return
    // A file changing under the reader (or any surprise) costs the names, never the run.
    const reason = `could not be read (${error instanceof Error ? error.message.slice(0, 200) : 'error'})`
    log({ kind: 'test-results-warning', attempt: attempt.attempt, file: patterns.join(', '), reason })
    return
  }
  if (tests.files.length === 0 && tests.warnings.length === 0) {
    tests.warnings.push({ file: patterns.join(', '), reason: 'no file written during the attempt matched' })
  }
  attempt.tests = tests
  for (const warning of tests.warnings) log({ kind: 'test-results-warning', attempt: attempt.attempt, ...warning })
  if (tests.files.length > 0)
    session.event('note', testsNote(describeAttemptTests(attempt.attempt, tests), tracePayload(attempt.attempt, tests)))
}
