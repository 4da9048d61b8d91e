/**
 * The parts of a completed run's report that the action's sections word (docs/design.md §5),
 * named by where they sit in the report: the core's face lists the report, not each part.
 */
import type { CompletedRun } from '../core/index.js'

/** One attempt of a completed run, as the run's report holds it. */
export type AttemptResult = CompletedRun['attempts'][number]

/** A test that failed or could not run in an attempt, as its results file said. */
export type FailedTest = NonNullable<AttemptResult['tests']>['failedTests'][number]

/** A failed test the quarantine covers, with the entry that covers it. */
export type QuarantinedFailure = NonNullable<AttemptResult['quarantined']>[number]
