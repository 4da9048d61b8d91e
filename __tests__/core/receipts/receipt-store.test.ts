import { beforeEach, describe, expect, test } from '@jest/globals'
import { cp, lstat, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { commandIdentity, historyKey } from '../../../src/core/receipts/identity.js'
import { RECEIPT_FIELDS, receiptSchemas, type Receipt } from '../../../src/core/receipts/receipt.js'
import { entryName, targetKey } from '../../../src/core/receipts/receipt-index.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { makeReceipt, plantReceipt, scratchDir, scratchStore, secondsAfter, T0 } from '../../helpers/receipts.js'
import { tempOfKilledWriter } from '../../helpers/killed-writer.js'

let stateDir: string
let warnings: string[]
let store: ReceiptStore

beforeEach(async () => {
  ;({ stateDir, warnings, store } = await scratchStore())
})

const receiptFile = (runId: string) => join(stateDir, 'runs', runId, 'receipt.json')
const latestOf = (receipt: Receipt) => store.latest(receipt.target, receipt.scope, receipt.identity_hash)

/** `count` receipts of one command, one second apart, oldest first, written through the store. */
async function history(count: number, overrides: Partial<Receipt> & { commands_run?: string[] } = {}): Promise<Receipt[]> {
  const receipts: Receipt[] = []
  for (let index = 0; index < count; index += 1) {
    const receipt = makeReceipt({ ...overrides, started_at: secondsAfter(overrides.started_at ?? T0, index) })
    await store.write(receipt)
    receipts.push(receipt)
  }
  return receipts
}

describe('write and read', () => {
  test('a receipt lands in runs/<run-id>/receipt.json and reads back equal', async () => {
    const receipt = makeReceipt()
    await store.write(receipt)
    expect(JSON.parse(await readFile(receiptFile(receipt.run_id), 'utf8'))).toEqual(receipt)
    expect(await store.read(receipt.run_id)).toEqual(receipt)
    expect(await readdir(join(stateDir, 'runs', receipt.run_id))).toEqual(['receipt.json'])
  })

  test('a rewrite (running → failed) replaces the receipt and keeps one index entry', async () => {
    const running = makeReceipt({ status: 'running', ended_at: null, attempts: 0, commands: [] })
    await store.write(running)
    const failed = { ...running, status: 'failed' as const, ended_at: secondsAfter(running.started_at, 3), attempts: 3 }
    await store.write(failed)
    expect(await store.read(running.run_id)).toEqual(failed)
    const key = historyKey(running.target, running.scope, running.identity_hash)
    expect(await readdir(join(stateDir, 'index', 'history', key))).toHaveLength(1)
  })

  test('a rewrite under another start time moves its index entries', async () => {
    const first = makeReceipt({ started_at: T0 })
    await store.write(first)
    const moved = { ...first, started_at: secondsAfter(T0, 120) }
    await store.write(moved)
    const key = historyKey(first.target, first.scope, first.identity_hash)
    expect(await readdir(join(stateDir, 'index', 'history', key))).toEqual([
      entryName({ runId: first.run_id, startedMs: Date.parse(moved.started_at) })
    ])
    expect(await readdir(join(stateDir, 'index', 'target', targetKey(first.target)))).toHaveLength(1)
  })

  test('an absent receipt reads as undefined, an invalid id is a usage error', async () => {
    expect(await store.read('20261130-075100-verify-000000')).toBeUndefined()
    await expect(store.read('../../etc/passwd')).rejects.toThrow(/is not a run id/)
    expect(warnings).toEqual([])
  })

  test('refuses to write an invalid receipt', async () => {
    await expect(store.write({ ...makeReceipt(), identity_hash: 'nope' })).rejects.toThrow(/identity_hash/)
  })

  test('writes the fields in the schema order whatever order the receipt holds them in', async () => {
    expect(RECEIPT_FIELDS).toEqual(Object.keys((await receiptSchemas()).receipt.shape))
    const { seal, ...receipt } = { ...makeReceipt(), seal: 'a'.repeat(64) }
    await store.write({ seal, ...receipt, capture: { captured_at: T0, note: 'seen', source: 'cli', by: 'me' } })
    const written = Object.keys(JSON.parse(await readFile(receiptFile(receipt.run_id), 'utf8')) as object)
    expect(written).toEqual(RECEIPT_FIELDS.filter(field => written.includes(field)))
    expect(written).toContain('seal')
  })

  test('a receipt changed on disk after this store wrote it is read and validated again', async () => {
    const receipt = makeReceipt()
    await store.write(receipt)
    await writeFile(receiptFile(receipt.run_id), JSON.stringify({ ...receipt, status: 'exploded' }))
    expect(await store.read(receipt.run_id)).toBeUndefined()
    expect(warnings.some(warning => warning.includes(receiptFile(receipt.run_id)) && warning.includes('status'))).toBe(true)
    await writeFile(receiptFile(receipt.run_id), JSON.stringify({ ...receipt, status: 'failed', surprise: 1 }))
    expect(await store.read(receipt.run_id)).toEqual({ ...receipt, status: 'failed' })
  })

  test('refuses to write through a run directory that is a symlink', async () => {
    const receipt = makeReceipt()
    const elsewhere = join(await scratchDir(), 'elsewhere')
    await mkdir(elsewhere)
    await mkdir(join(stateDir, 'runs'), { recursive: true })
    await symlink(elsewhere, join(stateDir, 'runs', receipt.run_id))
    await expect(store.write(receipt)).rejects.toThrow(/symbolic link/)
    expect(await readdir(elsewhere)).toEqual([])
  })

  test('reading an empty or missing state directory creates nothing', async () => {
    expect(await store.latest('octo/widgets', '', commandIdentity(['npm test']).hash)).toBeUndefined()
    expect(await store.list()).toEqual([])
    await expect(lstat(stateDir)).rejects.toThrow()
  })
})

describe('latest', () => {
  test('is the newest by started_at, then by run id', async () => {
    const receipts = await history(4)
    expect((await latestOf(receipts[0]!))?.run_id).toBe(receipts[3]!.run_id)
    const tie = makeReceipt({ started_at: receipts[3]!.started_at, run_id: receipts[3]!.run_id.replace(/[0-9a-f]{6}$/, 'ffffff') })
    await store.write(tie)
    expect((await latestOf(receipts[0]!))?.run_id).toBe(tie.run_id)
  })

  test('a write order different from start order does not matter', async () => {
    const late = makeReceipt({ started_at: secondsAfter(T0, 60) })
    const early = makeReceipt({ started_at: T0 })
    await store.write(late)
    await store.write(early)
    expect((await latestOf(early))?.run_id).toBe(late.run_id)
  })

  test('keeps targets, scopes and identities apart', async () => {
    const mine = makeReceipt({ started_at: T0 })
    await store.write(mine)
    await store.write(makeReceipt({ started_at: secondsAfter(T0, 1), scope: 'node-22' }))
    await store.write(makeReceipt({ started_at: secondsAfter(T0, 2), target: 'octo/gadgets' }))
    await store.write(makeReceipt({ started_at: secondsAfter(T0, 3), commands_run: ['VAR=1 npm test'] }))
    expect((await latestOf(mine))?.run_id).toBe(mine.run_id)
    expect(await store.latest('octo/widgets', '', commandIdentity(['make']).hash)).toBeUndefined()
  })

  test('reads only its own history: receipts of other identities are never opened', async () => {
    const mine = await history(3)
    const others: Receipt[] = []
    for (let index = 0; index < 30; index += 1) {
      const other = makeReceipt({ commands_run: [`task ${index}`], started_at: secondsAfter(T0, 100 + index) })
      await store.write(other)
      others.push(other)
    }
    // Spoil the other receipts in place (the run directories stay, so the index stays valid):
    // a lookup that opened any of them would warn.
    for (const other of others) await writeFile(receiptFile(other.run_id), '{ spoiled')
    expect((await latestOf(mine[0]!))?.run_id).toBe(mine[2]!.run_id)
    expect(warnings).toEqual([])
  })

  test('a corrupt newest receipt is skipped with a warning naming it, and left in place', async () => {
    const receipts = await history(3)
    const newest = receiptFile(receipts[2]!.run_id)
    await writeFile(newest, '{"schema_version": 1, "run_id": "oops"')
    const middle = receiptFile(receipts[1]!.run_id)
    await writeFile(middle, JSON.stringify({ ...receipts[1], status: 'exploded' }))
    expect((await latestOf(receipts[0]!))?.run_id).toBe(receipts[0]!.run_id)
    expect(warnings.some(warning => warning.includes(newest) && warning.includes('not valid JSON'))).toBe(true)
    expect(warnings.some(warning => warning.includes(middle) && warning.includes('status'))).toBe(true)
    expect(await readFile(newest, 'utf8')).toContain('oops')
  })

  test('a symlinked receipt file is skipped, not followed', async () => {
    const receipts = await history(2)
    const outside = join(await scratchDir(), 'planted.json')
    await writeFile(outside, JSON.stringify({ ...receipts[1], status: 'passed' }))
    const newest = receiptFile(receipts[1]!.run_id)
    await rm(newest)
    await symlink(outside, newest)
    expect((await latestOf(receipts[0]!))?.run_id).toBe(receipts[0]!.run_id)
    expect(warnings.some(warning => warning.includes(newest) && warning.includes('symbolic link'))).toBe(true)
  })

  test('a symlinked run directory is skipped, not followed', async () => {
    const receipts = await history(1)
    const planted = makeReceipt({ started_at: secondsAfter(T0, 30), status: 'passed' })
    const outside = await scratchDir()
    await writeFile(join(outside, 'receipt.json'), JSON.stringify(planted))
    await symlink(outside, join(stateDir, 'runs', planted.run_id))
    expect((await latestOf(receipts[0]!))?.run_id).toBe(receipts[0]!.run_id)
    expect(warnings.some(warning => warning.includes(planted.run_id) && warning.includes('symbolic link'))).toBe(true)
  })

  test('a receipt whose run_id differs from its directory is skipped', async () => {
    const receipts = await history(1)
    const impostor = makeReceipt({ started_at: secondsAfter(T0, 30) })
    const path = await plantReceipt(stateDir, { ...impostor, run_id: receipts[0]!.run_id }, impostor.run_id)
    expect((await latestOf(receipts[0]!))?.run_id).toBe(receipts[0]!.run_id)
    expect(warnings.some(warning => warning.includes(path) && warning.includes('does not match'))).toBe(true)
  })
})

describe('the index', () => {
  test('is rebuilt when it is missing', async () => {
    const receipts = await history(3)
    await rm(join(stateDir, 'index'), { recursive: true })
    expect((await latestOf(receipts[0]!))?.run_id).toBe(receipts[2]!.run_id)
    const key = historyKey(receipts[0]!.target, receipts[0]!.scope, receipts[0]!.identity_hash)
    expect((await readdir(join(stateDir, 'index', 'history', key))).sort()).toHaveLength(3)
  })

  test('is rebuilt when receipts appear behind its back (a restored cache)', async () => {
    const receipts = await history(2)
    const restored = makeReceipt({ started_at: secondsAfter(T0, 90) })
    await plantReceipt(stateDir, restored)
    expect((await latestOf(receipts[0]!))?.run_id).toBe(restored.run_id)
  })

  test('picks up a whole state directory copied in from elsewhere', async () => {
    const other = new ReceiptStore(join(await scratchDir(), 'state'), { now: () => new Date() })
    const receipt = makeReceipt({ started_at: secondsAfter(T0, 5) })
    await other.write(receipt)
    await history(1)
    await cp(join(other.stateDir, 'runs'), join(stateDir, 'runs'), { recursive: true })
    expect((await latestOf(receipt))?.run_id).toBe(receipt.run_id)
  })

  test('tolerates entries whose receipt is missing (a crash before the first write)', async () => {
    const receipts = await history(2)
    await rm(join(stateDir, 'runs', receipts[1]!.run_id), { recursive: true })
    expect((await latestOf(receipts[0]!))?.run_id).toBe(receipts[0]!.run_id)
    expect(warnings).toEqual([])
  })

  test("a run directory a writer killed before its first receipt left is removed with its entries; one with a live writer's temp file stays", async () => {
    const [kept] = await history(1)
    const killed = makeReceipt({ started_at: secondsAfter(T0, 5) })
    const writing = makeReceipt({ started_at: secondsAfter(T0, 9) })
    const key = historyKey(kept!.target, kept!.scope, kept!.identity_hash)
    // What the store writes before a receipt's first rename: the entries, the run directory, the temp file.
    for (const receipt of [killed, writing]) {
      await writeFile(
        join(stateDir, 'index', 'history', key, entryName({ runId: receipt.run_id, startedMs: Date.parse(receipt.started_at) })),
        ''
      )
      await mkdir(join(stateDir, 'runs', receipt.run_id))
    }
    tempOfKilledWriter(join(stateDir, 'runs', killed.run_id), 'receipt.json')
    const live = `.receipt.json.${process.pid}.12345678.tmp`
    await writeFile(join(stateDir, 'runs', writing.run_id, live), '{}')

    expect((await latestOf(kept!))?.run_id).toBe(kept!.run_id)
    expect((await readdir(join(stateDir, 'runs'))).sort()).toEqual([kept!.run_id, writing.run_id].sort())
    expect(await readdir(join(stateDir, 'runs', writing.run_id))).toEqual([live])
    const entries = await readdir(join(stateDir, 'index', 'history', key))
    expect(entries.some(name => name.endsWith(killed.run_id))).toBe(false)
    expect(entries.some(name => name.endsWith(writing.run_id))).toBe(true)
    expect(warnings).toEqual([])
  })

  test('ignores an entry that names a receipt of another identity', async () => {
    const [mine] = await history(1)
    const stranger = makeReceipt({ commands_run: ['make'], started_at: secondsAfter(T0, 50) })
    await store.write(stranger)
    const key = historyKey(mine!.target, mine!.scope, mine!.identity_hash)
    await writeFile(
      join(stateDir, 'index', 'history', key, entryName({ runId: stranger.run_id, startedMs: Date.parse(stranger.started_at) })),
      ''
    )
    expect((await latestOf(mine!))?.run_id).toBe(mine!.run_id)
  })

  test('rebuildIndex drops stray entries and keeps real ones', async () => {
    const receipts = await history(2)
    const key = historyKey(receipts[0]!.target, receipts[0]!.scope, receipts[0]!.identity_hash)
    const strayName = entryName({ runId: '20200101-000000-verify-abcdef', startedMs: Date.parse('2020-01-01T00:00:00Z') })
    await writeFile(join(stateDir, 'index', 'history', key, strayName), '')
    await store.rebuildIndex()
    const names = await readdir(join(stateDir, 'index', 'history', key))
    expect(names).not.toContain(strayName)
    expect(names).toHaveLength(2)
    expect(await readdir(join(stateDir, 'index', 'target', targetKey('octo/widgets')))).toHaveLength(2)
  })

  test('concurrent writers through separate stores lose no entries', async () => {
    const receipts = Array.from({ length: 40 }, (_, index) =>
      makeReceipt({ started_at: secondsAfter(T0, index), commands_run: [`job ${index % 4}`] })
    )
    await Promise.all(
      receipts.map(receipt => new ReceiptStore(stateDir, { warn: message => warnings.push(message), now: () => new Date() }).write(receipt))
    )
    // Every writer adds its own entries, so each history lists all of its runs.
    for (const command of ['job 0', 'job 1', 'job 2', 'job 3']) {
      const hash = commandIdentity([command]).hash
      const key = historyKey('octo/widgets', '', hash)
      expect(await readdir(join(stateDir, 'index', 'history', key))).toHaveLength(10)
    }
    expect((await store.latest('octo/widgets', '', commandIdentity(['job 3']).hash))?.run_id).toBe(receipts[39]!.run_id)
    expect(warnings).toEqual([])
  })
})

describe('latestOfTarget and list', () => {
  test('latestOfTarget is the newest of any identity, optionally the newest one accepted', async () => {
    const a = makeReceipt({ started_at: T0, commands_run: ['a'], status: 'failed' })
    const b = makeReceipt({ started_at: secondsAfter(T0, 1), commands_run: ['b'], status: 'passed' })
    const elsewhere = makeReceipt({ started_at: secondsAfter(T0, 2), target: 'octo/gadgets' })
    for (const receipt of [a, b, elsewhere]) await store.write(receipt)
    expect((await store.latestOfTarget('octo/widgets'))?.run_id).toBe(b.run_id)
    expect((await store.latestOfTarget('octo/widgets', receipt => receipt.status === 'failed'))?.run_id).toBe(a.run_id)
    expect(await store.latestOfTarget('octo/nothing')).toBeUndefined()
  })

  test('list is newest first, filters by target and skips bad files with a warning', async () => {
    const receipts = await history(3)
    await store.write(makeReceipt({ started_at: secondsAfter(T0, 10), target: 'octo/gadgets' }))
    const bad = await plantReceipt(stateDir, 'not json', '20261130-080000-verify-badbad')
    await mkdir(join(stateDir, 'runs', 'not-a-run'))
    const listed = await store.list({ target: 'octo/widgets' })
    expect(listed.map(receipt => receipt.run_id)).toEqual(receipts.map(receipt => receipt.run_id).reverse())
    expect(await store.list()).toHaveLength(4)
    expect(warnings.some(warning => warning.includes(bad))).toBe(true)
    expect(warnings.some(warning => warning.includes('not-a-run') && warning.includes('not a run id'))).toBe(true)
  })
})

describe('prune', () => {
  test('keeps the newest N of the identity and removes the rest with their entries', async () => {
    const receipts = await history(6)
    const other = makeReceipt({ commands_run: ['make'], started_at: T0 })
    await store.write(other)
    const removed = await store.prune('octo/widgets', '', receipts[0]!.identity_hash, 4)
    expect(removed.sort()).toEqual([receipts[0]!.run_id, receipts[1]!.run_id].sort())
    const left = (await store.list()).map(receipt => receipt.run_id)
    expect(left).toEqual(expect.arrayContaining([...receipts.slice(2).map(receipt => receipt.run_id), other.run_id]))
    expect(left).toHaveLength(5)
    const key = historyKey('octo/widgets', '', receipts[0]!.identity_hash)
    expect(await readdir(join(stateDir, 'index', 'history', key))).toHaveLength(4)
    expect(await readdir(join(stateDir, 'index', 'target', targetKey('octo/widgets')))).toHaveLength(5)
    expect((await latestOf(receipts[0]!))?.run_id).toBe(receipts[5]!.run_id)
  })

  test('keep 1 still keeps the newest; fewer than N removes nothing', async () => {
    const receipts = await history(3)
    expect(await store.prune('octo/widgets', '', receipts[0]!.identity_hash, 20)).toEqual([])
    await store.prune('octo/widgets', '', receipts[0]!.identity_hash, 1)
    expect((await store.list()).map(receipt => receipt.run_id)).toEqual([receipts[2]!.run_id])
  })

  test('never removes a run still marked running, nor a bad file', async () => {
    const [stillRunning] = await history(1, { status: 'running', ended_at: null })
    const later = await history(3, { started_at: secondsAfter(T0, 10) })
    const bad = makeReceipt({ started_at: secondsAfter(T0, 5) })
    await store.write(bad)
    await writeFile(receiptFile(bad.run_id), 'garbage')
    const removed = await store.prune('octo/widgets', '', later[0]!.identity_hash, 1)
    expect(removed.sort()).toEqual([later[0]!.run_id, later[1]!.run_id].sort())
    expect(await store.read(stillRunning!.run_id)).toBeDefined()
    expect(await readFile(receiptFile(bad.run_id), 'utf8')).toBe('garbage')
  })

  test('keep must be a whole number of at least 1', async () => {
    const hash = commandIdentity(['npm test']).hash
    await expect(store.prune('octo/widgets', '', hash, 0)).rejects.toThrow(/at least 1/)
    await expect(store.prune('octo/widgets', '', hash, 1.5)).rejects.toThrow(/at least 1/)
  })
})
