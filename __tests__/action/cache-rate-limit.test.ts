/**
 * A 429 from the cache service, through the real @actions/cache client and the local
 * service: wherever it comes from (the reservation, the finalize, or the blob storage,
 * whose 429 the client's log names neither by status nor by header), the adapter answers
 * `rate-limited` with the wait the service's `Retry-After` asked for, read from the HTTP
 * answer itself. A 429 that another request got meanwhile is not this save's.
 */
import { AsyncResource } from 'node:async_hooks'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createCacheStore, type CacheStore } from '../../src/action/persistence/cache-store.js'
import { useInProcessToolkit } from '../helpers/in-process-toolkit.js'

const toolkit = useInProcessToolkit('reverify-cache-rate-limit-')
let store: CacheStore
let folders = 0

beforeAll(async () => {
  store = createCacheStore(await import('@actions/cache'))
})

/** Saves a new folder under a new key with stdout kept aside; answers the answer and what was printed. */
async function save(
  onPrint: (text: string) => void = () => undefined
): Promise<{ answer: Awaited<ReturnType<CacheStore['save']>>; printed: string }> {
  const folder = join(toolkit.scratch, `stage-${++folders}`)
  await mkdir(folder)
  await writeFile(join(folder, 'receipt.json'), '{}')
  let printed = ''
  const write = process.stdout.write
  process.stdout.write = ((chunk: string | Uint8Array) => {
    printed += chunk.toString()
    onPrint(chunk.toString())
    return true
  }) as typeof process.stdout.write
  try {
    return { answer: await store.save([folder], `rate-${folders}`), printed }
  } finally {
    process.stdout.write = write
  }
}

describe('a 429 is told apart from other failures, with its Retry-After', () => {
  test.each([
    ['CreateCacheEntry', '7', 7_000],
    ['FinalizeCacheEntryUpload', '3', 3_000],
    ['blob', '5', 5_000]
  ])('429 on %s with Retry-After: %s', async (target, retryAfter, ms) => {
    toolkit.service.injectFault(target, { status: 429, retryAfter }, 1)

    const { answer } = await save()

    expect(answer).toEqual({ kind: 'rate-limited', reason: expect.any(String), retryAfterMs: ms })
    expect(toolkit.service.cacheEntries().map(entry => entry.key)).not.toContain(`rate-${folders}`)
  })

  test('Retry-After as an HTTP date is the time until then', async () => {
    const at = new Date(Date.now() + 60_000).toUTCString()
    toolkit.service.injectFault('CreateCacheEntry', { status: 429, retryAfter: at }, 1)

    const { answer } = await save()

    expect(answer.kind).toBe('rate-limited')
    const wait = (answer as { retryAfterMs?: number }).retryAfterMs
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60_000)
  })

  test('a 429 without Retry-After is still a rate limit, with no wait named', async () => {
    toolkit.service.injectFault('CreateCacheEntry', { status: 429 }, 1)

    const { answer } = await save()

    expect(answer).toEqual({ kind: 'rate-limited', reason: expect.stringMatching(/reserve refused \(429\)/) })
  })

  test("the client's rate-limit warnings stay in the log as plain lines: reverify reports the outcome itself", async () => {
    toolkit.service.injectFault('FinalizeCacheEntryUpload', { status: 429, retryAfter: '3' }, 1)

    const { printed } = await save()

    expect(printed).toContain("You've hit a rate limit, your rate limit will reset in 3 seconds")
    expect(printed).toMatch(/^Failed to save: Failed to FinalizeCacheEntryUpload: Rate limited/m)
    expect(printed).not.toMatch(/^::warning/m)
  })

  test('a 429 that another request got during the save is not the save’s', async () => {
    const limiter = createServer((_, response) => {
      response.writeHead(429, { 'retry-after': '9' })
      response.end()
    })
    await new Promise<void>(resolve => limiter.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = limiter.address() as AddressInfo
      // The other request starts while the save is under way (once the client says it is
      // reserving), from the test's own async context, as the trace upload beside the save does.
      const outside = new AsyncResource('other-request')
      let other: Promise<number | undefined> | undefined
      const startOther = () =>
        outside.runInAsyncScope(() => {
          other = new Promise((resolve, reject) => {
            request({ host: '127.0.0.1', port, path: '/' }, response => {
              response.resume()
              resolve(response.statusCode)
            })
              .on('error', reject)
              .end()
          })
        })
      toolkit.service.injectFault('CreateCacheEntry', { delayMs: 1500 }, 1)
      toolkit.service.injectFault('FinalizeCacheEntryUpload', { status: 403 }, 1)

      const { answer } = await save(text => {
        if (other === undefined && text.includes('Reserving Cache')) startOther()
      })

      expect(await other).toBe(429)
      expect(answer).toEqual({ kind: 'failed', reason: expect.stringMatching(/403/) })
    } finally {
      await new Promise(resolve => limiter.close(resolve))
    }
  })
})
