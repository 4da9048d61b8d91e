import { beforeEach, describe, expect, test } from '@jest/globals'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { historyKey } from '../../../src/core/receipts/identity.js'
import type { Receipt } from '../../../src/core/receipts/receipt.js'
import { entryName } from '../../../src/core/receipts/receipt-index.js'
import type { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { writeRunReport } from '../../../src/core/report/index.js'
import { MAX_HISTORY_ROWS } from '../../../src/core/report/model.js'
import { makeReceipt, scratchStore, secondsAfter, T0 } from '../../helpers/receipts.js'

let stateDir: string
let warnings: string[]
let store: ReceiptStore

beforeEach(async () => {
  ;({ stateDir, warnings, store } = await scratchStore())
})

const receiptFile = (runId: string) => join(stateDir, 'runs', runId, 'receipt.json')
const ids = (receipts: readonly Receipt[]) => receipts.map(receipt => receipt.run_id)

/** `count` receipts of one command, one second apart, oldest first, written through the store. */
async function history(count: number, overrides: Partial<Receipt> = {}): Promise<Receipt[]> {
  const receipts: Receipt[] = []
  for (let index = 0; index < count; index += 1) {
    const receipt = makeReceipt({ ...overrides, started_at: secondsAfter(T0, index) })
    await store.write(receipt)
    receipts.push(receipt)
  }
  return receipts
}

/** Overwrites receipts in place with text that is not JSON: any read of one warns. */
async function spoil(receipts: readonly Receipt[]): Promise<void> {
  for (const receipt of receipts) await writeFile(receiptFile(receipt.run_id), '{ spoiled')
}

/** Plants an index entry for `receipt` in its identity's list, under another start time. */
async function plantEntry(receipt: Receipt, startedMs: number): Promise<void> {
  const key = historyKey(receipt.target, receipt.scope, receipt.identity_hash)
  await writeFile(join(stateDir, 'index', 'history', key, entryName({ runId: receipt.run_id, startedMs })), '')
}

describe('retention at the cap', () => {
  test('reads only the receipts past the newest keep: the kept ones are counted from the index, not opened', async () => {
    const receipts = await history(12)
    // A kept receipt that warns if it is opened. It is one of the newest 10 runs, and stays.
    await spoil([receipts[6]!])
    const removed = await store.prune('octo/widgets', '', receipts[0]!.identity_hash, 10)
    expect(removed.sort()).toEqual(ids(receipts.slice(0, 2)).sort())
    expect(warnings).toEqual([])
    expect(await readFile(receiptFile(receipts[6]!.run_id), 'utf8')).toBe('{ spoiled')
  })

  test('an entry past the newest keep that disagrees with its receipt: the order comes from the receipts, and the newest stays', async () => {
    const receipts = await history(5)
    // The newest run listed a second time, as if it had started before all the others.
    await plantEntry(receipts[4]!, Date.parse(T0) - 60_000)
    const removed = await store.prune('octo/widgets', '', receipts[0]!.identity_hash, 3)
    expect(removed.sort()).toEqual(ids(receipts.slice(0, 2)).sort())
    expect(await store.read(receipts[4]!.run_id)).toBeDefined()
  })

  test('a run listed twice is counted once when every receipt is read', async () => {
    const receipts = await history(5)
    await plantEntry(receipts[4]!, Date.parse(T0) - 60_000)
    await plantEntry(receipts[3]!, Date.parse(T0) - 120_000)
    const removed = await store.prune('octo/widgets', '', receipts[0]!.identity_hash, 4)
    expect(removed).toEqual([receipts[0]!.run_id])
  })

  test('entries whose run directory is gone do not count as kept', async () => {
    const receipts = await history(4)
    await plantEntry({ ...receipts[3]!, run_id: '20261130-075200-verify-abcdef' }, Date.parse(T0) + 3_600_000)
    const removed = await store.prune('octo/widgets', '', receipts[0]!.identity_hash, 3)
    expect(removed).toEqual([receipts[0]!.run_id])
  })
})

describe('the newest receipts of a history', () => {
  test('reads them in the index order and opens none older', async () => {
    const receipts = await history(8)
    await spoil(receipts.slice(0, 5))
    const newest = await store.history('octo/widgets', '', receipts[0]!.identity_hash, 3)
    expect(ids(newest)).toEqual(ids(receipts.slice(5).reverse()))
    expect(warnings).toEqual([])
  })

  test('a run listed twice is in the history once', async () => {
    const receipts = await history(3)
    await plantEntry(receipts[1]!, Date.parse(T0) - 60_000)
    expect(ids(await store.history('octo/widgets', '', receipts[0]!.identity_hash))).toEqual(ids([...receipts].reverse()))
  })

  test('an entry that disagrees with its receipt: every receipt is read and the newest taken from them', async () => {
    const receipts = await history(4)
    await plantEntry(receipts[0]!, Date.parse(T0) + 3_600_000)
    const newest = await store.history('octo/widgets', '', receipts[0]!.identity_hash, 2)
    expect(ids(newest)).toEqual([receipts[3]!.run_id, receipts[2]!.run_id])
  })
})

describe("the report's history", () => {
  /** A state directory's own session folder for the receipt, so the report may be written. */
  async function withSession(receipt: Receipt): Promise<Receipt> {
    const dir = join(stateDir, 'sessions', '2026-11-30', receipt.session.id, receipt.run_id)
    await mkdir(dir, { recursive: true })
    return { ...receipt, session: { ...receipt.session, dir } }
  }

  test('a run with no failed, flaky or quarantined test reads only the newest rows it shows', async () => {
    const receipts = await history(MAX_HISTORY_ROWS + 5)
    await spoil(receipts.slice(0, 5))
    const current = await withSession(receipts.at(-1)!)
    const path = await writeRunReport(store, current, { path: join(stateDir, 'report.html') })
    // Every row it shows, the current run's among them, and no older receipt opened.
    const page = await readFile(path, 'utf8')
    for (const receipt of receipts.slice(-MAX_HISTORY_ROWS)) expect(page).toContain(receipt.run_id)
    expect(page).not.toContain(receipts[4]!.run_id)
    expect(warnings).toEqual([])
  })

  test('a run with a failed test reads the whole history for its rates', async () => {
    const receipts = await history(MAX_HISTORY_ROWS + 5)
    await spoil(receipts.slice(0, 1))
    const failing = makeReceipt({ schema_version: 2, started_at: secondsAfter(T0, 100), tests: { total: 3, failed: ['adds'], flaky: [] } })
    await store.write(failing)
    await writeRunReport(store, await withSession(failing), { path: join(stateDir, 'report.html') })
    expect(warnings).toEqual([expect.stringContaining(receipts[0]!.run_id)])
  })
})
