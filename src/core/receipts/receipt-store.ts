import { lstatSync, mkdirSync, promises as fsp, readdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  ensureRealDirectory,
  ensureRealDirectoryInBatch,
  fsyncDirectory,
  isErrorCode,
  readRegularFile,
  removeAbandonedTemps,
  writeFileAtomic,
  writeFileAtomicInBatch
} from '../base/atomic-file.js'
import { forEachLimited } from '../base/parallel.js'
import { describeError, UsageError } from '../base/errors.js'
import { historyKey } from './identity.js'
import { printable } from '../base/printable.js'
import { compareNewestFirst, parseReceipt, receiptText, startedAtMs, type Receipt } from './receipt.js'
import { entryName, indexedApart, ReceiptIndex, targetKey, type IndexList } from './receipt-index.js'
import { RUN_ID_PATTERN, requireRunId } from './run-id.js'
import { WrittenReceipts } from './written-receipts.js'
import { doomedOf, planByReading, planFromIndex } from './retention.js'
import { INDEX_DIR, RECEIPT_FILE, RUNS_DIR, removeAbandonedRun, runDirectory } from './state-dir.js'

/** Largest receipt file read or written. */
export const MAX_RECEIPT_BYTES = 4 * 1024 * 1024

// An index entry whose receipt never appeared is a crash leftover once it is this old; a
// younger one may belong to a writer that is between adding its entry and its receipt.
const DANGLING_ENTRY_GRACE_MS = 60 * 60 * 1000

/** Options of a ReceiptStore. */
export interface ReceiptStoreOptions {
  /** Told about every file skipped or problem worked around; defaults to stderr. */
  warn?: (message: string) => void
  /** The clock used to age leftover index entries (the run's clock port). */
  now: () => Date
}

/** Whether a receipt is one of target+scope+identity's: what every history read checks of a receipt the index named. */
function ofIdentity(target: string, scope: string, identityHash: string): (receipt: Receipt) => boolean {
  return receipt => receipt.target === target && receipt.scope === scope && receipt.identity_hash === identityHash
}

/** A test pause before the rename; copies just read; `durable: false` (no fsync) for copies of what a cache holds. */
type WriteOptions = { beforeRename?: () => Promise<void>; previous?: ReadonlyMap<string, Receipt | undefined>; durable?: boolean }

/**
 * The receipts of one state directory: `runs/<run-id>/receipt.json`, found through the
 * index in receipt-index.ts. Everything on disk is untrusted: receipts are validated on
 * every read, a bad one is skipped with a warning naming the file and is never deleted,
 * symlinks are not followed, and paths are only built from validated run ids.
 */
export class ReceiptStore {
  readonly stateDir: string
  private readonly warn: (message: string) => void
  private readonly now: () => Date
  private readonly index: ReceiptIndex
  private readonly runsDir: string
  private indexProblemReported = false
  /** What this store wrote: read back unchanged, not parsed again. */
  private readonly written = new WrittenReceipts()

  constructor(stateDir: string, options: ReceiptStoreOptions) {
    this.stateDir = stateDir
    this.warn = options.warn ?? (message => process.stderr.write(`reverify: warning: ${message}\n`))
    this.now = options.now
    this.index = new ReceiptIndex(stateDir)
    this.runsDir = join(stateDir, RUNS_DIR)
  }

  /** Writes runs/<run_id>/receipt.json atomically (temp, fsync, rename, dir fsync), the index in step; `beforeRename`: a test pause. */
  async write(receipt: Receipt, options: { beforeRename?: () => Promise<void> } = {}): Promise<void> {
    await this.writeAll([receipt], options)
  }

  /** As `write` for each; a batch (a restored history) overlaps their file operations (docs/design.md §3). `previous`: copies just read. */
  async writeAll(receipts: readonly Receipt[], options: WriteOptions = {}): Promise<void> {
    const batch = receipts.length > 1
    const durable = options.durable ?? true
    const checked = receipts.map(receipt => receiptText(receipt, MAX_RECEIPT_BYTES))
    if (checked.length === 0) return
    mkdirSync(this.stateDir, { recursive: true })
    const fresh = await this.freshIndex()
    const previous = new Map(options.previous)
    const unread = checked.filter(({ receipt }) => !previous.has(receipt.run_id))
    await forEachLimited(unread, async ({ receipt }) => void previous.set(receipt.run_id, await this.readChecked(receipt.run_id)))
    // Entries first: a crash from here on leaves an entry readers skip, never a receipt they cannot find.
    const checkedDirectories = new Set<string>()
    const touched = new Set<string>()
    let indexed = await this.updateIndex(async () => {
      await forEachLimited(checked, async ({ receipt }) => {
        for (const directory of await this.index.add(receipt, { sync: !batch && durable, checkedDirectories })) touched.add(directory)
      })
      if (batch && durable) for (const directory of touched) await fsyncDirectory(directory)
    })
    const before = await this.index.runsFingerprint()
    await ensureRealDirectory(this.runsDir)
    await forEachLimited(checked, ({ receipt, text }) => this.writeFile(receipt.run_id, text, batch, options, durable))
    for (const { receipt } of checked) {
      const earlier = previous.get(receipt.run_id)
      if (earlier !== undefined && indexedApart(earlier, receipt)) {
        indexed = (await this.updateIndex(() => this.index.removeReceipt(earlier))) && indexed
      }
    }
    const after = await this.index.runsFingerprint()
    if (after !== before) {
      if (durable) await fsyncDirectory(this.runsDir)
      // Left unrecorded when the index missed this write, so the next reader rebuilds or scans.
      if (fresh && indexed) await this.updateIndex(() => this.index.recordFingerprint(after))
    }
  }

