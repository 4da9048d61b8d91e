/**
 * When to retry and how long to wait (docs/design.md §1 retry-* inputs). Pure functions: the verify loop
 * supplies the clock and the randomness, so tests never sleep.
 */
import type { ExitCodeList, RunSettings } from '../inputs/settings.js'

/** Longest wait between attempts under exponential backoff. */
const MAX_BACKOFF_MS = 5 * 60 * 1000

/**
 * Wait before retry number `retry` (1 = before the second attempt). Fixed backoff waits
 * retry-wait-seconds every time; exponential doubles it each retry with ±20 % jitter,
 * capped at five minutes.
 */
export function retryDelayMs(
  settings: Pick<RunSettings, 'retryWaitSeconds' | 'retryBackoff'>,
  retry: number,
  random: () => number = Math.random
): number {
  const base = settings.retryWaitSeconds * 1000
  if (base === 0) return 0
  if (settings.retryBackoff === 'fixed') return base
  const doubled = base * 2 ** Math.max(0, retry - 1)
  const jitter = 1 + (random() * 0.4 - 0.2)
  return Math.round(Math.min(MAX_BACKOFF_MS, doubled * jitter))
}

/** True when one of the list's ranges holds the code. */
export function listsExitCode(list: ExitCodeList, code: number): boolean {
  return list.ranges.some(([low, high]) => code >= low && code <= high)
}

/** What the retry filters look at in a failed attempt. */
export interface FailedAttempt {
  exitCode: number
  timedOut: boolean
  outputMatched: boolean
}

/** Why a failed attempt may not be retried, or undefined when it may: every filter must allow it. */
export function retryRefusal(
  settings: Pick<RunSettings, 'retryOn' | 'retryOnExitCodes' | 'retryOnOutput'>,
  attempt: FailedAttempt
): string | undefined {
  if (settings.retryOn === 'error' && attempt.timedOut) {
    return 'not retrying: the attempt timed out and retry-on is error'
  }
  if (settings.retryOn === 'timeout' && !attempt.timedOut) {
    return 'not retrying: the attempt did not time out and retry-on is timeout'
  }
  const codes = settings.retryOnExitCodes
  if (codes !== undefined && !listsExitCode(codes, attempt.exitCode)) {
    // The list as written, never expanded: `1-123,125-255` would be 254 numbers.
    return `not retrying: exit ${attempt.exitCode} is not in retry-on-exit-codes (${codes.text})`
  }
  if (settings.retryOnOutput !== undefined && !attempt.outputMatched) {
    return `not retrying: the output did not match retry-on-output /${settings.retryOnOutput.source}/`
  }
  return undefined
}

/** "5 s", "1.5 s", "2 min 5 s": a wait as a person reads it. */
export function describeWait(ms: number): string {
  const seconds = Math.round(ms / 100) / 10
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  const rest = Math.round(seconds - minutes * 60)
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
}
