/**
 * The cache adapter over the real @actions/cache client and the local results service:
 * each answer (hit, miss, failed; saved, failed and why) comes from what really happened.
 * The client answers a failed restore with the same `undefined` as a miss, so the `failed`
 * tests below pass only because the adapter reads the client's log.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createCacheStore, type CacheStore } from '../../src/action/persistence/cache-store.js'
import { useInProcessToolkit } from '../helpers/in-process-toolkit.js'
import type { ResultsService } from '../helpers/results-service.js'

let service: ResultsService
let store: CacheStore
let scratch: string
let folders = 0

const toolkit = useInProcessToolkit('reverify-cache-store-')

beforeAll(async () => {
  service = toolkit.service
  scratch = toolkit.scratch
  store = createCacheStore(await import('@actions/cache'))
})

/**
 * Runs `call` with stdout kept out of the test's output; answers what was printed. The
 * adapter's own watch sits on top of this for the length of each client call.
 */
async function quietly<T>(call: () => Promise<T>): Promise<{ value: T; printed: string }> {
  let printed = ''
  const write = process.stdout.write
  const silent = ((chunk: string | Uint8Array) => {
    printed += chunk.toString()
    return true
  }) as typeof process.stdout.write
  process.stdout.write = silent
  try {
    const value = await call()
    // The adapter has put stdout back as it found it.
    expect(process.stdout.write).toBe(silent)
    return { value, printed }
  } finally {
    process.stdout.write = write
  }
}

/**
 * `call`, quietly, with its `abandoned` signal aborted as soon as it has started: a caller
 * that stops waiting at its deadline before the service has answered (persistence/deadline.ts).
 */
function abandonedAtOnce<T>(call: (abandoned: AbortSignal) => Promise<T>): Promise<{ value: T; printed: string }> {
  const controller = new AbortController()
  return quietly(() => {
    const started = call(controller.signal)
    controller.abort()
    return started
  })
}

/** A new folder holding `content` in a file; the cache version hashes its path. */
async function folderWith(content: string): Promise<string> {
  const folder = join(scratch, `stage-${++folders}`)
  await mkdir(folder)
  await writeFile(join(folder, 'receipt.json'), content)
  return folder
}

/** A folder with an entry saved from it under `key`; emptied again, as on a fresh runner. */
async function savedFolder(key: string, content = '{"saved":true}'): Promise<string> {
  const folder = await folderWith(content)
  const { value } = await quietly(() => store.save([folder], key))
  expect(value).toEqual({ kind: 'saved', id: expect.any(Number) })
  await rm(folder, { recursive: true })
  return folder
}

describe('restore', () => {
  test('an entry under the prefix is a hit with its key, and its files are back', async () => {
    const folder = await savedFolder('hist-a-run1', '{"run":1}')

    const { value } = await quietly(() => store.restore([folder], 'hist-a-'))

    expect(value).toEqual({ kind: 'hit', key: 'hist-a-run1' })
    expect(await readFile(join(folder, 'receipt.json'), 'utf8')).toBe('{"run":1}')
  })

  test('no entry under the prefix is a miss', async () => {
    const folder = await savedFolder('hist-b-run1')

    const { value } = await quietly(() => store.restore([folder], 'hist-nothing-'))

    expect(value).toEqual({ kind: 'miss' })
  })

  test.each([
    ['a 403 from GetCacheEntryDownloadURL', { status: 403 }],
    ['a 400 from GetCacheEntryDownloadURL', { status: 400 }],
    ['garbage from GetCacheEntryDownloadURL', { garbage: true as const }]
  ])('%s is a failure the client has logged, not a miss', async (_, fault) => {
    const folder = await savedFolder(`hist-c-${folders}`)
    service.injectFault('GetCacheEntryDownloadURL', fault, 1)

    const { value, printed } = await quietly(() => store.restore([folder], 'hist-c-'))

    expect(value).toEqual({ kind: 'failed', reason: expect.stringMatching(/^Failed to restore: \S/), logged: true })
    // The client said so itself, as a warning; the adapter only passed it on.
    expect(printed).toMatch(/^::warning::Failed to restore: /m)
    // Asked again without the fault, the entry is there: the failure hid a hit.
    expect((await quietly(() => store.restore([folder], 'hist-c-'))).value).toMatchObject({ kind: 'hit' })
  })

  test('a key the client refuses (a comma) is a failure nobody has logged yet', async () => {
    const { value, printed } = await quietly(() => store.restore([join(scratch, 'anywhere')], 'no,commas'))

    expect(value).toEqual({ kind: 'failed', reason: expect.stringContaining('cannot contain commas'), logged: false })
    expect(printed).not.toMatch(/^::(warning|error)::/m)
  })

  test('a restore abandoned at its deadline: what the client says afterwards is a plain line, not a warning', async () => {
    const folder = await savedFolder(`hist-f-${folders}`)
    service.injectFault('GetCacheEntryDownloadURL', { status: 403 }, 1)

    const { value, printed } = await abandonedAtOnce(abandoned => store.restore([folder], 'hist-f-', abandoned))

    // The answer is still read from what the client said: nobody waits for it any more.
    expect(value).toEqual({ kind: 'failed', reason: expect.stringMatching(/^Failed to restore: \S/), logged: true })
    expect(printed).toMatch(/^Failed to restore: /m)
    expect(printed).not.toMatch(/^::(warning|error)::/m)
  })

  test('overlapping calls each get their own answer: one failure does not spill into the other', async () => {
    const hit = await savedFolder('hist-d-run1')
    const other = await savedFolder('hist-e-run1')
    // The 403 goes to whichever lookup reaches the service first.
    service.injectFault('GetCacheEntryDownloadURL', { status: 403 }, 1)

    const { value } = await quietly(() => Promise.all([store.restore([hit], 'hist-d-'), store.restore([other], 'hist-e-')]))

    expect(value.map(answer => answer.kind).sort()).toEqual(['failed', 'hit'])
  })
})

