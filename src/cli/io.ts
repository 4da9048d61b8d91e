/** What the CLI touches of its process, injectable so tests can run it in-process. */
import type { ConsoleStream } from '../core/index.js'

/** The CLI's process-level surroundings. */
export interface CliIo {
  stdout: ConsoleStream
  stderr: ConsoleStream
  cwd: string
  env: NodeJS.ProcessEnv
  /** Aborted on SIGINT/SIGTERM. */
  signal?: AbortSignal
  interruptReason?: () => string | undefined
  /** `process.platform` unless a test says otherwise. */
  platform?: string
}

/** Writes one line to a console stream. */
export function println(stream: ConsoleStream, line: string): void {
  stream.write(`${line}\n`)
}
