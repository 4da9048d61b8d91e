/**
 * The job summary of the report entry point (docs/design.md §5 "One summary for a matrix"),
 * in GitHub-flavoured markdown: a row per leg, the tests that failed or flaked across legs
 * (each once, with the legs it touched), a line per artifact not shown, and the combined
 * report. Every leg label and test name is untrusted text (markdown.ts keeps it text).
 */
import type { MatrixView } from '../core/index.js'
import { untrustedCell } from './markdown.js'

/** One leg's row of the summary's table. */
type LegRow = MatrixView['rows'][number]

/** The legs counted by outcome, as the matrix read returns them (`readMatrix`'s `counts`). */
export interface LegCounts {
  failed: number
  flaky: number
  passed: number
  other: number
}

/** The matrix as read: its view and its legs' counts. */
export interface MatrixRead {
  view: MatrixView
  counts: LegCounts
}

/** Most legs and tests listed, tried in turn until the summary fits; the rest are counted (the combined report has them all). */
const ROW_LIMITS = [300, 100, 30, 10]
/** The runner refuses a step summary over 1 MiB: stay well below. */
const MAX_SUMMARY_BYTES = 900 * 1024
/** Most test names in one cell. */
const MAX_NAMES_PER_CELL = 10

const OUTCOME_CELL: Record<LegRow['outcome'], string> = {
  success: '✅',
  flaky: '⚠️ flaky',
  failure: '❌',
  aborted: '❌ aborted',
  running: '⏳ unfinished'
}

/** Names for one cell: `–` for none, at most MAX_NAMES_PER_CELL and a count of the rest. */
function namesCell(names: readonly string[]): string {
  if (names.length === 0) return '–'
  const shown = names.slice(0, MAX_NAMES_PER_CELL).map(name => untrustedCell(name, 200))
  const rest = names.length - shown.length
  return `${shown.join('; ')}${rest > 0 ? ` (+${rest} more)` : ''}`
}

/** A link to an artifact, or its name when the run's address is unknown. */
function artifactCell(url: string | undefined, name: string): string {
  return url === undefined ? untrustedCell(name) : `[artifact](${url})`
}

function legRows(view: MatrixView, link: (row: LegRow) => string | undefined, maxRows: number): string[] {
  const rows = view.rows.slice(0, maxRows).map(row => {
    const failed = [...row.failedTests, ...row.quarantinedTests.map(name => `${name} (quarantined)`)]
    return `| ${untrustedCell(row.label, 120)} | ${OUTCOME_CELL[row.outcome]} | ${row.attempts}/${row.maxAttempts} | ${namesCell(failed)} | ${namesCell(row.flakyTests)} | ${artifactCell(link(row), row.artifactName)} |`
  })
  const rest = view.rows.length - rows.length
  return [
    '| leg | outcome | attempts | failed tests | flaky tests | trace |',
    '|---|---|---|---|---|---|',
    ...rows,
    ...(rest > 0 ? ['', `… and ${rest} more legs (all of them are in the combined report).`] : [])
  ]
}

function testLines(view: MatrixView, maxRows: number): string[] {
  if (view.tests.length === 0) return view.rows.length === 0 ? [] : ['No test failed or flaked in any leg.']
  const rows = view.tests
    .slice(0, maxRows)
    .map(test => `| ${untrustedCell(test.name, 200)} | ${namesCell(test.failedIn)} | ${namesCell(test.flakyIn)} |`)
  const rest = view.tests.length - rows.length
  return [
    '**Tests that failed or flaked across legs**',
    '',
    '| test | failed in | flaky in |',
    '|---|---|---|',
    ...rows,
    ...(rest > 0 ? ['', `… and ${rest} more tests (all of them are in the combined report).`] : [])
  ]
}

/** The heading's icon and words: `❌ 6 legs — 1 failed · 1 flaky · 2 passed · 2 not shown`. */
function heading({ view, counts }: MatrixRead, title: string): string {
  const icon = counts.failed + counts.other > 0 ? '❌' : counts.flaky > 0 || view.problems.length > 0 ? '⚠️' : '✅'
  const parts = [
    `${counts.failed} failed`,
    `${counts.flaky} flaky`,
    `${counts.passed} passed`,
    ...(counts.other > 0 ? [`${counts.other} aborted or unfinished`] : []),
    ...(view.problems.length > 0 ? [`${view.problems.length} not shown`] : [])
  ]
  const legs = `${view.rows.length} leg${view.rows.length === 1 ? '' : 's'}`
  return `### ${icon} ${untrustedCell(title, 120)} — ${legs}: ${parts.join(' · ')}`
}

