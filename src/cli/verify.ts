/**
 * The CLI's side of a verify run: it resolves the policy, hands the core its ports, words
 * what the core reports as it happens (stderr), prints the console summary (stdout,
 * docs/design.md §1) and turns the report into the exit code.
 */
import {
  ExitCode,
  VERSION,
  captureAdvice,
  captureModeOf,
  createRedactor,
  createRunPorts,
  describeSetAside,
  ensureStateDir,
  inputTable,
  scriptLines,
  shownCommand,
  stateDirFull,
  verifyRun,
  writeRunReports,
  type CompletedRun,
  type Receipt,
  type Redactor,
  type RunProgress,
  type RunReport,
  type RunSettings
} from '../core/index.js'
import { println, type CliIo } from './io.js'
import { describeDuration, StatusLine, wantsStatusLine } from './status-line.js'
import { flakyName, newTestsLine, ratesLine } from './flake-lines.js'
import { noteVerifyRan } from './verify-ran.js'

/** "`npm test`" or "`npm test` and 2 more", for one-line messages. */
export function describeCommands(commands: readonly string[]): string {
  const first = commands[0]!.split('\n')[0]!
  const shown = first.length > 80 ? `${first.slice(0, 80)}…` : first
  return commands.length > 1 ? `\`${shown}\` and ${commands.length - 1} more` : `\`${shown}\``
}

/**
 * Where the CLI runs a command: the state directory, the repository root and the target of
 * the directory the person is in, which the capture remedy needs to work as printed.
 */
export interface RunPlace {
  stateDir: string
  root: string
  here: string
}

/**
 * The capture-before-retry message with the CLI's remedy, which works as printed: it names
 * the run's state directory when that is not the repository's default (`place`).
 */
export function captureMessage(action: 'warn' | 'block', failedRunId: string, place?: RunPlace): string {
  const advice = captureAdvice(failedRunId, place)
  return `${advice.headline[action]}\nCapture it: ${advice.command}`
}

/** What the person at the terminal reads while the run goes on (stderr); undefined for none. */
function progressLine(progress: RunProgress, redactor: Redactor, place: RunPlace): string | undefined {
  switch (progress.kind) {
    case 'uncaptured-failure':
      return `reverify: warning: ${redactor.redact(captureMessage('warn', progress.failedRunId, place))}`
    case 'restarting': {
      const line = `reverify: interrupted run ${progress.interruptedRunId} cannot be resumed (${progress.reason}); starting a new run`
      // A result on record that the new run does not use is named, with where it stays (§6).
      return progress.setAside === undefined ? line : `${line}\nreverify: ${redactor.redact(describeSetAside(progress.setAside))}`
    }
    case 'resumed':
      return `reverify: ${redactor.redact(progress.note)}`
    case 'attempt-started': {
      const line = `reverify: attempt ${progress.attempt}/${progress.maxAttempts}`
      if (progress.rerun === undefined) return line
      // A rerun says what it reran, as the action's log group does (docs/design.md §5 "The log").
      const { tests, command } = progress.rerun
      return `${line} — ${tests} failed ${tests === 1 ? 'test' : 'tests'}: ${redactor.redact(shownCommand.shortRerunCommand(command))}`
    }
    case 'repeat-started':
      return `reverify: new tests, repeat ${progress.round}/${progress.of} (${progress.tests} ${progress.tests === 1 ? 'test' : 'tests'}): ${redactor.redact(progress.command)}`
    case 'attempt-failed':
      return `reverify: ${redactor.redact(progress.note)}`
    case 'rerun-misfit':
      return `reverify: warning: attempt ${progress.attempt}: ${redactor.redact(progress.note)}`
    case 'on-retry-failed':
      return `reverify: warning: ${redactor.redact(progress.note)}; retrying all the same`
    case 'report-failed':
      return `reverify: warning: run ${progress.runId}: ${redactor.redact(progress.error)}`
    case 'leftover-ended':
      return `reverify: stopped process group ${progress.pgid}, left running by interrupted run ${progress.runId}`
    case 'test-results-warning':
      return `reverify: warning: test-results (attempt ${progress.attempt}): ${redactor.redact(progress.file)}: ${redactor.redact(progress.reason)}`
    case 'log-incomplete':
      return `reverify: warning: ${progress.note}`
    case 'quarantine-expiry':
    case 'known-tests-warning':
      return `reverify: warning: ${redactor.redact(progress.note)}`
    case 'run-created':
    case 'process-started':
      return undefined
  }
}

