/**
 * Importing restored receipts into the store (core/run/receipt-import.ts): real folders as a
 * cache restore leaves them, a real store, and the clock handed in — so a `running` receipt
 * is stale by the front end's clock, never by the machine's.
 */
import { expect, test } from '@jest/globals'
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
  expect(soon.counts).toEqual({ imported: 2, stale: 0, overLimit: 0, skipped: 1, runningLimit: 10 })
  expect(soon.stored).toEqual(['passed', 'running'])
  expect(soon.warnings).toEqual([expect.stringMatching(/^reverify: skipped cached receipt .*: it belongs to another run, repository/)])

  const dayLater = await counted(Date.parse(STARTED) + 25 * HOUR)
  expect(dayLater.counts).toEqual({ imported: 1, stale: 1, overLimit: 0, skipped: 1, runningLimit: 10 })
  expect(dayLater.stored).toEqual(['passed'])
})
