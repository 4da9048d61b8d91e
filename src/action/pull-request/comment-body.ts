/**
 * The pull request's one comment (docs/design.md §5 "The pull request's words"): a hidden marker
 * first, by which the next report run finds it again, then one line with the verdict and a
 * link to the report, and a table of the tests a reviewer should look at (failures first,
 * then new flaky, flaky and quarantined tests), the rest left to the check run. Once
 * nothing failed it is that one line. Pure: finding and editing the comment is
 * sticky-comment.ts's.
 */
import type { MatrixRead } from '../matrix-summary.js'
import { untrustedCell } from '../markdown.js'
import { flaggedTests, type FlaggedTest } from './flagged-tests.js'
import { conclusionOf, headline } from './headline.js'

/** What the comment names besides the legs. */
export interface CommentOptions {
  checkName: string
  runId: number
  reportUrl?: string
  checkRunUrl?: string
  /** The triggering workflow run's own conclusion (trusted; workflow_run only): a failed run is never a green comment. */
  runConclusion?: string
}

/** The longest comment GitHub takes. */
export const MAX_COMMENT_CHARS = 65_536
/** Most test rows in the comment; the check run has them all. */
const MAX_ROWS = 20
/** Rows kept for each kind after the failures when there are more tests than rows. */
const RESERVED_PER_KIND = 2
/** Room kept for the rows, under GitHub's limit with margin for the head and the last row. */
const ROWS_BUDGET = 60_000
/** Most leg labels in one cell. */
const MAX_LEGS_PER_CELL = 5

/** The check name as the marker spells it: only letters, digits, space, `.`, `_`, `-` (the rest become `_`), at most 100. */
function markerName(checkName: string): string {
  return checkName.replace(/[^A-Za-z0-9 ._-]/g, '_').slice(0, 100)
}

/** `<!-- reverify:comment check=<name> run=<workflow run id> -->` */
export function commentMarker(checkName: string, runId: number): string {
  return `<!-- reverify:comment check=${markerName(checkName)} run=${Math.max(0, Math.trunc(runId))} -->`
}

/** The marker's run id when `body` STARTS with this check name's marker; else undefined. */
export function readCommentMarker(body: string, checkName: string): { runId: number } | undefined {
  const prefix = `<!-- reverify:comment check=${markerName(checkName)} run=`
  if (!body.startsWith(prefix)) return undefined
  const match = /^(\d{1,16}) -->/.exec(body.slice(prefix.length, prefix.length + 21))
  if (match === null) return undefined
  const runId = Number(match[1])
  return Number.isSafeInteger(runId) ? { runId } : undefined
}

/** A link when there is an address (ours, from the API: never from an artifact). */
function link(words: string, url: string | undefined): string {
  return url === undefined ? words : `[${words}](${url})`
}

function testCell(test: FlaggedTest): string {
  const name = untrustedCell(test.name, 200)
  if (test.kind === 'new-flaky') {
    return `${name} (new, ${test.repeat === undefined ? 'flaky' : `flaky on repeat ${test.repeat.failedOn}/${test.repeat.of}`})`
  }
  return test.kind === 'failed' ? name : `${name} (${test.kind})`
}

function legsCell(legs: readonly string[]): string {
  const shown = legs.slice(0, MAX_LEGS_PER_CELL).map(label => untrustedCell(label, 60))
  const rest = legs.length - shown.length
  return `${shown.join(', ')}${rest > 0 ? ` (+${rest} more)` : ''}`
}

function rateCell(test: FlaggedTest): string {
  if (test.kind === 'new-flaky') return 'new'
  const { rate } = test
  if (rate === undefined || rate.runs < 1) return '–'
  const count = test.kind === 'flaky' ? `flaked ${rate.flaked}` : `failed ${rate.failed}`
  return `${count} of ${rate.runs}`
}

/**
 * The tests the table lists, in their order: the first MAX_ROWS, except that each kind after
 * the failures keeps up to RESERVED_PER_KIND rows, so 30 failures never hide a new flaky test.
 */
function listed(tests: readonly FlaggedTest[]): FlaggedTest[] {
  if (tests.length <= MAX_ROWS) return [...tests]
  const reserved = new Set<FlaggedTest>()
  for (const kind of ['new-flaky', 'flaky', 'quarantined'] as const) {
    for (const test of tests.filter(item => item.kind === kind).slice(0, RESERVED_PER_KIND)) reserved.add(test)
  }
  const failures = tests.filter(test => test.kind === 'failed').slice(0, MAX_ROWS - reserved.size)
  const chosen = new Set([...failures, ...reserved])
  const rest = tests.filter(test => !chosen.has(test)).slice(0, MAX_ROWS - chosen.size)
  return tests.filter(test => chosen.has(test) || rest.includes(test))
}

/** The table: a row per test while they fit, then `… N more in the check run`. */
function testTable(tests: readonly FlaggedTest[], checkRunUrl: string | undefined): string[] {
  const shown: FlaggedTest[] = []
  const rows: string[] = []
  let length = 0
  for (const test of listed(tests)) {
    const row = `| ${testCell(test)} | ${legsCell(test.legs)} | ${rateCell(test)} |`
    if (length + row.length + 1 > ROWS_BUDGET) break
    shown.push(test)
    rows.push(row)
    length += row.length + 1
  }
  const rest = tests.length - rows.length
  const runs = Math.max(0, ...shown.map(test => (test.kind === 'new-flaky' ? 0 : (test.rate?.runs ?? 0))))
  return [
    `| test | legs | ${runs > 0 ? `rate (last ${runs} run${runs === 1 ? '' : 's'})` : 'rate'} |`,
    '|---|---|---|',
    ...rows,
    ...(rest > 0 ? [`| … ${rest} more in the ${link('check run', checkRunUrl)} | | |`] : [])
  ]
}

/** The comment (marker first). `passed`: nothing failed, and the one-line form was used. ≤ 65,536 characters. */
export function commentBody(matrix: MatrixRead, options: CommentOptions): { body: string; passed: boolean } {
  const tests = flaggedTests(matrix.view)
  const conclusion = conclusionOf(matrix, options.runConclusion)
  const line = `**reverify** · ${headline(matrix, tests, conclusion, options.runConclusion)} · ${link('report', options.reportUrl)}`
  const marker = commentMarker(options.checkName, options.runId)
  if (conclusion !== 'failure') return { body: `${marker}\n${line}\n`, passed: true }
  const table =
    tests.length === 0
      ? [`No test was named; the ${link('check run', options.checkRunUrl)} has what failed.`]
      : testTable(tests, options.checkRunUrl)
  return { body: `${[marker, line, '', ...table].join('\n')}\n`, passed: false }
}
