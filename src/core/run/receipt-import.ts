/**
 * Merging restored cache entries into the receipt store (docs/design.md §5), the use case
 * the action's restore hands each restored folder to. Receipts are a
 * grow-only set keyed by run id, so entries can be merged in any order: a terminal status
 * beats `running`, a capture is kept, and ties are broken by fixed rules, never by which
 * entry came first. Every file is untrusted and validated. `running` receipts are bounded:
 * one left by another run attempt more than a day ago is ignored (its run is long gone and
 * not worth resuming), and of the rest only the newest few are imported, so a history that
 * piled up thousands of them neither slows a run nor is saved again. A copy byte for byte
 * the same as one already merged (the same run in the next entry) is not merged again, and
 * the receipts of one entry are written as one batch (docs/design.md §3 "Retention and the
 * index"). The history's known tests (`known-tests/<history-key>.json`) are merged the same
 * way, order-free: the union, each test with its earliest day; a bad file is a warning naming
 * the entry, and ignored.
 */
import { createHash } from 'node:crypto'
import { promises as fsp } from 'node:fs'
import { join } from 'node:path'
import { lstatOrUndefined, readRegularFile, requireRealDirectory, isErrorCode } from '../base/atomic-file.js'
import { describeError } from '../base/errors.js'
import { printable } from '../base/printable.js'
import { compareNewestFirst, parseReceipt, startedAtMs, type Receipt } from '../receipts/receipt.js'
import { MAX_RECEIPT_BYTES, type ReceiptStore } from '../receipts/receipt-store.js'
import { isRunId } from '../receipts/run-id.js'
import { historyKey } from '../receipts/identity.js'
import { forEachLimited } from '../base/parallel.js'
import { KnownTests } from '../test-results/known-tests.js'
import { KNOWN_TESTS_DIR, knownTestsPath, readKnownTests, writeKnownTests } from '../test-results/known-tests-file.js'

/** A restored `running` receipt of another run attempt older than this is ignored. */
export const STALE_RUNNING_MS = 24 * 60 * 60 * 1000
/** Most restored `running` receipts imported in one restore (the newest). */
export const MAX_RESTORED_RUNNING = 10
/** Most receipt files read from one entry, and from all the entries of one restore. */
const MAX_FILES_PER_ENTRY = 10_000
const MAX_FILES_PER_RESTORE = 20_000
/** Skipped files warned about one by one; the rest are counted in one line. */
const MAX_SKIP_WARNINGS = 20

/** Which history is imported, and who is importing it. */
export interface ImportTarget {
  store: ReceiptStore
  target: string
  scope: string
  identityHash: string
  /** This run attempt in Actions, to tell its own running receipts from another attempt's. */
  here?: { runId?: string; runAttempt?: number }
  /** Milliseconds since the epoch, now: the front end's clock. */
  now: () => number
  warn: (message: string) => void
}

/** What an import did. */
export interface ImportCounts {
  imported: number
  /** Stale running receipts ignored. */
  stale: number
  /** Running receipts beyond the limit, dropped. */
  overLimit: number
  /** Files skipped as invalid or foreign. */
  skipped: number
  /** The most running receipts one import keeps (MAX_RESTORED_RUNNING). */
  runningLimit: number
  /** Known tests the store's set learned from the restored entries. */
  knownTests: number
}

/** One restored receipt file read: its receipt, a copy already merged, nothing there, or why it is skipped. */
type ReadFile = { receipt: Receipt; digest: string } | { same: true } | { absent: true } | { skip: string }

const TERMINAL_RANK: Record<Receipt['status'], number> = { running: 0, passed: 1, aborted: 2, interrupted: 3, failed: 4 }

/**
 * The receipt that results from two copies of one run, whatever their order: a terminal
 * status beats `running`; of two terminal ones the later `ended_at` wins (then a fixed rank);
 * a capture on either is kept (the earlier one when both have one).
 */
export function mergeReceipt(a: Receipt, b: Receipt): Receipt {
  const base = preferred(a, b)
  const captures = [a.capture, b.capture].filter(capture => capture !== undefined)
  captures.sort((x, y) => (x.captured_at < y.captured_at ? -1 : x.captured_at > y.captured_at ? 1 : x.note < y.note ? -1 : 1))
  const capture = captures[0]
  if (capture === undefined || capture === base.capture) return base
  return { ...base, capture }
}

