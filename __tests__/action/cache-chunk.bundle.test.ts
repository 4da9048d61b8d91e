/**
 * The cache client is loaded only when a history is restored or saved (docs/design.md §10):
 * ncc puts @actions/cache in a chunk of its own beside dist/index.js, imported on the first
 * restore or save. Shown on a copy of dist/ without that chunk: a step with cache-receipts
 * off and the post step with nothing left to do pass as they would have, without a warning;
 * a step that restores and saves warns that both failed (as when the client throws), its
 * verdict standing.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DIST, chunksHolding, distWithout, warnings } from '../helpers/action-chunks.js'
import { ResultsService } from '../helpers/results-service.js'
import { FakeRunner } from '../helpers/runner.js'

// A line only the cache client prints, kept as written by the minifier.
const CACHE_CLIENT_TEXT = 'Cache restored successfully'

let service: ResultsService | undefined
const scratch: string[] = []
afterAll(async () => {
  await service?.stop()
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
})

test('the action bundle does not carry the cache client; one chunk of its own beside it does', () => {
  expect(readFileSync(join(DIST, 'index.bundle.cjs'), 'utf8')).not.toContain(CACHE_CLIENT_TEXT)
  expect(readFileSync(join(DIST, 'index.js'), 'utf8')).not.toContain(CACHE_CLIENT_TEXT)
  expect(chunksHolding(DIST, CACHE_CLIENT_TEXT)).toHaveLength(1)
})

test('without that chunk, steps that restore and save nothing pass as before; one that does only warns', async () => {
  const copy = distWithout(CACHE_CLIENT_TEXT, 'reverify-no-cache-chunk-')
  scratch.push(copy)
  expect(chunksHolding(copy, CACHE_CLIENT_TEXT)).toEqual([])
  service = await ResultsService.start()
  const runner = new FakeRunner(service)
  scratch.push(runner.root)

  const uncached = await runner.main({ command: 'true', 'expect-exit': '0', 'cache-receipts': 'false' }, { bundleDir: copy })
  expect(uncached.code).toBe(0)
  expect(uncached.outputs.outcome).toBe('success')
  expect(warnings(uncached)).toEqual([])
  const post = await runner.post({ bundleDir: copy })
  expect(post.code).toBe(0)
  expect(warnings(post)).toEqual([])

  const cached = await runner.main({ command: 'true', 'expect-exit': '0' }, { bundleDir: copy })
  expect(cached.code).toBe(0)
  expect(cached.outputs.outcome).toBe('success')
  expect(warnings(cached)).toEqual([
    expect.stringMatching(/^reverify: could not restore the receipt history: .+/),
    expect.stringMatching(/^reverify: the receipt history could not be restored \(.+\); capture-before-retry could not check this run$/),
    expect.stringMatching(/^reverify: the receipt history was not saved to the cache: .+; the verdict stands$/)
  ])
  expect(service.cacheEntries()).toEqual([])
  // The trace went up all the same: the artifact client does not depend on the cache's chunk.
  expect(service.artifacts()).toHaveLength(2)
}, 60_000)
