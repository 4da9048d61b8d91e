/**
 * Which receipts retention removes (docs/design.md §3 "Retention and the index"). The index
 * lists an identity's runs newest first, so the newest `keep` whose run directory is there
 * are kept without being read, and only the entries past them are read and validated: at the
 * cap, a run reads one or two receipts where it read the whole history. A run listed twice,
 * or a receipt past them that disagrees with its entry (another identity, another start
 * time), means the order cannot be taken from the index: the plan is then made from every
 * receipt, read and validated.
 */
import type { IndexEntry } from './receipt-index.js'
import { compareNewestFirst, startedAtMs, type Receipt } from './receipt.js'

/** What retention removes: receipts past the newest `keep`, and entries whose run is gone. */
export interface RetentionPlan {
  /** Receipts to remove; never one still `running` (another process may own it). */
  doomed: Receipt[]
  /** Entries whose run directory is gone: crash leftovers, removed once they are old enough. */
  dangling: IndexEntry[]
}

/** How a plan looks at the store: whether a run is there, its receipt validated, and whether it is the identity's. */
export interface RetentionReads {
  exists: (runId: string) => Promise<boolean>
  read: (runId: string) => Promise<Receipt | undefined>
  belongs: (receipt: Receipt) => boolean
}

/** The receipts past the newest `keep` of `receipts` (any order) that may go. */
export function doomedOf(receipts: readonly Receipt[], keep: number): Receipt[] {
  return [...receipts]
    .sort(compareNewestFirst)
    .slice(keep)
    .filter(receipt => receipt.status !== 'running')
}

/**
 * The plan from the index's order: reads only the receipts past the newest `keep` present.
 * Undefined when one of them disagrees with its entry.
 */
export async function planFromIndex(
  entries: readonly IndexEntry[],
  keep: number,
  reads: RetentionReads
): Promise<RetentionPlan | undefined> {
  const dangling: IndexEntry[] = []
  const past: IndexEntry[] = []
  const listed = new Set<string>()
  let kept = 0
  for (const entry of entries) {
    // A run listed twice is an entry that disagrees with its receipt: the receipts decide.
    if (listed.has(entry.runId)) return undefined
    listed.add(entry.runId)
    if (!(await reads.exists(entry.runId))) dangling.push(entry)
    else if (kept < keep) kept += 1
    else past.push(entry)
  }
  const doomed: Receipt[] = []
  for (const entry of past) {
    const receipt = await reads.read(entry.runId)
    // An unreadable receipt is skipped (and never deleted), as every reader skips it.
    if (receipt === undefined) continue
    if (!reads.belongs(receipt) || startedAtMs(receipt) !== entry.startedMs) return undefined
    if (receipt.status !== 'running') doomed.push(receipt)
  }
  return { doomed, dangling }
}

/** The plan from every receipt the entries name, each read and validated, ordered by the receipts themselves. */
export async function planByReading(entries: readonly IndexEntry[], keep: number, reads: RetentionReads): Promise<RetentionPlan> {
  const receipts = new Map<string, Receipt>()
  const dangling: IndexEntry[] = []
  for (const entry of entries) {
    // A run listed twice (a stray entry under another start time) is one receipt.
    if (receipts.has(entry.runId)) continue
    const receipt = await reads.read(entry.runId)
    if (receipt !== undefined && reads.belongs(receipt)) receipts.set(entry.runId, receipt)
    else if (receipt === undefined && !(await reads.exists(entry.runId))) dangling.push(entry)
  }
  return { doomed: doomedOf([...receipts.values()], keep), dangling }
}