  /** Writes one receipt file into its run directory, made if need be; in a batch with asynchronous steps. */
  private async writeFile(runId: string, text: string, batch: boolean, options: WriteOptions, durable: boolean): Promise<void> {
    const runDir = runDirectory(this.stateDir, runId)
    const put = async (pause: typeof options): Promise<void> => {
      await (batch ? ensureRealDirectoryInBatch(runDir) : ensureRealDirectory(runDir))
      const path = join(runDir, RECEIPT_FILE)
      await (batch ? writeFileAtomicInBatch(path, text, durable) : writeFileAtomic(path, text, undefined, { ...pause, durable }))
      await this.written.remember(runId, path, text)
    }
    await put({ beforeRename: options.beforeRename }).catch(async (error: unknown) => {
      // A rebuild took the directory for abandoned before the receipt was in it (removeAbandonedRun).
      if (!isErrorCode(error, 'ENOENT')) throw error
      await put({})
    })
  }

  /** One receipt, validated; undefined when absent; a bad file → warn + undefined (never deleted). */
  async read(runId: string): Promise<Receipt | undefined> {
    return this.readChecked(requireRunId(runId, 'run id'))
  }

  /** The latest receipt (by started_at, then run id) of one target+scope+identity, through the index. */
  async latest(target: string, scope: string, identityHash: string): Promise<Receipt | undefined> {
    return this.newestIn('history', historyKey(target, scope, identityHash), ofIdentity(target, scope, identityHash))
  }

  /** The newest receipt of a target (any identity) — for `capture latest`; with `accept`, the newest one it accepts. */
  async latestOfTarget(target: string, accept?: (receipt: Receipt) => boolean): Promise<Receipt | undefined> {
    return this.newestIn('target', targetKey(target), receipt => receipt.target === target && (accept?.(receipt) ?? true))
  }

  /** All valid receipts, newest first, optionally of one target. Bad ones skipped with a warning. */
  async list(filter: { target?: string } = {}): Promise<Receipt[]> {
    const { receipts } = await this.scanRuns()
    return receipts.filter(receipt => filter.target === undefined || receipt.target === filter.target).sort(compareNewestFirst)
  }

  /**
   * Every valid receipt of one target+scope+identity, newest first (what the action caches);
   * with `newest`, only that many, read in the index's order until they are found (the rest
   * of the history is not read) unless an entry disagrees with its receipt.
   */
  async history(target: string, scope: string, identityHash: string, newest = Infinity): Promise<Receipt[]> {
    const belongs = ofIdentity(target, scope, identityHash)
    const entries = (await this.freshIndex())
      ? await this.readIndex(() => this.index.entries('history', historyKey(target, scope, identityHash)))
      : undefined
    if (entries === undefined) return (await this.scanRuns()).receipts.filter(belongs).sort(compareNewestFirst).slice(0, newest)
    const receipts = new Map<string, Receipt>()
    for (const entry of entries) {
      // A run listed twice (a stray entry under another start time) is one receipt.
      if (receipts.size >= newest) break
      if (receipts.has(entry.runId)) continue
      const receipt = await this.readChecked(entry.runId)
      if (receipt === undefined || !belongs(receipt)) continue
      if (newest !== Infinity && startedAtMs(receipt) !== entry.startedMs)
        return (await this.history(target, scope, identityHash)).slice(0, newest)
      receipts.set(entry.runId, receipt)
    }
    return [...receipts.values()].sort(compareNewestFirst)
  }

