/**
 * The on-retry hook (docs/design.md §1): a shell command run between a failed attempt and
 * the next one. Its output streams to the console but stays out of the attempt's log,
 * summary and expectations; the trace gets one note with how it ended and a short,
 * redacted excerpt of what it printed.
 */
import { stripVTControlCharacters } from 'node:util'
import type { AttemptEnvironment } from './types.js'
import type { CommandResult } from '../attempt/command-result.js'
import { runSideCommand } from './side-command.js'
import type { RunSettings } from '../inputs/settings.js'

/** Longest excerpt of the hook's output in its note: enough for an error line, never a log. */
export const ON_RETRY_EXCERPT_CHARS = 200
/** Redacted output kept while the hook runs; only its tail becomes the excerpt. */
const KEPT_CHARS = 4 * ON_RETRY_EXCERPT_CHARS

/** How the hook ended, and the trace note that says so. */
export interface OnRetryResult {
  ok: boolean
  exitCode: number
  interrupted: boolean
  /** `on-retry exited 1: <excerpt>`: what the trace records and a failing hook's warning says. */
  note: string
}

/** Keeps the last KEPT_CHARS of redacted text from both streams, in arrival order. */
class OutputTail {
  private text = ''
  push(safe: string): void {
    if (safe === '') return
    this.text = (this.text + safe).slice(-KEPT_CHARS)
  }
  /** One line: controls stripped, whitespace runs folded, the tail kept when too long. */
  excerpt(): string {
    const line = stripVTControlCharacters(this.text)
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    return line.length <= ON_RETRY_EXCERPT_CHARS ? line : `…${line.slice(-(ON_RETRY_EXCERPT_CHARS - 1))}`
  }
}

function describeEnd(result: CommandResult): string {
  if (result.timedOut) return 'timed out'
  if (result.interrupted) return 'was interrupted'
  if (result.signal) return `was killed by ${result.signal} (exit ${result.exitCode})`
  return `exited ${result.exitCode}`
}

/** Runs the on-retry command with the run's shell, directory, environment and attempt timeout. */
export async function runOnRetry(
  command: string,
  settings: Pick<RunSettings, 'shell' | 'workingDirectory' | 'timeoutSeconds'>,
  env: AttemptEnvironment
): Promise<OnRetryResult> {
  const tail = new OutputTail()
  // One redacting stream per source, so a secret split across chunks is still caught.
  const redacting = { stdout: env.redactor.stream(), stderr: env.redactor.stream() }
  // Whatever the hook leaves in the background is stopped before the next attempt.
  const result = await runSideCommand(command, settings, env, (chunk, stream) => {
    tail.push(redacting[stream].push(chunk.toString('utf8')))
    return env.console[stream].write(chunk)
  })
  tail.push(redacting.stdout.end())
  tail.push(redacting.stderr.end())
  const excerpt = tail.excerpt()
  return {
    ok: result.exitCode === 0 && !result.timedOut && !result.interrupted,
    exitCode: result.exitCode,
    interrupted: result.interrupted,
    note: `on-retry ${describeEnd(result)}${excerpt === '' ? '' : `: ${excerpt}`}`
  }
}
