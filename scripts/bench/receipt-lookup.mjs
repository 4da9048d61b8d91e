// Benchmark: looking up the latest receipt of one identity must not slow down as the store
// grows (docs/design.md §3 "Retention"). Needs the compiled sources in build/ (tsc); run it directly
// with `node scripts/bench/receipt-lookup.mjs` or through the bench runner.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { median } from './measure.mjs'
import { RECEIPTS_PER_IDENTITY, receiptFor, writeReceiptStore } from './receipt-fixtures.mjs'

const STORE_SIZES = [100, 1_000, 10_000]
const WARMUP_LOOKUPS = 20
const MEASURED_LOOKUPS = 200

/**
 * Median latest() time for one identity in stores of 100, 1,000 and 10,000 receipts of
 * `target`. Each row also gives the time the store took to build its index from scratch.
 * With keepStateDirs the stores are left on disk and their directories returned (size →
 * path); the caller removes them.
 */
export async function benchReceiptLookup({ target = 'octo/widgets', keepStateDirs = false } = {}) {
  const stores = []
  try {
    for (const size of STORE_SIZES) {
      const stateDir = await mkdtemp(join(tmpdir(), `reverify-bench-${size}-`))
      const built = await writeReceiptStore(stateDir, size, target)
      // An identity in the middle of the store, so nothing favours the first or last one.
      const probe = Math.floor(built.identities / 2)
      stores.push({
        ...built,
        stateDir,
        size,
        identityHash: receiptFor(target, probe, 0).identity_hash,
        expected: receiptFor(target, probe, RECEIPTS_PER_IDENTITY - 1).run_id,
        timings: []
      })
    }
    // Rounds visit every store in turn, so background noise on a busy machine lands on all
    // sizes alike instead of on whichever was measured while it happened.
    for (let round = 0; round < WARMUP_LOOKUPS + MEASURED_LOOKUPS; round += 1) {
      for (const entry of stores) {
        const started = performance.now()
        const latest = await entry.store.latest(target, '', entry.identityHash)
        const elapsed = performance.now() - started
        if (latest?.run_id !== entry.expected) throw new Error(`latest() returned ${latest?.run_id}, expected ${entry.expected}`)
        if (round >= WARMUP_LOOKUPS) entry.timings.push(elapsed)
      }
    }
  } catch (error) {
    for (const entry of stores) await rm(entry.stateDir, { recursive: true, force: true })
    throw error
  }
  if (!keepStateDirs) {
    for (const entry of stores) await rm(entry.stateDir, { recursive: true, force: true })
  }
  const rows = stores.map(entry => ({
    receipts: entry.size,
    medianMs: Number(median(entry.timings).toFixed(4)),
    rebuildMs: Math.round(entry.rebuildMs)
  }))
  const ratio10kTo100 = Number((rows[rows.length - 1].medianMs / rows[0].medianMs).toFixed(3))
  return {
    rows,
    ratio10kTo100,
    ...(keepStateDirs && { stateDirs: new Map(stores.map(entry => [entry.size, entry.stateDir])) })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchReceiptLookup(), null, 2))
}
