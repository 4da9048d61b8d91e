/**
 * The verdict of a rerun attempt (the contract's §11): its exit code, and every targeted
 * test found in its results and passing. A targeted test the results do not show (a filter
 * that matched nothing, `--passWithNoTests`, a renamed test) counts as failed: a rerun is
 * never a green it did not earn.
 */
import type { AttemptTests } from '../attempt/tests.js'
import type { RerunTarget } from './template.js'

/** Which targeted tests passed, which failed, and which the results never showed. */
export interface RerunVerdict {
  passed: string[]
  failed: string[]
  missing: string[]
  /** Every targeted test ran and passed. */
  ok: boolean
}

/**
 * Judges a rerun from its results: `tests.recovered` names the watched tests (the targets)
 * that passed, `tests.failedTests` the ones that failed.
 */
export function rerunVerdict(targets: readonly RerunTarget[], tests: AttemptTests | undefined): RerunVerdict {
  const passedNames = new Set(tests?.recovered ?? [])
  const failedNames = new Set((tests?.failedTests ?? []).map(test => test.name))
  const passed: string[] = []
  const failed: string[] = []
  const missing: string[] = []
  for (const { name } of targets) {
    if (failedNames.has(name)) failed.push(name)
    else if (passedNames.has(name)) passed.push(name)
    else missing.push(name)
  }
  return { passed, failed, missing, ok: failed.length === 0 && missing.length === 0 }
}

/** The verdict in one line for the attempt's check detail. */
export function describeRerunVerdict(verdict: RerunVerdict): string {
  const parts = [`${verdict.passed.length} of ${verdict.passed.length + verdict.failed.length + verdict.missing.length} rerun tests passed`]
  if (verdict.failed.length > 0) parts.push(`failed: ${verdict.failed.join('; ')}`)
  if (verdict.missing.length > 0) parts.push(`not in the results, so not rerun: ${verdict.missing.join('; ')}`)
  return parts.join(' · ')
}
