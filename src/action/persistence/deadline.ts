/**
 * Deadlines for the cache and artifact services (docs/design.md §5, "Error policy"). Their
 * clients wait minutes for a service that never answers (a socket timeout times several
 * retries), before or after the command. Restore, save and upload each get a deadline; past
 * it reverify warns and goes on, and the verdict never depends on it. A late call cannot be
 * stopped (the clients take no abort signal), so it is abandoned: its answer is ignored,
 * and the step's process exits once its work is done instead of waiting for it.
 */

/** How long each service call may take, in milliseconds. */
export interface ServiceDeadlines {
  restoreMs: number
  saveMs: number
  uploadMs: number
  /** The cache listing, within what is left of the restore's deadline. */
  listMs: number
}

/**
 * The documented defaults: 60 s to restore the history (the listing included, so a listing's
 * own 60 s never adds to it), 120 s to save it or upload the trace.
 */
export const DEFAULT_DEADLINES: ServiceDeadlines = { restoreMs: 60_000, saveMs: 120_000, uploadMs: 120_000, listMs: 60_000 }

/** Environment variables that shorten (or lengthen) a deadline, in milliseconds: for tests and slow networks. */
export const DEADLINE_ENV = {
  restoreMs: 'REVERIFY_RESTORE_DEADLINE_MS',
  saveMs: 'REVERIFY_SAVE_DEADLINE_MS',
  uploadMs: 'REVERIFY_UPLOAD_DEADLINE_MS',
  listMs: 'REVERIFY_LIST_DEADLINE_MS'
} as const

/** The deadlines, each overridden by its environment variable when that is a whole number of ms (1 to 3,600,000). */
export function deadlinesFrom(env: NodeJS.ProcessEnv): ServiceDeadlines {
  const pick = (name: keyof ServiceDeadlines): number => {
    const raw = env[DEADLINE_ENV[name]]?.trim() ?? ''
    const value = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN
    return value >= 1 && value <= 3_600_000 ? value : DEFAULT_DEADLINES[name]
  }
  return { restoreMs: pick('restoreMs'), saveMs: pick('saveMs'), uploadMs: pick('uploadMs'), listMs: pick('listMs') }
}

/** A call's answer, or `late` when the deadline came first. */
export type Raced<T> = { late: false; value: T } | { late: true }

let abandonedCalls = 0

/** Whether a call was abandoned at its deadline and may still hold the process open. */
export function hasAbandonedCalls(): boolean {
  return abandonedCalls > 0
}

/**
 * Starts `work` and waits for it at most `ms`. A late call is abandoned (and counted), never
 * awaited again, and the signal `work` was given is aborted: the call cannot be stopped, but
 * what it says from then on can be told apart (persistence/cache-store.ts).
 */
export async function withinDeadline<T>(start: (abandoned: AbortSignal) => Promise<T>, ms: number): Promise<Raced<T>> {
  const abandoned = new AbortController()
  const work = start(abandoned.signal)
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<'late'>(resolve => {
    timer = setTimeout(() => resolve('late'), Math.max(0, ms))
  })
  try {
    const winner = await Promise.race([work.then(value => ({ value })), expired])
    if (winner !== 'late') return { late: false, value: winner.value }
    abandonedCalls++
    abandoned.abort()
    // Whatever it does later, a rejection must not become an unhandled one.
    work.catch(() => undefined)
    return { late: true }
  } finally {
    clearTimeout(timer)
  }
}

/** One deadline shared by several calls (the restore of several entries): the time left, and a race against it. */
export interface Deadline {
  remainingMs(): number
  race<T>(start: (abandoned: AbortSignal) => Promise<T>): Promise<Raced<T>>
}

/** A deadline `ms` from now. */
export function startDeadline(ms: number, now: () => number = Date.now): Deadline {
  const end = now() + ms
  const remainingMs = () => Math.max(0, end - now())
  return { remainingMs, race: start => withinDeadline(start, remainingMs()) }
}

/** Seconds as a person reads them in a warning. */
export function deadlineText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`
}