/** What the summary says about the combined report: a link (or the artifact's name), or why there is none. */
export type CombinedReportNote = { url?: string; name?: string } | { note: string }

/** What the summary is made from. */
export interface MatrixSummaryOptions {
  title: string
  link: (row: LegRow) => string | undefined
  report: CombinedReportNote
  /** The `name-pattern` the artifacts were matched with, named when none matched. */
  pattern?: string
  /** A section of the caller's own (markdown, no untrusted text), after what could not be shown. */
  extra?: string
}

/** The job summary's markdown, with as many rows as fit under the runner's limit. */
export function matrixSummary(matrix: MatrixRead, options: MatrixSummaryOptions): string {
  let markdown = ''
  for (const maxRows of ROW_LIMITS) {
    markdown = `${matrixSections(matrix, options, maxRows).join('\n\n')}\n`
    if (Buffer.byteLength(markdown, 'utf8') <= MAX_SUMMARY_BYTES) break
  }
  return markdown
}

/** The longest summary a check run takes, in characters. */
export const MAX_CHECK_SUMMARY_CHARS = 65_535
/** A check run's summary is 15 times smaller than a job summary's: it goes down to 3 rows a table before leaving a section out. */
const CHECK_ROW_LIMITS = [...ROW_LIMITS, 3]

/**
 * The same summary for a check run's output: as many rows as fit in 65,535 characters; when
 * even the fewest do not, the whole sections that fit (from the heading on, up to the first
 * that does not) and a last line that sends the reader to the combined report for the rest.
 */
export function checkRunSummary(matrix: MatrixRead, options: MatrixSummaryOptions): { summary: string; cut: boolean } {
  let sections: string[] = []
  for (const maxRows of CHECK_ROW_LIMITS) {
    sections = matrixSections(matrix, options, maxRows)
    const whole = `${sections.join('\n\n')}\n`
    if (whole.length <= MAX_CHECK_SUMMARY_CHARS) return { summary: whole, cut: false }
  }
  const last = `✂️ The rest of this summary is left out to fit a check run (${MAX_CHECK_SUMMARY_CHARS.toLocaleString('en')} characters): ${reportReference(options.report)} has every leg and test.`
  const kept: string[] = []
  let length = last.length + 1
  for (const section of sections) {
    if (length + section.length + 2 > MAX_CHECK_SUMMARY_CHARS) break
    kept.push(section)
    length += section.length + 2
  }
  return { summary: `${[...kept, last].join('\n\n')}\n`, cut: true }
}

/** The combined report named in a sentence: a link when it has an address. */
function reportReference(report: CombinedReportNote): string {
  if ('note' in report) return `the combined report (${untrustedCell(report.note)})`
  if (report.url === undefined)
    return report.name === undefined ? 'the combined report' : `the combined report, artifact ${untrustedCell(report.name)}`
  return `[${report.name === undefined ? 'the combined report' : `combined report (artifact ${untrustedCell(report.name)})`}](${report.url})`
}

/**
 * The summary's sections, each a block of markdown lines in order: the heading, the legs
 * table (or why there is none), the tests across legs, what could not be shown, and the
 * combined report.
 */
function matrixSections(matrix: MatrixRead, options: MatrixSummaryOptions, maxRows: number): string[] {
  const { view } = matrix
  const sections = [heading(matrix, options.title)]
  if (view.rows.length === 0 && view.problems.length === 0) {
    sections.push(
      options.pattern === undefined
        ? 'No trace artifact of the workflow run was found.'
        : `No artifact of this workflow run matches \`name-pattern\` ${untrustedCell(options.pattern)}.`
    )
  }
  if (view.rows.length > 0) sections.push(legRows(view, options.link, maxRows).join('\n'))
  const tests = testLines(view, maxRows)
  if (tests.length > 0) sections.push(tests.join('\n'))
  if (view.problems.length > 0) {
    const shown = view.problems.slice(0, maxRows).map(problem => `- ⚠️ ${untrustedCell(problem, 500)}`)
    const rest = view.problems.length - shown.length
    sections.push(
      ['**Not shown** (one line each):', '', ...shown, ...(rest > 0 ? [`- … and ${rest} more (see the warnings)`] : [])].join('\n')
    )
  }
  if (options.extra !== undefined) sections.push(options.extra)
  const { report } = options
  sections.push(
    'note' in report ? `Combined report: ${untrustedCell(report.note)}` : `Every leg's attempts on one page: ${reportReference(report)}`
  )
  return sections
}
