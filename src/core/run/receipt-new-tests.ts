/**
 * What a receipt records of early flake detection (docs/design.md §1 "Early flake
 * detection", §3): its counts, why nothing was repeated, and the flaky new tests by name,
 * capped like the receipt's other lists.
 */
import type { NewTestDetection } from '../attempt/new-tests.js'
import { MAX_TEST_NAMES, type Receipt } from '../receipts/receipt.js'

/** The receipt's `new_tests` for a run's detection. */
export function receiptNewTests(detection: NewTestDetection): NonNullable<Receipt['new_tests']> {
  const flaky = [...new Set(detection.flaky.map(found => found.test.name.slice(0, 500)))].slice(0, MAX_TEST_NAMES)
  return {
    found: detection.found,
    repeated: detection.repeated.length,
    repeats: detection.repeats,
    ran: detection.ran,
    budget_cut: detection.budgetCut,
    ...(detection.skipped !== undefined && { skipped: detection.skipped }),
    flaky,
    ...(detection.decided !== undefined && { decided: detection.decided })
  }
}
