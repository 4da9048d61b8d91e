/**
 * Receipts across workflow runs (docs/design.md §5): before a run, this identity's history is
 * restored from actions/cache and merged into the store, each file validated; with a token
 * that may list the cache, the newest few entries are merged, so concurrent jobs (matrix
 * legs) lose none of each other's receipts. After the run, the history is staged again and
 * saved under a new unique key. Entries pass through a transfer folder whose path is the same
 * on every runner (persistence/transfer-dir.ts). Every service call has a deadline.
 * Persistence problems never fail the step: they are warnings, and the verdict stands.
 */
import { randomBytes } from 'node:crypto'
import { describeError, HistoryImport, stageHistory, type MachinePorts, type ReceiptStore } from '../../core/index.js'
import { CACHE_KEY_PREFIX } from '../constants.js'
import type { CacheListing } from './cache-listing.js'
import type { CacheStore, RestoreAnswer } from './cache-store.js'
import { deadlineText, startDeadline, withinDeadline, type Deadline } from './deadline.js'
import { retries, saveHonouringRateLimit } from './rate-limited-save.js'
import { transferDir, type TransferDir } from './transfer-dir.js'

/** Most cache entries merged in one restore, the newest one included. */
export const MAX_MERGED_ENTRIES = 10
/** Entries asked of the listing: a few more than are merged, as some may be out of this branch's reach. */
const LISTED_ENTRIES = 20

/** Which history, where, and how to report. */
export interface HistoryOptions {
  cache: CacheStore
  store: ReceiptStore
  /** Where the cache client works (GITHUB_WORKSPACE): the transfer folder lives under it. */
  workspace: string
  historyKey: string
  target: string
  scope: string
  identityHash: string
  /** The REST listing; undefined when no `github-token` was given. */
  listing?: CacheListing
  /** Milliseconds each phase may take (persistence/deadline.ts). */
  deadlines: { restoreMs: number; saveMs: number; listMs?: number }
  /** This run attempt in Actions, to age out other attempts' `running` receipts. */
  here?: { runId?: string; runAttempt?: number }
  warn: (message: string) => void
  info: (message: string) => void
  /** Fault injection only: the pause `during-cache-save` (core/recovery/test-pause.ts). */
  pause?: MachinePorts['pause']
}

/** How a restore went: 'failed' means the history could not be checked. */
export type RestoreStatus =
  { status: 'restored'; key: string; imported: number } | { status: 'none' } | { status: 'failed'; reason: string }

/** The cache key prefix of one history. */
export function historyKeyPrefix(historyKey: string): string {
  return `${CACHE_KEY_PREFIX}${historyKey}-`
}

/** A new unique key for saving: run, attempt, job and a random part, so nothing collides. */
export function newHistoryKey(historyKey: string, env: NodeJS.ProcessEnv): string {
  const clean = (value: string | undefined, fallback: string) => (value ?? fallback).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)
  return `${historyKeyPrefix(historyKey)}${clean(env.GITHUB_RUN_ID, 'local')}-${clean(env.GITHUB_RUN_ATTEMPT, '1')}-${clean(env.GITHUB_JOB, 'job')}-${randomBytes(4).toString('hex')}`
}

/** The transfer folder of this history, or a failure when its place is taken. */
async function openTransfer(options: HistoryOptions): Promise<TransferDir> {
  const transfer = transferDir(options.workspace, options.historyKey)
  await transfer.reset()
  return transfer
}

/** One entry restored into the transfer folder: its key, a miss, a failure, or too late. */
async function restoreOne(
  options: HistoryOptions,
  transfer: TransferDir,
  key: string,
  deadline: Deadline
): Promise<RestoreAnswer | { kind: 'late' }> {
  await transfer.reset()
  const raced = await deadline.race(abandoned => options.cache.restore([transfer.cachePath], key, abandoned))
  return raced.late ? { kind: 'late' } : raced.value
}

/** Restores this identity's newest entry (and, when the listing allows, a few more), merged into the store. */
export async function restoreHistory(options: HistoryOptions): Promise<RestoreStatus> {
  const deadline = startDeadline(options.deadlines.restoreMs)
  let transfer: TransferDir
  try {
    transfer = await openTransfer(options)
  } catch (error) {
    const reason = `the transfer folder cannot be used: ${describeError(error)}`
    options.warn(`reverify: could not restore the receipt history: ${reason}`)
    return { status: 'failed', reason }
  }
  try {
    const prefix = historyKeyPrefix(options.historyKey)
    const answer = await restoreOne(options, transfer, prefix, deadline)
    if (answer.kind === 'late') {
      const reason = `the cache service did not answer within ${deadlineText(options.deadlines.restoreMs)}`
      options.warn(`reverify: could not restore the receipt history: ${reason}; going on without it`)
      return { status: 'failed', reason }
    }
    if (answer.kind === 'failed') {
      // The client has printed its own warning for a service error; the caller adds what the
      // failure means for this run. A thrown error has not been printed yet.
      if (!answer.logged) options.warn(`reverify: could not restore the receipt history: ${answer.reason}`)
      return { status: 'failed', reason: answer.reason }
    }
    if (answer.kind === 'miss') return { status: 'none' }
    // Only reverify's own prefix is ever restored; anything else is not ours to read.
    if (!answer.key.startsWith(prefix)) return { status: 'failed', reason: `unexpected cache key ${answer.key}` }
    const importer = new HistoryImport({ ...options, now: Date.now })
    await importer.add(transfer.dir, answer.key)
    const merged = await mergeListed(options, transfer, importer, [answer.key], deadline)
    const counts = await importer.finish()
    reportImport(options, counts, answer.key, merged)
    return { status: 'restored', key: answer.key, imported: counts.imported }
  } finally {
    await transfer.remove().catch(error => options.warn(`reverify: could not remove the transfer folder: ${describeError(error)}`))
  }
}

