/**
 * The one adapter over @actions/cache. The client answers a restore with a key or
 * `undefined` and a save with an id or -1, whatever happened; this adapter turns that into
 * answers that say what happened: a hit, a miss or a failure on restore, saved or failed
 * (and why) on save. Nothing here throws.
 */
import { workflowSafe } from '../workflow-commands.js'
import { AsyncLocalStorage } from 'node:async_hooks'
import { describeError } from '../../core/index.js'
import { rateLimitedSoFar, retryAfterMs, watchingRateLimits, type RateLimitAnswer } from './rate-limit-watch.js'

/** The two calls of @actions/cache the adapter wraps (the real module fits). */
export interface CacheClient {
  restoreCache(paths: string[], primaryKey: string, restoreKeys?: string[]): Promise<string | undefined>
  saveCache(paths: string[], key: string): Promise<number>
}

/** How a restore went. `failed` is not a miss: whether an entry exists is unknown. */
export type RestoreAnswer =
  | { kind: 'hit'; key: string }
  | { kind: 'miss' }
  /** `logged`: the client has already printed this failure (it does for service errors, not for what it throws). */
  | { kind: 'failed'; reason: string; logged: boolean }

/**
 * How a save went; `reason` says whether it was a reserve conflict, a -1 or a thrown error.
 * `rate-limited`: the service answered 429 (GitHub's limit on cache uploads), with the wait
 * its `Retry-After` asked for when it sent a usable one.
 */
export type SaveAnswer =
  { kind: 'saved'; id: number } | { kind: 'failed'; reason: string } | { kind: 'rate-limited'; reason: string; retryAfterMs?: number }

/**
 * Restores and saves cache entries, saying what happened. `abandoned` is aborted when the
 * call's deadline passes and it is no longer waited for (persistence/deadline.ts): the client takes
 * no abort signal and goes on in the background, and what it prints from then on stays a
 * plain log line. reverify has already said how the restore or save ended; a warning the
 * client adds afterwards (often that its folder has gone) would be a second, stale one.
 */
export interface CacheStore {
  /** Restores into `paths` the newest entry whose key starts with `prefix`. */
  restore(paths: string[], prefix: string, abandoned?: AbortSignal): Promise<RestoreAnswer>
  /** Saves `paths` under `key`, which must not exist yet. */
  save(paths: string[], key: string, abandoned?: AbortSignal): Promise<SaveAnswer>
}

/** The adapter over `client` (index.ts passes the real @actions/cache module). */
export function createCacheStore(client: CacheClient): CacheStore {
  return {
    async restore(paths, prefix, abandoned) {
      let watched: Watched<string | undefined>
      try {
        watched = await watchingClientLog(() => client.restoreCache(paths, prefix), abandoned)
      } catch (error) {
        return { kind: 'failed', reason: describeError(error), logged: false }
      }
      const failure = watched.lines.find(
        line => (line.level === 'warning' || line.level === 'error') && line.text.startsWith('Failed to restore')
      )
      if (failure !== undefined) return { kind: 'failed', reason: failure.text, logged: true }
      return watched.value === undefined ? { kind: 'miss' } : { kind: 'hit', key: watched.value }
    },

    async save(paths, key, abandoned) {
      let saving: { value: Watched<number>; rateLimits: RateLimitAnswer[] }
      try {
        saving = await watchingRateLimits(() => watchingClientLog(() => client.saveCache(paths, key), abandoned))
      } catch (error) {
        return { kind: 'failed', reason: `the cache client threw: ${describeError(error)}` }
      }
      const { value: watched, rateLimits } = saving
      if (watched.value !== -1) return { kind: 'saved', id: watched.value }
      const reason = saveFailureReason(watched.lines)
      const last = rateLimits.at(-1)
      if (last === undefined) return { kind: 'failed', reason }
      const wait = retryAfterMs(last.retryAfter, Date.now())
      return { kind: 'rate-limited', reason, ...(wait !== undefined && { retryAfterMs: wait }) }
    }
  }
}

/** Why a save answered -1, from what the client printed meanwhile. */
function saveFailureReason(lines: readonly ClientLine[]): string {
  // The client folds every refusal of CreateCacheEntry into one "Unable to reserve" message;
  // only its debug line keeps the HTTP status, which tells a taken key (409) from the rest.
  const reserve = lines.find(line => /^Failed to save: Unable to reserve cache/.test(line.text))
  if (reserve !== undefined) {
    const status = lines.map(line => /^Failed to reserve cache: .*\((\d{3})\)/.exec(line.text)?.[1]).find(code => code !== undefined)
    const what = status === '409' ? 'reserve conflict, the key is taken (409)' : `reserve refused${status ? ` (${status})` : ''}`
    return `${what}: ${reserve.text.replace(/^Failed to save: /, '')}`
  }
  const reported =
    lines.find(line => line.level !== 'debug' && /^(Failed to save|Cache save skipped|Cache reservation failed)/.test(line.text)) ??
    lines.find(line => line.level === 'warning' || line.level === 'error')
  return reported ? `the cache client returned -1: ${reported.text}` : 'the cache client returned -1 without saying why'
}

