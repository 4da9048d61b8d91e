/**
 * TEMPORARY: a copy of the leg annotation types of src/core/matrix/leg-annotations.ts
 * (docs/design.md §5 "The pull request"), until that file and `Leg.annotations` land; then
 * this file goes and the imports name the core's face.
 */
import type { MatrixView } from '../../core/index.js'

type Leg = MatrixView['legs'][number]

/** What a test-level annotation is about. */
export type TestFlag = 'failed' | 'flaky' | 'runner-flaky' | 'new-flaky' | 'quarantined'

/** A test's rate over the leg's history (this run counted). */
export interface LegTestRate {
  runs: number
  flaked: number
  failed: number
  firstSeen?: string
}

/** One annotation a leg's run called for, as its annotations.json holds it. */
export interface LegAnnotation {
  level: 'error' | 'warning'
  title: string
  message: string
  file?: string
  line?: number
  test?: {
    name: string
    flag: TestFlag
    rate?: LegTestRate
    repeat?: { failedOn: number; of: number }
  }
}

/** The leg's annotations; undefined for a leg without a readable annotations.json. */
export function annotationsOf(leg: Leg): LegAnnotation[] | undefined {
  return (leg as Leg & { annotations?: LegAnnotation[] }).annotations
}
