/**
 * Whether a retry reruns only the failed tests (docs/design.md §1 "Rerunning only the failed
 * tests", the contract's §11): only when the attempt's own results explain its failure.
 * Otherwise the whole command is retried, as without the setting, and the reason is given
 * in words for the trace's note.
 */
import { MAX_NAME_CHARS } from '../attempt/tests.js'
import type { AttemptResult } from '../attempt/result.js'
import { explainFailure } from '../attempt/explained-failure.js'
import { missingFor, type RerunTarget } from './template.js'

/** The retry an attempt calls for. */
export type RetryPlan = { kind: 'rerun'; targets: RerunTarget[] } | { kind: 'whole'; why: string }

/** What the decision needs beyond the attempt. */
export interface RerunPolicy {
  template: string
  maxTests: number
}

/** How a failed attempt should be retried under `policy`. */
export function planRetry(attempt: AttemptResult, policy: RerunPolicy): RetryPlan {
  const explanation = explainFailure(attempt)
  if (!explanation.explained) return { kind: 'whole', why: explanation.why }
  const { failing, tests } = explanation
  if (failing > policy.maxTests) return { kind: 'whole', why: `${failing} tests failed, more than rerun-max-tests (${policy.maxTests})` }
  if (failing > tests.length) return { kind: 'whole', why: `${failing} tests failed, more than the results list` }
  const cut = tests.find(test => Math.max(test.caseName?.length ?? 0, test.classname?.length ?? 0) >= MAX_NAME_CHARS)
  if (cut !== undefined)
    return {
      kind: 'whole',
      why: `the test "${cut.name}" has a name of ${MAX_NAME_CHARS} characters or more, which a rerun filter cannot spell`
    }
  const targets = tests.map(test => ({
    name: test.name,
    caseName: test.caseName ?? test.name,
    classname: test.classname ?? '',
    ...(test.file !== undefined && { file: test.file })
  }))
  const missing = missingFor(policy.template, targets)
  if (missing !== undefined) return { kind: 'whole', why: missing }
  return { kind: 'rerun', targets }
}