  /** Retention (retention.ts): keep the newest `keep` (≥1) runs of that identity; removes the older runs/<id> directories; returns removed ids. */
  async prune(target: string, scope: string, identityHash: string, keep: number): Promise<string[]> {
    if (!Number.isInteger(keep) || keep < 1) {
      throw new UsageError(`keep-receipts: '${printable(String(keep))}' is not allowed; expected a whole number of at least 1`)
    }
    const fresh = await this.freshIndex()
    const key = historyKey(target, scope, identityHash)
    const belongs = ofIdentity(target, scope, identityHash)
    const entries = fresh ? await this.readIndex(() => this.index.entries('history', key)) : undefined
    const reads = { exists: (runId: string) => this.runDirectoryExists(runId), read: (runId: string) => this.readChecked(runId), belongs }
    const { doomed, dangling } =
      entries === undefined
        ? { doomed: doomedOf((await this.scanRuns()).receipts.filter(belongs), keep), dangling: [] }
        : ((await planFromIndex(entries, keep, reads)) ?? (await planByReading(entries, keep, reads)))
    const before = await this.index.runsFingerprint()
    let indexed = entries !== undefined
    const removed: string[] = []
    for (const receipt of doomed) {
      // The receipt goes first and its entries after, so a crash in between leaves an entry
      // without a receipt (skipped), not a receipt nobody can find.
      await fsp.rm(runDirectory(this.stateDir, receipt.run_id), { recursive: true, force: true })
      indexed = (await this.updateIndex(() => this.index.removeReceipt(receipt))) && indexed
      removed.push(receipt.run_id)
    }
    const cutoff = this.now().getTime() - DANGLING_ENTRY_GRACE_MS
    for (const entry of dangling) {
      if (entry.startedMs < cutoff) indexed = (await this.updateIndex(() => this.index.remove('history', key, entry))) && indexed
    }
    if (removed.length > 0) {
      await fsyncDirectory(this.runsDir)
      const after = await this.index.runsFingerprint()
      if (after !== before && indexed) await this.updateIndex(() => this.index.recordFingerprint(after))
    }
    return removed
  }

  /** Rebuilds the index from the receipts on disk. */
  async rebuildIndex(): Promise<void> {
    // Taken before the scan: a run added meanwhile makes the record stale, so the next
    // reader rebuilds again instead of trusting an index that may lack it.
    const fingerprint = await this.index.runsFingerprint()
    const { receipts, present } = await this.scanRuns()
    const abandoned = await this.sweepAbandonedRuns(present, receipts)
    const touched = new Set<string>()
    const checkedDirectories = new Set<string>()
    await forEachLimited(receipts, async receipt => {
      for (const directory of await this.index.add(receipt, { sync: false, checkedDirectories })) touched.add(directory)
    })
    for (const directory of touched) await fsyncDirectory(directory)
    await this.removeStrayEntries(new Map(receipts.map(receipt => [receipt.run_id, receipt])), present, abandoned)
    await this.index.recordFingerprint(fingerprint)
  }

  /** Removes the run directories of writers killed before their first receipt (removeAbandonedRun), and the index's abandoned temp files. */
  private async sweepAbandonedRuns(present: ReadonlySet<string>, receipts: readonly Receipt[]): Promise<Set<string>> {
    const read = new Set(receipts.map(receipt => receipt.run_id))
    const removed = new Set<string>()
    for (const runId of present) if (!read.has(runId) && (await removeAbandonedRun(this.stateDir, runId))) removed.add(runId)
    await removeAbandonedTemps(join(this.stateDir, INDEX_DIR))
    return removed
  }

  /** Brings the index up to date; false when it cannot be trusted or repaired (callers then scan). */
  private async freshIndex(): Promise<boolean> {
    try {
      const current = await this.index.runsFingerprint()
      if (current === 'absent') return true // no receipts, nothing to index (and nothing created)
      if ((await this.index.recordedFingerprint()) === current) return true
      await this.rebuildIndex()
      return true
    } catch (error) {
      this.reportIndexProblem('could not be brought up to date', error)
      return false
    }
  }

  /**
   * The index is derived data: when it cannot be read or updated (a symlink planted in it,
   * a permission problem) that is a warning, once per store, and lookups read every
   * receipt instead of failing the run.
   */
  private reportIndexProblem(what: string, error: unknown): void {
    if (this.indexProblemReported) return
    this.indexProblemReported = true
    this.warn(`the receipt index in ${join(this.stateDir, INDEX_DIR)} ${what} (${describeError(error)}); reading every receipt instead`)
  }

  /** Runs an index update; false (after a warning) when it failed. */
  private async updateIndex(update: () => Promise<unknown>): Promise<boolean> {
    try {
      await update()
      return true
    } catch (error) {
      this.reportIndexProblem('could not be updated', error)
      return false
    }
  }

