/**
 * How a script ended, in the words every surface uses (docs/design.md §5): a timeout states
 * its limit and how the process tree was stopped; a bash script `-e` stopped names its line.
 * The summary line, the annotations, the job summary and the report all read these.
 */
import type { CommandResult, StopFacts } from '../attempt/command-result.js'
import { scriptLines } from '../shell/script-lines.js'

/** Seconds as a person reads them: `3 s`, `0.5 s`. */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`
}

/**
 * `timed out after 3 s (timeout-seconds: 3)`; the bare `timed out` when the limit is not
 * known. A title writes the input as `(timeout-seconds 3)`.
 */
export function timeoutWords(timeoutMs: number | undefined, form: 'sentence' | 'title' = 'sentence'): string {
  if (timeoutMs === undefined || timeoutMs <= 0) return 'timed out'
  const input = `timeout-seconds${form === 'title' ? '' : ':'} ${Number((timeoutMs / 1000).toFixed(3))}`
  return `timed out after ${seconds(timeoutMs)} (${input})`
}

/** `the process tree was stopped with SIGTERM, then SIGKILL after 2 s (1 process ignored SIGTERM)`. */
export function stopWords(stopped: StopFacts | undefined): string | undefined {
  if (stopped === undefined) return undefined
  if (!stopped.killed) return 'the process tree was stopped with SIGTERM'
  const ignored =
    stopped.ignoredTerm === undefined
      ? ''
      : ` (${stopped.ignoredTerm} ${stopped.ignoredTerm === 1 ? 'process' : 'processes'} ignored SIGTERM)`
  return `the process tree was stopped with SIGTERM, then SIGKILL after ${seconds(stopped.graceMs)}${ignored}`
}

/** A timeout in one line: its limit, then how the tree was stopped. */
export function timedOutWords(result: Pick<CommandResult, 'timeoutMs' | 'stopped'>): string {
  const stop = stopWords(result.stopped)
  return `${timeoutWords(result.timeoutMs)}${stop === undefined ? '' : `; ${stop}`}`
}

/** The script's physical line `number` (1-based), trimmed, at most 120 characters. */
export function lineText(script: string, number: number): string {
  const line = (script.replace(/\r\n?/g, '\n').split('\n')[number - 1] ?? '').trim()
  return line.length > 120 ? `${line.slice(0, 119)}…` : line
}

/** The line a script stopped at, in words: its number, text, status, and what ran before it. */
export interface FailedLineWords {
  line: number
  /** The line as written (trimmed, cut at 120 characters). */
  text: string
  status: number
  /** `line 7 \`grep -q bob seed.sql\` exited 1` */
  phrase: string
  /** `line 7 failed — grep -q bob seed.sql (exit 1)`, for a title. */
  title: string
  /** `Lines 1–6 ran; line 7 \`grep -q bob seed.sql\` exited 1.` */
  sentence: string
}

/** The words for a script's failed line; undefined when the script did not say which, or is one line only. */
export function failedLineWords(script: string, failed: CommandResult['failedLine']): FailedLineWords | undefined {
  if (failed === undefined || scriptLines(script).length < 2) return undefined
  const text = lineText(script, failed.line)
  const code = text === '' ? '' : ` \`${text.replace(/`/g, "'")}\``
  const phrase = `line ${failed.line}${code} exited ${failed.status}`
  const before = failed.line === 1 ? '' : failed.line === 2 ? 'Line 1 ran; ' : `Lines 1–${failed.line - 1} ran; `
  return {
    line: failed.line,
    text,
    status: failed.status,
    phrase,
    title: `line ${failed.line} failed${text === '' ? '' : ` — ${text}`} (exit ${failed.status})`,
    sentence: before === '' ? `L${phrase.slice(1)}.` : `${before}${phrase}.`
  }
}

/** What a tool_result recorded of how the script ended (the trace's names). */
export interface EndingRecord {
  timeout_ms?: number | undefined
  stopped?: { grace_ms: number; sigkill: boolean; ignored_sigterm?: number | undefined } | undefined
  failed_line?: { line: number; status: number } | undefined
}

/** A tool_result's ending facts as a command result holds them. */
export function endingFromRecord(record: EndingRecord): Pick<CommandResult, 'timeoutMs' | 'stopped' | 'failedLine'> {
  const { timeout_ms: timeoutMs, stopped, failed_line: failedLine } = record
  return {
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(stopped !== undefined && {
      stopped: {
        graceMs: stopped.grace_ms,
        killed: stopped.sigkill,
        ...(stopped.ignored_sigterm !== undefined && { ignoredTerm: stopped.ignored_sigterm })
      }
    }),
    ...(failedLine !== undefined && { failedLine: { line: failedLine.line, status: failedLine.status } })
  }
}

/** How an attempt's script ended, for a surface: the timeout's title and stop sentence, or the failed line. */
export interface AttemptEnding {
  /** `timed out after 3 s (timeout-seconds: 3)`, and as a title writes it. */
  timeout?: string
  timeoutTitle?: string
  /** `the process tree was stopped with SIGTERM, then SIGKILL after 2 s` */
  stop?: string
  line?: FailedLineWords
}

/** The command whose end decided an attempt: the first that failed, else the script. */
export function endedCommand<T extends Pick<CommandResult, 'exitCode'>>(attempt: { commands: readonly T[] }): T | undefined {
  return attempt.commands.find(command => command.exitCode !== 0) ?? attempt.commands[0]
}

/** The ending of an attempt whose script is `script`, from its command's result; undefined when there is nothing to add to its exit. */
export function attemptEnding(
  script: string,
  result: Pick<CommandResult, 'timedOut' | 'timeoutMs' | 'stopped' | 'failedLine'> | undefined
): AttemptEnding | undefined {
  if (result === undefined) return undefined
  if (result.timedOut) {
    const stop = stopWords(result.stopped)
    return {
      timeout: timeoutWords(result.timeoutMs),
      timeoutTitle: timeoutWords(result.timeoutMs, 'title'),
      ...(stop !== undefined && { stop })
    }
  }
  const line = failedLineWords(script, result.failedLine)
  return line === undefined ? undefined : { line }
}
