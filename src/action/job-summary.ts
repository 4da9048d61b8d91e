/**
 * The job summary (docs/design.md §5): what failed and where, readable without
 * downloading anything — a heading with the step's name and verdict, the attempts table,
 * each failed attempt's output excerpt, the command's receipt history, how to capture the
 * failure, the receipt and the trace artifact. Everything taken from a command, its output
 * or an input goes through markdown.ts, so it stays text.
 */
import { StringDecoder } from 'node:string_decoder'
import {
  attemptOutput,
  formatDuration,
  shownCommand,
  testsRan,
  type CaptureMode,
  type CompletedRun,
  type HistoryFacts,
  type RunReport
} from '../core/index.js'
import { cell, cellCode, codeSpan, fenced, text } from './markdown.js'
import { quarantineSuggestionSection } from './quarantine-suggestion.js'
import type { AttemptResult, FailedTest } from './report-parts.js'
import { captureCommitCommand } from './run-log.js'
import { excusedPass, quarantinedNames, quarantineSummary } from './quarantine-summary.js'
import { flakySection, hasRateColumn, newTestsSection, newTestVerdict, rateCell } from './flake-summary.js'

/** Under GitHub's 1 MiB limit for a step summary (counted in bytes), with room to spare. */
const MAX_SUMMARY_BYTES = 512 * 1024

/** Room for all the output excerpts together, and for any one of them (bytes). */
const EXCERPTS_BYTES = 320 * 1024
const EXCERPT_MAX_BYTES = 32 * 1024

/** What the summary needs beyond the run report. */
export interface SummaryFacts {
  /** The step's `name`. */
  name: string
  commands: readonly string[]
  captureMode: CaptureMode
  /** This command's receipt history after the run, when it could be read. */
  history?: HistoryFacts
  /** The run is a pull request's: new tests are new in it. */
  pullRequest?: boolean
  artifactUrl?: string
  artifactNote?: string
}

/** The verdict after the step's name, with its icon. */
function verdict(report: RunReport): { icon: string; words: string } {
  if (report.kind === 'blocked') return { icon: '⛔', words: 'blocked: the last failure was not captured' }
  if (report.kind === 'refused') return { icon: '❌', words: 'refused: a destructive command' }
  const used = report.attempts.length
  const plural = used === 1 ? 'attempt' : 'attempts'
  if (report.outcome === 'success' && !report.flaky && excusedPass(report)) {
    return { icon: '⚠️', words: `passed on attempt ${used}/${report.maxAttempts}: every failure is quarantined` }
  }
  if (report.outcome === 'success') {
    return report.flaky
      ? { icon: '⚠️', words: `passed on attempt ${used}/${report.maxAttempts} (flaky)` }
      : { icon: '✅', words: `passed on attempt ${used}/${report.maxAttempts}` }
  }
  if (report.interrupted) {
    const by = report.interruptReason === undefined ? '' : ` by ${text(report.interruptReason)}`
    return { icon: '❌', words: `interrupted${by} after ${used} ${plural}` }
  }
  if (report.gate !== undefined) return { icon: '❌', words: `failed: flaky pass refused by ${report.gate.gate}` }
  const newFlaky = newTestVerdict(report)
  if (newFlaky !== undefined) return { icon: '❌', words: newFlaky }
  return { icon: '❌', words: `failed after ${used} ${plural}` }
}