/** Most attempt durations listed one by one; beyond it the middle ones are counted (the line stays short). */
const LISTED_DURATIONS = 5

/** "(1.2 s, 1.1 s, 1.3 s)", or "(1.2 s, 1.1 s, 1.3 s, … 6 more, 1.0 s)" for a long run. */
function attemptDurations(durations: readonly number[]): string {
  const shown = durations.map(describeDuration)
  if (shown.length <= LISTED_DURATIONS) return `(${shown.join(', ')})`
  const hidden = shown.length - (LISTED_DURATIONS - 1)
  return `(${[...shown.slice(0, LISTED_DURATIONS - 2), `… ${hidden} more`, shown[shown.length - 1]!].join(', ')})`
}

/** `name`'s default (the input table): a run not named otherwise is not named in the summary. */
const DEFAULT_NAME = 'verify'

/** What the summary names besides the report: the run's `--name` and its HTML report, when written. */
export interface SummaryPlaces {
  name?: string
  reportPath?: string
}

/**
 * The 3–6 line console summary (docs/design.md §1); none for a blocked run. `elapsedMs`,
 * the whole run's time as the CLI measured it, ends the outcome line when given.
 */
export function consoleSummary(report: RunReport, commands: readonly string[], elapsedMs?: number, places: SummaryPlaces = {}): string[] {
  if (report.kind === 'blocked') return []
  const completed = report.kind === 'completed' ? report : undefined
  let attempts = completed ? `${completed.attempts.length}/${completed.maxAttempts}` : '0'
  if (completed && completed.attempts.length > 0) attempts += ` ${attemptDurations(completed.attempts.map(a => a.durationMs))}`
  // A flaky pass a gate refused says the gate, not "flaky": the run failed because of it.
  const note = completed?.gate !== undefined ? ` (gate: ${completed.gate.gate})` : completed?.flaky ? ' (flaky)' : ''
  const outcome = completed ? `${completed.outcome}${note}` : 'aborted'
  const took = elapsedMs === undefined ? '' : ` · ${describeDuration(elapsedMs)}`
  const named = places.name === undefined || places.name === DEFAULT_NAME ? '' : `${places.name} — `
  const lines = [`reverify: ${named}${describeCommands(commands)}`, `outcome: ${outcome} · attempts: ${attempts}${took}`]
  if (completed && completed.outcome !== 'success') lines.push(`why: ${completed.summary}`)
  if (completed?.tests !== undefined) {
    const quarantine = completed.quarantine
    const excused = (completed.outcome === 'success' ? quarantine?.excused : quarantine?.covered) ?? []
    lines.push(testsLine(completed, excused))
    const named = [...completed.tests.failed.map(test => test.name), ...completed.tests.flaky, ...excused.map(({ test }) => test.name)]
    lines.push(...ratesLine(completed, [...new Set(named)]))
  }
  if (completed !== undefined) lines.push(...newTestsLine(completed))
  // A rerun whose results showed none of its targets: the setting may not fit the command (docs/design.md §1).
  for (const misfit of new Set(completed?.attempts.flatMap(attempt => attempt.rerunMisfit ?? []) ?? [])) lines.push(`rerun: ${misfit}`)
  if (report.kind === 'refused') lines.push(`why: refused by the guardrail rule "${report.guardrail.rule}"`)
  lines.push(`receipt: ${report.runId}`)
  lines.push(`trace: ${report.session.dir}`)
  if (places.reportPath !== undefined) lines.push(`report: ${places.reportPath}`)
  return lines
}

/** Most test names on the summary's `tests:` line per list. */
const NAMED_TESTS = 3

function namesOf(names: readonly string[]): string {
  const shown = names.slice(0, NAMED_TESTS).join('; ')
  return names.length > NAMED_TESTS ? `${shown} and ${names.length - NAMED_TESTS} more` : shown
}

/**
 * `tests: 12 (attempt 2) · failed: a; b · flaky: c`, from the run's JUnit results; failed
 * tests a quarantine entry covers are named apart: `quarantined: c (@team, until 2027-01-15)`.
 */
