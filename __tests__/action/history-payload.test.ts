/**
 * The cache payload of a history as deep as the defaults keep (docs/design.md §5 "Receipt
 * history in the cache"): 200 runs of a 5,000-test suite, 50 tests failing or flaky in each,
 * and the known tests of all 5,000, staged as the save stages them: the archive the cache
 * client uploads (tar, compressed with zstd or gzip) is the payload, at most 1 MiB with
 * room to spare (a quarter of it is asserted).
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import type { Receipt } from '../../src/core/receipts/receipt.js'
import { historyKey } from '../../src/core/receipts/identity.js'
import { stageHistory } from '../../src/core/run/history-stage.js'
import { dayNumber, KnownTests, testKey } from '../../src/core/test-results/known-tests.js'
import { writeKnownTests } from '../../src/core/test-results/known-tests-file.js'
import { makeReceipt, runIdAt, scratchDir } from '../helpers/receipts.js'

const MIB = 1024 * 1024
const RUNS = 200
const SUITE = 5_000
const WRONG_PER_RUN = 50

/** A test's name as a large suite has them: describe blocks and a sentence. */
function testName(n: number): string {
  return `checkout › module ${String(n % 97).padStart(2, '0')} › applies the discount rules to basket ${n} in the customer's currency`
}

/** Run `run` of the history: half its wrong tests failed, half flaky; each test of the suite is wrong in two runs. */
function receiptOf(run: number, sample: Receipt): Receipt {
  const started = new Date(Date.parse('2026-06-01T00:00:00Z') + run * 3_600_000)
  const wrong = Array.from({ length: WRONG_PER_RUN }, (_, k) => testName((run * WRONG_PER_RUN + k) % SUITE))
  return {
    ...sample,
    run_id: runIdAt(started),
    status: run % 4 === 0 ? 'failed' : 'passed',
    flaky: run % 4 !== 0,
    started_at: started.toISOString(),
    ended_at: new Date(started.getTime() + 540_000).toISOString(),
    attempts: 2,
    tests: {
      total: SUITE,
      failed: wrong.slice(0, WRONG_PER_RUN / 2),
      flaky: wrong.slice(WRONG_PER_RUN / 2),
      attempts: [
        { attempt: 1, ran: SUITE, rerun: false },
        { attempt: 2, ran: WRONG_PER_RUN, rerun: true }
      ]
    }
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath, entry.name))
}

function hasProgram(name: string): boolean {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

test('200 runs of a 5,000-test suite with 50 failing or flaky each, and its known tests: an archive within a quarter of 1 MiB', async () => {
  const root = await scratchDir('reverify-payload-')
  try {
    const sample = makeReceipt({ status: 'passed' })
    const store = new ReceiptStore(join(root, 'state'), {
      warn: message => {
        throw new Error(message)
      },
      now: () => new Date()
    })
    await store.writeAll(Array.from({ length: RUNS }, (_, run) => receiptOf(run, sample)))
    const known = new KnownTests()
    const day = dayNumber(new Date('2026-06-01T00:00:00Z'))
    for (let n = 0; n < SUITE; n++)
      known.add(testKey({ file: `src/checkout/m${n % 97}.test.ts`, suite: 'checkout', name: testName(n) }), day + (n % 60))
    await writeKnownTests(store.stateDir, historyKey(sample.target, sample.scope, sample.identity_hash), known)

    const folder = join(root, 'transfer')
    await mkdir(folder)
    const staged = await stageHistory(folder, { store, target: sample.target, scope: sample.scope, identityHash: sample.identity_hash })
    expect(staged).toEqual({ receipts: RUNS, knownTests: SUITE })

    const files = filesUnder(folder)
    expect(files.filter(file => file.endsWith('receipt.json'))).toHaveLength(RUNS)
    // Names of about 100 characters, twice what most suites have: the files themselves stay within 2 MiB.
    const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0)
    expect(bytes).toBeLessThanOrEqual(2 * MIB)

    // The archive as the cache client makes it: tar of the folder, then zstd where it is installed, else gzip.
    const archives: Record<string, number> = {}
    execFileSync('tar', ['-cf', join(root, 'payload.tar'), '-C', folder, '.'])
    archives.tar = statSync(join(root, 'payload.tar')).size
    execFileSync('gzip', ['-k', join(root, 'payload.tar')])
    archives.gzip = statSync(join(root, 'payload.tar.gz')).size
    if (hasProgram('zstd')) {
      execFileSync('zstd', ['-q', '-T0', join(root, 'payload.tar'), '-o', join(root, 'payload.tar.zst')])
      archives.zstd = statSync(join(root, 'payload.tar.zst')).size
    }
    expect(archives.gzip).toBeLessThanOrEqual(MIB / 4)
    if (archives.zstd !== undefined) expect(archives.zstd).toBeLessThanOrEqual(MIB / 4)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}, 60_000)
