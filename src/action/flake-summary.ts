/**
 * The job summary's words for flakiness (docs/design.md §5 "Job summary"): the flaky tests
 * with their rates, the tests flaky inside the runner (`flaky inside the runner, passed on
 * its 2nd run`), the rate of each failed test, and what early flake detection did. Every
 * name and message comes from the test results, so each goes through markdown.ts.
 */
import { runnerRetry, testRates, type CompletedRun } from '../core/index.js'
import { cell, cellCode, codeSpan, fenced, text } from './markdown.js'
import type { FailedTest } from './report-parts.js'

/** Most tests listed per list or table here; the rest are counted. */
const ROWS = 20

/** ` · flaked in 4 of the last 37 runs (11 %) · first seen 2026-11-20`, or ''. */
function rateTail(report: CompletedRun, name: string): string {
  const words = testRates.rateOf(report.rates, name)
  return words === undefined ? '' : ` · ${text(words)}`
}

/** `… and N more` after a list cut at ROWS. */
function moreLine(total: number): string[] {
  return total > ROWS ? [`- … and ${total - ROWS} more in the trace`] : []
}

/**
 * The run's flaky tests: those reverify's retries revealed (the old sentence when no rate
 * adds anything; a list with each rate when one does), then those flaky inside the runner,
 * each with how, its first failure and its rate. New tests that failed a repeat are told
 * by newTestsSection.
 */
export function flakySection(report: CompletedRun): string[] {
  const runner = report.tests?.runnerFlaky ?? []
  const apart = new Set([...runner.map(test => test.name), ...(report.newTests?.flaky ?? []).map(flaky => flaky.test.name)])
  const retried = (report.tests?.flaky ?? []).filter(name => !apart.has(name))
  const lines: string[] = []
  if (retried.length > 0) {
    const lead = '**Flaky tests** (failed in an attempt, passed in a later one)'
    if (retried.every(name => rateTail(report, name) === '')) {
      lines.push(`${lead}: ${retried.map(name => codeSpan(name)).join(', ')}.`, '')
    } else {
      lines.push(`${lead}:`, '')
      for (const name of retried.slice(0, ROWS)) lines.push(`- ${codeSpan(name)}${rateTail(report, name)}`)
      lines.push(...moreLine(retried.length), '')
    }
  }
  if (runner.length > 0) {
    lines.push('**Flaky inside the runner** (the runner retried them itself):', '')
    for (const test of runner.slice(0, ROWS)) {
      const how = `${runnerRetry.runnerFlakyWords(test)} (${runnerRetry.retryFormWords(test.form, test.passedOnRun)})`
      const message = test.message === undefined || test.message.trim() === '' ? '' : `: ${cell(test.message, 300)}`
      lines.push(`- ${codeSpan(test.name)} — ${how}${message}${rateTail(report, test.name)}`)
    }
    lines.push(...moreLine(runner.length), '')
  }
  return lines
}

/** Whether the failed-tests table has a `rate` column: a test has a rate, or the runner retried one itself. */
export function hasRateColumn(report: CompletedRun, tests: readonly FailedTest[]): boolean {
  return tests.some(test => (test.runnerRuns ?? 0) > 1 || testRates.rateOf(report.rates, test.name) !== undefined)
}

/** A failed test's `rate` cell: how often the runner ran it, and its rate. */
export function rateCell(report: CompletedRun, test: FailedTest): string {
  const parts: string[] = []
  if ((test.runnerRuns ?? 0) > 1) parts.push(runnerRetry.runnerFailedWords(test.runnerRuns!))
  const words = testRates.rateOf(report.rates, test.name)
  if (words !== undefined) parts.push(words)
  return cell(parts.join(' · '), 300)
}

/** The heading's words when flaky new tests failed the run: `failed: a new test is flaky`. */
export function newTestVerdict(report: CompletedRun): string | undefined {
  const detection = report.newTests
  if (report.outcome !== 'failure' || detection?.mode !== 'fail' || detection.flaky.length === 0) return undefined
  const count = detection.flaky.length
  return count === 1 ? 'failed: a new test is flaky' : `failed: ${count} new tests are flaky`
}

/**
 * What early flake detection did (docs/design.md §1 "Early flake detection"): the new tests
 * found and repeated, the repeats that ran (and that the budget cut the rest), each flaky
 * new test with the repeat it failed and that repeat's failing block; or why nothing was
 * repeated — with an empty history, that detection starts with the next run.
 */
export function newTestsSection(report: CompletedRun, pullRequest: boolean): string[] {
  const detection = report.newTests
  if (detection === undefined) return []
  const lead = '**Early flake detection**'
  if (detection.skipped === 'empty-history') {
    return [`${lead}: the history knows no test yet, so none counts as new; detection starts with the next run.`, '']
  }
  if (detection.skipped === 'none-new') return [`${lead}: no test in this run is new to the history.`, '']
  if (detection.skipped === 'not-passed') return [`${lead}: the run did not pass, so no new test was repeated.`, '']
  if (detection.skipped === 'not-repeatable')
    return [
      `${lead}: ${detection.found} new ${detection.found === 1 ? 'test' : 'tests'}, not repeated: ${detection.stopped ?? 'no repeat could be made'}.`,
      ''
    ]
  const where = pullRequest ? 'in this pull request' : "to this command's history"
  const found = `${detection.found} new ${detection.found === 1 ? 'test' : 'tests'} ${where}`
  const repeated =
    detection.repeated.length < detection.found ? `the first ${detection.repeated.length} repeated (new-test-max)` : 'each repeated'
  const ran = `${detection.ran} of ${detection.repeats} ${detection.repeats === 1 ? 'repeat' : 'repeats'} ran`
  const cut = detection.budgetCut
    ? '; new-test-budget-seconds cut the rest'
    : detection.stopped !== undefined
      ? `; stopped: ${detection.stopped}`
      : ''
  const none = detection.flaky.length === 0 ? '; none failed a repeat' : ''
  const lines = [`${lead}: ${found}, ${repeated}; ${ran}${cut}${none}.`, '']
  if (detection.flaky.length === 0) return lines
  const outcome =
    detection.decided === 'fail'
      ? 'they fail the run'
      : detection.decided === 'warn'
        ? 'new-test-mode warn: the run passes with a warning'
        : 'quarantined: shown, and the run passes'
  lines.push(`**Flaky new tests** (${outcome}):`, '', '| new test | where | failed on | message |', '|---|---|---|---|')
  for (const flaky of detection.flaky.slice(0, ROWS)) {
    const test = flaky.test
    const place = test.file === undefined ? '' : cellCode(test.line === undefined ? test.file : `${test.file}:${test.line}`)
    lines.push(
      `| ${cell(test.name, 300)} | ${place} | repeat ${flaky.repeat} of ${detection.repeats} | ${cell(flaky.message ?? '', 300)} |`
    )
  }
  lines.push('')
  // The name stays in the table: inside <summary> markdown's escapes would show as typed.
  detection.flaky.slice(0, ROWS).forEach((flaky, index) => {
    if (flaky.block === undefined || flaky.block.trim() === '') return
    const summary = `<details><summary>Flaky new test ${index + 1}, repeat ${flaky.repeat} — what failed</summary>`
    lines.push(summary, '', ...fenced(flaky.block.trimEnd()), '', '</details>', '')
  })
  return lines
}