/** The line under the heading: the command, the attempts used and the capture-before-retry mode. */
function commandLine(report: RunReport, facts: SummaryFacts): string {
  const more = facts.commands.length > 1 ? ` and ${facts.commands.length - 1} more` : ''
  const parts = [`${codeSpan(facts.commands[0] ?? '')}${more}`]
  if (report.kind === 'completed') parts.push(`attempts: ${report.attempts.length}/${report.maxAttempts}`)
  const uncaptured = report.kind === 'blocked' ? undefined : report.capture.uncapturedRunId
  parts.push(`capture-before-retry: ${facts.captureMode}${uncaptured ? ` (retried after the uncaptured failure \`${uncaptured}\`)` : ''}`)
  return parts.join(' · ')
}

function exitCell(attempt: AttemptResult): string {
  if (attempt.interrupted) return `${attempt.exitCode} (interrupted)`
  if (attempt.timedOut) return `${attempt.exitCode} (timed out)`
  return attempt.signal ? `${attempt.exitCode} (${cell(attempt.signal)})` : String(attempt.exitCode)
}

/**
 * The attempts table: per attempt what ran (when a retry reran only the failed tests), its
 * exit, duration and each expectation's verdict, and its failing tests when results were read.
 */
function attemptsTable(report: CompletedRun, facts: SummaryFacts): string[] {
  if (report.attempts.length === 0) return []
  const names = [...new Set(report.attempts.flatMap(attempt => attempt.checks.map(check => check.expectation)))]
  const withTests = report.attempts.some(attempt => attempt.tests !== undefined)
  const withReruns = report.attempts.some(attempt => attempt.rerun !== undefined)
  const columns = names.map(name => expectationHeading(name, report.attempts))
  const headings = [...(withReruns ? ['what ran'] : []), 'exit', 'duration', ...columns, ...(withTests ? ['failing tests'] : [])]
  const lines = [`| attempt | ${headings.join(' | ')} |`, `|---|${headings.map(() => '---').join('|')}|`]
  for (const [index, attempt] of report.attempts.entries()) {
    const marks = names.map(name => {
      const check = attempt.checks.find(item => item.expectation === name)
      if (check === undefined) return '–'
      if (check.ok) return '✓'
      // A verified attempt with a failed check is one the quarantine excused (docs/design.md §5 "Job summary").
      return attempt.verified ? excusedCell(attempt) : `✗ ${cell(shortDetail(check, attempt))}`
    })
    if (withTests) marks.push(failingCell(attempt))
    // The row above: a rerun of the same shape as a rerun just above need not repeat its command.
    const before = index > 0 ? report.attempts[index - 1] : undefined
    const ran = withReruns ? [whatRan(attempt, before, facts)] : []
    const row = [String(attempt.attempt), ...ran, exitCell(attempt), formatDuration(attempt.durationMs), ...marks]
    lines.push(`| ${row.join(' | ')} |`)
  }
  return [...lines, '']
}

type ExpectationCheck = AttemptResult['checks'][number]

/** The cell of a check the quarantine excused: `✓ quarantined (1)`, with how many failed tests it excused when known. */
function excusedCell(attempt: AttemptResult): string {
  const count = attempt.quarantined?.length ?? attempt.tests?.failedTests.length
  return count === undefined ? '✓ quarantined' : `✓ quarantined (${count})`
}

/** An expectation's column heading: `expect-exit 0` when the exit code wanted can be told, else its name. */
function expectationHeading(name: ExpectationCheck['expectation'], attempts: readonly AttemptResult[]): string {
  if (name !== 'expect-exit') return name
  for (const attempt of attempts) {
    const check = attempt.checks.find(item => item.expectation === name)
    if (check?.ok === true) return `${name} ${attempt.exitCode}`
    const wanted = check === undefined ? null : /^expect-exit (-?\d+) but got/.exec(check.detail)
    if (wanted) return `${name} ${wanted[1]}`
  }
  return name
}

/**
 * A failed expectation's cell, short: the column names the expectation and the heading the
 * command, so a row says only what this attempt got (`got 1`, `missing`, `exited 2`).
 */
function shortDetail(check: ExpectationCheck, attempt: AttemptResult): string {
  switch (check.expectation) {
    case 'expect-exit':
      return `got ${attempt.exitCode}`
    case 'expect-stdout':
      return 'text not in stdout'
    case 'expect-file':
      return 'missing'
    case 'expect-no-output':
      return attempt.forbiddenLine ? `matched line ${attempt.forbiddenLine.line}` : 'matched'
    case 'expect-check':
      return / (exited -?\d+|timed out|was interrupted|was killed by .+)$/.exec(check.detail)?.[1] ?? 'failed'
    case 'rerun': {
      // The failing-tests column names them: the cell only counts.
      const counted = /^(\d+ of \d+) rerun tests passed/.exec(check.detail)
      const missing = check.detail.includes(' · not in the results') ? ' · some not in the results' : ''
      return counted === null ? 'failed' : `${counted[1]} passed${missing}`
    }
    default:
      return check.detail
  }
}

/**
 * What an attempt ran, for a run whose retries reran only the failed tests (docs/design.md
 * §5 "Job summary"): `full suite (`npm test`, 312 tests)` — the tests its results show ran —
 * or `2 failed tests (`npx jest src/api.test.js -t …`)`, the rerun's command with the test
 * names elided; a rerun whose command has the shape of the rerun in the row above is just
 * `1 failed test`.
 */
function whatRan(attempt: AttemptResult, before: AttemptResult | undefined, facts: SummaryFacts): string {
  if (attempt.rerun !== undefined) {
    const count = attempt.rerun.tests.length
    const tests = `${count} failed ${count === 1 ? 'test' : 'tests'}`
    const same =
      before?.rerun !== undefined && shownCommand.rerunShape(before.rerun.command) === shownCommand.rerunShape(attempt.rerun.command)
    return same ? tests : `${tests} (${cellCode(shownCommand.shortRerunCommand(attempt.rerun.command))})`
  }
  const more = facts.commands.length > 1 ? ` and ${facts.commands.length - 1} more` : ''
  const parts = [`${cellCode(shownCommand.shortCommand(facts.commands[0] ?? ''), 160)}${more}`]
  const tests = attempt.tests
  if (tests !== undefined && tests.files.length > 0) {
    const ran = testsRan(tests)
    parts.push(`${ran} ${ran === 1 ? 'test' : 'tests'}`)
  }
  return `full suite (${parts.join(', ')})`
}

/** Most test names in one cell of the attempts table, and rows in the failed-tests table. */
const NAMES_IN_CELL = 3
const FAILED_TEST_ROWS = 20

/** An attempt's failing tests for its row: names, `none`, or `–` when no results file was read. */
function failingCell(attempt: AttemptResult): string {
  const tests = attempt.tests
  if (tests === undefined || tests.files.length === 0) return '–'
  const bad = tests.failed + tests.errors
  if (bad === 0) return `none of ${tests.total}`
  const names = tests.failedTests.slice(0, NAMES_IN_CELL).map(test => cell(test.name, 200))
  return bad > names.length ? `${names.join('; ')} and ${bad - names.length} more` : names.join('; ')
}

/** `file:line` of a test, as the summary shows it. */
function place(test: FailedTest): string {
  if (test.file === undefined) return ''
  return cellCode(test.line === undefined ? test.file : `${test.file}:${test.line}`)
}

/** The tests the run's verdict rests on (the last attempt with results), and the flaky ones; quarantined failures are shown apart. */
function testsSection(report: CompletedRun): string[] {
  if (report.tests === undefined) return []
  // Quarantined failures are shown apart, and new tests that failed a repeat under early flake detection.
  const apart = new Set([...quarantinedNames(report), ...(report.newTests?.flaky ?? []).map(flaky => flaky.test.name)])
  const tests = { ...report.tests, failed: report.tests.failed.filter(test => !apart.has(test.name)) }
  const lines: string[] = flakySection(report)
  if (tests.failed.length > 0) {
    // The rate column only when a test has something for it (docs/design.md §5 "Job summary").
    const rated = hasRateColumn(report, tests.failed)
    lines.push(`**Failed tests** (attempt ${tests.attempt}, ${tests.failed.length} of ${tests.total}):`, '')
    lines.push(rated ? '| test | where | message | rate |' : '| test | where | message |', rated ? '|---|---|---|---|' : '|---|---|---|')
    for (const test of tests.failed.slice(0, FAILED_TEST_ROWS)) {
      const rate = rated ? ` ${rateCell(report, test)} |` : ''
      lines.push(`| ${cell(test.name, 300)} | ${place(test)} | ${cell(test.message ?? '', 300)} |${rate}`)
    }
    if (tests.failed.length > FAILED_TEST_ROWS) lines.push('', `… and ${tests.failed.length - FAILED_TEST_ROWS} more in the trace.`)
    lines.push('')
  }
  return lines
}

/** The excerpt's last lines that fit in `maxBytes`, and whether any were left out. */
function fitExcerpt(excerpt: string, maxBytes: number): { body: string; cut: boolean } {
  if (Buffer.byteLength(excerpt) <= maxBytes) return { body: excerpt, cut: false }
  const kept: string[] = []
  let bytes = 0
  for (const line of excerpt.split('\n').reverse()) {
    bytes += Buffer.byteLength(line) + 1
    if (bytes > maxBytes) break
    kept.unshift(line)
  }
  return { body: kept.join('\n'), cut: true }
}

/**
 * How an attempt's script ended, when its exit does not say it all (docs/design.md §5): a
 * timeout's limit and how the tree was stopped, or the line `-e` stopped the script at.
 */
function endingLine(attempt: AttemptResult): string | undefined {
  const { ending } = attemptOutput(attempt)
  if (ending?.timeout !== undefined)
    return `**Attempt ${attempt.attempt}** ${text([ending.timeout, ...(ending.stop !== undefined ? [ending.stop] : [])].join('; '))}.`
  const line = ending?.line
  if (line === undefined) return undefined
  const ran = line.line === 1 ? '' : line.line === 2 ? 'line 1 ran; ' : `lines 1–${line.line - 1} ran; `
  const shown = line.text === '' ? '' : ` ${codeSpan(line.text)}`
  return `**Attempt ${attempt.attempt}**: ${ran}line ${line.line}${shown} exited ${line.status}.`
}

/** One collapsed block per attempt that was not verified, holding its output excerpt. */
function failedAttempts(report: CompletedRun): string[] {
  const failed = report.attempts.filter(attempt => !attempt.verified)
  if (failed.length === 0) return []
  const share = Math.min(EXCERPT_MAX_BYTES, Math.floor(EXCERPTS_BYTES / failed.length))
  const lines: string[] = []
  for (const attempt of failed) {
    const { body, cut } = fitExcerpt(attemptOutput(attempt).text.trimEnd(), share)
    const ending = endingLine(attempt)
    if (ending !== undefined) lines.push(ending, '')
    // The blank lines around the fence end the HTML block, so the fence is markdown again.
    lines.push(`<details><summary>Attempt ${attempt.attempt} — what failed</summary>`, '')
    if (cut) lines.push(`Its last lines; the whole output is \`attempt-${attempt.attempt}.log\` in the trace.`, '')
    lines.push(...fenced(body === '' ? '(no output)' : body), '', '</details>', '')
  }
  return lines
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)} %`
}

function statusWords(run: HistoryFacts['runs'][number]): string {
  if (run.flaky) return '⚠️ passed (flaky)'
  return { passed: '✅ passed', failed: '❌ failed', aborted: '⏹️ aborted', interrupted: '⏹️ interrupted', running: 'running' }[run.status]
}

/** Runs the history's table lists, newest first; the counts above it cover every run of the history. */
const HISTORY_ROWS = 20

/** This command's last runs and its flake rate. */
function historySection(history: HistoryFacts | undefined, thisRun: string | undefined): string[] {
  if (history === undefined || history.runs.length === 0) return []
  const { counts, runs } = history
  // "(this one included)" goes after the count this run is part of, not always after "failed".
  const current = runs.find(run => run.runId === thisRun)
  const kind =
    current === undefined
      ? undefined
      : current.flaky
        ? 'flaky'
        : current.status === 'passed' || current.status === 'failed'
          ? current.status
          : 'stopped'
  const counted = (count: number, word: typeof kind) => `${count} ${word}${word === kind ? ' (this one included)' : ''}`
  const tally = [
    counted(counts.passed, 'passed'),
    counted(counts.flaky, 'flaky'),
    counted(counts.failed, 'failed'),
    ...(counts.stopped > 0 ? [counted(counts.stopped, 'stopped')] : [])
  ].join(' · ')
  const rate = history.flakeRate === undefined ? '' : ` — flake rate ${percent(history.flakeRate)}`
  const lines = [`**History of this command** (last ${runs.length} ${runs.length === 1 ? 'run' : 'runs'}): ${tally}${rate}.`, '']
  // The tests apart from the runs: a test can flake inside a run that failed for another test.
  const flakyTests = history.flakyTests
    .slice(0, 10)
    .map(test => `${codeSpan(test.name)} (in ${test.flaky} ${test.flaky === 1 ? 'run' : 'runs'})`)
  const more = history.flakyTests.length > 10 ? ` and ${history.flakyTests.length - 10} more` : ''
  if (flakyTests.length > 0) lines.push(`Tests that failed and then passed on a retry in these runs: ${flakyTests.join(', ')}${more}.`, '')
  lines.push('| run | started | status | captured |', '|---|---|---|---|')
  for (const run of runs.slice(0, HISTORY_ROWS)) {
    const note = run.captureNote === undefined ? '' : run.captureNote === '' ? 'yes' : `yes: ${cell(run.captureNote, 200)}`
    const marker = run.runId === thisRun ? ' (this run)' : ''
    lines.push(`| \`${run.runId}\`${marker} | ${run.startedAt.slice(0, 16).replace('T', ' ')} UTC | ${statusWords(run)} | ${note} |`)
  }
  const older = runs.length - HISTORY_ROWS
  if (older > 0) lines.push('', `The ${older} older ${older === 1 ? 'run is' : 'runs are'} counted above and not listed.`)
  return [...lines, '']
}

