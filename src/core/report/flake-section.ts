/**
 * The report's part on flakiness (docs/design.md §8 "HTML report"): each failed, flaky or
 * quarantined test of the run with its rate over the command's history, the tests flaky
 * inside the runner (`flaky inside the runner, passed on its 2nd run`), and what early flake
 * detection did. Every value goes through the `markup` tag.
 */
import { markup, type SafeHtml } from './html.js'
import type { ReportModel } from './model.js'
import { describeRate } from '../test-results/test-rates.js'
import { retryFormWords, runnerFlakyWords } from '../test-results/runner-retry-words.js'

/** Most rows of each list here; the rest are in the trace. */
const ROWS = 50

/** The rate of a test in words, or '' when the history says nothing more than the run. */
function rateWords(model: ReportModel, name: string): string {
  const rate = model.rates.find(item => item.name === name)
  return rate === undefined ? '' : (describeRate(rate) ?? '')
}

/** The tests flaky inside the runner, each with how its results show it, its first failure and its rate. */
function runnerFlakyPart(model: ReportModel): SafeHtml {
  if (model.runnerFlaky.length === 0) return markup``
  const rows = model.runnerFlaky.slice(0, ROWS).map(test => {
    const place = test.file === undefined ? '' : test.line === undefined ? test.file : `${test.file}:${test.line}`
    const how = `${runnerFlakyWords(test)} (${retryFormWords(test.form, test.passedOnRun)})`
    return markup`<tr><td>${test.name}</td><td>${place !== '' && markup`<code>${place}</code>`}</td><td>${how}</td><td><pre>${test.message ?? ''}</pre></td><td>${rateWords(model, test.name)}</td></tr>`
  })
  return markup`<h3>Flaky inside the runner</h3>
<table class="tests runner-flaky"><tr><th>test</th><th>where</th><th>how</th><th>first failure</th><th>rate</th></tr>${rows}</table>
`
}

/** Each test of the run with a rate to tell, in one table. */
function ratesPart(model: ReportModel): SafeHtml {
  const rated = model.rates.filter(rate => describeRate(rate) !== undefined).slice(0, ROWS)
  if (rated.length === 0) return markup``
  const rows = rated.map(rate => markup`<tr><td>${rate.name}</td><td>${describeRate(rate)!}</td></tr>`)
  return markup`<h3>Rates over this command's history</h3>
<table class="tests rates"><tr><th>test</th><th>rate</th></tr>${rows}</table>
`
}

/** What early flake detection did: found, repeated, ran, cut; each flaky new test with its repeat and block. */
function newTestsPart(model: ReportModel): SafeHtml {
  const detection = model.newTests
  if (detection === undefined) return markup``
  if (detection.skipped === 'empty-history') {
    return markup`<h3>Early flake detection</h3><p>The history knows no test yet, so none counts as new; detection starts with the next run.</p>\n`
  }
  if (detection.skipped === 'none-new') return markup`<h3>Early flake detection</h3><p>No test in this run is new to the history.</p>\n`
  if (detection.skipped === 'not-passed')
    return markup`<h3>Early flake detection</h3><p>The run did not pass, so no new test was repeated.</p>\n`
  if (detection.skipped === 'not-repeatable')
    return markup`<h3>Early flake detection</h3><p>${detection.found} new ${detection.found === 1 ? 'test' : 'tests'}, not repeated: ${detection.stopped ?? 'no repeat could be made'}.</p>\n`
  const repeated =
    detection.repeated.length < detection.found ? `the first ${detection.repeated.length} repeated (new-test-max)` : 'each repeated'
  const cut = detection.budgetCut
    ? '; new-test-budget-seconds cut the rest'
    : detection.stopped !== undefined
      ? `; stopped: ${detection.stopped}`
      : ''
  const lead = `${detection.found} new ${detection.found === 1 ? 'test' : 'tests'}, ${repeated}; ${detection.ran} of ${detection.repeats} repeats ran${cut}.`
  const outcome =
    detection.decided === 'fail'
      ? 'They fail the run.'
      : detection.decided === 'warn'
        ? 'new-test-mode warn: the run passes with a warning.'
        : 'Quarantined: shown, and the run passes.'
  const rows = detection.flaky.slice(0, ROWS).map(flaky => {
    const test = flaky.test
    const place = test.file === undefined ? '' : test.line === undefined ? test.file : `${test.file}:${test.line}`
    return markup`<tr><td>${test.name}</td><td>${place !== '' && markup`<code>${place}</code>`}</td><td>repeat ${flaky.repeat} of ${detection.repeats}</td><td><pre>${flaky.block ?? flaky.message ?? ''}</pre></td></tr>`
  })
  return markup`<h3>Early flake detection</h3><p>${lead}${detection.flaky.length === 0 && ' None failed a repeat.'}</p>
${rows.length > 0 && markup`<p>Flaky new tests: ${outcome}</p><table class="tests new-flaky"><tr><th>new test</th><th>where</th><th>failed on</th><th>what failed</th></tr>${rows}</table>`}
`
}

/** The section, empty when the run has nothing of it. */
export function flakeSection(model: ReportModel): SafeHtml {
  const parts = [runnerFlakyPart(model), newTestsPart(model), ratesPart(model)].filter(part => part.text !== '')
  if (parts.length === 0) return markup``
  return markup`<section id="flakiness"><h2>Flakiness</h2>
${parts}</section>
`
}
