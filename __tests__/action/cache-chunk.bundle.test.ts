/**
 * The cache client is loaded only when a history is restored or saved (docs/design.md §10):
 * ncc puts @actions/cache in a chunk of its own beside dist/index.js, imported on the first
 * restore or save. Shown on a copy of dist/ without that chunk: a step with cache-receipts
 * off and the post step with nothing left to do pass as they would have, without a warning;
 * a step that restores and saves warns that both failed (as when the client throws), its
 * verdict standing. And the client's question which compression to use, a `zstd --version`
 * it starts on every restore and every save, is asked once a step (scripts/build-asked-once.mjs).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
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

test('a step that restores and saves starts `zstd --version` once, where the client asks before each', async () => {
  service ??= await ResultsService.start()
  const runner = new FakeRunner(service, 'octo/zstd-asked-once')
  scratch.push(runner.root)
  // A zstd first on PATH that notes each call and hands it to the real one, if there is one.
  const shims = mkdtempSync(join(tmpdir(), 'reverify-zstd-shim-'))
  scratch.push(shims)
  const calls = join(shims, 'calls.txt')
  writeFileSync(calls, '')
  const shim = join(shims, 'zstd')
  writeFileSync(
    shim,
    `#!/bin/sh
echo "$*" >> '${calls}'
IFS=:
for dir in $PATH; do
  if [ "$dir" != '${shims}' ] && [ -x "$dir/zstd" ]; then exec "$dir/zstd" "$@"; fi
done
exit 127
`
  )
  chmodSync(shim, 0o755)
  const env = { PATH: `${shims}:${process.env.PATH ?? ''}` }
  const first = await runner.main({ command: 'true', 'expect-exit': '0' }, { env })
  expect(first.code).toBe(0)
  runner.freshTemp()
  const second = await runner.main({ command: 'true', 'expect-exit': '0' }, { env })
  expect(second.code).toBe(0)
  expect(second.stdout).toMatch(/restored 1 receipt\(s\)/)
  expect(warnings(second)).toEqual([])
  // Each step asked once: the first before its restore found nothing, the second before it restored; both saved.
  expect(
    readFileSync(calls, 'utf8')
      .split('\n')
      .filter(line => line !== '')
  ).toEqual(['--quiet --version', '--quiet --version'])
  expect(service.cacheEntries()).toHaveLength(2)
}, 60_000)
