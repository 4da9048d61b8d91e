/**
 * What the HTML report shows, as plain data (docs/design.md §8 "HTML report"): built from a
 * session folder (trace and meta.json, read through the typed readers), the run's receipt
 * and the receipt history of its command. The logs are not read here: the renderer streams
 * them, so memory does not follow their size.
 */
import { captureCommand, captureCommitCommand } from '../capture/remedy.js'
import type { Receipt } from '../receipts/receipt.js'
import { reviewerExcerpt, type ExcerptBlock } from '../output/excerpt.js'
import { eventsOf, notesOf, type Outcome, type Payloads, type TraceEvent } from '../session/events.js'
import { attemptLogName } from '../session/layout.js'
import type { SessionMeta } from '../session/meta.js'
import { testHistory, type TestRecord } from '../test-results/test-history.js'
import { ratedNames, testRates, type TestRate } from '../test-results/test-rates.js'
import type { NewTestDetection } from '../attempt/new-tests.js'
import type { TraceTests } from '../session/notes.js'
import { attemptEnding, endingFromRecord, type AttemptEnding } from '../verify/ending-words.js'

/** Most rows of receipt history a report lists. */
export const MAX_HISTORY_ROWS = 20

/** One expectation's verdict in an attempt. */
export interface CheckView {
  expectation: string
  ok: boolean
  detail: string
}

/** One attempt as the report shows it. */
export interface AttemptView {
  attempt: number
  /** When its commands started (the tool_call event), when known. */
  startedAt?: string
  durationMs: number
  exitCode?: number
  signal?: string
  timedOut: boolean
  interrupted: boolean
  /** Verified: every expectation held. */
  ok: boolean
  checks: CheckView[]
  detail: string
  /** The failing lines of its output summary, escape codes stripped (empty when verified). */
  excerpt: string
  /** The first failing block found in its whole output (the tool_result's `failures`), when one was. */
  firstError?: ExcerptBlock
  commands: { command: string; exitCode: number | null; durationMs: number }[]
  /** The log's file name in the session folder. */
  logFile: string
  /** The retry note written after it, when there was one. */
  note?: string
  /** A rerun whose results showed none of its targets: the line naming the setting and the command (its `rerun-misfit` note). */
  misfit?: string
  /** What its `test-results` files said (docs/design.md §1 "Test results"), when it read any. */
  tests?: TraceTests
  /** The failed tests it reran on their own, when it was a rerun (docs/design.md §1 "Rerunning only the failed tests"). */
  rerunTests?: string[]
  /** A repeat of new tests (docs/design.md §1 "Early flake detection"): its round of how many, and the tests; never a retry. */
  repeat?: { round: number; of: number; tests: string[] }
  /** Its failed tests that a quarantine entry covers, with the entry (the verify event's `quarantine`). */
  quarantine?: QuarantineView[]
  /** Verified only because every failed test is quarantined. */
  excused: boolean
  /** A timeout's limit and how the tree was stopped, or the line `-e` stopped the script at (docs/design.md §5). */
  ending?: AttemptEnding
}

/** A failed test a quarantine entry covers, as the trace recorded it. */
export type QuarantineView = NonNullable<Payloads['verify']['quarantine']>[number]

/** One row of the command's receipt history. */
export interface HistoryRow {
  runId: string
  startedAt: string
  status: Receipt['status']
  attempts: number
  maxAttempts: number
  flaky: boolean
  captureNote?: string
  /** This report's own run. */
  current: boolean
}

/** Everything a report shows. */
export interface ReportModel {
  runId: string
  /** The run's `name` (the trace's skill). */
  stepName: string
  outcome: Outcome | 'running'
  status: Receipt['status']
  flaky: boolean
  commands: string[]
  expectations: Receipt['expectations']
  startedAt: string
  endedAt: string | null
  totalMs?: number
  maxAttempts: number
  target: string
  scope: string
  ci?: Receipt['ci']
  /** The loop's one-line summary (the `end` event). */
  summary: string
  attempts: AttemptView[]
  /** Notes that are not retry notes of an attempt (refusal, resume, interrupt…). */
  notes: string[]
  capture?: Receipt['capture']
  /** The earlier failed run this one went ahead after, nobody having captured it. */
  uncapturedRunId?: string
  history: HistoryRow[]
  /** `reverify capture <run-id> … --note "what you found"`, as it works when pasted (with `--state-dir` where needed). */
  captureCommand: string
  /** The run happened in GitHub Actions: capture it with a commit trailer (or capture mode), not the CLI. */
  inActions: boolean
  /** `git commit --allow-empty … --trailer "Reverify-Capture: <run-id> what you found"`. */
  captureCommitCommand: string
  /** Tests that failed in an attempt and passed in a later one (the receipt's `tests.flaky`). */
  flakyTests: string[]
  /** Tests that flaked in the command's history shown, most flakes first. */
  historyFlakyTests: TestRecord[]
  /** Quarantined tests that failed in any attempt, each once with its entry (docs/design.md §1 "Quarantine and flaky gates"). */
  quarantined: QuarantineView[]
  /** The run passed because every failure of its deciding attempt is quarantined. */
  excused: boolean
  /** A flaky gate refused the pass: which gate and the flaky tests it counted (its `gate` note). */
  gate?: { gate: string; tests: string[] }
  /** Tests the runner retried itself that passed on a later run of its own, each once (the `tests` notes' `runner_flaky`). */
  runnerFlaky: RunnerFlakyView[]
  /** The rate of each failed, flaky and quarantined test of the run over the command's whole history, this run counted. */
  rates: TestRate[]
  /** Early flake detection, when the run's report gave it (docs/design.md §1 "Early flake detection"). */
  newTests?: NewTestDetection
}

