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
  /** Set when a quarantine entry that applies today names it: its failure is shown, and does not fail the run. */
  quarantine?: { owner: string; expires: string }
}

/** What early flake detection did in a run (`new-test-repeats` above 0). */
export interface NewTestDetection {
  /** `fail`: a flaky new test fails the run; `warn`: it is a warning and the run passes. */
  mode: 'fail' | 'warn'
  /**
   * Why nothing was repeated, when nothing was: the history knows no test yet (detection
   * starts with the next run), no test was new, or the run did not pass / had no results.
   */
  skipped?: 'empty-history' | 'none-new' | 'not-passed' | 'not-repeatable'
  /** With `not-repeatable`, or when the repeats stopped early for anything but the budget (a rerun command refused by the guardrail): why. */
  stopped?: string
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
  /** `new-test-budget-seconds`, and the time the repeats that ran took (their scripts'). */
  budgetSeconds: number
  spentMs: number
  flaky: FlakyNewTest[]
  /** Set when a flaky new test decided the verdict: `fail` failed the run; `warn` let it pass with the warning. */
  decided?: 'fail' | 'warn'
}
