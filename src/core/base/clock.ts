/**
 * Time and chance as the core sees them: one small port, so a test can run a whole verify
 * with a fixed clock, no real waits and a known jitter.
 */

/** The clock port of a verify run. */
export interface Clock {
  now(): Date
  /**
   * Milliseconds from an arbitrary origin that never go back: how long something took, or
   * how much of a time limit is left (the wall clock may be set back meanwhile).
   */
  monotonicMs(): number
  /** Waits before a retry; resolves early when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /** A number in [0, 1), for the backoff's jitter. */
  random(): number
}

/** RFC 3339 UTC with milliseconds: the one spelling of a time in traces and receipts. */
export function timestamp(date: Date): string {
  return date.toISOString()
}

/** Sleeps for ms, waking early on abort. */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise(resolve => {
    if (ms <= 0 || signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
  })
}

/** The real clock: the one place in the core that reads the time (docs/design.md §8). */
export const systemClock: Clock = {
  now: () => new Date(),
  // process.hrtime, not performance.now(): the first read of `performance` loads perf_hooks,
  // about 1.2 ms of a trivial run (docs/design.md §9 "Start-up").
  monotonicMs: () => Number(process.hrtime.bigint()) / 1e6,
  sleep: abortableSleep,
  random: Math.random
}
