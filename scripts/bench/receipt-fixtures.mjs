// Receipt stores of a chosen size for the benchmark, written straight to disk as a restored
// cache would leave them and then indexed by the compiled store, instead of running reverify
// thousands of times. Needs the compiled sources in build/ (tsc).
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { commandIdentity } from '../../build/src/core/receipts/identity.js'
import { ReceiptStore } from '../../build/src/core/receipts/receipt-store.js'

// Every identity holds 20 receipts (retention's default before it became 200; row g measures
// a history of 200 apart), so stores of different sizes differ only in how many identities
// (and so receipts in total) they hold.
export const RECEIPTS_PER_IDENTITY = 20
const START = Date.parse('2026-01-01T00:00:00Z')
// Creating thousands of small files one by one is what takes time; a few writers hide latency.
const PARALLEL_WRITERS = 16

/** The receipt of run `runIndex` (0 = oldest) of the identity `npm run task-<identityIndex>`. */
export function receiptFor(target, identityIndex, runIndex) {
  const { identity, hash } = commandIdentity([`npm run task-${identityIndex}`])
  const startedMs = START + runIndex * 60_000 + identityIndex
  const stamp = new Date(startedMs).toISOString()
  const runId = runIdOf(stamp, identityIndex * RECEIPTS_PER_IDENTITY + runIndex)
  return {
    schema_version: 1,
    run_id: runId,
    target,
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

/**
 * Fills the empty state directory `stateDir` with `size` receipts of `target` (size / 20
 * identities, 20 runs each), then has the compiled ReceiptStore build its index. Resolves
 * to { store, identities, rebuildMs } (rebuildMs: the index build alone).
 */
export async function writeReceiptStore(stateDir, size, target) {
  const identities = Math.ceil(size / RECEIPTS_PER_IDENTITY)
  await mkdir(join(stateDir, 'runs'), { recursive: true })
  const receipts = []
  for (let identityIndex = 0; identityIndex < identities; identityIndex += 1) {
    for (let runIndex = 0; runIndex < RECEIPTS_PER_IDENTITY; runIndex += 1) receipts.push(receiptFor(target, identityIndex, runIndex))
  }
  let next = 0
  const writer = async () => {
    while (next < receipts.length) {
      const receipt = receipts[next++]
      const directory = join(stateDir, 'runs', receipt.run_id)
      await mkdir(directory)
      await writeFile(join(directory, 'receipt.json'), JSON.stringify(receipt, null, 2))
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_WRITERS }, writer))
  const started = performance.now()
  const store = await indexed(stateDir)
  return { store, identities, rebuildMs: performance.now() - started }
}

/** The run id of a receipt started at `stamp` (ISO), `serial` its distinct suffix. */
function runIdOf(stamp, serial) {
  return `${stamp.slice(0, 10).replace(/-/g, '')}-${stamp.slice(11, 19).replace(/:/g, '')}-verify-${serial.toString(16).padStart(6, '0')}`
}

/** The compiled store of `stateDir`, its index built from the receipts written there; any warning throws. */
async function indexed(stateDir) {
  const store = new ReceiptStore(stateDir, {
    warn: message => {
      throw new Error(`unexpected warning: ${message}`)
    },
    now: () => new Date()
  })
  await store.rebuildIndex()
  return store
}

/**
 * Gives the command of `receipt` (a run's own, in `stateDir`) a history of `count`
 * receipts in all: `count - 1` older copies of it, a minute apart, written straight to disk and
 * indexed by the compiled store, as a command that has run that often leaves its state.
 */
export async function writeHistoryOf(stateDir, receipt, count) {
  // The seal is over the run's own fields: a copy under another run id goes without one.
  const { seal: _seal, ...fields } = receipt
  const newest = Date.parse(fields.started_at)
  for (let index = 1; index < count; index += 1) {
    const stamp = new Date(newest - index * 60_000).toISOString()
    const runId = runIdOf(stamp, index)
    const ended = new Date(Date.parse(stamp) + Date.parse(fields.ended_at) - newest).toISOString()
    const directory = join(stateDir, 'runs', runId)
    await mkdir(directory)
    await writeFile(
      join(directory, 'receipt.json'),
      JSON.stringify({ ...fields, run_id: runId, started_at: stamp, ended_at: ended }, null, 2)
    )
  }
  await indexed(stateDir)
}