/** Restores and imports the other listed entries, newest first; answers the keys merged. */
async function mergeListed(
  options: HistoryOptions,
  transfer: TransferDir,
  importer: HistoryImport,
  done: string[],
  deadline: Deadline
): Promise<string[]> {
  const prefix = historyKeyPrefix(options.historyKey)
  const { listing } = options
  if (listing === undefined) {
    options.info('reverify: no github-token, so the cache entries could not be listed: restored the newest entry only')
    return done
  }
  // The listing has its own limit within the restore's (docs/design.md §5, "Error policy").
  const listMs = Math.min(deadline.remainingMs(), options.deadlines.listMs ?? Infinity)
  const raced = await withinDeadline(() => listing.list(prefix, LISTED_ENTRIES), listMs)
  const listed = raced.late ? { kind: 'refused' as const, reason: 'the API did not answer in time' } : raced.value
  if (listed.kind === 'refused') {
    options.info(
      `reverify: could not list this command's cache entries (${listed.reason}); restored the newest entry only (github-token needs actions: read)`
    )
    return done
  }
  for (const key of listed.keys) {
    if (done.length >= MAX_MERGED_ENTRIES) break
    if (done.includes(key) || !key.startsWith(prefix)) continue
    const answer = await restoreOne(options, transfer, key, deadline)
    if (answer.kind === 'late') {
      options.warn(
        `reverify: merging the receipt history stopped at the ${deadlineText(options.deadlines.restoreMs)} deadline; going on with what was restored`
      )
      break
    }
    // A miss is an entry out of this branch's reach (or of another version): skipped.
    if (answer.kind !== 'hit' || answer.key !== key) continue
    await importer.add(transfer.dir, key)
    done.push(key)
  }
  return done
}

/** The counts of a finished import that its log line words. */
interface ImportLine {
  imported: number
  stale: number
  overLimit: number
  runningLimit: number
  knownTests: number
}

function reportImport(options: HistoryOptions, counts: ImportLine, newest: string, merged: string[]): void {
  const from = merged.length > 1 ? `${merged.length} cache entries (newest ${newest})` : `cache ${newest}`
  const known = counts.knownTests > 0 ? ` and ${counts.knownTests} known test(s)` : ''
  options.info(`reverify: restored ${counts.imported} receipt(s)${known} of this command from ${from}`)
  if (counts.stale > 0 || counts.overLimit > 0) {
    options.info(
      `reverify: ignored ${counts.stale + counts.overLimit} restored running receipt(s): ${counts.stale} from another run attempt started over a day ago, ${counts.overLimit} beyond the newest ${counts.runningLimit}`
    )
  }
}

/**
 * Stages this identity's receipts and saves them under a new unique key. `staged` is called
 * once the receipts are in the transfer folder and the cache client is called (or the save
 * ended before that), so a caller can start other work without slowing the staging down.
 */
export async function saveHistory(options: HistoryOptions, key: string, staged?: () => void): Promise<boolean> {
  let transfer: TransferDir | undefined
  try {
    transfer = await openTransfer(options)
    const history = await stageHistory(transfer.dir, options)
    if (history.warning !== undefined) options.warn(`reverify: ${history.warning}; the history is saved without them`)
    if (history.receipts === 0) return false
    const saving = saveHonouringRateLimit(options.cache, [transfer.cachePath], key, {
      deadlineMs: options.deadlines.saveMs,
      info: options.info
    })
    staged?.()
    // Fault injection kills the step here, the save under way (docs/reliability.md).
    await options.pause?.('during-cache-save')
    const saved = await saving
    if (saved.kind === 'saved') {
      const after = saved.retries > 0 ? ` after ${retries(saved.retries)}` : ''
      const known = history.knownTests > 0 ? ` and ${history.knownTests} known test(s)` : ''
      options.info(`reverify: saved ${history.receipts} receipt(s)${known} of this command to cache ${saved.key}${after}`)
      return true
    }
    const why =
      saved.kind === 'late'
        ? `: the cache service did not answer within ${deadlineText(options.deadlines.saveMs)}`
        : ` to the cache: ${saved.kind === 'rate-limited' ? saved.why : saved.reason}`
    options.warn(`reverify: the receipt history was not saved${why}; the verdict stands`)
    return false
  } catch (error) {
    options.warn(`reverify: could not save the receipt history: ${describeError(error)}; the verdict stands`)
    return false
  } finally {
    staged?.()
    await transfer?.remove().catch(error => options.warn(`reverify: could not remove the transfer folder: ${describeError(error)}`))
  }
}
