import { createHash } from 'node:crypto'
import { closeSync, constants, lstatSync, openSync, readdirSync, unlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  ensureRealDirectory,
  fsyncDirectory,
  isErrorCode,
  lstatOrUndefined,
  readRegularFile,
  requireRealDirectory,
  writeFileAtomic
} from '../base/atomic-file.js'
import { builtOnce } from '../base/schema-library.js'
import { historyKey } from './identity.js'
import { startedAtMs, type Receipt } from './receipt.js'
import { isRunId } from './run-id.js'
import { INDEX_DIR, RUNS_DIR } from './state-dir.js'

/**
 * The receipt index, under `<state>/index/`, so that finding the latest receipt of one
 * history costs the same however many receipts the store holds.
 *
 *   index/history/<history key>/<started_at ms, 16 digits>_<run id>   (empty files)
 *   index/target/<target key>/<started_at ms, 16 digits>_<run id>
 *   index/state.json   {"version": 1, "runs": "<fingerprint of runs/>"}
 *
 * - One empty file per run and list, so concurrent writers never rewrite a shared file and
 *   cannot lose each other's entries; no lock is needed. Entry names sort newest first as
 *   plain strings.
 * - A writer adds its entries before the receipt's first write, so a crash can leave an
 *   entry without a receipt (readers skip it) but never a receipt without an entry.
 * - `state.json` records a fingerprint of `runs/` (inode, mtime, link count), which changes
 *   whenever a run directory is added or removed. Writers update it after their own
 *   changes; when it is missing or differs (a restored cache, a copied receipt, a crash in
 *   between, a deleted index), the index is rebuilt from `runs/` before it is used. A race
 *   between writers can only make the fingerprint stale, which costs a rebuild, never an
 *   entry.
 * - The index only ever points at receipts; every receipt is validated when read, so a
 *   wrong or stale entry costs a skipped file, never a wrong answer. Retention takes the
 *   order of the newest runs from the entries without opening their receipts (retention.ts),
 *   as lookups take the newest from them: the entries are derived from validated receipts,
 *   and rebuilt from them whenever runs/ changed behind the store's back.
 */

/** One index entry: a run and the start time it was indexed under. */
export interface IndexEntry {
  runId: string
  startedMs: number
}

/** The two lists a receipt is indexed in. */
export type IndexList = 'history' | 'target'

const STATE_FILE = 'state.json'
const ENTRY_NAME = /^(\d{16})_(\d{8}-\d{6}-verify-[0-9a-f]{6})$/
/** state.json's schema, built on first use: a run reads back only the state its own process did not write. */
const indexStateSchema = builtOnce(z => z.object({ version: z.literal(1), runs: z.string().max(200) }))

/** sha256 hex (32 chars) naming the index list of one target. */
export function targetKey(target: string): string {
  return createHash('sha256')
    .update(JSON.stringify(['target', target]), 'utf8')
    .digest('hex')
    .slice(0, 32)
}

/** The entry's file name: start time then run id, so names sort as the entries do. */
export function entryName(entry: IndexEntry): string {
  const ms = Math.min(Math.max(Math.trunc(entry.startedMs), 0), 8_640_000_000_000_000)
  return `${String(ms).padStart(16, '0')}_${entry.runId}`
}

/** The entry a file name stands for; undefined for any other name. */
function parseEntryName(name: string): IndexEntry | undefined {
  const match = ENTRY_NAME.exec(name)
  if (!match) return undefined
  return { startedMs: Number(match[1]), runId: match[2]! }
}

/** The index files of one state directory (see the layout above). */
export class ReceiptIndex {
  private readonly indexDir: string
  private readonly runsDir: string
  /** The state.json this index wrote last: read back unchanged, it is not parsed again (docs/design.md §3). */
  private recorded: { fingerprint: string; ino: number; size: number; ctimeMs: number } | undefined

  constructor(stateDir: string) {
    this.indexDir = join(stateDir, INDEX_DIR)
    this.runsDir = join(stateDir, RUNS_DIR)
  }

  /** The list key of a receipt in one of its two lists. */
  static keyOf(list: IndexList, receipt: Pick<Receipt, 'target' | 'scope' | 'identity_hash'>): string {
    return list === 'history' ? historyKey(receipt.target, receipt.scope, receipt.identity_hash) : targetKey(receipt.target)
  }

  /**
   * Adds the receipt to both lists (idempotent) and returns the list directories it changed.
   * With `sync` they are flushed at once; a rebuild flushes them once at the end, and passes
   * `checkedDirectories` so each list directory is checked once rather than per receipt.
   */
  async add(receipt: Receipt, options: { sync: boolean; checkedDirectories?: Set<string> }): Promise<string[]> {
    const name = entryName({ runId: receipt.run_id, startedMs: startedAtMs(receipt) })
    const touched: string[] = []
    for (const list of ['history', 'target'] as const) {
      const directory = await this.ensureListDirectory(list, ReceiptIndex.keyOf(list, receipt), options.checkedDirectories)
      try {
        closeSync(openSync(join(directory, name), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644))
      } catch (error) {
        if (isErrorCode(error, 'EEXIST')) continue
        throw error
      }
      touched.push(directory)
      if (options.sync) await fsyncDirectory(directory)
    }
    return touched
  }

