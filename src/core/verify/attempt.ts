/**
 * One attempt: the script in one shell process (docs/design.md §1), output streamed live to the
 * console while the log, the summary and the output expectations are computed on the fly;
 * the script's result handed over to be recorded the moment it ends, then every expectation
 * judged (src/core/verify/judge.ts). What it returns is the attempt's record, never edited
 * after: the verdict is judged from it (verdict.ts).
 */
import { StringDecoder } from 'node:string_decoder'
import { CappedLogWriter } from '../output/capped-log.js'
import { timestamp, type Clock } from '../base/clock.js'
import { judgeExpectations } from './judge.js'
import { LineMatcher } from '../output/line-matcher.js'
import { MAX_OPEN_LINE, OrderedOutput, type StreamName } from '../output/ordered-output.js'
import { OutputSummarizer, SUMMARY_WORDS } from '../output/output-summary.js'
import { FirstMatchingLine } from '../output/first-match.js'
import { FAILURE_LINE_STARTS, FAILURE_WORDS, FailureBlocks } from '../output/failure-blocks.js'
import { RunnerReportWatch } from '../output/runner-report.js'
import { RUNNER_LINE_STARTS, RUNNER_WORDS } from '../output/runner-lines.js'
import { stopsAtFirstFailure } from '../test-results/stop-early.js'
import type { ProcessGroup } from '../process/process-runner.js'
import type { CommandResult } from '../attempt/command-result.js'
import { processStartTime } from '../process/process-identity.js'
import type { RunSettings } from '../inputs/settings.js'
import { SubstringWatch } from '../output/substring-watch.js'
import type { AttemptEnvironment, ConsoleStream } from './types.js'
import type { AttemptRecord, ExpectationCheck, ScriptResult } from '../attempt/result.js'

/** One attempt as planned: its number, the settings it runs with (a rerun's command as the script), where its logs go. */
export interface AttemptPlan {
  attempt: number
  settings: RunSettings
  logPath: string
  checkLogPath: string
}

/** An attempt's side effects, with the run's clock for its start and end. */
export interface OnceEnvironment extends AttemptEnvironment {
  clock: Pick<Clock, 'now'>
}

/** Who records the script's result the moment it ends. */
export interface AttemptHooks {
  onScriptEnded?: (script: ScriptResult) => void
}

/**
 * Streams one child stream: console live, raw text to its watchers, the rest to the ordered
 * stream the log and summary read (docs/design.md §1).
 */
class OutputChannel {
  private readonly decoder = new StringDecoder('utf8')
  private sealed = false

  constructor(
    readonly console: ConsoleStream,
    private readonly name: StreamName,
    private ordered: OrderedOutput,
    private readonly watchers: { push(text: string): void }[]
  ) {}

  take(chunk: Buffer): boolean {
    this.forward(this.decoder.write(chunk))
    return this.console.write(chunk)
  }

  finish(): void {
    this.forward(this.decoder.end())
  }

  /**
   * The script has ended: what it wrote is final for the summary and the matchers. Output
   * of background processes it left still reaches the console and, through `after`, the log.
   */
  seal(after: OrderedOutput): void {
    this.finish()
    this.sealed = true
    this.ordered = after
  }

  private forward(text: string): void {
    if (text === '') return
    if (!this.sealed) for (const watcher of this.watchers) watcher.push(text)
    this.ordered.push(this.name, text)
  }
}

function waitForDrain(stream: ConsoleStream): Promise<void> {
  return new Promise(resolve => stream.once('drain', () => resolve()))
}

