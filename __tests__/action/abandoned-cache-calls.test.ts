/**
 * A cache call still going at its deadline is abandoned (persistence/deadline.ts), and its
 * caller says so through the call's `abandoned` signal, so that whatever the client prints
 * afterwards stays a plain log line (persistence/cache-store.ts; the adapter's side, with the
 * real client, is in cache-store.test.ts). The stores here answer from a script: a call that
 * never answers is late whatever the machine's speed, and one that answers at once is never
 * late, so nothing depends on timing.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CacheStore, RestoreAnswer, SaveAnswer } from '../../src/action/persistence/cache-store.js'
import { saveHonouringRateLimit } from '../../src/action/persistence/rate-limited-save.js'
import { restoreHistory } from '../../src/action/persistence/receipt-history.js'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'

const never = <T>() => new Promise<T>(() => undefined)

/** A store that records the signal of every call and answers each from `answer`. */
function recording(answer: { restore?: () => Promise<RestoreAnswer>; save?: () => Promise<SaveAnswer> }) {
  const signals: (AbortSignal | undefined)[] = []
  const cache: CacheStore = {
    restore: (_paths, _prefix, abandoned) => {
      signals.push(abandoned)
      return answer.restore?.() ?? Promise.reject(new Error('not used'))
    },
    save: (_paths, _key, abandoned) => {
      signals.push(abandoned)
      return answer.save?.() ?? Promise.reject(new Error('not used'))
    }
  }
  return { cache, signals }
}

const quiet = () => undefined

describe('the save', () => {
  test('a save still going at its deadline is abandoned, and its signal says so', async () => {
    const { cache, signals } = recording({ save: never })

    const result = await saveHonouringRateLimit(cache, ['p'], 'k', { deadlineMs: 1, info: quiet })

    expect(result).toEqual({ kind: 'late' })
    expect(signals).toHaveLength(1)
    expect(signals[0]?.aborted).toBe(true)
  })

  test('a save that answers is not abandoned', async () => {
    const { cache, signals } = recording({ save: () => Promise.resolve({ kind: 'saved', id: 7 }) })

    const result = await saveHonouringRateLimit(cache, ['p'], 'k', { deadlineMs: 120_000, info: quiet })

    expect(result).toEqual({ kind: 'saved', key: 'k', retries: 0 })
    expect(signals.map(signal => signal?.aborted)).toEqual([false])
  })
})

describe('the restore', () => {
  let scratch: string
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'reverify-abandoned-'))
  })
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true })
  })

  function restoring(cache: CacheStore, restoreMs: number) {
    const warned: string[] = []
    const run = restoreHistory({
      cache,
      store: new ReceiptStore(join(scratch, 'state'), { warn: quiet, now: () => new Date() }),
      workspace: join(scratch, 'workspace'),
      historyKey: 'h',
      target: 'octo/widgets',
      scope: '',
      identityHash: 'a'.repeat(64),
      deadlines: { restoreMs, saveMs: 120_000 },
      warn: message => warned.push(message),
      info: quiet
    })
    return { run, warned }
  }

  test('a restore still going at its deadline is abandoned, and its signal says so', async () => {
    const { cache, signals } = recording({ restore: never })

    const { run, warned } = restoring(cache, 1)

    expect(await run).toEqual({ status: 'failed', reason: expect.stringContaining('did not answer within') })
    expect(warned).toEqual([expect.stringContaining('going on without it')])
    expect(signals).toHaveLength(1)
    expect(signals[0]?.aborted).toBe(true)
  })

  test('a restore that answers is not abandoned', async () => {
    const { cache, signals } = recording({ restore: () => Promise.resolve({ kind: 'miss' }) })

    const { run } = restoring(cache, 60_000)

    expect(await run).toEqual({ status: 'none' })
    expect(signals.map(signal => signal?.aborted)).toEqual([false])
  })
})