  /** Removes the receipt's entries from both lists (absent is fine). */
  async removeReceipt(receipt: Receipt): Promise<void> {
    const entry = { runId: receipt.run_id, startedMs: startedAtMs(receipt) }
    for (const list of ['history', 'target'] as const) await this.remove(list, ReceiptIndex.keyOf(list, receipt), entry)
  }

  /**
   * The entries of one list, newest first; none when the list does not exist. A symlink or
   * a file where a directory of the index belongs throws: reading an empty list there
   * would hide receipts, so callers fall back to reading every receipt.
   */
  async entries(list: IndexList, key: string): Promise<IndexEntry[]> {
    return this.entriesIn(join(this.indexDir, list, key))
  }

  /** Every list key of one kind present on disk. */
  async keys(list: IndexList): Promise<string[]> {
    const directory = join(this.indexDir, list)
    try {
      await requireRealDirectory(directory)
      return readdirSync(directory).filter(name => /^[0-9a-f]{32}$/.test(name))
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return []
      throw error
    }
  }

  /** Removes one entry from a list (absent is fine). */
  async remove(list: IndexList, key: string, entry: IndexEntry): Promise<void> {
    const directory = join(this.indexDir, list, key)
    if (!(await this.realDirectories(directory))) return
    await this.unlinkEntry(directory, entry)
  }

  /** Identifies the current set of run directories: it changes when one is added or removed. */
  async runsFingerprint(): Promise<string> {
    try {
      const stats = lstatSync(this.runsDir, { bigint: true })
      return `${stats.dev}:${stats.ino}:${stats.mtimeNs}:${stats.nlink}`
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return 'absent'
      throw error
    }
  }

  /** The fingerprint recorded by the last writer; undefined when missing or unreadable. */
  async recordedFingerprint(): Promise<string | undefined> {
    try {
      await requireRealDirectory(this.indexDir)
      const path = join(this.indexDir, STATE_FILE)
      if (this.recorded !== undefined) {
        const seen = lstatOrUndefined(path)
        const { fingerprint, ino, size, ctimeMs } = this.recorded
        if (seen?.isFile() && seen.ino === ino && seen.size === size && seen.ctimeMs === ctimeMs) return fingerprint
      }
      const text = await readRegularFile(path, 4_096)
      if (text === undefined) return undefined
      const parsed = (await indexStateSchema()).safeParse(JSON.parse(text))
      return parsed.success ? parsed.data.runs : undefined
    } catch {
      return undefined // the index is derived data: anything odd just means "rebuild"
    }
  }

  /** Records that the index matches `runs/` as identified by `fingerprint`. */
  async recordFingerprint(fingerprint: string): Promise<void> {
    await ensureRealDirectory(this.indexDir)
    const path = join(this.indexDir, STATE_FILE)
    await writeFileAtomic(path, `${JSON.stringify({ version: 1, runs: fingerprint })}\n`)
    const seen = lstatSync(path)
    this.recorded = { fingerprint, ino: seen.ino, size: seen.size, ctimeMs: seen.ctimeMs }
  }

  private async ensureListDirectory(list: IndexList, key: string, checked?: Set<string>): Promise<string> {
    const directory = join(this.indexDir, list, key)
    for (const path of [this.indexDir, join(this.indexDir, list), directory]) {
      if (checked?.has(path)) continue
      await ensureRealDirectory(path)
      checked?.add(path)
    }
    return directory
  }

  private async entriesIn(directory: string): Promise<IndexEntry[]> {
    if (!(await this.realDirectories(directory))) return []
    const names = readdirSync(directory)
    return names
      .sort()
      .reverse()
      .map(parseEntryName)
      .filter((entry): entry is IndexEntry => entry !== undefined && isRunId(entry.runId))
  }

  /**
   * False when the list directory does not exist; throws when it, `index/` or the list
   * kind's directory is a symlink or not a directory, so nothing is read or removed
   * through a link.
   */
  private async realDirectories(listDirectory: string): Promise<boolean> {
    const kindDirectory = dirname(listDirectory)
    try {
      for (const path of [this.indexDir, kindDirectory, listDirectory]) await requireRealDirectory(path)
      return true
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return false
      throw error
    }
  }

  private async unlinkEntry(directory: string, entry: IndexEntry): Promise<void> {
    try {
      unlinkSync(join(directory, entryName(entry)))
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT')) throw error
    }
  }
}

/** Whether a rewrite moved the receipt to other index entries (another start time or history). */
export function indexedApart(previous: Receipt, next: Receipt): boolean {
  return (
    startedAtMs(previous) !== startedAtMs(next) ||
    ReceiptIndex.keyOf('history', previous) !== ReceiptIndex.keyOf('history', next) ||
    ReceiptIndex.keyOf('target', previous) !== ReceiptIndex.keyOf('target', next)
  )
}
