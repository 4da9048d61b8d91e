/**
 * The combined report of a matrix (docs/design.md §5 "One summary for a matrix",
 * §8 "HTML report"): one self-contained page with the legs table, the tests across legs,
 * the problems, and a section per leg with its attempts as the leg's own report shows them
 * (the same model, built from the leg's trace and receipt). It is made with the report's
 * `markup` tag, style sheet and Content-Security-Policy, so every value is escaped text and
 * the page makes no request. Logs are not included: each leg's artifact has its full report.
 */
import { markup, SafeHtml } from '../report/html.js'
import { buildReportModel, type AttemptView } from '../report/model.js'
import { formatDuration, pageHead } from '../report/render.js'
import { REPORT_CSS, styleSheet } from '../report/style.js'
import { VERSION } from '../base/version.js'
import { matrixHeadline, type LegRow, type MatrixView } from './aggregate.js'
import type { Leg } from './leg.js'

/** The combined report's file name. */
export const MATRIX_REPORT_FILE = 'report.html'

const MATRIX_CSS = `
.legs td.o-failure,.legs td.o-aborted{color:var(--bad);font-weight:600}.legs td.o-flaky{color:var(--warn);font-weight:600}.legs td.o-success{color:var(--ok)}
ul.problems li{color:var(--warn)}
section.leg{border-top:1px solid var(--line);margin-top:24px}
`

// The style sheet is this file's and style.ts's constant text: inserted as it is (escaping
// would turn its quotes and `>` selectors into entities, which a style sheet does not decode).
const STYLE = styleSheet(REPORT_CSS + MATRIX_CSS)

const OUTCOME_WORDS: Record<LegRow['outcome'], string> = {
  success: '✅ passed',
  flaky: '⚠️ flaky',
  failure: '❌ failed',
  aborted: '❌ aborted',
  running: '⏳ unfinished'
}

/** What the page links a leg's artifact with: its web address, when the run is known. */
export type ArtifactLink = (row: LegRow) => string | undefined

function names(list: readonly string[]): string {
  return list.length === 0 ? '–' : list.join('; ')
}

function legsTable(view: MatrixView, link: ArtifactLink): SafeHtml {
  const rows = view.rows.map((row, index) => {
    const url = link(row)
    const artifact = url === undefined ? markup`<code>${row.artifactName}</code>` : markup`<a href="${url}">artifact</a>`
    const failed = [...row.failedTests, ...row.quarantinedTests.map(name => `${name} (quarantined)`)]
    return markup`<tr><td><a href="#leg-${index + 1}">${row.label}</a></td><td class="o-${row.outcome}">${OUTCOME_WORDS[row.outcome]}</td><td>${row.attempts}/${row.maxAttempts}</td><td>${names(failed)}</td><td>${names(row.flakyTests)}</td><td>${artifact}</td></tr>\n`
  })
  return markup`<table class="legs">
<thead><tr><th>leg</th><th>outcome</th><th>attempts</th><th>failed tests</th><th>flaky tests</th><th>trace</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
`
}

function testsSection(view: MatrixView): SafeHtml {
  if (view.tests.length === 0) return markup`<h2>Tests across legs</h2>\n<p class="muted">No test failed or flaked in any leg.</p>\n`
  const rows = view.tests.map(
    test => markup`<tr><td>${test.name}</td><td>${names(test.failedIn)}</td><td>${names(test.flakyIn)}</td></tr>\n`
  )
  return markup`<h2>Tests that failed or flaked</h2>
<table class="tests">
<thead><tr><th>test</th><th>failed in</th><th>flaky in</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
`
}

function problemsSection(view: MatrixView): SafeHtml {
  if (view.problems.length === 0) return markup``
  return markup`<h2>Artifacts not shown</h2>
<ul class="problems">
${view.problems.map(problem => markup`<li>${problem}</li>\n`)}</ul>
`
}

function attemptBlock(attempt: AttemptView): SafeHtml {
  const failing = attempt.tests?.failed_tests ?? []
  const words = attempt.ok ? 'verified' : attempt.detail || 'not verified'
  return markup`<details class="attempt${attempt.ok ? '' : ' failed'}"${!attempt.ok && ' open'}>
<summary>Attempt ${attempt.attempt} — ${words} · ${formatDuration(attempt.durationMs)}${attempt.exitCode !== undefined && ` · exit ${attempt.exitCode}`}</summary>
${failing.length > 0 && markup`<ul class="tests">${failing.map(test => markup`<li>${test.name}${test.file !== undefined && markup` <code>${test.file}${test.line !== undefined && `:${test.line}`}</code>`}${test.message !== undefined && markup` — ${test.message}`}</li>`)}</ul>\n`}${attempt.excerpt !== '' && markup`<pre class="excerpt">${attempt.excerpt}</pre>\n`}</details>
`
}

function legSection(leg: Leg, row: LegRow, index: number): SafeHtml {
  const model = buildReportModel({ events: leg.events, receipt: leg.receipt, history: [], ...(leg.meta && { meta: leg.meta }) })
  return markup`<section class="leg" id="leg-${index + 1}">
<h2>${row.label} — ${OUTCOME_WORDS[row.outcome]}</h2>
<pre class="commands"><code>${model.commands.join('\n')}</code></pre>
${model.summary !== '' && markup`<p class="summary">${model.summary}</p>\n`}<dl class="facts">
<dt>receipt</dt><dd><code>${model.runId}</code></dd>
<dt>attempts</dt><dd>${model.attempts.length} of ${model.maxAttempts}</dd>
<dt>total time</dt><dd>${model.totalMs === undefined ? '—' : formatDuration(model.totalMs)}</dd>
<dt>full report</dt><dd>report.html in artifact <code>${row.artifactName}</code></dd>
</dl>
${[...model.attempts].reverse().map(attemptBlock)}</section>
`
}

/** The combined report's whole page. */
export function renderMatrixReport(view: MatrixView, options: { link: ArtifactLink; title?: string }): string {
  const counts = matrixHeadline(view)
  const words = [
    `${view.rows.length} leg${view.rows.length === 1 ? '' : 's'}`,
    `${counts.failed} failed`,
    `${counts.flaky} flaky`,
    `${counts.passed} passed`,
    ...(counts.other > 0 ? [`${counts.other} aborted or unfinished`] : [])
  ]
  const icon = counts.failed + counts.other > 0 || view.problems.length > 0 ? '❌' : counts.flaky > 0 ? '⚠️' : '✅'
  const title = options.title ?? 'reverify — one report for the matrix'
  const ci = view.legs[0]?.receipt.ci
  const page = markup`${pageHead(`${icon} ${title}: ${words.join(', ')}`, STYLE)}<header>
<h1>${icon} ${title}</h1>
<p class="summary">${words.join(' · ')}${view.problems.length > 0 && ` · ${view.problems.length} not shown`}</p>
${ci !== undefined && markup`<dl class="facts">${ci.workflow !== undefined && markup`<dt>workflow</dt><dd>${ci.workflow}${ci.run_id !== undefined && ` · run ${ci.run_id}`}</dd>`}${ci.sha !== undefined && markup`<dt>commit</dt><dd><code>${ci.sha}</code></dd>`}</dl>\n`}</header>
<h2>Legs</h2>
${legsTable(view, options.link)}${testsSection(view)}${problemsSection(view)}${view.legs.map((leg, index) => legSection(leg, view.rows[index]!, index))}<footer>reverify ${VERSION} · every leg's full report (with its logs) is in its own trace artifact</footer>
</body>
</html>
`
  return page.text
}