describe('save', () => {
  test('a new key is saved with the entry id the service gave', async () => {
    const folder = await folderWith('{"new":true}')

    const { value } = await quietly(() => store.save([folder], 'save-new-1'))

    expect(value).toEqual({ kind: 'saved', id: expect.any(Number) })
    expect(service.cacheEntries().map(entry => entry.key)).toContain('save-new-1')
  })

  test('a key that is taken is a reserve conflict (409)', async () => {
    const folder = await folderWith('{"first":true}')
    await quietly(() => store.save([folder], 'save-taken-1'))

    const { value } = await quietly(() => store.save([folder], 'save-taken-1'))

    expect(value).toEqual({
      kind: 'failed',
      reason: expect.stringMatching(/^reserve conflict, the key is taken \(409\): Unable to reserve cache with key save-taken-1/)
    })
  })

  test('a reservation refused for another reason says which status', async () => {
    const folder = await folderWith('{"refused":true}')
    service.injectFault('CreateCacheEntry', { status: 403 }, 1)

    const { value } = await quietly(() => store.save([folder], 'save-refused-1'))

    expect(value).toEqual({ kind: 'failed', reason: expect.stringMatching(/^reserve refused \(403\): Unable to reserve cache/) })
  })

  test("a failed finalize is a -1 with the client's reason", async () => {
    const folder = await folderWith('{"finalize":true}')
    service.injectFault('FinalizeCacheEntryUpload', { status: 403 }, 1)

    const { value } = await quietly(() => store.save([folder], 'save-finalize-1'))

    expect(value).toEqual({ kind: 'failed', reason: expect.stringMatching(/^the cache client returned -1: Failed to save: .*403/) })
    expect(service.cacheEntries().map(entry => entry.key)).not.toContain('save-finalize-1')
  })

  test('a save abandoned at its deadline: the failure the client reports afterwards is a plain line, not a warning', async () => {
    const folder = await folderWith('{"abandoned":true}')
    service.injectFault('FinalizeCacheEntryUpload', { status: 403 }, 1)

    const { value, printed } = await abandonedAtOnce(abandoned => store.save([folder], 'save-abandoned-1', abandoned))

    expect(value).toEqual({ kind: 'failed', reason: expect.stringMatching(/^the cache client returned -1: Failed to save: .*403/) })
    expect(printed).toMatch(/^Failed to save: .*403/m)
    expect(printed).not.toMatch(/^::(warning|error)::/m)
  })

  test('a path that does not exist makes the client throw; the adapter answers instead', async () => {
    const { value } = await quietly(() => store.save([join(scratch, 'not-there')], 'save-missing-1'))

    expect(value).toEqual({ kind: 'failed', reason: expect.stringMatching(/^the cache client threw: Path Validation Error/) })
  })
})
