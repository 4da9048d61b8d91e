/**
 * What would follow a failed attempt (docs/design.md §1 "The loop"): nothing when the
 * attempts are used up, nothing when a retry filter refuses, else a retry — of the failed
 * tests alone or of the whole command (rerun-step.ts). Planned once per failed attempt, by
 * its verdict (verdict.ts), never for one the quarantine excused; the next step
 * (next-step.ts) is decided from it.
 */
import type { RunSettings } from '../inputs/settings.js'
import { retryRefusal } from './retry-policy.js'
import { nextAttempt, type NextAttempt } from './rerun-step.js'
import type { AttemptResult } from '../attempt/result.js'

/** What follows a failed attempt. */
export type FollowUp =
  | { kind: 'exhausted' }
  | { kind: 'refused'; refusal: string }
  /** `next` is undefined when rerun-failed-tests is off: the whole command runs again, unannounced. */
  | { kind: 'retry'; next?: NextAttempt }

/** Whether any attempts are left, and the settings that decide a retry and what it runs. */
export interface RetryOutlook {
  settings: RunSettings
  retriesLeft: boolean
}

/** What follows `failed`, an attempt that ran and failed: the budget first, then the retry filters, then what the retry runs. */
export function followUpOf(failed: AttemptResult, { settings, retriesLeft }: RetryOutlook): FollowUp {
  if (!retriesLeft) return { kind: 'exhausted' }
  const refusal = retryRefusal(settings, failed)
  if (refusal !== undefined) return { kind: 'refused', refusal }
  const next = nextAttempt(settings, failed)
  return next === undefined ? { kind: 'retry' } : { kind: 'retry', next }
}
