/**
 * The report page (docs/design.md §8 "HTML report"): one self-contained document, written
 * to a sink part by part so the logs stream through. Every value goes through the `markup`
 * tag (html.ts); the page has no script, and its Content-Security-Policy forbids any
 * request, so nothing in it can reach the network even if markup slipped through.
 */
import { join } from 'node:path'
import { groupDigits } from '../base/plain-text.js'
import { VERSION } from '../base/version.js'
import { shortRerunCommand } from '../shell/shown-command.js'
import { markup, type SafeHtml } from './html.js'
import { countLogLines, LONG_LOG_LINES, renderLogLines, type HtmlSink } from './log-lines.js'
import type { AttemptView, HistoryRow, ReportModel } from './model.js'
import { REPORT_STYLE } from './style.js'
import { flakeSection } from './flake-section.js'

/** No source is allowed for anything but the inline style sheet; no base, form or referrer. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

/** Markup budget of all attempt logs together: a 10 MiB log fits, the page stays under 12 MiB. */
export const LOG_BUDGET_BYTES = 11 * 1024 * 1024

/** A duration for a person: `350 ms`, `41.2 s`, `3 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const minutes = Math.floor(ms / 60_000)
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`
}

function verdictOf(model: ReportModel): { css: string; icon: string; words: string } {
  const count = `${model.attempts.length} attempt${model.attempts.length === 1 ? '' : 's'}`
  if (model.outcome === 'success' && model.flaky)
    return { css: 'flaky', icon: '⚠️', words: `passed on attempt ${model.attempts.length} (flaky)` }
  if (model.outcome === 'success' && model.excused)
    return { css: 'flaky', icon: '⚠️', words: `passed (${count}): every failure is quarantined` }
  if (model.outcome === 'failure' && model.gate !== undefined)
    return { css: 'failure', icon: '❌', words: `failed after ${count}: flaky pass refused by ${model.gate.gate}` }
  if (model.outcome === 'success') return { css: 'success', icon: '✅', words: `passed (${count})` }
  if (model.outcome === 'failure') return { css: 'failure', icon: '❌', words: `failed after ${count}` }
  if (model.outcome === 'aborted') {
    return { css: 'aborted', icon: '❌', words: model.status === 'interrupted' ? `interrupted after ${count}` : 'aborted' }
  }
  return { css: 'running', icon: '⏳', words: 'still running' }
}

/** A report page's opening, up to `<body>`: the one CSP, no referrer, its title (escaped) and style sheet. */
export function pageHead(title: string, style: SafeHtml): SafeHtml {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
`
}

function head(model: ReportModel): SafeHtml {
  const verdict = verdictOf(model)
  return pageHead(`${verdict.icon} ${model.stepName} — ${verdict.words} · ${model.runId}`, REPORT_STYLE)
}

function ciFacts(ci: ReportModel['ci']): SafeHtml {
  if (ci === undefined) return markup``
  const run = [ci.workflow, ci.job && `job ${ci.job}`, ci.run_id && `run ${ci.run_id}`, ci.run_attempt && `attempt ${ci.run_attempt}`]
  return markup`${ci.ref !== undefined && markup`<dt>ref</dt><dd>${ci.ref}</dd>\n`}${ci.sha !== undefined && markup`<dt>commit</dt><dd><code>${ci.sha}</code></dd>\n`}${ci.workflow !== undefined && markup`<dt>workflow</dt><dd>${run.filter(Boolean).join(' · ')}</dd>\n`}`
}

function header(model: ReportModel): SafeHtml {
  const verdict = verdictOf(model)
  const expectations = Object.entries(model.expectations).map(([name, value]) => `${name}: ${String(value)}`)
  const badge =
    model.outcome === 'success' && model.flaky
      ? 'flaky pass'
      : model.outcome === 'success' && model.excused
        ? 'quarantined pass'
        : model.outcome
  return markup`<header>
<p><span class="verdict v-${verdict.css}">${badge}</span>${model.flaky && markup` <span class="flaky">flaky</span>`}</p>
<h1>${model.stepName} — ${verdict.words}</h1>
${model.flakyTests.length > 0 && markup`<p class="flaky-tests">Flaky tests: ${model.flakyTests.join('; ')}</p>`}
<pre class="commands"><code>${model.commands.join('\n')}</code></pre>
${model.summary !== '' && markup`<p class="summary">${model.summary}</p>`}
<dl class="facts">
<dt>receipt</dt><dd><code>${model.runId}</code></dd>
<dt>started</dt><dd>${model.startedAt}</dd>
<dt>total time</dt><dd>${model.totalMs === undefined ? '—' : formatDuration(model.totalMs)}</dd>
<dt>attempts</dt><dd>${model.attempts.length} of ${model.maxAttempts}</dd>
<dt>expectations</dt><dd>${expectations.length === 0 ? '—' : expectations.join(' · ')}</dd>
<dt>target</dt><dd>${model.target}${model.scope !== '' && ` · scope ${model.scope}`}</dd>
${ciFacts(model.ci)}</dl>
</header>
`
}

function attemptWords(attempt: AttemptView): string {
  if (attempt.excused) return 'verified: every failure is quarantined'
  if (attempt.ok) return 'verified'
  if (attempt.interrupted) return 'interrupted'
  if (attempt.timedOut) return attempt.ending?.timeout ?? 'timed out'
  return 'failed'
}

/** Gap between an attempt's end and the next one's start, when both are known. */
function waitAfter(attempt: AttemptView, next: AttemptView | undefined): number | undefined {
  if (attempt.startedAt === undefined || next?.startedAt === undefined) return undefined
  const gap = Date.parse(next.startedAt) - Date.parse(attempt.startedAt) - attempt.durationMs
  return Number.isFinite(gap) && gap > 0 ? gap : undefined
}

function timelineBar(attempt: AttemptView, wait: number | undefined): SafeHtml {
  const css = attempt.ok ? 'ok' : attempt.interrupted ? 'cut' : 'bad'
  const title = `attempt ${attempt.attempt}: ${attemptWords(attempt)} in ${formatDuration(attempt.durationMs)}${attempt.note ? ` — ${attempt.note}` : ''}`
  const bar = markup`<div class="bar ${css}" style="flex-grow:${Math.max(attempt.durationMs, 1)}" title="${title}">${attempt.attempt} · ${formatDuration(attempt.durationMs)} ${attempt.ok ? '✓' : '✗'}</div>`
  if (wait === undefined) return bar
  return markup`${bar}<div class="wait" style="flex-grow:${wait}" title="${`waited ${formatDuration(wait)}`}"></div>`
}

function timeline(model: ReportModel): SafeHtml {
  if (model.attempts.length === 0) return markup`<section id="timeline"><h2>Timeline</h2><p class="muted">No attempt ran.</p></section>\n`
  const bars = model.attempts.map((attempt, index) => timelineBar(attempt, waitAfter(attempt, model.attempts[index + 1])))
  // Per attempt, a rerun's misfit (it showed none of its targets) before the retry note after it.
  const notes = model.attempts.flatMap(attempt => [
    ...(attempt.misfit === undefined ? [] : [markup`<li>attempt ${attempt.attempt}: ${attempt.misfit}</li>`]),
    ...(attempt.note === undefined ? [] : [markup`<li>after attempt ${attempt.attempt}: ${attempt.note}</li>`])
  ])
  return markup`<section id="timeline"><h2>Timeline</h2>
<div class="timeline">${bars}</div>
${notes.length > 0 && markup`<ol class="notes">${notes}</ol>`}
</section>
`
}

function checksTable(attempt: AttemptView): SafeHtml {
  if (attempt.checks.length === 0) return markup`<p>${attempt.detail}</p>`
  // An attempt the quarantine excused is verified: its failed check says so, as the job summary's does.
  const excused = attempt.excused ? `✓ quarantined (${attempt.quarantine?.length ?? 0})` : undefined
  const mark = (ok: boolean) => (ok ? '✓' : (excused ?? '✗'))
  const rows = attempt.checks.map(
    check =>
      markup`<tr><td>${check.expectation}</td><td class="${check.ok || excused !== undefined ? 'ok' : 'bad'}">${mark(check.ok)}</td><td>${check.detail}</td></tr>`
  )
  return markup`<table class="checks"><tr><th>expectation</th><th></th><th>detail</th></tr>${rows}</table>`
}

function commandsTable(attempt: AttemptView): SafeHtml {
  if (attempt.commands.length === 0) return markup``
  const rows = attempt.commands.map(
    command =>
      markup`<tr><td><code>${command.command}</code></td><td>${command.exitCode ?? '—'}</td><td>${formatDuration(command.durationMs)}</td></tr>`
  )
  return markup`<table class="commands"><tr><th>command</th><th>exit</th><th>duration</th></tr>${rows}</table>`
}

/** The id of an attempt's first-error block, written outside its log: a link into a closed `<details>` does not open it in every browser. */
function firstErrorId(attempt: AttemptView): string {
  return `attempt-${attempt.attempt}-first-error`
}

/** How the script ended beyond its exit: how a timeout stopped the tree, or the line -e stopped it at. */
function endingNote(attempt: AttemptView): SafeHtml {
  const ending = attempt.ending
  if (ending?.stop !== undefined) return markup`<p class="ending">${ending.stop.charAt(0).toUpperCase()}${ending.stop.slice(1)}.</p>`
  const line = ending?.line
  if (line === undefined) return markup``
  const ran = line.line === 1 ? '' : line.line === 2 ? 'Line 1 ran; ' : `Lines 1–${line.line - 1} ran; `
  return markup`<p class="ending">${ran}line ${line.line}${line.text !== '' && markup` <code>${line.text}</code>`} exited ${line.status}.</p>`
}

function attemptHead(model: ReportModel, attempt: AttemptView, open: boolean, jump: boolean): SafeHtml {
  // A timeout's signal is the shell's; endingNote says how the whole tree was stopped.
  const signal = attempt.signal && attempt.ending?.stop === undefined ? ` (${attempt.signal})` : ''
  const exit = attempt.exitCode === undefined ? '' : ` · exit ${attempt.exitCode}${signal}`
  const test = attempt.firstError?.test
  return markup`<details class="attempt ${attempt.ok ? 'verified' : 'failed'}" id="attempt-${attempt.attempt}"${open && markup` open`}>
<summary>Attempt ${attempt.attempt}/${model.maxAttempts} — ${attemptWords(attempt)}${exit} · ${formatDuration(attempt.durationMs)}</summary>
${endingNote(attempt)}
${jump && markup`<p class="jump"><a href="#${firstErrorId(attempt)}">first error</a>${test !== undefined && ` — ${test}`}</p>`}
${checksTable(attempt)}
${whatRan(model, attempt)}
${commandsTable(attempt)}
${attempt.note !== undefined && markup`<p class="note">${attempt.note}</p>`}
${testsBlock(attempt)}
${attempt.excerpt !== '' && markup`<h3>What failed</h3><pre class="excerpt">${attempt.excerpt}</pre>`}
`
}

/**
 * What an attempt ran, in a run whose retries reran only the failed tests (docs/design.md §5
 * "HTML report"), as the job summary's "what ran" column says it: the full suite and how
 * many tests its results show ran, or how many failed tests a rerun ran and its command with
 * the test names elided — they are listed in its tests just below.
 */
function whatRan(model: ReportModel, attempt: AttemptView): SafeHtml {
  if (attempt.rerunTests !== undefined) {
    const count = attempt.rerunTests.length
    const command = attempt.commands[0]?.command
    return markup`<p class="rerun">Ran ${count} failed ${count === 1 ? 'test' : 'tests'} of the attempt before${command !== undefined && markup`: <code>${shortRerunCommand(command)}</code>`}</p>`
  }
  if (attempt.repeat !== undefined || !model.attempts.some(other => other.rerunTests !== undefined)) return markup``
  const tests = attempt.tests
  const ran = tests === undefined ? undefined : Math.max(0, tests.total - tests.skipped)
  return markup`<p class="rerun">Ran the full suite${ran !== undefined && ` (${ran} ${ran === 1 ? 'test' : 'tests'})`}</p>`
}

/** Where a failed test failed, as a code span. */
function testPlace(test: { file?: string; line?: number }): SafeHtml {
  return test.file === undefined ? markup`` : markup`<code>${test.line === undefined ? test.file : `${test.file}:${test.line}`}</code>`
}

/**
 * An attempt's JUnit results: counts, then each failed test with where it failed and its
 * message — the quarantined ones in a table of their own, with their entry's owner and expiry.
 */
function testsBlock(attempt: AttemptView): SafeHtml {
  const tests = attempt.tests
  if (tests === undefined) return markup``
  const bad = tests.failed + tests.errors
  const counts = `${tests.total} tests in ${tests.files.join(', ')} · ${bad} failed${tests.skipped > 0 ? ` · ${tests.skipped} skipped` : ''}`
  const entryOf = (name: string) => attempt.quarantine?.find(view => view.test === name)
  const rows = tests.failed_tests
    .filter(test => entryOf(test.name) === undefined)
    .map(
      test =>
        markup`<tr><td>${test.name}</td><td>${testPlace(test)}</td><td>${test.outcome}</td><td><pre>${test.message ?? ''}</pre></td></tr>`
    )
  const quarantined = tests.failed_tests.flatMap(test => {
    const entry = entryOf(test.name)
    if (entry === undefined) return []
    return [
      markup`<tr><td>${test.name}</td><td>${testPlace(test)}</td><td>${entry.owner}, until ${entry.expires}</td><td><pre>${test.message ?? ''}</pre></td></tr>`
    ]
  })
  return markup`<h3>Tests</h3><p>${counts}</p>
${rows.length > 0 && markup`<table class="tests"><tr><th>failing test</th><th>where</th><th></th><th>message</th></tr>${rows}</table>`}
${quarantined.length > 0 && markup`<table class="tests quarantined"><tr><th>quarantined test (failed)</th><th>where</th><th>quarantine</th><th>message</th></tr>${quarantined}</table>`}
${tests.recovered.length > 0 && markup`<p class="flaky-tests">Passed after failing in an earlier attempt (flaky): ${tests.recovered.join('; ')}</p>`}`
}

/**
 * Writes one attempt: its verdicts, its excerpt, then its log streamed from the session folder.
 * A log of more than LONG_LOG_LINES lines starts closed (an open one costs the browser seconds
 * to lay out); a failed attempt whose log is closed gets its first failing block after the log,
 * outside it, and a link to that block at its top.
 */
async function writeAttempt(model: ReportModel, attempt: AttemptView, sessionDir: string, sink: HtmlSink, budget: { bytes: number }) {
  const newest = attempt === model.attempts[model.attempts.length - 1]
  const path = join(sessionDir, attempt.logFile)
  const long = (await countLogLines(path, LONG_LOG_LINES)) > LONG_LOG_LINES
  const logOpen = !attempt.ok && newest && !long
  const firstError = logOpen ? undefined : attempt.firstError
  // An attempt the quarantine excused is open too: its failed tests are what a reviewer checks.
  await sink.write(attemptHead(model, attempt, !attempt.ok || attempt.excused, firstError !== undefined).text)
  const why = long && ` — over ${groupDigits(LONG_LOG_LINES)} lines, so it starts closed`
  await sink.write(
    markup`<details class="log"${logOpen && markup` open`}><summary>Log (${attempt.logFile})${why}</summary><ol class="log">`.text
  )
  const before = sink.bytes
  const rendering = await renderLogLines(path, sink, budget.bytes, firstError?.lines[0])
  budget.bytes = Math.max(0, budget.bytes - (sink.bytes - before))
  if (!rendering.found) await sink.write(markup`<li class="cut">no log was recorded for this attempt\n`.text)
  else if (rendering.cut)
    await sink.write(markup`<li class="cut">[report: the log goes on; the whole of it is ${attempt.logFile} in the trace]\n`.text)
  else if (rendering.lines === 0) await sink.write(markup`<li class="cut">(no output)\n`.text)
  await sink.write('</ol></details>\n')
  if (firstError !== undefined) {
    const where = rendering.foundAt !== undefined && ` (log line ${groupDigits(rendering.foundAt)})`
    await sink.write(
      markup`<div class="first-error" id="${firstErrorId(attempt)}"><h3>First error${where}</h3><pre>${firstError.lines.join('\n')}</pre></div>\n`
        .text
    )
  }
  await sink.write('</details>\n')
}

/** The quarantined tests that failed, apart from the failed ones: each with its entry's owner, expiry, reason and issue. */
function quarantineSection(model: ReportModel): SafeHtml {
  if (model.quarantined.length === 0) return markup``
  const lead = model.excused
    ? 'The run passed because every failure is quarantined: these tests failed, and their entries in the quarantine file excuse them until they expire.'
    : 'These quarantined tests failed in an attempt that also failed for something their quarantine does not excuse.'
  const rows = model.quarantined.map(
    view =>
      markup`<tr><td>${view.test}</td><td>${view.owner}</td><td>${view.expires}</td><td>${view.reason}</td><td>${view.issue === undefined ? '' : /^\d+$/.test(view.issue) ? `#${view.issue}` : view.issue}</td></tr>`
  )
  return markup`<section id="quarantined"><h2>Quarantined tests</h2>
<p>${lead}</p>
<table class="quarantined"><tr><th>quarantined test</th><th>owner</th><th>expires</th><th>reason</th><th>issue</th></tr>${rows}</table>
</section>
`
}

function notesSection(model: ReportModel): SafeHtml {
  if (model.notes.length === 0) return markup``
  return markup`<section id="notes"><h2>Notes</h2><ul>${model.notes.map(note => markup`<li>${note}</li>`)}</ul></section>\n`
}

function captureSection(model: ReportModel): SafeHtml {
  const capture = model.capture
  let body: SafeHtml
  if (capture !== undefined) {
    body = markup`<p class="ok">Captured ${capture.captured_at} by ${capture.by} (${capture.source}).</p><pre>${capture.note || '(no note)'}</pre>`
  } else if (model.status === 'failed' && model.inActions) {
    // A run in Actions is captured from Actions: its state directory was the runner's.
    body = markup`<p class="bad">Not captured yet. Before retrying this failure, record what happened with a commit whose trailer names it:</p>
<pre><code>${model.captureCommitCommand}</code></pre>
<p>or one run of the action with <code>capture: ${model.runId}</code> and <code>capture-note</code> (same command and scope).</p>`
  } else if (model.status === 'failed') {
    body = markup`<p class="bad">Not captured yet. Before retrying this failure, record what happened:</p>
<pre><code>${model.captureCommand}</code></pre>
<p>or, in GitHub Actions, a commit trailer:</p>
<pre><code>Reverify-Capture: ${model.runId} what you found</code></pre>
<p>or one run of the action with <code>capture: ${model.runId}</code> and <code>capture-note</code> (same command and scope).</p>`
  } else {
    body = markup`<p class="muted">Nothing to capture: the run did not fail.</p>`
  }
  const after =
    model.uncapturedRunId !== undefined &&
    markup`<p class="bad">This run went ahead after failed run <code>${model.uncapturedRunId}</code>, which nobody captured.</p>`
  return markup`<section id="capture"><h2>Capture</h2>${after}${body}</section>\n`
}

function historyRow(row: HistoryRow): SafeHtml {
  const css = row.status === 'passed' ? 'ok' : row.status === 'failed' ? 'bad' : 'muted'
  const capture = row.captureNote ?? (row.status === 'failed' ? 'not captured' : '')
  return markup`<tr${row.current && markup` class="current"`}><td>${row.startedAt}</td><td><code>${row.runId}</code>${row.current && ' (this run)'}</td><td class="${css}">${row.status}</td><td>${row.attempts}/${row.maxAttempts}</td><td>${row.flaky ? 'flaky' : ''}</td><td>${capture}</td></tr>`
}

function historySection(model: ReportModel): SafeHtml {
  const ended = model.history.filter(row => row.status !== 'running')
  const passed = ended.filter(row => row.status === 'passed')
  const flaky = passed.filter(row => row.flaky).length
  const failed = ended.filter(row => row.status === 'failed').length
  const rate = passed.length + failed > 0 ? Math.round((100 * flaky) / (passed.length + failed)) : 0
  return markup`<section id="history"><h2>History of this command</h2>
<p>Last ${model.history.length} run(s): ${passed.length - flaky} passed · ${flaky} flaky · ${failed} failed — flake rate ${rate} %.</p>
${model.historyFlakyTests.length > 0 && markup`<p>Flaky tests: ${model.historyFlakyTests.map(test => `${test.name} (${test.flaky})`).join(', ')}.</p>`}
<table><tr><th>date</th><th>run</th><th>status</th><th>attempts</th><th>flaky</th><th>capture</th></tr>${model.history.map(historyRow)}</table>
</section>
`
}

/** Writes the whole page for `model`, streaming each attempt's log from `sessionDir`. */
export async function renderReport(model: ReportModel, sessionDir: string, sink: HtmlSink): Promise<void> {
  await sink.write(head(model).text)
  await sink.write(header(model).text)
  await sink.write(quarantineSection(model).text)
  await sink.write(flakeSection(model).text)
  await sink.write(timeline(model).text)
  await sink.write(markup`<section id="attempts"><h2>Attempts</h2>\n`.text)
  const budget = { bytes: LOG_BUDGET_BYTES }
  // Newest first: the attempt that decided the run is the one a reviewer wants first.
  for (const attempt of [...model.attempts].reverse()) await writeAttempt(model, attempt, sessionDir, sink, budget)
  if (model.attempts.length === 0) await sink.write(markup`<p class="muted">No attempt ran.</p>\n`.text)
  await sink.write('</section>\n')
  await sink.write(notesSection(model).text)
  await sink.write(captureSection(model).text)
  await sink.write(historySection(model).text)
  await sink.write(
    markup`<footer>reverify ${VERSION} · receipt ${model.runId} · this file makes no network request and runs no script</footer>
</body>
</html>
`.text
  )
}
