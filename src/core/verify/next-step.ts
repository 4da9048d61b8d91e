/**
 * The verify loop's one decision after an attempt (docs/design.md §1 "The loop"): stop, and
 * why, or retry — after how long, running what, and the note that says so. Pure: made
 * once per attempt from its record and verdict; the loop only carries it out.
 */
import type { RunSettings } from '../inputs/settings.js'
import type { PlannedRerun } from './rerun-step.js'
import { describeWait, retryDelayMs } from './retry-policy.js'
import type { AttemptRecord } from '../attempt/result.js'
import { failureReason, type Verdict } from './verdict.js'

/** Why a loop stops after an attempt; `decided` when a resumed run's trace already said not to retry (docs/design.md §6). */
export type StopReason = 'verified' | 'interrupted' | 'exhausted' | 'refused' | 'decided'

/** What the loop does after an attempt. */
export type NextStep =
  | { kind: 'stop'; why: Exclude<StopReason, 'refused'> }
  /** A retry filter refused: the note's words (`<failure>; not retrying: …`). */
  | { kind: 'stop'; why: 'refused'; note: string }
  | {
      kind: 'retry'
      waitMs: number
      /** Set when the next attempt reruns only the failed tests. */
      rerun?: PlannedRerun
      /** What the next attempt runs, in words, when rerun-failed-tests is on (`rerunning the failed test only: …`). */
      rerunNote?: string
      /** The retry decision's words (`<failure>; retrying in 5 s (attempt 2/3)`). */
      note: string
    }

/** What decides beyond the attempt: the attempts used (this one counted), whether the run was interrupted, the jitter's randomness. */
export interface DecisionContext {
  used: number
  aborted: boolean
  random: () => number
}

/**
 * After an attempt: stop when it was verified, interrupted, the last one allowed or one a
 * retry filter refuses; else retry, waiting as retry-backoff says (the jitter drawn only
 * then), with what its verdict planned to run next.
 */
export function decideNext(
  record: Pick<AttemptRecord, 'interrupted'>,
  verdict: Pick<Verdict, 'verified' | 'checks' | 'unexcused' | 'followUp'>,
  settings: Pick<RunSettings, 'maxRetries' | 'retryWaitSeconds' | 'retryBackoff'>,
  { used, aborted, random }: DecisionContext
): NextStep {
  if (verdict.verified) return { kind: 'stop', why: 'verified' }
  if (record.interrupted || aborted) return { kind: 'stop', why: 'interrupted' }
  const followUp = verdict.followUp
  if (followUp === undefined || followUp.kind === 'exhausted') return { kind: 'stop', why: 'exhausted' }
  const failure = failureReason({ interrupted: false, checks: verdict.checks, unexcused: verdict.unexcused })
  if (followUp.kind === 'refused') return { kind: 'stop', why: 'refused', note: `${failure}; ${followUp.refusal}` }
  const waitMs = retryDelayMs(settings, used, random)
  const next = followUp.next
  const waiting = waitMs > 0 ? ` in ${describeWait(waitMs)}` : ''
  return {
    kind: 'retry',
    waitMs,
    ...(next?.rerun !== undefined && { rerun: next.rerun }),
    ...(next !== undefined && { rerunNote: next.note }),
    note: `${failure}; retrying${waiting} (attempt ${used + 1}/${1 + settings.maxRetries})${next === undefined ? '' : `: ${next.note}`}`
  }
}