/** A test flaky inside the runner, as the trace recorded it. */
export type RunnerFlakyView = NonNullable<TraceTests['runner_flaky']>[number]

/** What a report is built from. */
export interface ReportSource {
  events: readonly TraceEvent[]
  meta?: SessionMeta
  receipt: Receipt
  /** The command's receipts, newest first (this run's included or not). */
  history: readonly Receipt[]
  /** The state directory the receipt is in, so the capture command can name it. */
  stateDir?: string
  /** Early flake detection as the run reported it; a report written later from the trace alone goes without. */
  newTests?: NewTestDetection
}

function elapsedMs(from: string, to: string | null | undefined): number | undefined {
  if (to === null || to === undefined) return undefined
  const ms = Date.parse(to) - Date.parse(from)
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined
}

/** The attempts of a trace, in order, with their verdicts and the note after each. */
function attemptViews(events: readonly TraceEvent[]): AttemptView[] {
  const views = new Map<number, AttemptView>()
  const view = (attempt: number): AttemptView => {
    let found = views.get(attempt)
    if (found === undefined) {
      found = {
        attempt,
        durationMs: 0,
        timedOut: false,
        interrupted: false,
        ok: false,
        checks: [],
        detail: '',
        excerpt: '',
        commands: [],
        logFile: attemptLogName(attempt),
        excused: false
      }
      views.set(attempt, found)
    }
    return found
  }
  let last: AttemptView | undefined
  for (const event of events) {
    if (event.phase === 'tool_call') {
      last = view(event.payload.attempt)
      last.startedAt = event.ts
      last.commands = event.payload.commands.map(command => ({ command, exitCode: null, durationMs: 0 }))
      if (event.payload.rerun !== undefined) last.rerunTests = event.payload.rerun.tests
      const repeat = event.payload.repeat
      if (repeat !== undefined) last.repeat = { round: repeat.round, of: repeat.of, tests: repeat.tests }
    } else if (event.phase === 'tool_result') {
      const { payload } = event
      const target = view(payload.attempt)
      target.durationMs = payload.duration_ms
      target.exitCode = payload.exit
      if (payload.signal !== undefined) target.signal = payload.signal
      target.timedOut = payload.timed_out === true
      target.interrupted = payload.interrupted === true
      target.excerpt = reviewerExcerpt(payload.summary, payload.failures)
      target.firstError = payload.failures?.[0]
      if (payload.commands !== undefined) {
        target.commands = payload.commands.map(record => ({
          command: record.command,
          exitCode: record.exit_code,
          durationMs: record.duration_ms
        }))
      }
      const script = target.commands[0]?.command
      const ending = script === undefined ? undefined : attemptEnding(script, { timedOut: target.timedOut, ...endingFromRecord(payload) })
      if (ending !== undefined) target.ending = ending
    } else if (event.phase === 'verify') {
      const target = view(event.payload.attempt)
      target.ok = event.payload.ok
      target.checks = event.payload.check.map(check => ({ ...check }))
      target.detail = event.payload.detail
      if (event.payload.quarantine !== undefined) target.quarantine = event.payload.quarantine
      target.excused = target.ok && event.payload.quarantined !== undefined
      if (target.ok) {
        target.excerpt = ''
        delete target.firstError
      }
    } else if (event.phase === 'note' && event.payload.kind === 'tests') {
      view(event.payload.tests.attempt).tests = event.payload.tests
    } else if (event.phase === 'note' && event.payload.kind === 'retry-decision') {
      // The decision after an attempt: by its attempt number, else (an older trace) the last attempt.
      const target = event.payload.attempt !== undefined ? view(event.payload.attempt) : last
      if (target !== undefined && target.note === undefined) target.note = event.payload.message
    } else if (event.phase === 'note' && event.payload.kind === 'rerun-misfit') {
      view(event.payload.attempt).misfit = event.payload.message
    }
  }
  return [...views.values()].sort((a, b) => a.attempt - b.attempt)
}

