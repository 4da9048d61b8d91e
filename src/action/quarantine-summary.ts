/**
 * The job summary's part of the flakiness policy (docs/design.md §5 "Job summary"): the
 * quarantined tests that failed in a pass they excused, with owner and expiry; the entries
 * that expire soon or have expired; and the verdict of a flaky gate. Every name, owner and
 * reason comes from the repository or the test results, so each goes through markdown.ts.
 */
import type { CompletedRun } from '../core/index.js'
import type { QuarantinedFailure } from './report-parts.js'
import { cell, codeSpan, text } from './markdown.js'

/** Most quarantined tests named in the line and rows in its table. */
const QUARANTINE_ROWS = 20

/** `owner @team, expires 2027-01-15`, for one entry. */
function ownership(entry: QuarantinedFailure['entry']): string {
  return `owner ${text(entry.owner)}, expires ${text(entry.expires)}`
}

/** An issue as written: `#812` for a bare number. */
function issueWords(issue: string | undefined): string {
  if (issue === undefined) return ''
  return /^\d+$/.test(issue) ? `#${issue}` : issue
}

/**
 * `2 quarantined tests failed: a, b — owner @team, expires 2027-01-15`, the owner and expiry
 * once when every entry shares them, else after each test; then a table with each reason.
 * `passed`: the quarantine excused the run; else these failed next to the run's real failure.
 */
function excusedLines(excused: readonly QuarantinedFailure[], passed: boolean): string[] {
  if (excused.length === 0) return []
  const shown = excused.slice(0, QUARANTINE_ROWS)
  const shared = new Set(excused.map(({ entry }) => `${entry.owner}\n${entry.expires}`)).size === 1
  const names = shown.map(({ test, entry }) => (shared ? codeSpan(test.name) : `${codeSpan(test.name)} (${ownership(entry)})`))
  const more = excused.length > shown.length ? ` and ${excused.length - shown.length} more` : ''
  const count = `${excused.length} quarantined ${excused.length === 1 ? 'test' : 'tests'} failed`
  const tail = shared ? ` — ${ownership(excused[0]!.entry)}` : ''
  const outcome = passed
    ? 'The run passed because every failure is quarantined.'
    : 'Their quarantine applies, but the run failed for something else.'
  const lines = [`**${count}:** ${names.join(', ')}${more}${tail}. ${outcome}`, '']
  lines.push('| quarantined test | owner | expires | reason | issue |', '|---|---|---|---|---|')
  for (const { test, entry } of shown) {
    lines.push(
      `| ${cell(test.name, 300)} | ${cell(entry.owner, 200)} | ${cell(entry.expires, 20)} | ${cell(entry.reason, 300)} | ${cell(issueWords(entry.issue), 200)} |`
    )
  }
  return [...lines, '']
}

/** The entries that expire within the week, or have expired, as warnings naming owner and date. */
function expiryLines(report: CompletedRun): string[] {
  const quarantine = report.quarantine
  if (quarantine === undefined) return []
  const items = [
    ...quarantine.expired.map(
      ({ entry }) =>
        `- ⚠️ The quarantine of ${codeSpan(entry.test)} (owner ${text(entry.owner)}) expired on ${text(entry.expires)} and no longer applies: a failure of that test fails the run.`
    ),
    ...quarantine.expiring.map(
      ({ entry, daysLeft }) =>
        `- ⚠️ The quarantine of ${codeSpan(entry.test)} (owner ${text(entry.owner)}) expires on ${text(entry.expires)}, ${daysLeft === 0 ? 'today' : `in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`}: fix the test, or renew the entry with a reason.`
    )
  ]
  if (items.length === 0) return []
  return [`**Quarantine file** ${codeSpan(quarantine.source)}:`, '', ...items, '']
}

/** A flaky pass a gate refused: which gate, and the flaky tests it counted. */
function gateLines(report: CompletedRun): string[] {
  const gate = report.gate
  if (gate === undefined) return []
  const tests = gate.tests.length > 0 ? gate.tests.map(name => codeSpan(name)).join(', ') : 'the command (its results name no test)'
  return [`**Gate ${codeSpan(gate.gate)}** refused this flaky pass; the flaky tests it counted: ${tests}.`, '']
}

/** The summary's lines about quarantine and gates, empty when neither played a part. */
export function quarantineSummary(report: CompletedRun): string[] {
  return [...gateLines(report), ...excusedLines(quarantinedFailures(report), report.outcome === 'success'), ...expiryLines(report)]
}

/** The quarantined failures to show: those the quarantine excused in a pass, else those next to the real failure. */
function quarantinedFailures(report: CompletedRun): QuarantinedFailure[] {
  return (report.outcome === 'success' ? report.quarantine?.excused : report.quarantine?.covered) ?? []
}

/** Whether the quarantine excused this pass. */
export function excusedPass(report: CompletedRun): boolean {
  return report.outcome === 'success' && (report.quarantine?.excused.length ?? 0) > 0
}

/** The names of the quarantined tests that failed, to leave out of the failed tests. */
export function quarantinedNames(report: CompletedRun): Set<string> {
  return new Set(quarantinedFailures(report).map(({ test }) => test.name))
}