function testsLine(run: CompletedRun, excused: readonly { test: { name: string }; entry: { owner: string; expires: string } }[]): string {
  const tests = run.tests!
  const parts = [`tests: ${tests.total} (attempt ${tests.attempt})`]
  const failed = tests.failed.filter(test => !excused.some(item => item.test.name === test.name))
  if (failed.length > 0) parts.push(`failed: ${namesOf(failed.map(test => test.name))}`)
  if (excused.length > 0) {
    parts.push(`quarantined: ${namesOf(excused.map(({ test, entry }) => `${test.name} (${entry.owner}, until ${entry.expires})`))}`)
  }
  if (tests.flaky.length > 0) parts.push(`flaky: ${namesOf(tests.flaky.map(name => flakyName(run, name)))}`)
  return parts.join(' · ')
}

/** The CLI's exit code for a report (docs/design.md §1). */
export function exitCodeOf(report: RunReport): number {
  if (report.kind === 'blocked') return ExitCode.failure
  if (report.kind === 'refused') return ExitCode.guardrail
  if (report.outcome === 'success') return ExitCode.success
  if (report.outcome === 'failure') return ExitCode.failure
  return report.interrupted ? ExitCode.interrupted : ExitCode.guardrail
}

/** Runs (or, with `resume`, continues) a verify and prints the console summary. */
export async function executeRun(settings: RunSettings, io: CliIo, resume?: Receipt): Promise<number> {
  noteVerifyRan()
  const startedAt = Date.now()
  // The target, its config and its default state directory follow the working directory (docs/design.md §3 "Identity").
  const root = inputTable.findTargetRoot(settings.workingDirectory)
  const { path: stateDir, isDefault } = inputTable.resolveStateDir(settings.stateDir, { front: 'cli', base: io.cwd }, root)
  const captureMode = await captureModeOf(settings.captureBeforeRetry, root)
  await ensureStateDir(stateDir, { gitignore: isDefault }).catch(error => {
    throw stateDirFull(error, stateDir, 'before')
  })
  const place: RunPlace = { stateDir, root, here: inputTable.findTargetRoot(io.cwd) }
  const redactor = createRedactor({ values: settings.redact, env: io.env })
  // The scope is stored in receipts and compared between runs: redacted as it is read, alike every time.
  settings = { ...settings, scope: redactor.redact(settings.scope) }
  const status = new StatusLine(io.stderr, { enabled: wantsStatusLine(io.stderr, io.env) })
  // Everything written while the run goes on passes the status line, which erases itself first.
  const stdout = status.wrap(io.stdout)
  const stderr = status.wrap(io.stderr)
  const onInterrupt = () => status.attemptEnded()
  io.signal?.addEventListener('abort', onInterrupt, { once: true })
  const request = {
    settings,
    target: root,
    captureMode,
    version: VERSION,
    redactor,
    env: io.env,
    signal: io.signal,
    interruptReason: io.interruptReason,
    front: 'cli' as const,
    quarantineRoot: root,
    deferReports: true,
    ...(resume && { resume })
  }
  const machine = await createRunPorts({ env: io.env, stateDir, warn: message => println(stderr, `reverify: warning: ${message}`) })
  const ports = {
    ...machine,
    log: (progress: RunProgress) => {
      if (progress.kind === 'attempt-failed') status.attemptEnded()
      const line = progressLine(progress, redactor, place)
      if (line !== undefined) println(stderr, line)
      if (progress.kind === 'attempt-started') status.attemptStarted(progress.attempt, progress.maxAttempts)
    },
    console: { stdout, stderr }
  }
  const report = await verifyRun(request, ports).finally(() => {
    status.stop()
    io.signal?.removeEventListener('abort', onInterrupt)
  })
  if (report.kind === 'blocked')
    println(io.stderr, `reverify: error: ${redactor.redact(captureMessage('block', report.failedRunId, place))}`)
  if (report.kind === 'refused') println(io.stderr, `reverify: error: ${redactor.redact(report.note)}`)
  // The summary names the report it is about to write: the verdict waits for nothing (design §8).
  const reportPath = report.kind === 'blocked' ? undefined : report.session.reportFile
  const places = { name: settings.name, ...(reportPath !== undefined && { reportPath }) }
  // The summary quotes the command, which may hold a credential (a URL's password).
  for (const line of consoleSummary(report, scriptLines(settings.script), Date.now() - startedAt, places)) {
    println(io.stdout, redactor.redact(line))
  }
  if (report.kind !== 'blocked') {
    await ports.pause?.('before-reports')
    const newTests = report.kind === 'completed' ? report.newTests : undefined
    await writeRunReports(report.receipt, request, ports, newTests === undefined ? {} : { newTests })
  }
  return exitCodeOf(report)
}
