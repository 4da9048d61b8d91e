// Row (g), continued: a history as deep as the defaults keep. 200 runs of a 5,000-test
// suite with 50 tests failing or flaky in each, and the known tests of all 5,000:
// - the cache payload: what the save stages (files on disk) and the archive the real
//   @actions/cache client uploads to the local results service;
// - the restore's merge: HistoryImport of that history (one restored entry) into an empty
//   store, as a restore on a fresh runner does, median of `rounds`.
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { median } from './measure.mjs'

const BUILD = new URL('../../build/', import.meta.url)
export const DEPTH_RUNS = 200
export const DEPTH_SUITE = 5_000
const WRONG_PER_RUN = 50
const START = Date.parse('2026-06-01T00:00:00Z')

const load = path => import(new URL(path, BUILD).href)

/** A test name of about 100 characters, as a large suite's describe blocks make them. */
const testName = n =>
  `checkout › module ${String(n % 97).padStart(2, '0')} › applies the discount rules to basket ${n} in the customer's currency`

/** Run `run`: half its wrong tests failed, half flaky; each test of the suite is wrong in two runs. */
function receiptOf(run, target, identity, hash) {
  const started = new Date(START + run * 3_600_000)
  const stamp = started.toISOString()
  const runId = `${stamp.slice(0, 10).replace(/-/g, '')}-${stamp.slice(11, 19).replace(/:/g, '')}-verify-${run.toString(16).padStart(6, '0')}`
  const wrong = Array.from({ length: WRONG_PER_RUN }, (_, k) => testName((run * WRONG_PER_RUN + k) % DEPTH_SUITE))
  return {
    schema_version: 2,
    run_id: runId,
    target,
    scope: '',
    identity,
    identity_hash: hash,
    status: run % 4 === 0 ? 'failed' : 'passed',
    flaky: run % 4 !== 0,
    started_at: stamp,
    ended_at: new Date(started.getTime() + 540_000).toISOString(),
    attempts: 2,
    max_attempts: 3,
    commands: [{ command: 'npm test', exit_code: run % 4 === 0 ? 1 : 0, signal: null, timed_out: false, duration_ms: 540_000 }],
    expectations: { 'expect-exit': 0 },
    session: { id: '01JDQ3Z8X5K9V7M2N4P6R8T0W1', dir: '/tmp/sessions/bench' },
    host: 'bench',
    pid: 1,
    tests: {
      total: DEPTH_SUITE,
      failed: wrong.slice(0, WRONG_PER_RUN / 2),
      flaky: wrong.slice(WRONG_PER_RUN / 2),
      attempts: [
        { attempt: 1, ran: DEPTH_SUITE, rerun: false },
        { attempt: 2, ran: WRONG_PER_RUN, rerun: true }
      ]
    }
  }
}

async function bytesUnder(dir) {
  let total = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size
  }
  return total
}

/**
 * Resolves to { runs, suite, stagedBytes, payloadBytes, importMs, mergeMs, writeMs, rounds }:
 * payloadBytes the archive the cache client uploaded, importMs the median HistoryImport of the
 * staged history, mergeMs its reading and merging alone, writeMs the store's write of the result.
 */
export async function benchHistoryDepth({ scratch, rounds }) {
  const { ResultsService } = await load('__tests__/helpers/results-service.js')
  const { ReceiptStore } = await load('src/core/receipts/receipt-store.js')
  const { HistoryImport } = await load('src/core/run/receipt-import.js')
  const { stageHistory } = await load('src/core/run/history-stage.js')
  const { commandIdentity, historyKey } = await load('src/core/receipts/identity.js')
  const { KnownTests, dayNumber, testKey } = await load('src/core/test-results/known-tests.js')
  const { writeKnownTests } = await load('src/core/test-results/known-tests-file.js')
  const { saveHistory, newHistoryKey } = await load('src/action/persistence/receipt-history.js')
  const { createCacheStore } = await load('src/action/persistence/cache-store.js')
  const cache = await import('@actions/cache')

  const target = 'octo/deep'
  const { identity, hash } = commandIdentity(['npm test'])
  const key = historyKey(target, '', hash)
  const fail = message => {
    throw new Error(`unexpected warning: ${message}`)
  }
  const root = join(scratch, 'history-depth')
  const stateDir = join(root, 'state')
  await mkdir(stateDir, { recursive: true })
  const store = new ReceiptStore(stateDir, { warn: fail, now: () => new Date() })
  await store.writeAll(Array.from({ length: DEPTH_RUNS }, (_, run) => receiptOf(run, target, identity, hash)))
  const known = new KnownTests()
  const day = dayNumber(new Date(START))
  for (let n = 0; n < DEPTH_SUITE; n++)
    known.add(testKey({ file: `src/checkout/m${n % 97}.test.ts`, suite: 'checkout', name: testName(n) }), day + (n % 60))
  await writeKnownTests(stateDir, key, known)

  // What the save stages, and the archive the cache client makes of it.
  const staged = join(root, 'staged')
  await mkdir(staged)
  await stageHistory(staged, { store, target, scope: '', identityHash: hash })
  const stagedBytes = await bytesUnder(staged)
  const service = await ResultsService.start()
  const write = process.stdout.write.bind(process.stdout)
  const cwd = process.cwd()
  let payloadBytes
  try {
    Object.assign(process.env, service.env())
    const workspace = join(root, 'workspace')
    await mkdir(workspace)
    process.chdir(workspace)
    process.stdout.write = () => true
    const options = {
      cache: createCacheStore(cache),
      store,
      workspace,
      deadlines: { restoreMs: 60_000, saveMs: 120_000 },
      historyKey: key,
      target,
      scope: '',
      identityHash: hash,
      warn: fail,
      info: () => undefined
    }
    if (!(await saveHistory(options, newHistoryKey(key, process.env)))) throw new Error('the save failed')
    payloadBytes = service.cacheEntries().at(-1).size
  } finally {
    process.stdout.write = write
    process.chdir(cwd)
    await service.stop()
  }

  // The restore's merge on a fresh runner: the staged folder into an empty store.
  const times = []
  const writes = []
  for (let round = 0; round < rounds; round += 1) {
    const fresh = join(root, `fresh-${round}`)
    await mkdir(fresh)
    const into = new ReceiptStore(fresh, { warn: fail, now: () => new Date() })
    // The store's write of the merged receipts, timed apart from the reading and merging.
    let writeMs = 0
    const writeAll = into.writeAll.bind(into)
    into.writeAll = async (...args) => {
      const began = performance.now()
      try {
        return await writeAll(...args)
      } finally {
        writeMs += performance.now() - began
      }
    }
    const started = performance.now()
    const importer = new HistoryImport({ store: into, target, scope: '', identityHash: hash, now: Date.now, warn: fail })
    await importer.add(staged, 'bench')
    const counts = await importer.finish()
    times.push(performance.now() - started)
    writes.push(writeMs)
    if (counts.imported !== DEPTH_RUNS || counts.knownTests !== DEPTH_SUITE) throw new Error(`round ${round}: ${JSON.stringify(counts)}`)
    await rm(fresh, { recursive: true, force: true })
  }
  await rm(root, { recursive: true, force: true })
  const mergeMs = median(times.map((ms, round) => ms - writes[round]))
  return {
    runs: DEPTH_RUNS,
    suite: DEPTH_SUITE,
    stagedBytes,
    payloadBytes,
    importMs: median(times),
    mergeMs,
    writeMs: median(writes),
    rounds
  }
}
