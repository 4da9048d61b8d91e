/**
 * Importing restored receipts into the store (core/run/receipt-import.ts): real folders as a
 * cache restore leaves them, a real store, and the clock handed in — so a `running` receipt
 * is stale by the front end's clock, never by the machine's.
 */
import { existsSync } from 'node:fs'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@jest/globals'
import { historyKey } from '../../../src/core/receipts/identity.js'
import { readKnownTests } from '../../../src/core/test-results/known-tests-file.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { HistoryImport } from '../../../src/core/run/receipt-import.js'
import { makeReceipt, plantReceipt, runIdAt, scratchDir } from '../../helpers/receipts.js'

const STARTED = '2026-11-30T07:51:00.000Z'
const HOUR = 60 * 60 * 1000

test('a running receipt is stale by the clock handed in; foreign ones are skipped; the counts name the running limit', async () => {
  const restored = await scratchDir('reverify-restored-')
  const passed = makeReceipt({ status: 'passed', attempts: 1 })
  const running = makeReceipt({ status: 'running', started_at: STARTED, run_id: runIdAt(new Date(Date.parse(STARTED) + 1000)) })
  const foreign = makeReceipt({ status: 'passed', target: 'someone/else', run_id: runIdAt(new Date(Date.parse(STARTED) + 2000)) })
  for (const receipt of [passed, running, foreign]) await plantReceipt(restored, receipt)
  const target = { target: passed.target, scope: passed.scope, identityHash: passed.identity_hash }

  const counted = async (now: number) => {
    const warnings: string[] = []
    const store = new ReceiptStore(await scratchDir(), { warn: () => undefined, now: () => new Date() })
    const importer = new HistoryImport({ store, ...target, now: () => now, warn: message => warnings.push(message) })
    await importer.add(restored)
    return { counts: await importer.finish(), stored: (await store.list()).map(each => each.status).sort(), warnings }
  }

  const soon = await counted(Date.parse(STARTED) + HOUR)
  expect(soon.counts).toEqual({ imported: 2, stale: 0, overLimit: 0, skipped: 1, runningLimit: 10, knownTests: 0 })
  expect(soon.stored).toEqual(['passed', 'running'])
  expect(soon.warnings).toEqual([expect.stringMatching(/^reverify: skipped cached receipt .*: it belongs to another run, repository/)])

  const dayLater = await counted(Date.parse(STARTED) + 25 * HOUR)
  expect(dayLater.counts).toEqual({ imported: 1, stale: 1, overLimit: 0, skipped: 1, runningLimit: 10, knownTests: 0 })
  expect(dayLater.stored).toEqual(['passed'])
})

/** A restored folder holding `count` passed receipts of one history, starting at `from`, and the known tests given (raw text). */
async function restoredEntry(count: number, from: number, known?: string): Promise<string> {
  const folder = await scratchDir('reverify-restored-')
  for (let n = from; n < from + count; n++) {
    const started = new Date(Date.parse(STARTED) + n * 60_000)
    await plantReceipt(folder, makeReceipt({ status: 'passed', run_id: runIdAt(started), started_at: started.toISOString() }))
  }
  if (known !== undefined) {
    await mkdir(join(folder, 'known-tests'))
    await writeFile(join(folder, 'known-tests', `${KEY}.json`), known)
  }
  return folder
}

const SAMPLE = makeReceipt()
const KEY = historyKey(SAMPLE.target, SAMPLE.scope, SAMPLE.identity_hash)
const sets = {
  a: '{"version":1,"first_seen":{"2026-11-20":"0000000000000001","2026-11-25":"0000000000000002"}}\n',
  b: '{"version":1,"first_seen":{"2026-11-18":"0000000000000002","2026-11-30":"0000000000000003"}}\n'
}

async function importAll(folders: readonly (readonly [string, string])[], stateDir?: string) {
  const warnings: string[] = []
  const store = new ReceiptStore(stateDir ?? (await scratchDir()), { warn: message => warnings.push(message), now: () => new Date() })
  const target = { target: SAMPLE.target, scope: SAMPLE.scope, identityHash: SAMPLE.identity_hash }
  const importer = new HistoryImport({ store, ...target, now: () => Date.parse(STARTED), warn: message => warnings.push(message) })
  for (const [folder, key] of folders) await importer.add(folder, key)
  const counts = await importer.finish()
  return { store, counts, warnings }
}

