/**
 * A run's test facts for its receipt (docs/design.md §3): per attempt that wrote results,
 * how many tests ran and whether it reran only the failed tests; a rerun's targeted tests
 * its results did not show count as failed but never as run.
 */
import { receiptSchemas } from '../../../src/core/receipts/receipt.js'
import type { AttemptTests } from '../../../src/core/attempt/tests.js'
import { receiptTests, runTests } from '../../../src/core/test-results/run-tests.js'

function results(total: number, skipped: number, extra: Partial<AttemptTests> = {}): AttemptTests {
  return {
    files: ['junit.xml'],
    total,
    passed: total - skipped,
    failed: 0,
    errors: 0,
    skipped,
    failedTests: [],
    recovered: [],
    warnings: [],
    ...extra
  }
}

test('per attempt: the tests that ran (not skipped, not missed by a rerun), and whether it was a rerun, live or read back', () => {
  const tests = runTests([
    { attempt: 1, tests: results(312, 0) },
    // Cut off: no results, no entry.
    { attempt: 2 },
    // A live rerun: 2 targeted tests ran, the file's 20 others were skipped.
    { attempt: 3, tests: results(22, 20), rerun: { tests: ['a', 'b'], command: 'npx jest' } },
    // A rerun read back from the trace: its `rerun` check says so; one target was missed.
    { attempt: 4, tests: results(23, 20, { notRerun: 1 }), checks: [{ expectation: 'rerun' }] }
  ])!
  expect(receiptTests(tests).attempts).toEqual([
    { attempt: 1, ran: 312, rerun: false },
    { attempt: 3, ran: 2, rerun: true },
    { attempt: 4, ran: 2, rerun: true }
  ])
})

test('the receipt keeps the list bounded and drops what it does not know; a receipt without it still reads', async () => {
  const { tests } = await receiptSchemas()
  const entry = (attempt: number) => ({ attempt, ran: 1, rerun: true, extra: 'dropped' })
  const parsed = tests.parse({ total: 1, failed: [], flaky: [], attempts: [entry(1)] })
  expect(parsed.attempts).toEqual([{ attempt: 1, ran: 1, rerun: true }])
  const many = Array.from({ length: 102 }, (_, index) => entry(index + 1))
  expect(tests.safeParse({ total: 1, failed: [], flaky: [], attempts: many }).success).toBe(false)
  expect(tests.safeParse({ total: 1, failed: [], flaky: [], attempts: [{ attempt: 0, ran: -1, rerun: 'yes' }] }).success).toBe(false)
  expect(tests.parse({ total: 1, failed: [], flaky: [] })).toEqual({ total: 1, failed: [], flaky: [] })
  const longRun = runTests(Array.from({ length: 150 }, (_, index) => ({ attempt: index + 1, tests: results(5, 0) })))!
  expect(receiptTests(longRun).attempts).toHaveLength(101)
})