/** Runs one attempt of a verify and returns its record. */
export async function runOnce(plan: AttemptPlan, env: OnceEnvironment, hooks: AttemptHooks = {}): Promise<AttemptRecord> {
  const { settings, attempt, logPath } = plan
  const started = env.clock.now().getTime()
  const log = await CappedLogWriter.open(logPath, settings.logCapBytes)
  const summary = new OutputSummarizer()
  const failures = new FailureBlocks()
  // A runner told to stop at its first failure leaves the tests after it unrun (stop-early.ts).
  const stopFlag = stopsAtFirstFailure(settings.script)
  const runner = new RunnerReportWatch(
    stopFlag === undefined ? [] : [`the command stops at the first failure (${stopFlag}): the tests after it never ran`]
  )
  const stdoutWatch = settings.expectations.stdout !== undefined ? new SubstringWatch(settings.expectations.stdout) : undefined
  // One matcher per stream: a half line of one stream never joins a line of the other.
  const outputMatch =
    settings.retryOnOutput !== undefined ? [new LineMatcher(settings.retryOnOutput), new LineMatcher(settings.retryOnOutput)] : []
  const forbidden = settings.expectations.noOutput !== undefined ? new FirstMatchingLine(settings.expectations.noOutput) : undefined
  // The log and the summary read one stream, whole lines in order of arrival (docs/design.md §1).
  // The summary's, the failure search's and the runner report's words are found in one search
  // of each piece, the lines that may start a failure or a runner's tally while its newlines are found.
  const ordered = new OrderedOutput(
    env.redactor,
    (text, scan) => {
      log.write(text)
      summary.push(text, scan)
      failures.push(text, scan)
      runner.push(text, scan)
      forbidden?.push(text)
    },
    MAX_OPEN_LINE,
    { words: [...SUMMARY_WORDS, ...FAILURE_WORDS, ...RUNNER_WORDS], lineStarts: [...FAILURE_LINE_STARTS, ...RUNNER_LINE_STARTS] }
  )
  const stdoutChannel = new OutputChannel(env.console.stdout, 'stdout', ordered, [
    ...(stdoutWatch ? [stdoutWatch] : []),
    ...outputMatch.slice(0, 1)
  ])
  const stderrChannel = new OutputChannel(env.console.stderr, 'stderr', ordered, outputMatch.slice(1))
  const channels = { stdout: stdoutChannel, stderr: stderrChannel }
  const groups: ProcessGroup[] = []
  const results: CommandResult[] = []

  const run = async (command: string, timeoutMs: number) => {
    const { result, group } = await env.processes.run({
      command,
      shell: settings.shell,
      cwd: settings.workingDirectory,
      env: env.env,
      timeoutMs,
      killGraceMs: env.killGraceMs,
      signal: env.signal,
      onOutput: (chunk, stream) => channels[stream].take(chunk),
      waitForDrain: stream => waitForDrain(channels[stream].console),
      onStart: pgid => env.log({ kind: 'process-started', pgid, started: processStartTime(pgid) })
    })
    if (group) groups.push(group)
    return result
  }

  // The whole script is one process: its exit code is the attempt's.
  const ended = await run(settings.script, settings.timeoutSeconds * 1000)
  results.push(ended)
  const failedCommand = ended.exitCode !== 0 ? ended : undefined
  const endedAt = env.clock.now().getTime()
  // A disk the log filled gives room back before the result is recorded (capped-log.ts).
  await log.settle()

  // The script's result is recorded before any expectation is judged (docs/design.md §1):
  // a crash during a slow expect-check then finds it and replays it (§6).
  // What background processes write from here on goes to the log only.
  const after = new OrderedOutput(env.redactor, text => log.write(text))
  stdoutChannel.seal(after)
  stderrChannel.seal(after)
  ordered.end()
  forbidden?.end()
  failures.end()
  runner.end()
  const runnerReport = runner.report()
  for (const matcher of outputMatch) matcher.end()
  const script: ScriptResult = {
    attempt,
    commands: results,
    exitCode: failedCommand?.exitCode ?? 0,
    signal: ended.signal,
    timedOut: ended.timedOut,
    interrupted: ended.interrupted,
    durationMs: endedAt - started,
    startedAt: timestamp(new Date(started)),
    endedAt: timestamp(new Date(endedAt)),
    summary: summary.finish(),
    failures: failures.blocks(),
    ...(runnerReport !== undefined && { runnerReport }),
    ...(stdoutWatch !== undefined && { stdoutMatched: stdoutWatch.found }),
    ...(forbidden !== undefined && { forbiddenLine: forbidden.match ?? null }),
    outputMatched: outputMatch.some(matcher => matcher.found)
  }
  hooks.onScriptEnded?.(script)

  // An interrupted attempt is never judged. Background processes the script left run on
  // through the checks (a server expect-check probes), then are stopped.
  let checks: ExpectationCheck[] = []
  let checkSummary: string | undefined
  if (!ended.interrupted) {
    const judged = await judgeExpectations(settings, script, plan.checkLogPath, env)
    checks = judged.checks
    checkSummary = judged.checkSummary
  }
  // Nothing the attempt started may run on into the next one.
  await Promise.all(groups.filter(group => group.isAlive()).map(group => group.terminate(env.killGraceMs)))
  stdoutChannel.finish()
  stderrChannel.finish()
  after.end()
  const closed = await log.close()

  return {
    ...script,
    checks,
    ...(checkSummary !== undefined && { checkSummary }),
    logBytesDropped: closed.bytesDropped,
    ...(closed.diskFullAt !== undefined && { logDiskFullAt: closed.diskFullAt })
  }
}
