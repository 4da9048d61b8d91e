/**
 * Tests across runs (docs/design.md §1 "Test results"): from receipts (the local store, or a history
 * restored from the cache into it), how often each test flaked and failed. Pure: the front
 * ends read the receipts and word these facts.
 */
import { compareNewestFirst, type Receipt } from '../receipts/receipt.js'
import { compareCodeUnits } from '../base/plain-text.js'

/** One test's record over the runs looked at. */
export interface TestRecord {
  name: string
  /** Runs in which it failed and then passed on a retry. */
  flaky: number
  /** Runs that ended with it failing. */
  failed: number
  /** The newest run in which it flaked or failed. */
  lastRunId: string
  lastAt: string
}

/** What the receipts add up to, per test. */
export interface TestHistory {
  /** Finished runs that recorded test results. */
  runs: number
  /** Tests that flaked or failed at least once: most flakes first, then most failures, then by name. */
  tests: TestRecord[]
}

/** Per-test flake and failure counts over the finished receipts that hold test results. */
export function testHistory(receipts: readonly Receipt[], options: { sinceMs?: number; limit?: number } = {}): TestHistory {
  const considered = [...receipts]
    .filter(receipt => receipt.status !== 'running' && receipt.tests !== undefined)
    .filter(receipt => options.sinceMs === undefined || Date.parse(receipt.started_at) >= options.sinceMs)
    .sort(compareNewestFirst)
    .slice(0, options.limit)
  const byName = new Map<string, TestRecord>()
  const count = (receipt: Receipt, name: string, field: 'flaky' | 'failed') => {
    let record = byName.get(name)
    if (record === undefined) {
      // Newest first: the first run that names a test is its latest.
      record = { name, flaky: 0, failed: 0, lastRunId: receipt.run_id, lastAt: receipt.started_at }
      byName.set(name, record)
    }
    record[field]++
  }
  for (const receipt of considered) {
    for (const name of new Set(receipt.tests!.flaky)) count(receipt, name, 'flaky')
    for (const name of new Set(receipt.tests!.failed)) count(receipt, name, 'failed')
  }
  const tests = [...byName.values()].sort((a, b) => b.flaky - a.flaky || b.failed - a.failed || compareCodeUnits(a.name, b.name))
  return { runs: considered.length, tests }
}
