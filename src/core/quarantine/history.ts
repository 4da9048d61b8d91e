/**
 * A quarantined test's record in the receipts (docs/design.md §1 "Quarantine and flaky gates",
 * "The quarantine command"): the runs with test results since the entry was added, how the
 * test did in each, and whether it has passed long enough to be released. Pure: the CLI
 * reads the receipts and words these facts.
 */
import { compareNewestFirst, type Receipt } from '../receipts/receipt.js'
import type { QuarantineEntry } from './file.js'

/** The window of recent runs release looks at. */
export const RELEASE_WINDOW_DAYS = 7
/** Runs since `added` needed before the recent window can release an entry. */
export const RELEASE_MIN_RUNS = 20
/** Passes in a row that release an entry whatever the window holds. */
export const RELEASE_STREAK_RUNS = 100

const DAY_MS = 24 * 60 * 60 * 1000

/** How a test did in one run. */
export type TestOutcome = 'passed' | 'flaky' | 'failed' | 'quarantined'

/**
 * The runs a test history is made of, newest first: finished receipts (not `running`) that
 * recorded test results. Each is a run for every test, whichever command it ran: receipts
 * keep the names of the tests that went wrong, not of those that passed.
 */
export function runsWithResults(receipts: readonly Receipt[]): Receipt[] {
  return receipts.filter(receipt => receipt.status !== 'running' && receipt.tests !== undefined).sort(compareNewestFirst)
}

/**
 * How the test named `name` did in a run with results: quarantined (the run passed because
 * its failure was excused), failed (in the deciding attempt), flaky (failed, then passed on a
 * retry), else passed. The first that applies wins.
 */
export function outcomeIn(receipt: Receipt, name: string): TestOutcome {
  if (receipt.quarantined?.includes(name)) return 'quarantined'
  if (receipt.tests?.failed.includes(name)) return 'failed'
  if (receipt.tests?.flaky.includes(name)) return 'flaky'
  return 'passed'
}

/** An entry's test since the entry was added. */
export interface EntryHistory {
  /** Runs with results that started on or after the day `added`. */
  runs: number
  passed: number
  failed: number
  flaky: number
  quarantined: number
  /** The runs of the last RELEASE_WINDOW_DAYS days, and how many it passed in. */
  recent: { runs: number; passed: number }
  /** Runs it passed in, counted back from the newest to the first it did not pass. */
  streak: number
  /** Why it is ready to release, when it is. */
  ready?: 'recent' | 'streak'
}

/**
 * The entry's test in the runs since `added` (whole UTC days; receipts name tests, not
 * files, so `file` and `suite` are not checked). Ready to release (the contract's §12) when it
 * passed in every run of the last 7 days, there is at least one such run and at least 20
 * runs since `added`; or when it passed in the newest 100 runs in a row.
 */
export function entryHistory(entry: QuarantineEntry, receipts: readonly Receipt[], now: Date): EntryHistory {
  const addedMs = Date.parse(`${entry.added}T00:00:00Z`)
  const runs = runsWithResults(receipts).filter(receipt => Date.parse(receipt.started_at) >= addedMs)
  const windowStart = now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS
  const history: EntryHistory = {
    runs: runs.length,
    passed: 0,
    failed: 0,
    flaky: 0,
    quarantined: 0,
    recent: { runs: 0, passed: 0 },
    streak: 0
  }
  let unbroken = true
  for (const receipt of runs) {
    const outcome = outcomeIn(receipt, entry.test)
    history[outcome]++
    if (Date.parse(receipt.started_at) >= windowStart) {
      history.recent.runs++
      if (outcome === 'passed') history.recent.passed++
    }
    if (outcome !== 'passed') unbroken = false
    if (unbroken) history.streak++
  }
  const { recent } = history
  if (history.streak >= RELEASE_STREAK_RUNS) history.ready = 'streak'
  else if (history.runs >= RELEASE_MIN_RUNS && recent.runs > 0 && recent.passed === recent.runs) history.ready = 'recent'
  return history
}
