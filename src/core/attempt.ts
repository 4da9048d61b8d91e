/**
 * One attempt: the command list in order through the shell, output streamed live to the
 * console while the log, the summary and the output expectations are computed on the fly,
 * then every expectation judged.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { CappedLogWriter } from './capped-log.js'
import { LineMatcher } from './line-matcher.js'
import { OutputSummarizer } from './output-summary.js'
import type { CommandResult, ProcessGroup, ProcessRunner } from './process-runner.js'
import type { Redactor } from './redaction.js'
import type { RunProgress } from './run/ports.js'
import type { Expectations, RunSettings } from './settings.js'
import { SubstringWatch } from './substring-watch.js'
import type { AttemptTests } from './test-results/attempt-tests.js'

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
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  killGraceMs: number
}

/** One expectation's verdict. */
export interface ExpectationCheck {
  expectation: 'expect-exit' | 'expect-stdout' | 'expect-file' | 'expect-check'
  ok: boolean
  detail: string
}

/** Everything an attempt produced. */
export interface AttemptResult {
  attempt: number
  commands: CommandResult[]
  exitCode: number
  signal: string | null
  timedOut: boolean
  interrupted: boolean
  durationMs: number
  summary: string
  checks: ExpectationCheck[]
  verified: boolean
  /** Whether stdout held expect-stdout's text (undefined when it is not set). */
  stdoutMatched?: boolean
  /** Whether the output matched retry-on-output (false when it is not set). */
  outputMatched: boolean
  logBytesDropped: number
  /** What the `test-results` files said, read after the attempt ended (test-results/record.ts). */
  tests?: AttemptTests
}

/** Streams one child stream: console live, redacted text to log and summary. */
class OutputChannel {
  private readonly decoder = new StringDecoder('utf8')
  private readonly redacting

  constructor(
    readonly console: ConsoleStream,
    redactor: Redactor,
    private readonly log: CappedLogWriter,
    private readonly summary: OutputSummarizer,
    private readonly watchers: { push(text: string): void }[]
  ) {
    this.redacting = redactor.stream()
  }

  take(chunk: Buffer): boolean {
    const text = this.decoder.write(chunk)
    this.forward(text)
    return this.console.write(chunk)
  }

  finish(): void {
    this.forward(this.decoder.end())
    this.emit(this.redacting.end())
  }

  private forward(text: string): void {
    if (text === '') return
    for (const watcher of this.watchers) watcher.push(text)
    this.emit(this.redacting.push(text))
  }

  private emit(safe: string): void {
    if (safe === '') return
    this.log.write(safe)
    this.summary.push(safe)
  }
}

function waitForDrain(stream: ConsoleStream): Promise<void> {
  return new Promise(resolve => stream.once('drain', () => resolve()))
}

function describeCommandEnd(result: CommandResult): string {
  if (result.timedOut) return 'timed out'
  if (result.interrupted) return 'was interrupted'
  if (result.signal) return `was killed by ${result.signal} (exit ${result.exitCode})`
  return `exited ${result.exitCode}`
}

/** Runs attempt number `attempt` of a verify. */
export async function runAttempt(settings: RunSettings, attempt: number, logPath: string, env: AttemptEnvironment): Promise<AttemptResult> {
  const started = Date.now()
  const log = await CappedLogWriter.open(logPath, settings.logCapBytes)
  const summary = new OutputSummarizer()
  const stdoutWatch = settings.expectations.stdout !== undefined ? new SubstringWatch(settings.expectations.stdout) : undefined
  const outputMatch = settings.retryOnOutput !== undefined ? new LineMatcher(settings.retryOnOutput) : undefined
  const stdoutChannel = new OutputChannel(env.console.stdout, env.redactor, log, summary, [
    ...(stdoutWatch ? [stdoutWatch] : []),
    ...(outputMatch ? [outputMatch] : [])
  ])
  const stderrChannel = new OutputChannel(env.console.stderr, env.redactor, log, summary, outputMatch ? [outputMatch] : [])
  const channels = { stdout: stdoutChannel, stderr: stderrChannel }
  const groups: ProcessGroup[] = []
  const results: CommandResult[] = []
  const deadline = settings.timeoutSeconds > 0 ? started + settings.timeoutSeconds * 1000 : undefined

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
      onStart: pgid => env.log({ kind: 'process-started', pgid })
    })
    if (group) groups.push(group)
    return result
  }

  for (const command of settings.commands) {
    // The timeout covers the whole command list of the attempt.
    const remaining = deadline === undefined ? 0 : Math.max(1, deadline - Date.now())
    const result = await run(command, remaining)
    results.push(result)
    if (result.exitCode !== 0) break
  }
  const last = results[results.length - 1]!
  const failedCommand = results.find(result => result.exitCode !== 0)
  const ended = failedCommand ?? last

  const checks: ExpectationCheck[] = []
  const expected: Expectations = settings.expectations
  if (!ended.interrupted) {
    if (expected.exit !== undefined) {
      const exitCode = failedCommand?.exitCode ?? 0
      checks.push({
        expectation: 'expect-exit',
        ok: exitCode === expected.exit,
        detail:
          exitCode === expected.exit
            ? `exit ${exitCode}`
            : `expect-exit ${expected.exit} but got ${exitCode}${failedCommand ? ` (\`${failedCommand.command}\` ${describeCommandEnd(failedCommand)})` : ''}`
      })
    }
    if (stdoutWatch !== undefined) {
      checks.push({
        expectation: 'expect-stdout',
        ok: stdoutWatch.found,
        detail: stdoutWatch.found
          ? 'stdout contained the expected text'
          : `stdout did not contain ${JSON.stringify(env.redactor.redact(expected.stdout!))}`
      })
    }
    if (expected.file !== undefined) {
      const present = existsSync(resolve(settings.workingDirectory, expected.file))
      checks.push({
        expectation: 'expect-file',
        ok: present,
        detail: present ? `${expected.file} exists` : `${expected.file} does not exist`
      })
    }
    if (expected.check !== undefined) {
      const check = await run(expected.check, settings.timeoutSeconds * 1000)
      checks.push({
        expectation: 'expect-check',
        ok: check.exitCode === 0,
        detail: check.exitCode === 0 ? 'expect-check passed' : `expect-check \`${expected.check}\` ${describeCommandEnd(check)}`
      })
    }
  }

  // Nothing the attempt started may run on into the next one.
  await Promise.all(groups.filter(group => group.isAlive()).map(group => group.terminate(env.killGraceMs)))
  stdoutChannel.finish()
  stderrChannel.finish()
  outputMatch?.end()
  const closed = await log.close()

  // Verified only when every expectation holds; an interrupted attempt is never judged.
  const verified = !ended.interrupted && checks.length > 0 && checks.every(check => check.ok)
  return {
    attempt,
    commands: results,
    exitCode: failedCommand?.exitCode ?? 0,
    signal: ended.signal,
    timedOut: ended.timedOut,
    interrupted: ended.interrupted,
    durationMs: Date.now() - started,
    summary: summary.finish(),
    checks,
    verified,
    ...(stdoutWatch !== undefined && { stdoutMatched: stdoutWatch.found }),
    outputMatched: outputMatch?.found ?? false,
    logBytesDropped: closed.bytesDropped
  }
}
