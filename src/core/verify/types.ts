/**
 * What an attempt runs with (docs/design.md §1 "One attempt"): its environment and the
 * console it writes to. The attempt's record is in attempt/result.ts, a floor lower.
 */
import type { ProcessRunner } from '../process/process-runner.js'
import type { Redactor } from '../redaction/index.js'
import type { RunProgress } from '../base/progress.js'

/** A console stream reverify writes the command's live output to. */
export interface ConsoleStream {
  write(chunk: Buffer | string): boolean
  once(event: 'drain', listener: () => void): unknown
  /** True on a terminal (as Node's streams say it); front ends decide what that changes. */
  readonly isTTY?: boolean
}

/** The side effects an attempt needs (the run's ports, narrowed). */
export interface AttemptEnvironment {
  processes: ProcessRunner
  console: { stdout: ConsoleStream; stderr: ConsoleStream }
  log: (progress: RunProgress) => void
  redactor: Redactor
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
  killGraceMs: number
}
