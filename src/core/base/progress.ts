/**
 * What a run tells as it happens (docs/design.md §1): facts the front ends word as log lines,
 * warnings and a status line. Its own module so that the verify loop and the run's ports
 * both use it without importing each other.
 */

/** The last result an interrupted run's trace recorded, which a restart does not use (it stays in the trace). */
export interface SetAsideResult {
  attempt: number
  /** The attempt's exit code as recorded. */
  exitCode: number
  /** Whether its verification was recorded too (false: the crash came during the checks). */
  verified: boolean
  /** The trace that holds it. */
  trace: string
}

/** Something that happened during a run, told as it happens (the front end words it). */
export type RunProgress =
  /** capture-before-retry `warn`: the last run failed and nobody captured it; going on. */
  | { kind: 'uncaptured-failure'; failedRunId: string }
  /**
   * An interrupted run of this command could not be continued; a new one starts. `setAside`:
   * the last result its trace recorded, which the new run does not use (it stays in that trace).
   */
  | { kind: 'restarting'; interruptedRunId: string; reason: string; setAside?: SetAsideResult }
  /** An interrupted run is continued; `note` is what the trace recorded. */
  | { kind: 'resumed'; runId: string; note: string }
  /** The receipt and session exist: from here on a crash leaves something to close. */
  | { kind: 'run-created'; runId: string; sessionDir: string }
  /** An attempt started; `rerun` when it reruns only the failed tests: how many, and the command that does. */
  | { kind: 'attempt-started'; attempt: number; maxAttempts: number; rerun?: { tests: number; command: string } }
  /** A repeat of the run's new tests started (early flake detection): the trace's attempt, its round of `of`, how many tests, the command. */
  | { kind: 'repeat-started'; attempt: number; round: number; of: number; tests: number; command: string }
  /** A command started in its own process group; `started` is its leader's start time (process-identity.ts). */
  | { kind: 'process-started'; pgid: number; started?: string }
  /** A process group left running by the crashed run `runId` was ended before anything ran again. */
  | { kind: 'leftover-ended'; runId: string; pgid: number }
  /** A failed attempt is retried (`retry: true`) or not; `note` is what the trace recorded. */
  | { kind: 'attempt-failed'; attempt: number; retry: boolean; note: string }
  /** A rerun's results showed none of its targets: `note` (the trace's) names the setting and the command. */
  | { kind: 'rerun-misfit'; attempt: number; note: string }
  /** The on-retry hook after attempt `attempt` failed (`note` is the trace's); the retries go on. */
  | { kind: 'on-retry-failed'; attempt: number; exitCode: number; note: string }
  /** The HTML report could not be written (docs/design.md §8); the run's verdict stands. */
  | { kind: 'report-failed'; runId: string; error: string }
  /** A `test-results` file was ignored (docs/design.md §1 "Test results"); `file` is relative to the working directory. */
  | { kind: 'test-results-warning'; attempt: number; file: string; reason: string }
  /** A quarantine entry expires within a week, or has expired and no longer applies (`note` is the trace's). */
  | { kind: 'quarantine-expiry'; test: string; owner: string; expires: string; expired: boolean; note: string }
  /** The history's known tests (docs/design.md §3 "Known tests") could not be read or written; `note` says which and why (the verdict stands). */
  | { kind: 'known-tests-warning'; note: string }
  /** The disk filled up: the attempt's log stopped growing (its verdict stands). */
  | { kind: 'log-incomplete'; attempt: number; note: string }