test('known tests of several entries merge order-free into the store: the union, each test with its earliest day', async () => {
  const a = await restoredEntry(2, 0, sets.a)
  const b = await restoredEntry(2, 2, sets.b)
  const texts: string[] = []
  for (const order of [
    [a, b],
    [b, a]
  ]) {
    const { store, counts, warnings } = await importAll(order.map((folder, n) => [folder, `entry-${n}`] as const))
    expect(warnings).toEqual([])
    expect(counts).toMatchObject({ imported: 4, knownTests: 3 })
    const load = await readKnownTests(store.stateDir, KEY)
    expect(load.warning).toBeUndefined()
    expect(['0000000000000001', '0000000000000002', '0000000000000003'].map(key => load.known.firstSeen(key))).toEqual([
      '2026-11-20',
      '2026-11-18',
      '2026-11-30'
    ])
    texts.push(load.known.serialize())
  }
  expect(texts[1]).toBe(texts[0])
})

test("the store's own known tests are kept and merged with the restored ones", async () => {
  const stateDir = await scratchDir()
  await mkdir(join(stateDir, 'known-tests'))
  await writeFile(join(stateDir, 'known-tests', `${KEY}.json`), '{"version":1,"first_seen":{"2026-11-01":"00000000000000ff"}}\n')
  const { counts } = await importAll([[await restoredEntry(1, 0, sets.a), 'entry-a']], stateDir)
  expect(counts.knownTests).toBe(2)
  const load = await readKnownTests(stateDir, KEY)
  expect(load.known.size).toBe(3)
  expect(load.known.firstSeen('00000000000000ff')).toBe('2026-11-01')
})

test.each([
  ['not JSON', '{"version":1', /^reverify: the known tests \(.*\) were ignored: not JSON \(cache entry reverify-v1-bad\)$/],
  [
    'a key that is not one',
    '{"version":1,"first_seen":{"2026-11-20":"zz"}}',
    /were ignored: first_seen\.2026-11-20: not a list of keys \(cache entry reverify-v1-bad\)$/
  ],
  ['too large', ' '.repeat(8 * 1024 * 1024 + 1), /could not be read: .* is larger than 8388608 bytes \(cache entry reverify-v1-bad\)$/]
])(
  'a restored known-tests file that is %s is a warning naming the entry, and ignored; the good entry still counts',
  async (_, text, warning) => {
    const bad = await restoredEntry(1, 0, text)
    const good = await restoredEntry(1, 1, sets.b)
    const { store, counts, warnings } = await importAll([
      [bad, 'reverify-v1-bad'],
      [good, 'reverify-v1-good']
    ])
    expect(warnings).toEqual([expect.stringMatching(warning)])
    expect(counts).toMatchObject({ imported: 2, knownTests: 2 })
    expect((await readKnownTests(store.stateDir, KEY)).known.size).toBe(2)
  }
)

test('a known-tests folder that is a link out of the restored entry is not followed', async () => {
  const outside = await scratchDir('reverify-outside-')
  await writeFile(join(outside, `${KEY}.json`), sets.a)
  const entry = await restoredEntry(1, 0)
  await symlink(outside, join(entry, 'known-tests'))
  const { store, counts, warnings } = await importAll([[entry, 'reverify-v1-linked']])
  expect(warnings).toEqual([
    expect.stringMatching(/^reverify: ignored the restored known tests \(cache entry reverify-v1-linked\): .*symbolic link/)
  ])
  expect(counts.knownTests).toBe(0)
  expect(existsSync(join(store.stateDir, 'known-tests'))).toBe(false)
})

test('200 receipts go into an empty store as one batch, found through the index; the same copies in ten more entries change nothing', async () => {
  const entry = await restoredEntry(200, 0, sets.a)
  const { store, counts, warnings } = await importAll(Array.from({ length: 11 }, (_, n) => [entry, `entry-${n}`] as const))
  expect(warnings).toEqual([])
  expect(counts.imported).toBe(200)
  const history = await store.history(SAMPLE.target, SAMPLE.scope, SAMPLE.identity_hash)
  expect(history).toHaveLength(200)
  const newest = await store.latest(SAMPLE.target, SAMPLE.scope, SAMPLE.identity_hash)
  expect(newest?.started_at).toBe(new Date(Date.parse(STARTED) + 199 * 60_000).toISOString())
  // The index was kept in step: a fresh store over the same folder finds the same without a rebuild warning.
  const again = new ReceiptStore(store.stateDir, { warn: message => warnings.push(message), now: () => new Date() })
  expect(await again.history(SAMPLE.target, SAMPLE.scope, SAMPLE.identity_hash)).toHaveLength(200)
  expect(warnings).toEqual([])
})
