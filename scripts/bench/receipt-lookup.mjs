// Benchmark: looking up the latest receipt of one identity must not slow down as the store
// grows (SPEC §3 "Retention"). Needs the compiled sources in build/ (tsc); run it directly
// with `node scripts/bench/receipt-lookup.mjs` or through the bench runner.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { commandIdentity } from '../../build/src/core/identity.js'
import { ReceiptStore } from '../../build/src/core/receipt-store.js'

const STORE_SIZES = [100, 1_000, 10_000]
// Every identity holds as many receipts as retention keeps by default, so the stores differ
// only in how many identities (and so receipts in total) they hold.
const RECEIPTS_PER_IDENTITY = 20
const WARMUP_LOOKUPS = 20
const MEASURED_LOOKUPS = 200
const TARGET = 'octo/widgets'
const START = Date.parse('2026-01-01T00:00:00Z')

function receiptFor(identityIndex, runIndex) {
  const { identity, hash } = commandIdentity([`npm run task-${identityIndex}`])
  const startedMs = START + runIndex * 60_000 + identityIndex
  const stamp = new Date(startedMs).toISOString()
  const runId = `${stamp.slice(0, 10).replace(/-/g, '')}-${stamp.slice(11, 19).replace(/:/g, '')}-verify-${(identityIndex * RECEIPTS_PER_IDENTITY + runIndex).toString(16).padStart(6, '0')}`
  return {
    schema_version: 1,
    run_id: runId,
    target: TARGET,
    scope: '',
    identity,
    identity_hash: hash,
    status: runIndex % 3 === 0 ? 'failed' : 'passed',
    flaky: false,
    started_at: stamp,
    ended_at: new Date(startedMs + 5_000).toISOString(),
    attempts: 1,
    max_attempts: 3,
    commands: identity.map(command => ({ command, exit_code: 0, signal: null, timed_out: false, duration_ms: 5_000 })),
    expectations: { 'expect-exit': 0 },
    session: { id: '01JDQ3Z8X5K9V7M2N4P6R8T0W1', dir: '/tmp/sessions/bench' },
    host: 'bench',
    pid: 1
  }
}

/** A store of `size` receipts, written as a restored cache would leave them, then indexed. */
async function buildStore(size) {
  const stateDir = await mkdtemp(join(tmpdir(), `reverify-bench-${size}-`))
  const identities = Math.ceil(size / RECEIPTS_PER_IDENTITY)
  await mkdir(join(stateDir, 'runs'))
  const receipts = []
  for (let identityIndex = 0; identityIndex < identities; identityIndex += 1) {
    for (let runIndex = 0; runIndex < RECEIPTS_PER_IDENTITY; runIndex += 1) receipts.push(receiptFor(identityIndex, runIndex))
  }
  // A few writers at once: creating thousands of small files one by one is what takes time here.
  let next = 0
  const writer = async () => {
    while (next < receipts.length) {
      const receipt = receipts[next++]
      const directory = join(stateDir, 'runs', receipt.run_id)
      await mkdir(directory)
      await writeFile(join(directory, 'receipt.json'), JSON.stringify(receipt, null, 2))
    }
  }
  await Promise.all(Array.from({ length: 16 }, writer))
  const store = new ReceiptStore(stateDir, { warn: message => { throw new Error(`unexpected warning: ${message}`) } })
  await store.rebuildIndex()
  return { stateDir, store, identities }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Median latest() time for one identity in stores of 100, 1,000 and 10,000 receipts. */
export async function benchReceiptLookup() {
  const stores = []
  try {
    for (const size of STORE_SIZES) {
      const built = await buildStore(size)
      // An identity in the middle of the store, so nothing favours the first or last one.
      const probe = Math.floor(built.identities / 2)
      stores.push({
        ...built,
        size,
        identityHash: receiptFor(probe, 0).identity_hash,
        expected: receiptFor(probe, RECEIPTS_PER_IDENTITY - 1).run_id,
        timings: []
      })
    }
    // Rounds visit every store in turn, so background noise on a busy machine lands on all
    // sizes alike instead of on whichever was measured while it happened.
    for (let round = 0; round < WARMUP_LOOKUPS + MEASURED_LOOKUPS; round += 1) {
      for (const entry of stores) {
        const started = performance.now()
        const latest = await entry.store.latest(TARGET, '', entry.identityHash)
        const elapsed = performance.now() - started
        if (latest?.run_id !== entry.expected) throw new Error(`latest() returned ${latest?.run_id}, expected ${entry.expected}`)
        if (round >= WARMUP_LOOKUPS) entry.timings.push(elapsed)
      }
    }
  } finally {
    for (const entry of stores) await rm(entry.stateDir, { recursive: true, force: true })
  }
  const rows = stores.map(entry => ({ receipts: entry.size, medianMs: Number(median(entry.timings).toFixed(4)) }))
  const ratio10kTo100 = Number((rows[rows.length - 1].medianMs / rows[0].medianMs).toFixed(3))
  return { rows, ratio10kTo100 }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchReceiptLookup(), null, 2))
}