/**
 * How to capture `runId` before it is retried: prose, then the one command to copy in a
 * block of its own; the capture-mode alternative as prose.
 */
function captureSection(runId: string, lead: string): string[] {
  return [
    `**${lead}** — either commit a trailer:`,
    '',
    ...fenced(captureCommitCommand(runId), 'sh'),
    '',
    `or run this action once with \`capture: ${runId}\` and \`capture-note: <what you found>\` (same command and scope).`,
    ''
  ]
}

/** The run whose capture the reviewer is asked for, and how the request is put. */
function captureRequest(report: RunReport, mode: CaptureMode): { runId: string; lead: string } | undefined {
  if (report.kind === 'blocked') return { runId: report.failedRunId, lead: 'This run is blocked until the last failure is captured' }
  if (mode !== 'off' && report.kind === 'completed' && report.outcome === 'failure') {
    return { runId: report.runId, lead: 'Before retrying this failure, capture what happened' }
  }
  return undefined
}

/** Below the attempts table: a rerun whose results showed none of its targets, once per line the core gave (docs/design.md §5 "Job summary"). */
function misfitLines(report: CompletedRun): string[] {
  const misfits = [...new Set(report.attempts.flatMap(attempt => attempt.rerunMisfit ?? []))]
  return misfits.flatMap(misfit => [`⚠️ ${text(misfit.charAt(0).toUpperCase() + misfit.slice(1))}`, ''])
}

