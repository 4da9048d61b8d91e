/**
 * The pull request's verdict and its one line (docs/design.md §5 "The pull request's words"): the
 * check run's conclusion and title, and the comment's first line, say the same thing.
 */
import type { MatrixRead } from '../matrix-summary.js'
import { countKinds, type FlaggedTest } from './flagged-tests.js'

/** A check run's conclusion as reverify sets it. */
export type Conclusion = 'success' | 'failure' | 'neutral'

/** The triggering run's own conclusions that no artifact can turn green. */
const RUN_FAILED = new Set(['failure', 'timed_out', 'cancelled', 'startup_failure'])

/** Whether the workflow run GitHub concluded (trusted, unlike the artifacts) failed. */
export function runFailed(runConclusion: string | undefined): boolean {
  return runConclusion !== undefined && RUN_FAILED.has(runConclusion)
}

/**
 * `failure` when a leg failed, aborted or did not finish, a leg could not be read or did not
 * upload (a leg that cannot be vouched for is not a pass), or the workflow run itself
 * failed; else `neutral` when no leg was read; else `success` (flaky tests are warnings).
 */
export function conclusionOf({ view, counts }: MatrixRead, runConclusion?: string): Conclusion {
  if (runFailed(runConclusion) || counts.failed + counts.other > 0 || view.problems.length > 0) return 'failure'
  return view.rows.length === 0 ? 'neutral' : 'success'
}

const ICON: Record<Conclusion, string> = { success: '✅', failure: '❌', neutral: '⚪' }

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/** `❌ 2 of 3 legs failed · 31 tests failed · 1 new flaky test`: plain words and numbers only, no untrusted text. */
export function headline(matrix: MatrixRead, tests: readonly FlaggedTest[], conclusion: Conclusion, runConclusion?: string): string {
  const { view, counts } = matrix
  const legs = view.rows.length
  const failedLegs = counts.failed + counts.other
  const kinds = countKinds(tests)
  const parts = [
    legs === 0
      ? 'no leg was read'
      : failedLegs > 0
        ? `${failedLegs} of ${counted(legs, 'leg', 'legs')} failed`
        : `${counted(legs, 'leg', 'legs')} passed`,
    ...(kinds.failed > 0 ? [`${counted(kinds.failed, 'test', 'tests')} failed`] : []),
    ...(kinds['new-flaky'] > 0 ? [counted(kinds['new-flaky'], 'new flaky test', 'new flaky tests')] : []),
    ...(kinds.flaky > 0 ? [counted(kinds.flaky, 'flaky test', 'flaky tests')] : []),
    ...(kinds.quarantined > 0 ? [counted(kinds.quarantined, 'quarantined test', 'quarantined tests')] : []),
    ...(view.problems.length > 0 ? [counted(view.problems.length, 'problem reading the legs', 'problems reading the legs')] : []),
    ...(runFailed(runConclusion) ? [`the workflow run's conclusion: ${runConclusion}`] : [])
  ]
  return `${ICON[conclusion]} ${parts.join(' · ')}`
}