/** One line the client printed: a workflow command's level (or `info`) and its text. */
interface ClientLine {
  level: 'debug' | 'warning' | 'error' | 'notice' | 'info'
  text: string
}

interface Watched<T> {
  value: T
  lines: ClientLine[]
}

/**
 * Why stdout is watched: the client tells its caller nothing of a failure. A service error
 * on restore becomes a "Failed to restore" warning and the same `undefined` as a miss; on
 * save, a taken key, a refused reservation or a failed upload become a log line and -1.
 * Those lines go through the client's own copy of @actions/core straight to
 * process.stdout, so reading them as they pass is the only way to tell a failure from a
 * miss (and to say why a save failed). Everything is still written through unchanged.
 * Each line goes to the call whose async context wrote it, so calls that overlap (or
 * other output meanwhile) never take each other's lines.
 */
async function watchingClientLog<T>(call: () => Promise<T>, abandoned?: AbortSignal): Promise<Watched<T>> {
  const lines: ClientLine[] = []
  hookStdout()
  try {
    return { value: await callOf.run({ lines, abandoned }, call), lines }
  } finally {
    unhookStdout()
  }
}

/** One watched call: the lines it printed, and the signal its caller aborts when it stops waiting. */
interface WatchedCall {
  lines: ClientLine[]
  abandoned: AbortSignal | undefined
}

const callOf = new AsyncLocalStorage<WatchedCall>()
let callsWatching = 0
let hooked: { original: typeof process.stdout.write; hook: typeof process.stdout.write } | undefined

function hookStdout(): void {
  callsWatching++
  if (hooked !== undefined) return
  const original = process.stdout.write
  const hook = function (chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    const call = callOf.getStore()
    let written = chunk
    if (call !== undefined && hooked?.hook === hook) {
      const { lines } = call
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
      for (const raw of text.split('\n')) {
        const line = parseClientLine(raw)
        if (line !== undefined) lines.push(line)
      }
      // The client's info lines quote keys and paths (`Cache restored from key: …`); each
      // write is one line of its own, and its commands (`::debug::…`) come escaped by its core
      if (!text.startsWith('::')) written = workflowSafe(text)
      // Past a 429 the client's warnings ("You've hit a rate limit…", "Failed to save: …")
      // stay in the log as plain lines: reverify retries and says itself how the save ended.
      // So do a call's warnings and errors once it was abandoned at its deadline.
      else if (
        (text.startsWith('::warning') && rateLimitedSoFar()) ||
        (/^::(warning|error)/.test(text) && call.abandoned?.aborted === true)
      ) {
        written = `${workflowSafe(plainMessage(text))}\n`
      }
    }
    return (original as (...args: unknown[]) => boolean).call(process.stdout, written, ...rest)
  } as typeof process.stdout.write
  hooked = { original, hook }
  process.stdout.write = hook
}

function unhookStdout(): void {
  callsWatching--
  if (callsWatching > 0 || hooked === undefined) return
  // Whoever wrapped stdout after this hook keeps their wrapper (and this one, now inert, inside it).
  if (process.stdout.write === hooked.hook) process.stdout.write = hooked.original
  hooked = undefined
}

/** The message of a workflow command as @actions/core escaped it, unescaped, without its end of line. */
function plainMessage(command: string): string {
  const message = command.replace(/^::[a-z]+(?: [^:]*)?::/, '').replace(/\r?\n$/, '')
  return message.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}

/** A printed line as @actions/core wrote it (`::warning::text`, escaped), first line of its text only. */
function parseClientLine(raw: string): ClientLine | undefined {
  const trimmed = raw.replace(/\r$/, '')
  if (trimmed === '') return undefined
  const command = /^::(debug|warning|error|notice)(?: [^:]*)?::(.*)$/.exec(trimmed)
  if (command === null) return { level: 'info', text: trimmed }
  // @actions/core escapes %, CR and LF in a command's message; a reason is its first line.
  const message = command[2]!.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
  return { level: command[1] as ClientLine['level'], text: message.split(/\r?\n/)[0]! }
}
