/**
 * A test's rate over the history (docs/design.md §1 "Test results"): in how many of the
 * runs with results it flaked or failed, and the day it first went wrong there — what every
 * surface shows beside a failed or flaky test (`flaked in 4 of the last 37 runs (11 %) ·
 * first seen 2026-11-20`).
 */

/** One test over the history's runs with test results. */
export interface TestRate {
  name: string
  /** Runs with test results in the history (this run included). */
  runs: number
  /** Runs it flaked in (failed, then passed: on reverify's retry or inside the runner). */
  flaked: number
  /** Runs that ended with it failing. */
  failed: number
  /** The day (`YYYY-MM-DD`, UTC) of the oldest run in the history where it flaked or failed. */
  firstSeen?: string
}
