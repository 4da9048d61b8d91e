/**
 * What a verify run needs from the world, as four small ports and a request. The front ends
 * (CLI, action) pass the real ones; the core never reads the process, the console or the
 * environment on its own, and never words a message for a front end: it tells the `log`
 * port what happened (typed facts) and returns a report (see report.ts).
 */
import type { ConsoleStream } from '../verify/types.js'
import type { RunProgress } from '../base/progress.js'
import type { Clock } from '../base/clock.js'
import type { CaptureMode } from '../capture/config-file.js'
import type { ProcessRunner } from '../process/process-runner.js'
import type { Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import type { Redactor } from '../redaction/index.js'
import type { RunSeal } from '../receipts/run-seal.js'
import type { TestPause } from '../recovery/test-pause.js'
import type { RunSettings } from '../inputs/settings.js'
import type { InputPlace } from '../inputs/resolve.js'

export type { RunProgress } from '../base/progress.js'

/** CI facts recorded on a receipt when running in GitHub Actions. */
export type CiContext = NonNullable<Receipt['ci']>

/** The process that owns a run it starts or resumes, as its receipt records it (docs/design.md §6). */
export interface RunOwner {
  host: string
  pid: number
}

/**
 * The machine a run uses, the same for every run of a process: `createRunPorts`
 * (run-ports.ts) builds the real ones, a test passes its own.
 */
export interface MachinePorts {
  clock: Clock
  /** This process: a receipt's `host` and `pid`, and whose runs are another machine's. */
  owner: RunOwner
  processes: ProcessRunner
  /** The receipt store (its state directory holds the sessions too). */
  store: ReceiptStore
  /**
   * This machine's run seal (docs/design.md §6): the run's receipt and run.json are sealed
   * with it, and only a receipt it sealed is resumed. Without one nothing is resumed.
   */
  seal?: RunSeal
  /** Fault injection only (recovery/test-pause.ts): waits at a named point of the run. */
  pause?: TestPause
}

/** The side effects of a run: the machine, and where the front end hears of it. */
export interface RunPorts extends MachinePorts {
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
  /** The environment the commands run with (the front end's process environment); the OTEL_* export settings are read from it too. */
  env: NodeJS.ProcessEnv
  /** Aborted on an interrupt (SIGINT/SIGTERM): the command is killed and the run closed. */
  signal?: AbortSignal
  /** Why the signal aborted (e.g. "SIGINT"), once it has. */
  interruptReason?: () => string | undefined
  /** Between SIGTERM and SIGKILL when a command is stopped (default 2 s). */
  killGraceMs?: number
  /**
   * Where a relative `quarantine` path is found: the repository root (the workspace in
   * Actions, the git top level in the CLI). Default: the working directory.
   */
  quarantineRoot?: string
  /** How messages name inputs: `--flag` for the CLI, the input's name for the action (default). */
  front?: InputPlace['front']
  /** `reverify resume`: the receipt to continue (an error when it cannot be). */
  resume?: Receipt
  /**
   * The front end writes report.html and the exports itself, with `writeRunReports`, once it
   * has told the verdict (docs/design.md §8 "What a run loads"): neither the verdict nor the
   * final receipt waits for them. Default: the run writes them before it returns.
   */
  deferReports?: boolean
}
