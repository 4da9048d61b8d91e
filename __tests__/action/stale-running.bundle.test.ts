/**
 * Restored `running` receipts are bounded (docs/design.md §5): a history that piled up 2,001
 * running receipts left by other run attempts days ago is not imported (nor saved again),
 * and of the younger ones only the newest ten are. What is kept is asserted, not how long
 * it took. Bundled action, real cache client, local results service.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Receipt } from '../../src/core/receipts/receipt.js'
import { makeReceipt } from '../helpers/receipts.js'
import { FakeRunner, receiptsInCacheEntry } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { seedHistory } from '../helpers/seed-cache.js'

let service: ResultsService
beforeAll(async () => {
  service = await ResultsService.start()
})
afterAll(async () => {
  await service.stop()
})

const HOUR = 3600 * 1000

async function storedReceipts(stateDir: string): Promise<Receipt[]> {
  const ids = await readdir(join(stateDir, 'runs'))
  return Promise.all(ids.map(async id => JSON.parse(await readFile(join(stateDir, 'runs', id, 'receipt.json'), 'utf8')) as Receipt))
}

test('2,001 stale running receipts in a restored history are ignored; of the younger ones the newest ten are kept', async () => {
  const failing = { command: 'echo broken; exit 3', 'expect-exit': '0', 'max-retries': '0' }
  const first = new FakeRunner(service, 'octo/stale', 'verify', '9300')
  const failed = await first.main(failing)
  expect(failed.code).toBe(1)
  const historyKey = failed.state['history-key']!
  const real = JSON.parse(await readFile(join(first.stateDir, 'runs', failed.outputs['run-id']!, 'receipt.json'), 'utf8')) as Receipt

  // Runs of other attempts that never closed their receipts: 2,001 days old, 15 an hour or so.
  const now = Date.now()
  const running = (startedMs: number): Receipt =>
    makeReceipt({
      target: real.target,
      identity: real.identity,
      identity_hash: real.identity_hash,
      status: 'running',
      ended_at: null,
      attempts: 1,
      started_at: new Date(startedMs).toISOString(),
      ci: { run_id: '42', run_attempt: 1, job: 'verify' }
    })
  const stale = Array.from({ length: 2001 }, (_, index) => running(now - 3 * 24 * HOUR - index * 60_000))
  const young = Array.from({ length: 15 }, (_, index) => running(now - HOUR - index * 60_000))
  await seedHistory(service, historyKey, `reverify-v1-${historyKey}-42-1-verify-0000seed`, [real, ...stale, ...young])

  // The next job (capture mode: it restores, captures and saves, and runs nothing).
  const next = new FakeRunner(service, 'octo/stale', 'verify', '9301')
  const step = await next.main({ command: failing.command, capture: real.run_id, 'capture-note': 'looked' })
  expect(step.code).toBe(0)
  expect(step.outputs.captured).toBe('true')
  expect(step.stdout).toContain(
    'reverify: ignored 2006 restored running receipt(s): 2001 from another run attempt started over a day ago, 5 beyond the newest 10'
  )

  const kept = await storedReceipts(next.stateDir)
  const keptRunning = kept.filter(receipt => receipt.status === 'running').map(receipt => receipt.run_id)
  expect(keptRunning.sort()).toEqual(
    young
      .slice(0, 10)
      .map(receipt => receipt.run_id)
      .sort()
  )
  expect(kept.filter(receipt => receipt.status !== 'running').map(receipt => receipt.run_id)).toEqual([real.run_id])
  // What this job saved carries none of the stale ones forward.
  const saved = await receiptsInCacheEntry(service.cacheEntries().pop()!)
  expect(saved).toHaveLength(11)
  expect(saved.some(receipt => stale.some(old => old.run_id === receipt.run_id))).toBe(false)
}, 120_000)
