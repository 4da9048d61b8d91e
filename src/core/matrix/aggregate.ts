/**
 * One view of a matrix's legs (docs/design.md §5 "One summary for a matrix"): a row per leg,
 * the tests that failed or flaked across legs (each once, with the legs it touched), and a
 * line per artifact that could not be read or leg that uploaded none. Plain data: the action
 * words it as markdown, combined-report.ts as HTML.
 */
import type { Leg, LegRead } from './leg.js'

/** A leg's verdict as the table shows it. */
export type LegOutcome = 'success' | 'flaky' | 'failure' | 'aborted' | 'running'

/** One row of the legs table. */
export interface LegRow {
  label: string
  artifactName: string
  artifactId: number
  runId: string
  outcome: LegOutcome
  attempts: number
  maxAttempts: number
  failedTests: string[]
  flakyTests: string[]
  /** Failed tests the quarantine excused. */
  quarantinedTests: string[]
}

/** A test that failed or flaked in at least one leg. */
export interface TestAcrossLegs {
  name: string
  /** Labels of the legs it failed in (in their final attempt), in table order. */
  failedIn: string[]
  /** Labels of the legs it flaked in. */
  flakyIn: string[]
}

/** Everything the matrix summary and report show. */
export interface MatrixView {
  rows: LegRow[]
  /** The legs read, in table order (for the combined report's sections). */
  legs: Leg[]
  tests: TestAcrossLegs[]
  /** One line per unreadable artifact, and one for legs that uploaded none. */
  problems: string[]
}

function outcomeOf(leg: Leg): LegOutcome {
  const { status, flaky } = leg.receipt
  if (status === 'passed') return flaky ? 'flaky' : 'success'
  if (status === 'failed') return 'failure'
  if (status === 'running') return 'running'
  return 'aborted'
}

let labelCollator: Intl.Collator | undefined
/**
 * Labels in a reader's order (`leg 2` before `leg 10`). The collator is built on first use:
 * ICU's collation data takes about 10 ms to load and only a matrix summary sorts labels
 * (docs/design.md §8 "What a run loads").
 */
const byLabel = (a: string, b: string): number => (labelCollator ??= new Intl.Collator('en', { numeric: true })).compare(a, b)

/** Labels made unique: a label shared by several legs gets its run id after it. */
function uniqueLabels(legs: readonly Leg[]): string[] {
  const counts = new Map<string, number>()
  for (const leg of legs) counts.set(leg.label, (counts.get(leg.label) ?? 0) + 1)
  return legs.map(leg => ((counts.get(leg.label) ?? 0) > 1 ? `${leg.label} · ${leg.receipt.run_id}` : leg.label))
}

function rowOf(leg: Leg, label: string): LegRow {
  const tests = leg.receipt.tests
  const outcome = outcomeOf(leg)
  return {
    label,
    artifactName: leg.artifact.name,
    artifactId: leg.artifact.id,
    runId: leg.receipt.run_id,
    outcome,
    attempts: leg.receipt.attempts,
    maxAttempts: leg.receipt.max_attempts,
    // The receipt's `failed` is the decisive attempt's: a pass has none left.
    failedTests: outcome === 'failure' || outcome === 'aborted' ? [...(tests?.failed ?? [])] : [],
    flakyTests: [...(tests?.flaky ?? [])],
    quarantinedTests: [...(leg.receipt.quarantined ?? [])]
  }
}

function testsAcross(rows: readonly LegRow[]): TestAcrossLegs[] {
  const tests = new Map<string, TestAcrossLegs>()
  const entry = (name: string): TestAcrossLegs => {
    let found = tests.get(name)
    if (found === undefined) {
      found = { name, failedIn: [], flakyIn: [] }
      tests.set(name, found)
    }
    return found
  }
  for (const row of rows) {
    for (const name of new Set(row.failedTests)) entry(name).failedIn.push(row.label)
    for (const name of new Set(row.flakyTests)) entry(name).flakyIn.push(row.label)
  }
  // Failures first (most legs first), then flakes (most legs first), then by name.
  return [...tests.values()].sort(
    (a, b) => b.failedIn.length - a.failedIn.length || b.flakyIn.length - a.flakyIn.length || a.name.localeCompare(b.name, 'en')
  )
}

/** The view of the legs read; `expectedLegs` adds a line when fewer legs uploaded a trace. */
export function aggregateLegs(reads: readonly LegRead[], options: { expectedLegs?: number } = {}): MatrixView {
  const legs = reads
    .flatMap(read => (read.ok ? [read.leg] : []))
    .sort((a, b) => byLabel(a.label, b.label) || a.receipt.run_id.localeCompare(b.receipt.run_id))
  const labels = uniqueLabels(legs)
  const rows = legs.map((leg, index) => rowOf(leg, labels[index]!))
  const problems = reads.flatMap(read => (read.ok ? [] : [`${read.artifact.name}: ${read.problem}`]))
  const missing = (options.expectedLegs ?? 0) - reads.length
  if (missing > 0) {
    problems.push(
      `${missing} of ${options.expectedLegs} expected legs uploaded no trace artifact (found ${reads.length}): a leg that did not run, ` +
        'ran with upload-trace other than always, or whose upload failed (its own log says why)'
    )
  }
  return { rows, legs, tests: testsAcross(rows), problems }
}

/** The legs' counts by outcome, for a heading: `6 legs: 1 failed, 1 flaky, 3 passed`. */
export function matrixHeadline(view: MatrixView): { failed: number; flaky: number; passed: number; other: number } {
  const count = (outcomes: LegOutcome[]) => view.rows.filter(row => outcomes.includes(row.outcome)).length
  return { failed: count(['failure']), flaky: count(['flaky']), passed: count(['success']), other: count(['aborted', 'running']) }
}
