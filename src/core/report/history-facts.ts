/**
 * A command's receipt history as facts a reviewer can act on (docs/design.md §5): its last runs and
 * how often it passed only on a retry. Pure: the front end reads the receipts and words these.
 */
import { compareCodeUnits } from '../base/plain-text.js'
import type { QuarantineAdvice } from '../quarantine/suggest.js'
import type { Receipt, ReceiptStatus } from '../receipts/receipt.js'
import { testHistory, type TestRecord } from '../test-results/test-history.js'

/** One past run, as the history shows it. */
export interface PastRun {
  runId: string
  status: ReceiptStatus
  flaky: boolean
  startedAt: string
  /** The capture's note, when someone captured the run ('' for a capture without a note). */
  captureNote?: string
}

/** The last runs of one command and what they add up to. */
export interface HistoryFacts {
  /** Newest first, at most the limit asked for. */
  runs: PastRun[]
  /** Passed on the first attempt, passed only on a retry, failed, and stopped (aborted or interrupted). */
  counts: { passed: number; flaky: number; failed: number; stopped: number }
  /** Flaky passes among the runs that reached a verdict (passed or failed), 0–1; undefined when none did. */
  flakeRate?: number
  /** Tests that flaked in these runs (from their receipts' JUnit results), most flakes first. */
  flakyTests: TestRecord[]
  /** Entries to add to the quarantine file for the tests over the threshold (docs/design.md §1 "The quarantine command"). */
  suggestedQuarantine?: QuarantineAdvice
}

/** Facts about the newest `limit` finished runs (running ones are left out: they have no verdict yet). */
export function historyFacts(receipts: readonly Receipt[], limit: number): HistoryFacts {
  const newest = [...receipts]
    .filter(receipt => receipt.status !== 'running')
    .sort((a, b) => (a.started_at === b.started_at ? compareCodeUnits(b.run_id, a.run_id) : compareCodeUnits(b.started_at, a.started_at)))
    .slice(0, limit)
  const runs = newest.map((receipt): PastRun => ({
    runId: receipt.run_id,
    status: receipt.status,
    flaky: receipt.status === 'passed' && receipt.flaky,
    startedAt: receipt.started_at,
    ...(receipt.capture !== undefined && { captureNote: receipt.capture.note })
  }))
  const counts = { passed: 0, flaky: 0, failed: 0, stopped: 0 }
  for (const run of runs) {
    if (run.flaky) counts.flaky++
    else if (run.status === 'passed') counts.passed++
    else if (run.status === 'failed') counts.failed++
    else counts.stopped++
  }
  const judged = counts.passed + counts.flaky + counts.failed
  const flakyTests = testHistory(newest).tests.filter(test => test.flaky > 0)
  return { runs, counts, ...(judged > 0 && { flakeRate: counts.flaky / judged }), flakyTests }
}
