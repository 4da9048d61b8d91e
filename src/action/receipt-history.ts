/**
 * Receipts across workflow runs (docs/design.md §5): before a run, this identity's history is
 * restored from actions/cache into a staging folder and merged into the store, each file
 * validated; after it, the history is staged again and saved under a new unique key.
 * Persistence problems never fail the step: they are warnings, and the verdict stands.
 */
import { randomBytes } from 'node:crypto'
import { lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isErrorCode, readRegularFile, requireRealDirectory } from '../core/atomic-file.js'
import { describeError } from '../core/errors.js'
import { printable } from '../core/printable.js'
import { parseReceipt, type Receipt } from '../core/receipt.js'
import { MAX_RECEIPT_BYTES, type ReceiptStore } from '../core/receipt-store.js'
import { isRunId } from '../core/run-id.js'
import { CACHE_KEY_PREFIX } from './constants.js'
import type { CacheStore } from './persistence/cache-store.js'

/** Which history, where, and how to report. */
export interface HistoryOptions {
  cache: CacheStore
  store: ReceiptStore
  stateDir: string
  historyKey: string
  target: string
  scope: string
  identityHash: string
  warn: (message: string) => void
  info: (message: string) => void
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

function stagingDir(options: HistoryOptions): string {
  return join(options.stateDir, 'cache', options.historyKey)
}

/**
 * The path as the cache client sees it. The cache version hashes this exact string, so it
 * must be the same on every runner that shares the history: under RUNNER_TEMP it is
 * (/home/runner/work/_temp on hosted runners). The client refuses `..` in paths, so it
 * cannot be made relative to the workspace.
 */
function cachePath(options: HistoryOptions): string {
  return stagingDir(options)
}

/** Restores this identity's newest history entry and merges its valid receipts into the store. */
export async function restoreHistory(options: HistoryOptions): Promise<RestoreStatus> {
  const stage = stagingDir(options)
  await rm(stage, { recursive: true, force: true })
  await mkdir(stage, { recursive: true })
  const prefix = historyKeyPrefix(options.historyKey)
  const answer = await options.cache.restore([cachePath(options)], prefix)
  if (answer.kind === 'failed') {
    // The client has printed its own warning for a service error; the caller adds what the
    // failure means for this run. A thrown error has not been printed yet.
    if (!answer.logged) options.warn(`reverify: could not restore the receipt history: ${answer.reason}`)
    return { status: 'failed', reason: answer.reason }
  }
  if (answer.kind === 'miss') return { status: 'none' }
  const key = answer.key
  // Only reverify's own prefix is ever restored; anything else is not ours to read.
  if (!key.startsWith(prefix)) return { status: 'failed', reason: `unexpected cache key ${key}` }
  const imported = await importStaged(options, stage)
  options.info(`reverify: restored ${imported} receipt(s) of this command from cache ${key}`)
  return { status: 'restored', key, imported }
}

/** Whether a cached copy should replace what the store has. */
function cachedIsNewer(local: Receipt | undefined, cached: Receipt): boolean {
  if (local === undefined) return true
  if (cached.capture !== undefined && local.capture === undefined) return true
  return local.status === 'running' && cached.status !== 'running'
}

async function importStaged(options: HistoryOptions, stage: string): Promise<number> {
  const runs = join(stage, 'runs')
  let names: string[]
  try {
    // The archive decides what these are: a link in place of either leads out of the stage.
    await requireRealDirectory(stage)
    await requireRealDirectory(runs)
    names = await readdir(runs)
  } catch (error) {
    if (!isErrorCode(error, 'ENOENT')) options.warn(`reverify: skipped the restored receipts: ${describeError(error)}`)
    return 0
  }
  let imported = 0
  for (const name of names.slice(0, 10_000)) {
    const skip = (why: string) => options.warn(`reverify: skipped cached receipt ${printable(name)}: ${why}`)
    if (!isRunId(name)) {
      skip('not a run id')
      continue
    }
    const dir = join(runs, name)
    const info = await lstat(dir).catch(() => undefined)
    if (!info?.isDirectory()) {
      skip('not a directory')
      continue
    }
    let text: string | undefined
    try {
      text = await readRegularFile(join(dir, 'receipt.json'), MAX_RECEIPT_BYTES)
    } catch (error) {
      skip(describeError(error))
      continue
    }
    if (text === undefined) continue
    let parsed: ReturnType<typeof parseReceipt>
    try {
      parsed = parseReceipt(JSON.parse(text))
    } catch {
      skip('not JSON')
      continue
    }
    if (!parsed.ok) {
      skip(parsed.reason)
      continue
    }
    const cached = parsed.receipt
    if (
      cached.run_id !== name ||
      cached.target !== options.target ||
      cached.scope !== options.scope ||
      cached.identity_hash !== options.identityHash
    ) {
      skip('it belongs to another run, repository, scope or command')
      continue
    }
    if (cachedIsNewer(await options.store.read(name), cached)) {
      await options.store.write(cached)
      imported++
    }
  }
  return imported
}

/** Stages this identity's receipts and saves them under a new unique key. */
export async function saveHistory(options: HistoryOptions, key: string): Promise<boolean> {
  const stage = stagingDir(options)
  try {
    await rm(stage, { recursive: true, force: true })
    const receipts = await options.store.history(options.target, options.scope, options.identityHash)
    if (receipts.length === 0) return false
    for (const receipt of receipts) {
      await mkdir(join(stage, 'runs', receipt.run_id), { recursive: true })
      await writeFile(join(stage, 'runs', receipt.run_id, 'receipt.json'), `${JSON.stringify(receipt, null, 2)}\n`)
    }
    const answer = await options.cache.save([cachePath(options)], key)
    if (answer.kind === 'failed') {
      options.warn(`reverify: the receipt history was not saved to the cache: ${answer.reason}; the verdict stands`)
      return false
    }
    options.info(`reverify: saved ${receipts.length} receipt(s) of this command to cache ${key}`)
    return true
  } catch (error) {
    options.warn(`reverify: could not save the receipt history: ${describeError(error)}; the verdict stands`)
    return false
  }
}
