/**
 * A failed test a quarantine entry excuses (docs/design.md §1 "Quarantine and flaky gates"):
 * types only, on the attempt's floor, so that the attempt's record names it and the quarantine
 * policy (verify/quarantine-policy.ts), which reads attempts, stands above both.
 */
import type { FailedTest } from './tests.js'
import type { QuarantineEntry } from '../quarantine/entry.js'

/** A failed test and the entry that excuses it. */
export interface QuarantinedFailure {
  test: FailedTest
  entry: QuarantineEntry
}
