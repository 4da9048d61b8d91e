/**
 * A failed test a quarantine entry excuses (docs/design.md §1 "Quarantine and flaky gates"):
 * its own module, holding types only, so the attempt's shape can name it without the
 * quarantine's policy, which reads attempts, importing back.
 */
import type { FailedTest } from '../test-results/attempt-tests.js'
import type { QuarantineEntry } from './file.js'

/** A failed test and the entry that excuses it. */
export interface QuarantinedFailure {
  test: FailedTest
  entry: QuarantineEntry
}