function preferred(a: Receipt, b: Receipt): Receipt {
  if ((a.status === 'running') !== (b.status === 'running')) return a.status === 'running' ? b : a
  const endA = a.ended_at ?? ''
  const endB = b.ended_at ?? ''
  if (endA !== endB) return endA > endB ? a : b
  if (a.status !== b.status) return TERMINAL_RANK[a.status] > TERMINAL_RANK[b.status] ? a : b
  return JSON.stringify(a) >= JSON.stringify(b) ? a : b
}

/** Imports restored entries into the store, one entry folder at a time, then `finish`. */
export class HistoryImport {
  private readonly counts: ImportCounts = {
    imported: 0,
    stale: 0,
    overLimit: 0,
    skipped: 0,
    runningLimit: MAX_RESTORED_RUNNING,
    knownTests: 0
  }
  /** The newest running receipts seen, at most twice the limit between trims. */
  private running: Receipt[] = []
  /** Every run id seen running (and not stale), to count those dropped over the limit. */
  private readonly runningIds = new Set<string>()
  private filesRead = 0
  /** The digest of each receipt file taken in (by run id): an identical copy in a later entry changes nothing. */
  private readonly digests = new Map<string, string>()
  /** The known tests of the entries read so far, merged. */
  private readonly known = new KnownTests()
  private readonly historyKey: string

  constructor(private readonly into: ImportTarget) {
    this.historyKey = historyKey(into.target, into.scope, into.identityHash)
  }

  /**
   * Reads one restored folder (`runs/<id>/receipt.json`, `known-tests/<history-key>.json`);
   * terminal receipts are merged at once. `from` names the folder in warnings (its cache key).
   */
  async add(folder: string, from?: string): Promise<void> {
    const runs = join(folder, 'runs')
    try {
      // The archive decides what these are: a link in place of either leads out of the folder.
      await requireRealDirectory(folder)
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT')) this.into.warn(`reverify: skipped the restored receipts: ${describeError(error)}`)
      return
    }
    await this.addKnownTests(folder, from)
    let names: string[]
    try {
      await requireRealDirectory(runs)
      names = await fsp.readdir(runs)
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT')) this.into.warn(`reverify: skipped the restored receipts: ${describeError(error)}`)
      return
    }
    const taken = names.slice(0, Math.min(MAX_FILES_PER_ENTRY, Math.max(0, MAX_FILES_PER_RESTORE - this.filesRead)))
    this.filesRead += taken.length
    const read = new Map<string, ReadFile>()
    await forEachLimited(taken, async name => void read.set(name, await this.readOne(runs, name)))
    const terminal: Receipt[] = []
    // In name order whatever order the reads finished in, so warnings and counts are stable.
    for (const name of taken) {
      const file = read.get(name)!
      if ('skip' in file) this.skip(name, file.skip)
      if (!('receipt' in file) || this.digests.get(name) === file.digest) continue
      this.digests.set(name, file.digest)
      const { receipt } = file
      if (receipt.status !== 'running') terminal.push(receipt)
      else if (this.isStale(receipt)) this.counts.stale++
      else this.keepRunning(receipt)
    }
    await this.merge(terminal)
  }

  /** Imports the running receipts kept and the known tests, and answers what the whole import did. */
  async finish(): Promise<ImportCounts> {
    this.trimRunning()
    this.counts.overLimit = this.runningIds.size - this.running.length
    await this.merge(this.running)
    this.running = []
    const hidden = this.counts.skipped - MAX_SKIP_WARNINGS
    if (hidden > 0) this.into.warn(`reverify: skipped ${hidden} more cached receipt(s)`)
    await this.mergeKnownTests()
    return { ...this.counts }
  }

  private skip(name: string, why: string): void {
    this.counts.skipped++
    if (this.counts.skipped <= MAX_SKIP_WARNINGS) this.into.warn(`reverify: skipped cached receipt ${printable(name)}: ${why}`)
  }

