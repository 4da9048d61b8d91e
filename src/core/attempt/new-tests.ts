/**
 * Early flake detection as facts (docs/design.md §1 "Early flake detection"): which tests of
 * a passing run the history had never seen, how many times they were repeated, and which
 * failed a repeat — a **flaky new test**. Here, below the loop that makes them and the
 * surfaces that word them, so that both read one shape.
 */
import type { NewTest } from './tests.js'

/** A new test that failed a repeat: flaky before it merges. */
export interface FlakyNewTest {
  test: NewTest
  /** The repeat it failed (1-based: 3 is the third repeat after the passing attempt). */
  repeat: number
  /** The trace's attempt number of that repeat. */
  attempt: number
  /** Its failure's message in that repeat, from the repeat's results (capped). */
  message?: string
  /** The failing block of the repeat's output that names it, when one does. */
  block?: string
}

/** What early flake detection did in a run (`new-test-repeats` above 0). */
export interface NewTestDetection {
  /** `fail`: a flaky new test fails the run; `warn`: it is a warning and the run passes. */
  mode: 'fail' | 'warn'
  /**
   * Why nothing was repeated, when nothing was: the history knows no test yet (detection
   * starts with the next run), no test was new, or the run did not pass / had no results.
   */
  skipped?: 'empty-history' | 'none-new' | 'not-passed'
  /** New tests in the passing attempt's results (more than are repeated when over `new-test-max`). */
  found: number
  /** The new tests repeated: at most `new-test-max`. */
  repeated: NewTest[]
  /** Repeats asked for (`new-test-repeats`). */
  repeats: number
  /** Repeats that ran. */
  ran: number
  /** Set when a repeat was not started because it would have passed `new-test-budget-seconds`. */
  budgetCut: boolean
  flaky: FlakyNewTest[]
}
