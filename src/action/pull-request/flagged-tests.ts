/**
 * The tests a pull request's reviewer is told about (docs/design.md §5 "The pull request's words"):
 * each failed, new flaky, flaky or quarantined test once per kind, with the legs it was that
 * in and its rate over the history. From each leg's annotations.json when it has one, else
 * from the test names of its receipt (an older leg, or a file that did not read back).
 */
import type { LegAnnotation, LegTestRate, MatrixView, TestFlag } from '../../core/index.js'

type LegRow = MatrixView['rows'][number]
type Leg = MatrixView['legs'][number]

/** How a test is grouped, in the order the comment lists them. */
export type TestKind = 'failed' | 'new-flaky' | 'flaky' | 'quarantined'
const KIND_ORDER: readonly TestKind[] = ['failed', 'new-flaky', 'flaky', 'quarantined']

const KIND_OF_FLAG: Record<TestFlag, TestKind> = {
  failed: 'failed',
  'new-flaky': 'new-flaky',
  flaky: 'flaky',
  'runner-flaky': 'flaky',
  quarantined: 'quarantined'
}

let nameCollator: Intl.Collator | undefined
/** Names in a reader's order (one collator, built on first use: `localeCompare` builds one per call, and ICU's data takes ms to load). */
const byName = (a: string, b: string): number => (nameCollator ??= new Intl.Collator('en', { numeric: true })).compare(a, b)

/** A test of one kind across legs. */
export interface FlaggedTest {
  name: string
  kind: TestKind
  /** Labels of the legs it was this kind in, in table order. */
  legs: string[]
  /** The rate over the history with the most runs among those legs. */
  rate?: LegTestRate
  /** A flaky new test: the repeat it failed on, of how many. */
  repeat?: { failedOn: number; of: number }
}

/** One leg's tests: [name, kind, what its annotation adds]. */
type LegTest = { name: string; kind: TestKind; rate?: LegTestRate; repeat?: { failedOn: number; of: number } }

function fromAnnotations(annotations: readonly LegAnnotation[]): LegTest[] {
  return annotations.flatMap(({ test }) =>
    test === undefined
      ? []
      : [
          {
            name: test.name,
            kind: KIND_OF_FLAG[test.flag],
            ...(test.rate && { rate: test.rate }),
            ...(test.repeat && { repeat: test.repeat })
          }
        ]
  )
}

function fromReceipt(row: LegRow, leg: Leg | undefined): LegTest[] {
  const named = (names: readonly string[], kind: TestKind) => names.map(name => ({ name, kind }))
  return [
    ...named(row.failedTests, 'failed'),
    ...named(leg?.receipt.new_tests?.flaky ?? [], 'new-flaky'),
    ...named(row.flakyTests, 'flaky'),
    ...named(row.quarantinedTests, 'quarantined')
  ]
}

/** Every leg's tests, each name once per kind, ordered: failed, new flaky, flaky, quarantined; then most legs; then by name. */
export function flaggedTests(view: MatrixView): FlaggedTest[] {
  const tests = new Map<string, FlaggedTest>()
  view.rows.forEach((row, index) => {
    const leg = view.legs[index]
    const annotations = leg?.annotations
    for (const test of annotations === undefined ? fromReceipt(row, leg) : fromAnnotations(annotations)) {
      const key = `${test.kind}\u0000${test.name}`
      let entry = tests.get(key)
      if (entry === undefined) {
        entry = { name: test.name, kind: test.kind, legs: [] }
        tests.set(key, entry)
      }
      if (!entry.legs.includes(row.label)) entry.legs.push(row.label)
      if (test.rate !== undefined && (entry.rate === undefined || test.rate.runs > entry.rate.runs)) entry.rate = test.rate
      if (test.repeat !== undefined && entry.repeat === undefined) entry.repeat = test.repeat
    }
  })
  return [...tests.values()].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.legs.length - a.legs.length || byName(a.name, b.name)
  )
}

/** How many tests of each kind (a name counted once per kind). */
export function countKinds(tests: readonly FlaggedTest[]): Record<TestKind, number> {
  const counts: Record<TestKind, number> = { failed: 0, 'new-flaky': 0, flaky: 0, quarantined: 0 }
  for (const test of tests) counts[test.kind] += 1
  return counts
}