/** Markdown for the step summary of a verify run. */
export function verifySummary(report: RunReport, facts: SummaryFacts): string {
  const { icon, words } = verdict(report)
  const lines: string[] = [`### ${icon} ${text(facts.name)} — ${words}`, '', commandLine(report, facts), '']
  // A gate's reason, without the words the heading already says.
  const gate = report.kind === 'completed' ? report.gate : undefined
  if (gate !== undefined) lines.push(`${cell(gate.message.replace(`flaky pass refused by ${gate.gate}: `, ''), 1000)}.`, '')
  if (report.kind === 'refused') lines.push(`Refused by the destructive-command guardrail: rule ${codeSpan(report.guardrail.rule)}.`, '')
  if (report.kind === 'completed') {
    lines.push(
      ...attemptsTable(report, facts),
      ...misfitLines(report),
      ...testsSection(report),
      ...newTestsSection(report, facts.pullRequest === true)
    )
    lines.push(...quarantineSummary(report), ...failedAttempts(report))
  }
  lines.push(...historySection(facts.history, report.kind === 'blocked' ? undefined : report.runId))
  lines.push(...quarantineSuggestionSection(facts.history?.suggestedQuarantine))
  const capture = captureRequest(report, facts.captureMode)
  if (capture !== undefined) lines.push(...captureSection(capture.runId, capture.lead))
  if (report.kind !== 'blocked') {
    const trace = facts.artifactUrl
      ? `[the trace and its HTML report, report.html (artifact reverify-trace-${report.runId})](${facts.artifactUrl})`
      : `the trace: ${text(facts.artifactNote ?? 'not uploaded')}`
    lines.push(`Receipt \`${report.runId}\` · ${trace}`)
  }
  return fitSummary(`${lines.join('\n')}\n`)
}

/** The markdown cut to the step summary's size limit, on a character boundary, saying so. */
export function fitSummary(markdown: string): string {
  if (Buffer.byteLength(markdown) <= MAX_SUMMARY_BYTES) return markdown
  const marker = '\n\n(summary cut)\n'
  // The decoder holds back a character the cut splits, instead of mangling it.
  const head = new StringDecoder('utf8').write(Buffer.from(markdown).subarray(0, MAX_SUMMARY_BYTES - marker.length))
  return `${head}${marker}`
}
