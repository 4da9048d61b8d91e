/**
 * What a verify run needs from the world, as four small ports and a request. The front ends
 * (CLI, action) pass the real ones; the core never reads the process, the console or the
 * environment on its own, and never words a message for a front end: it tells the `log`
 * port what happened (typed facts) and returns a report (see report.ts).
 */
import type { ConsoleStream } from '../attempt.js'
import type { Clock } from '../clock.js'
import type { CaptureMode } from '../config-file.js'
import type { ProcessRunner } from '../process-runner.js'
import type { Receipt } from '../receipt.js'
import type { ReceiptStore } from '../receipt-store.js'
import type { Redactor } from '../redaction.js'
import type { RunSeal } from '../run-seal.js'
import type { RunSettings } from '../settings.js'

/** CI facts recorded on a receipt when running in GitHub Actions. */
export type CiContext = NonNullable<Receipt['ci']>

/** Something that happened during a run, told as it happens (the front end words it). */
export type RunProgress =
  /** capture-before-retry `warn`: the last run failed and nobody captured it; going on. */
  | { kind: 'uncaptured-failure'; failedRunId: string }
  /** An interrupted run of this command could not be continued; a new one starts. */
  | { kind: 'restarting'; interruptedRunId: string; reason: string }
  /** An interrupted run is continued; `note` is what the trace recorded. */
  | { kind: 'resumed'; runId: string; note: string }
  /** The receipt and session exist: from here on a crash leaves something to close. */
  | { kind: 'run-created'; runId: string; sessionDir: string }
  | { kind: 'attempt-started'; attempt: number; maxAttempts: number }
  /** A command started in its own process group; `started` is its leader's start time (process-identity.ts). */
  | { kind: 'process-started'; pgid: number; started?: string }
  /** A process group left running by the crashed run `runId` was ended before anything ran again. */
  | { kind: 'leftover-ended'; runId: string; pgid: number }
  /** A failed attempt is retried (`retry: true`) or not; `note` is what the trace recorded. */
  | { kind: 'attempt-failed'; attempt: number; retry: boolean; note: string }
  /** The on-retry hook after attempt `attempt` failed (`note` is the trace's); the retries go on. */
  | { kind: 'on-retry-failed'; attempt: number; exitCode: number; note: string }
  /** The HTML report could not be written (docs/design.md §8); the run's verdict stands. */
  | { kind: 'report-failed'; runId: string; error: string }
  /** A `test-results` file was ignored (docs/design.md §1 "Test results"); `file` is relative to the working directory. */
  | { kind: 'test-results-warning'; attempt: number; file: string; reason: string }
  /** The disk filled up: the attempt's log stopped growing (its verdict stands). */
  | { kind: 'log-incomplete'; attempt: number; note: string }

/** The side effects of a run. */
export interface RunPorts {
  clock: Clock
  processes: ProcessRunner
  /** The receipt store (its state directory holds the sessions too). */
  store: ReceiptStore
  /** Told what happens as it happens. */
  log: (progress: RunProgress) => void
  /** Where the command's live output goes. */
  console: { stdout: ConsoleStream; stderr: ConsoleStream }
}

/** What to run, and the policy and facts the front end resolved for it. */
export interface RunRequest {
  settings: RunSettings
  /** Receipts are compared within one target: `owner/name` in Actions, the git top level in the CLI. */
  target: string
  captureMode: CaptureMode
  version: string
  redactor: Redactor
  ci?: CiContext
  /** The environment the commands run with. */
  env?: NodeJS.ProcessEnv
  /** Aborted on an interrupt (SIGINT/SIGTERM): the command is killed and the run closed. */
  signal?: AbortSignal
  /** Why the signal aborted (e.g. "SIGINT"), once it has. */
  interruptReason?: () => string | undefined
  /** Between SIGTERM and SIGKILL when a command is stopped (default 2 s). */
  killGraceMs?: number
  /**
   * This machine's run seal (docs/design.md §6): the run's receipt and run.json are sealed
   * with it, and only a receipt it sealed is resumed. Without one nothing is resumed.
   */
  seal?: RunSeal
  /** `reverify resume`: the receipt to continue (an error when it cannot be). */
  resume?: Receipt
}