  /** Reads from the index; undefined (after a warning) when it cannot be read. */
  private async readIndex<T>(read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read()
    } catch (error) {
      this.reportIndexProblem('could not be read', error)
      return undefined
    }
  }

  private async newestIn(list: IndexList, key: string, belongs: (receipt: Receipt) => boolean): Promise<Receipt | undefined> {
    const entries = (await this.freshIndex()) ? await this.readIndex(() => this.index.entries(list, key)) : undefined
    if (entries === undefined) {
      return (await this.scanRuns()).receipts.filter(belongs).sort(compareNewestFirst)[0]
    }
    for (const [position, entry] of entries.entries()) {
      const receipt = await this.readChecked(entry.runId)
      if (receipt === undefined || !belongs(receipt)) continue
      if (startedAtMs(receipt) === entry.startedMs) return receipt
      // The entry disagrees with the receipt it names: order by the receipts themselves.
      const rest: Receipt[] = [receipt]
      for (const older of entries.slice(position + 1)) {
        const candidate = await this.readChecked(older.runId)
        if (candidate !== undefined && belongs(candidate)) rest.push(candidate)
      }
      return rest.sort(compareNewestFirst)[0]
    }
    return undefined
  }

  /** Every run directory: the valid receipts, and the ids present at all (valid or not). */
  private async scanRuns(): Promise<{ receipts: Receipt[]; present: Set<string> }> {
    let names: string[]
    try {
      const stats = lstatSync(this.runsDir)
      if (!stats.isDirectory()) {
        this.warn(`skipped ${this.runsDir}: not a directory (symbolic links are not followed)`)
        return { receipts: [], present: new Set() }
      }
      names = readdirSync(this.runsDir)
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return { receipts: [], present: new Set() }
      throw error
    }
    const present = new Set<string>()
    for (const name of names.sort()) {
      if (RUN_ID_PATTERN.test(name)) present.add(name)
      else if (!name.startsWith('.')) this.warn(`skipped ${join(this.runsDir, printable(name))}: not a run id`)
    }
    const read = new Map<string, Receipt>()
    await forEachLimited([...present], async runId => {
      const receipt = await this.readChecked(runId)
      if (receipt !== undefined) read.set(runId, receipt)
    })
    // In name order whatever order the reads finished in, so warnings and results are stable.
    const receipts = [...present].flatMap(runId => read.get(runId) ?? [])
    return { receipts, present }
  }

  /** Reads and validates one receipt; absent → undefined; anything wrong → a warning and undefined. */
  private async readChecked(runId: string): Promise<Receipt | undefined> {
    const runDir = runDirectory(this.stateDir, runId)
    const path = join(runDir, RECEIPT_FILE)
    try {
      for (const directory of [this.runsDir, runDir]) {
        const stats = lstatSync(directory)
        if (stats.isSymbolicLink()) throw new Error(`${directory} is a symbolic link; it is not followed`)
        if (!stats.isDirectory()) throw new Error(`${directory} is not a directory`)
      }
      const own = await this.written.unchanged(runId, path)
      if (own !== undefined) return own
      const text = await readRegularFile(path, MAX_RECEIPT_BYTES)
      if (text === undefined) return undefined
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch (error) {
        throw new Error(`not valid JSON (${describeError(error)})`, { cause: error })
      }
      const parsed = await parseReceipt(json)
      if (!parsed.ok) throw new Error(`not a valid receipt (${parsed.reason})`)
      if (parsed.receipt.run_id !== runId) throw new Error(`its run_id ${parsed.receipt.run_id} does not match its directory`)
      return parsed.receipt
    } catch (error) {
      if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) return undefined
      const reason = describeError(error)
      this.warn(`skipped ${path}: ${reason.startsWith(path) ? reason.slice(path.length).replace(/^[\s:;]+/, '') : reason}`)
      return undefined
    }
  }

  private async runDirectoryExists(runId: string): Promise<boolean> {
    try {
      lstatSync(runDirectory(this.stateDir, runId))
      return true
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return false
      throw error
    }
  }

  /** Drops index entries that name a receipt of another list or start time, a run long gone, or one swept as abandoned. */
  private async removeStrayEntries(
    valid: ReadonlyMap<string, Receipt>,
    present: ReadonlySet<string>,
    abandoned: ReadonlySet<string>
  ): Promise<void> {
    const cutoff = this.now().getTime() - DANGLING_ENTRY_GRACE_MS
    for (const list of ['history', 'target'] as const) {
      for (const key of await this.index.keys(list)) {
        for (const entry of await this.index.entries(list, key)) {
          const receipt = valid.get(entry.runId)
          const stray =
            receipt !== undefined
              ? ReceiptIndex.keyOf(list, receipt) !== key ||
                entryName(entry) !== entryName({ runId: receipt.run_id, startedMs: startedAtMs(receipt) })
              : abandoned.has(entry.runId) || (!present.has(entry.runId) && entry.startedMs < cutoff)
          if (stray) await this.index.remove(list, key, entry)
        }
      }
    }
  }
}
