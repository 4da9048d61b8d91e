/**
 * One command's history staged for the cache (docs/design.md §5 "Receipt history in the
 * cache"), the counterpart of HistoryImport: a folder laid out like a state directory,
 * `runs/<run-id>/receipt.json` for every receipt of the identity and, when the history has
 * any, `known-tests/<history-key>.json`. Receipts are written as compact JSON (the store
 * keeps them indented, for people): the cache payload of 200 runs of a 5,000-test suite stays
 * well under 1 MiB (BENCHMARKS.md).
 */
import { promises as fsp } from 'node:fs'
import { join } from 'node:path'
import { forEachLimited } from '../base/parallel.js'
import { historyKey } from '../receipts/identity.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import { KNOWN_TESTS_DIR, readKnownTests } from '../test-results/known-tests-file.js'

/** The history to stage: the store holding it and the identity it belongs to. */
export interface StagedHistory {
  store: ReceiptStore
  target: string
  scope: string
  identityHash: string
}

/** What was staged: how many receipts, how many known tests, and why the known tests were left out when they were. */
export interface StageCounts {
  receipts: number
  knownTests: number
  warning?: string
}

/** Writes the history into `folder` (empty, a real directory); nothing when the identity has no receipt. */
export async function stageHistory(folder: string, history: StagedHistory): Promise<StageCounts> {
  const { store, target, scope, identityHash } = history
  const receipts = await store.history(target, scope, identityHash)
  if (receipts.length === 0) return { receipts: 0, knownTests: 0 }
  await forEachLimited(receipts, async receipt => {
    const dir = join(folder, 'runs', receipt.run_id)
    await fsp.mkdir(dir, { recursive: true })
    await fsp.writeFile(join(dir, 'receipt.json'), JSON.stringify(receipt))
  })
  const key = historyKey(target, scope, identityHash)
  // Read back through the checks of any read (a regular file, valid whole), then written anew.
  const { known, warning } = await readKnownTests(store.stateDir, key)
  if (known.size > 0) {
    await fsp.mkdir(join(folder, KNOWN_TESTS_DIR))
    await fsp.writeFile(join(folder, KNOWN_TESTS_DIR, `${key}.json`), known.pieces())
  }
  return { receipts: receipts.length, knownTests: known.size, ...(warning !== undefined && { warning }) }
}