  private async readOne(runs: string, name: string): Promise<ReadFile> {
    if (!isRunId(name)) return { skip: 'not a run id' }
    const dir = join(runs, name)
    const info = lstatOrUndefined(dir)
    if (!info?.isDirectory()) return { skip: 'not a directory' }
    let text: string | undefined
    try {
      text = await readRegularFile(join(dir, 'receipt.json'), MAX_RECEIPT_BYTES)
    } catch (error) {
      return { skip: describeError(error) }
    }
    if (text === undefined) return { absent: true }
    const digest = createHash('sha256').update(text).digest('base64')
    if (this.digests.get(name) === digest) return { same: true }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return { skip: 'not JSON' }
    }
    const parsed = await parseReceipt(json)
    if (!parsed.ok) return { skip: parsed.reason }
    const cached = parsed.receipt
    const { target, scope, identityHash } = this.into
    if (cached.run_id !== name || cached.target !== target || cached.scope !== scope || cached.identity_hash !== identityHash) {
      return { skip: 'it belongs to another run, repository, scope or command' }
    }
    return { receipt: cached, digest }
  }

  /** Takes in one entry's known tests; a file that cannot be used is a warning naming the entry, and ignored. */
  private async addKnownTests(folder: string, from: string | undefined): Promise<void> {
    const entry = from === undefined ? '' : ` (cache entry ${printable(from)})`
    try {
      await requireRealDirectory(join(folder, KNOWN_TESTS_DIR))
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT')) this.into.warn(`reverify: ignored the restored known tests${entry}: ${describeError(error)}`)
      return
    }
    const load = await readKnownTests(folder, this.historyKey)
    if (load.warning !== undefined) this.into.warn(`reverify: ${load.warning}${entry}`)
    else this.known.merge(load.known)
  }

  /** Merges the restored known tests into the store's, and writes them when that changed anything. */
  private async mergeKnownTests(): Promise<void> {
    if (this.known.size === 0) return
    const { stateDir } = this.into.store
    const own = await readKnownTests(stateDir, this.historyKey)
    if (own.warning !== undefined) this.into.warn(`reverify: ${own.warning}`)
    const size = own.known.size
    if (own.known.merge(this.known) === 0) return
    try {
      await writeKnownTests(stateDir, this.historyKey, own.known)
      this.counts.knownTests = own.known.size - size
    } catch (error) {
      const path = knownTestsPath(stateDir, this.historyKey)
      this.into.warn(`reverify: the restored known tests could not be written to ${path}: ${describeError(error)}`)
    }
  }

  /** Another run attempt's running receipt that started more than a day ago. */
  private isStale(receipt: Receipt): boolean {
    const here = this.into.here
    const sameAttempt = here?.runId !== undefined && receipt.ci?.run_id === here.runId && receipt.ci.run_attempt === here.runAttempt
    const now = this.into.now()
    return !sameAttempt && now - startedAtMs(receipt) > STALE_RUNNING_MS
  }

  private keepRunning(receipt: Receipt): void {
    this.running.push(receipt)
    if (this.runningIds.size < 100_000) this.runningIds.add(receipt.run_id)
    if (this.running.length >= 2 * MAX_RESTORED_RUNNING) this.trimRunning()
  }

  /** Keeps the newest running receipts (one per run id, merged), counting the rest. */
  private trimRunning(): void {
    const byId = new Map<string, Receipt>()
    for (const receipt of this.running) {
      const seen = byId.get(receipt.run_id)
      byId.set(receipt.run_id, seen === undefined ? receipt : mergeReceipt(seen, receipt))
    }
    const sorted = [...byId.values()].sort(compareNewestFirst)
    this.running = sorted.slice(0, MAX_RESTORED_RUNNING)
  }

  /** Writes the merge of each cached copy and the store's copy, those that change anything, as one batch. */
  private async merge(cached: readonly Receipt[]): Promise<void> {
    const { store } = this.into
    const local = new Map<string, Receipt | undefined>()
    await forEachLimited(cached, async receipt => void local.set(receipt.run_id, await store.read(receipt.run_id)))
    const changed: Receipt[] = []
    for (const receipt of cached) {
      const mine = local.get(receipt.run_id)
      const merged = mine === undefined ? receipt : mergeReceipt(mine, receipt)
      if (mine === undefined || JSON.stringify(merged) !== JSON.stringify(mine)) changed.push(merged)
    }
    // Copies of what the cache holds: written without fsync (ReceiptStore.writeAll).
    await store.writeAll(changed, { previous: local, durable: false })
    this.counts.imported += changed.length
  }
}
