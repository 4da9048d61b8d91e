/**
 * The rates of a closed run's failed and flaky tests over its command's history
 * (docs/design.md §1 "Test results"), this run counted: read after its final receipt is
 * written. A history that cannot be read costs the rates, never the run.
 */
import type { Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import { ratedNames, testRates, type TestRate } from '../test-results/test-rates.js'

/** The rate of each test the receipt names, over its identity's history in `store`; undefined when there is none or it cannot be read. */
export async function runRates(store: Pick<ReceiptStore, 'history'>, receipt: Receipt): Promise<TestRate[] | undefined> {
  const names = ratedNames(receipt)
  if (names.length === 0) return undefined
  try {
    const history = await store.history(receipt.target, receipt.scope, receipt.identity_hash)
    return testRates(history, names)
  } catch {
    return undefined
  }
}
