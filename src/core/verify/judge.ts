/**
 * Judging an attempt's expectations once its script has ended (docs/design.md §1, §6). The
 * script's result is recorded first; `expect-exit` and `expect-stdout` are then judged from
 * that record alone — the same way live and when a resumed run replays it — while
 * `expect-file` and `expect-check` inspect the working directory now. The check's output is
 * its own: streamed to the console, kept in `attempt-<n>.check.log` and summarized for the
 * `verify` event, never mixed into the script's log, summary or matchers.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import type { AttemptEnvironment, ConsoleStream } from './types.js'
import type { ExpectationCheck } from '../attempt/result.js'
import { CappedLogWriter } from '../output/capped-log.js'
import { OutputSummarizer } from '../output/output-summary.js'
import type { CommandResult } from '../attempt/command-result.js'
import type { Redactor } from '../redaction/index.js'
import { scriptLabel } from '../shell/script-lines.js'
import { failedLineWords, timedOutWords } from './ending-words.js'
import type { MatchedLine } from '../output/first-match.js'
import { runSideCommand } from './side-command.js'
import type { RunSettings } from '../inputs/settings.js'

/** How a command ended, in words for a check's detail. */
export function describeCommandEnd(
  result: Pick<CommandResult, 'exitCode' | 'signal' | 'timedOut' | 'interrupted' | 'timeoutMs' | 'stopped'>
): string {
  if (result.timedOut) return timedOutWords(result)
  if (result.interrupted) return 'was interrupted'
  if (result.signal) return `was killed by ${result.signal} (exit ${result.exitCode})`
  return `exited ${result.exitCode}`
}

/** What the record of a script says, enough to judge expect-exit and expect-stdout. */
export interface ScriptRecord {
  exitCode: number
  commands: readonly CommandResult[]
  stdoutMatched?: boolean
  forbiddenLine?: MatchedLine | null
}

/**
 * expect-exit and expect-stdout judged from the script's record; undefined when the record
 * cannot say (expect-stdout given but the record has no `stdout_matched`).
 */
export function judgeRecord(settings: RunSettings, record: ScriptRecord, redactor: Redactor): ExpectationCheck[] | undefined {
  const { exit, stdout, noOutput } = settings.expectations
  const checks: ExpectationCheck[] = []
  if (exit !== undefined) {
    const failed = record.commands.find(command => command.exitCode !== 0)
    // A script -e stopped names its line (docs/design.md §5); else its label and how it ended.
    const line = failed === undefined ? undefined : failedLineWords(failed.command, failed.failedLine)
    const how = line !== undefined ? line.phrase : failed ? `\`${scriptLabel(failed.command)}\` ${describeCommandEnd(failed)}` : undefined
    const ok = record.exitCode === exit
    checks.push({
      expectation: 'expect-exit',
      ok,
      detail: ok ? `exit ${record.exitCode}` : `expect-exit ${exit} but got ${record.exitCode}${how !== undefined ? ` (${how})` : ''}`
    })
  }
  if (stdout !== undefined) {
    if (record.stdoutMatched === undefined) return undefined
    checks.push({
      expectation: 'expect-stdout',
      ok: record.stdoutMatched,
      detail: record.stdoutMatched
        ? 'stdout contained the expected text'
        : `stdout did not contain ${JSON.stringify(redactor.redact(stdout))}`
    })
  }
  if (noOutput !== undefined) {
    if (record.forbiddenLine === undefined) return undefined
    const hit = record.forbiddenLine
    checks.push({
      expectation: 'expect-no-output',
      ok: hit === null,
      detail:
        hit === null
          ? `no line of the output matched /${noOutput.source}/`
          : `expect-no-output /${redactor.redact(noOutput.source)}/ matched line ${hit.line} of the output: ${JSON.stringify(hit.text)}`
    })
  }
  return checks
}

/** The verdicts of expect-file and expect-check, and what the check printed (summarized, redacted). */
export interface StateChecks {
  checks: ExpectationCheck[]
  checkSummary?: string
}

/** One stream of the check's output: console live, redacted text to the check's log and summary. */
function checkStream(console: ConsoleStream, redactor: Redactor, sink: (text: string) => void) {
  const decoder = new StringDecoder('utf8')
  const redacting = redactor.stream()
  return {
    take(chunk: Buffer): boolean {
      sink(redacting.push(decoder.write(chunk)))
      return console.write(chunk)
    },
    finish(): void {
      sink(redacting.push(decoder.end()))
      sink(redacting.end())
    }
  }
}

/**
 * expect-file, then expect-check, evaluated now in the working directory. The check runs
 * with its own timeout, its output kept apart in `checkLogPath`; its process group is
 * stopped before this returns.
 */
export async function checkState(settings: RunSettings, checkLogPath: string, env: AttemptEnvironment): Promise<StateChecks> {
  const { file, check } = settings.expectations
  const checks: ExpectationCheck[] = []
  if (file !== undefined) {
    const present = existsSync(resolve(settings.workingDirectory, file))
    checks.push({ expectation: 'expect-file', ok: present, detail: present ? `${file} exists` : `${file} does not exist` })
  }
  if (check === undefined) return { checks }
  const log = await CappedLogWriter.open(checkLogPath, settings.logCapBytes)
  const summary = new OutputSummarizer()
  const sink = (text: string) => {
    if (text === '') return
    log.write(text)
    summary.push(text)
  }
  const streams = {
    stdout: checkStream(env.console.stdout, env.redactor, sink),
    stderr: checkStream(env.console.stderr, env.redactor, sink)
  }
  const result = await runSideCommand(check, settings, env, (chunk, stream) => streams[stream].take(chunk))
  streams.stdout.finish()
  streams.stderr.finish()
  await log.close()
  checks.push({
    expectation: 'expect-check',
    ok: result.exitCode === 0,
    detail: result.exitCode === 0 ? 'expect-check passed' : `expect-check \`${check}\` ${describeCommandEnd(result)}`
  })
  return { checks, checkSummary: summary.finish() }
}

/**
 * Every expectation of an ended script: expect-exit, -stdout and -no-output from its record
 * (none when the record cannot say), then expect-file and expect-check now. The same for a
 * live attempt and a replayed one (docs/design.md §6).
 */
export async function judgeExpectations(
  settings: RunSettings,
  record: ScriptRecord,
  checkLogPath: string,
  env: AttemptEnvironment
): Promise<StateChecks> {
  const state = await checkState(settings, checkLogPath, env)
  return {
    checks: [...(judgeRecord(settings, record, env.redactor) ?? []), ...state.checks],
    ...(state.checkSummary !== undefined && { checkSummary: state.checkSummary })
  }
}
