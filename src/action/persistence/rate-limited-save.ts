/**
 * A cache save that honours GitHub's rate limit on cache uploads (docs/design.md §5, "Receipt
 * history in the cache"): past 200 uploads a minute per repository the service answers 429
 * with `Retry-After`, exactly when a big matrix finishes at once. The save waits what the
 * service asks plus up to 20 % (so legs that were refused together do not come back
 * together) and tries again under a new key, all within the save's one deadline: a wait that
 * would pass it is not started, and the save gives up at once. The log says each wait and
 * how the save ended.
 */
import { deadlineText, startDeadline } from './deadline.js'
import type { CacheStore } from './cache-store.js'

/** The wait when a 429 carries no usable `Retry-After`: the window of GitHub's per-minute limit. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000
/** The shortest wait, whatever `Retry-After` says (`0` included): no retry right on top of a refusal. */
export const MIN_RATE_LIMIT_WAIT_MS = 1_000
/** The most the wait grows beyond `Retry-After`, as a fraction of it. */
export const RATE_LIMIT_JITTER = 0.2
/** Most retries of one save, whatever the deadline leaves room for. */
export const MAX_RATE_LIMIT_RETRIES = 5

/** How the save ended. `retries` counts the tries after the first. */
export type RateLimitedSaveResult =
  | { kind: 'saved'; key: string; retries: number }
  | { kind: 'failed'; reason: string }
  /** The first try did not answer within the deadline (the service is slow, not refusing). */
  | { kind: 'late' }
  /** Given up after a 429: the next wait would pass the deadline, a retry outlived it, or the retries ran out. */
  | { kind: 'rate-limited'; why: string }

/** What the save needs besides the store; the clock, sleep and random source are for tests. */
export interface RateLimitedSaveOptions {
  deadlineMs: number
  info: (message: string) => void
  /** A number in [0, 1), for the jitter. */
  random?: () => number
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

/** The wait before the next try: `Retry-After` (or the default), at least the minimum, plus up to 20 %. */
export function rateLimitWaitMs(retryAfterMs: number | undefined, random: () => number): number {
  const base = Math.max(retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS, MIN_RATE_LIMIT_WAIT_MS)
  const drawn = random()
  const fraction = Number.isFinite(drawn) ? Math.min(Math.max(drawn, 0), 1) : 0
  return Math.round(base * (1 + RATE_LIMIT_JITTER * fraction))
}

/** The key of the n-th retry: a 429 at finalize leaves the first key reserved, so each try has its own. */
export function retryKey(key: string, retry: number): string {
  return retry === 0 ? key : `${key}-retry-${retry}`
}

const sleepFor = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms))

/** Saves `paths` under `key`, retrying after 429s within `deadlineMs`; never throws for the service's sake. */
export async function saveHonouringRateLimit(
  cache: CacheStore,
  paths: string[],
  key: string,
  options: RateLimitedSaveOptions
): Promise<RateLimitedSaveResult> {
  const { random = Math.random, sleep = sleepFor, now = Date.now } = options
  const deadline = startDeadline(options.deadlineMs, now)
  const limit = deadlineText(options.deadlineMs)
  for (let retry = 0; ; retry++) {
    const tryKey = retryKey(key, retry)
    const raced = await deadline.race(abandoned => cache.save(paths, tryKey, abandoned))
    if (raced.late) {
      if (retry === 0) return { kind: 'late' }
      return {
        kind: 'rate-limited',
        why: `the service was still rate-limiting uploads (429) after ${retries(retry)} when the save's deadline (${limit}) ran out`
      }
    }
    const answer = raced.value
    if (answer.kind === 'saved') return { kind: 'saved', key: tryKey, retries: retry }
    if (answer.kind === 'failed') return { kind: 'failed', reason: answer.reason }
    if (retry >= MAX_RATE_LIMIT_RETRIES) {
      return { kind: 'rate-limited', why: `the service was still rate-limiting uploads (429) after ${retries(retry)}` }
    }
    const asked =
      answer.retryAfterMs === undefined
        ? `no usable Retry-After, so ${deadlineText(DEFAULT_RATE_LIMIT_WAIT_MS)}`
        : `Retry-After: ${deadlineText(answer.retryAfterMs)}`
    const waitMs = rateLimitWaitMs(answer.retryAfterMs, random)
    if (waitMs >= deadline.remainingMs()) {
      const after = retry === 0 ? '' : ` after ${retries(retry)}`
      return {
        kind: 'rate-limited',
        why: `the service is rate-limiting uploads (429)${after}, and the wait (${asked}, plus up to 20 %) does not fit in what is left of the save's deadline (${limit})`
      }
    }
    options.info(
      `reverify: the cache service is rate-limiting uploads (429); retrying the history save in ${deadlineText(waitMs)} (${asked})`
    )
    await sleep(waitMs)
  }
}

/** "1 retry", "2 retries". */
export function retries(count: number): string {
  return `${count} ${count === 1 ? 'retry' : 'retries'}`
}
