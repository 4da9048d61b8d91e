/**
 * The policy after a 429 on a cache save (persistence/rate-limited-save.ts): wait what
 * `Retry-After` asks plus up to 20 %, try again under a new key, and never wait past the
 * save's deadline. The store answers from a script and the clock, sleep and random source
 * are injected, so no test sleeps or depends on timing; the real client and service are in
 * cache-rate-limit.test.ts and, through the bundle, cache-rate-limit-action.bundle.test.ts.
 */
import type { CacheStore, SaveAnswer } from '../../src/action/persistence/cache-store.js'
import {
  DEFAULT_RATE_LIMIT_WAIT_MS,
  MAX_RATE_LIMIT_RETRIES,
  rateLimitWaitMs,
  saveHonouringRateLimit
} from '../../src/action/persistence/rate-limited-save.js'

const limited = (retryAfterMs?: number): SaveAnswer => ({
  kind: 'rate-limited',
  reason: 'reserve refused (429)',
  ...(retryAfterMs !== undefined && { retryAfterMs })
})

/** A store answering saves from `answers` in turn, recording each key; a clock that only sleeps move. */
function scripted(answers: SaveAnswer[]) {
  const keys: string[] = []
  const slept: number[] = []
  const said: string[] = []
  let clock = 1_000_000
  const cache: CacheStore = {
    restore: () => Promise.reject(new Error('not used')),
    save: (_paths, key) => {
      keys.push(key)
      const answer = answers.shift()
      return answer === undefined ? Promise.reject(new Error('no answer scripted')) : Promise.resolve(answer)
    }
  }
  const timing = {
    now: () => clock,
    sleep: (ms: number) => {
      slept.push(ms)
      clock += ms
      return Promise.resolve()
    },
    info: (message: string) => said.push(message)
  }
  return { cache, keys, slept, said, timing }
}

describe('the wait after a 429', () => {
  test('is Retry-After plus up to 20 %, from the random source', () => {
    expect(rateLimitWaitMs(7_000, () => 0)).toBe(7_000)
    expect(rateLimitWaitMs(7_000, () => 0.5)).toBe(7_700)
    expect(rateLimitWaitMs(7_000, () => 0.999999)).toBe(8_400)
  })

  test('is at least a second, and a minute when the service sent no usable Retry-After', () => {
    expect(rateLimitWaitMs(0, () => 0)).toBe(1_000)
    expect(rateLimitWaitMs(undefined, () => 0)).toBe(DEFAULT_RATE_LIMIT_WAIT_MS)
  })

  test('stays within its bounds whatever the random source answers', () => {
    for (const value of [-5, 0, 0.3, 1, 7, Number.NaN]) {
      const wait = rateLimitWaitMs(10_000, () => value)
      expect(wait).toBeGreaterThanOrEqual(10_000)
      expect(wait).toBeLessThanOrEqual(12_000)
    }
  })
})

describe('a save refused with 429', () => {
  test('waits, tries again under a key of its own, and says so', async () => {
    const { cache, keys, slept, said, timing } = scripted([limited(7_000), { kind: 'saved', id: 4 }])

    const result = await saveHonouringRateLimit(cache, ['p'], 'hist-1', { deadlineMs: 120_000, random: () => 0.5, ...timing })

    expect(result).toEqual({ kind: 'saved', key: 'hist-1-retry-1', retries: 1 })
    expect(keys).toEqual(['hist-1', 'hist-1-retry-1'])
    expect(slept).toEqual([7_700])
    expect(said).toEqual([
      'reverify: the cache service is rate-limiting uploads (429); retrying the history save in 7.7 s (Retry-After: 7 s)'
    ])
  })

  test('gives up at once when the wait would pass the deadline, without sleeping', async () => {
    const { cache, keys, slept, said, timing } = scripted([limited(90_000)])

    const result = await saveHonouringRateLimit(cache, ['p'], 'hist-1', { deadlineMs: 30_000, random: () => 0, ...timing })

    expect(result).toEqual({
      kind: 'rate-limited',
      why: "the service is rate-limiting uploads (429), and the wait (Retry-After: 90 s, plus up to 20 %) does not fit in what is left of the save's deadline (30 s)"
    })
    expect(keys).toEqual(['hist-1'])
    expect(slept).toEqual([])
    expect(said).toEqual([])
  })

  test('never sleeps past the deadline: the jitter counts, and so does the time spent before', async () => {
    // 10 s asked, 12 s with the most jitter: the first wait fits in 20 s, the second (8 s left) does not.
    const { cache, slept, timing } = scripted([limited(10_000), limited(10_000)])

    const result = await saveHonouringRateLimit(cache, ['p'], 'hist-1', { deadlineMs: 20_000, random: () => 0.99999, ...timing })

    expect(slept).toEqual([12_000])
    expect(result).toEqual({
      kind: 'rate-limited',
      why: "the service is rate-limiting uploads (429) after 1 retry, and the wait (Retry-After: 10 s, plus up to 20 %) does not fit in what is left of the save's deadline (20 s)"
    })
  })

  test('a 429 without Retry-After waits a minute when the deadline leaves room for it', async () => {
    const { cache, slept, said, timing } = scripted([limited(), { kind: 'saved', id: 1 }])

    const result = await saveHonouringRateLimit(cache, ['p'], 'k', { deadlineMs: 120_000, random: () => 0, ...timing })

    expect(result).toEqual({ kind: 'saved', key: 'k-retry-1', retries: 1 })
    expect(slept).toEqual([60_000])
    expect(said[0]).toContain('retrying the history save in 60 s (no usable Retry-After, so 60 s)')
  })

  test(`stops after ${MAX_RATE_LIMIT_RETRIES} retries however much time is left`, async () => {
    const { cache, keys, timing } = scripted(Array.from({ length: 10 }, () => limited(1_000)))

    const result = await saveHonouringRateLimit(cache, ['p'], 'k', { deadlineMs: 3_600_000, random: () => 0, ...timing })

    expect(result).toEqual({ kind: 'rate-limited', why: 'the service was still rate-limiting uploads (429) after 5 retries' })
    expect(keys).toHaveLength(1 + MAX_RATE_LIMIT_RETRIES)
  })

  test('any other failure is not retried', async () => {
    const { cache, keys, timing } = scripted([{ kind: 'failed', reason: 'reserve conflict (409)' }])

    const result = await saveHonouringRateLimit(cache, ['p'], 'k', { deadlineMs: 120_000, ...timing })

    expect(result).toEqual({ kind: 'failed', reason: 'reserve conflict (409)' })
    expect(keys).toEqual(['k'])
  })
})