/** The report's data from a session's trace, its meta.json, the receipt and its history. */
export function buildReportModel(source: ReportSource): ReportModel {
  const { events, meta, receipt } = source
  const attempts = attemptViews(events)
  const end = eventsOf(events, 'end').at(-1)
  const start = eventsOf(events, 'start')[0]
  const uncaptured = start?.payload.uncaptured_failure
  const endedAt = receipt.ended_at ?? meta?.ended_at ?? end?.ts ?? null
  const totalMs = elapsedMs(receipt.started_at, endedAt)
  const gate = notesOf(events, 'gate')[0]
  return {
    runId: receipt.run_id,
    stepName: start?.skill ?? meta?.skill ?? 'verify',
    outcome: end?.payload.outcome ?? meta?.outcome ?? 'running',
    status: receipt.status,
    flaky: receipt.flaky,
    commands: eventsOf(events, 'decision')[0]?.payload.decision ?? receipt.identity,
    expectations: receipt.expectations,
    startedAt: receipt.started_at,
    endedAt,
    ...(totalMs !== undefined && { totalMs }),
    maxAttempts: receipt.max_attempts,
    target: receipt.target,
    scope: receipt.scope,
    ...(receipt.ci && { ci: receipt.ci }),
    summary: end?.payload.summary ?? meta?.summary ?? '',
    attempts,
    notes: eventsOf(events, 'note')
      // Process groups are bookkeeping; test results, retry decisions and reruns (and their misfits) are shown with their attempt.
      .filter(event => !['process-group', 'tests', 'retry-decision', 'rerun', 'rerun-misfit'].includes(event.payload.kind))
      .map(event => event.payload.message),
    ...(receipt.capture && { capture: receipt.capture }),
    ...(typeof uncaptured === 'string' && { uncapturedRunId: uncaptured }),
    history: historyRows(source.history, receipt),
    captureCommand: captureCommand(
      receipt.run_id,
      source.stateDir === undefined ? undefined : { stateDir: source.stateDir, root: receipt.target },
      'what you found'
    ),
    inActions: receipt.ci !== undefined,
    captureCommitCommand: captureCommitCommand(receipt.run_id, 'what you found'),
    flakyTests: receipt.tests?.flaky ?? [],
    historyFlakyTests: testHistory(historyReceipts(source.history, receipt)).tests.filter(test => test.flaky > 0),
    quarantined: quarantinedTests(attempts),
    excused: attempts.some(attempt => attempt.excused),
    ...(gate?.gate !== undefined && { gate: { gate: gate.gate, tests: gate.flaky_tests ?? [] } }),
    runnerFlaky: runnerFlakyTests(attempts),
    rates: testRates(withCurrent(source.history, receipt), ratedNames(receipt)),
    ...(source.newTests !== undefined && { newTests: source.newTests })
  }
}

/** Every test flaky inside the runner in any attempt, once, as last recorded. */
function runnerFlakyTests(attempts: readonly AttemptView[]): RunnerFlakyView[] {
  const byName = new Map<string, RunnerFlakyView>()
  for (const attempt of attempts) for (const view of attempt.tests?.runner_flaky ?? []) byName.set(view.name, view)
  return [...byName.values()]
}

/** Every quarantined test that failed in the run, once, with its entry as last recorded. */
function quarantinedTests(attempts: readonly AttemptView[]): QuarantineView[] {
  const byName = new Map<string, QuarantineView>()
  for (const attempt of attempts) for (const view of attempt.quarantine ?? []) byName.set(view.test, view)
  return [...byName.values()]
}

/** The command's receipts with this run's as it is now. */
function withCurrent(history: readonly Receipt[], current: Receipt): Receipt[] {
  return history.some(receipt => receipt.run_id === current.run_id)
    ? history.map(receipt => (receipt.run_id === current.run_id ? current : receipt))
    : [current, ...history]
}

/** The newest MAX_HISTORY_ROWS receipts of the command, this run's as it is now. */
function historyReceipts(history: readonly Receipt[], current: Receipt): Receipt[] {
  return withCurrent(history, current).slice(0, MAX_HISTORY_ROWS)
}

/** The history table's rows. */
function historyRows(history: readonly Receipt[], current: Receipt): HistoryRow[] {
  return historyReceipts(history, current).map(receipt => ({
    runId: receipt.run_id,
    startedAt: receipt.started_at,
    status: receipt.status,
    attempts: receipt.attempts,
    maxAttempts: receipt.max_attempts,
    flaky: receipt.flaky,
    ...(receipt.capture && { captureNote: receipt.capture.note }),
    current: receipt.run_id === current.run_id
  }))
}
