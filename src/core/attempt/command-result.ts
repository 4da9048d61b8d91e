/**
 * How one command ended (docs/design.md §1 "One attempt"): the process runner's result, as
 * the attempt records it and the trace writes it down. Here, below both.
 */

/** How one command ended: one shape for success, failure, timeout and interrupt. */
export interface CommandResult {
  command: string
  exitCode: number
  /** The signal that ended the shell, when one did (e.g. SIGKILL). */
  signal: string | null
  timedOut: boolean
  interrupted: boolean
  durationMs: number
  /** On a timeout: the limit it ran into (ms). */
  timeoutMs?: number
  /** On a timeout or an interrupt: how its processes were stopped. */
  stopped?: StopFacts
  /**
   * A bash script `-e` stopped: the line (1-based, as written) whose command failed, and
   * that command's status. Absent when bash could not say (a failure inside a function).
   */
  failedLine?: { line: number; status: number }
}

/** How a command's processes were stopped: SIGTERM, and SIGKILL after the grace when some were left. */
export interface StopFacts {
  graceMs: number
  /** SIGKILL was needed: something outlived the grace. */
  killed: boolean
  /** How many processes were still there for SIGKILL, where /proc shows them (Linux). */
  ignoredTerm?: number
}
