/**
 * Which HTTP answers of one cache call were 429s, and what their `Retry-After` said
 * (docs/design.md §5, "Receipt history in the cache"). GitHub answers cache uploads past its
 * per-repository rate limit with 429 and `Retry-After`; @actions/cache turns that into -1
 * and a log line, and where the 429 came from the blob storage its log names neither the
 * status nor the header. So the answers are read where they arrive: Node's HTTP client
 * publishes every request and response on `node:diagnostics_channel`, and a request started
 * inside a watched call (its async context) belongs to that call. Overlapping calls, and the
 * trace upload running beside the save, never take each other's answers.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { ClientRequest, IncomingMessage } from 'node:http'

/** A 429 answer seen during a call: its `Retry-After` header as sent, when it had one. */
export interface RateLimitAnswer {
  retryAfter?: string
}

const REQUEST_START = 'http.client.request.start'
const RESPONSE_FINISH = 'http.client.response.finish'

const answersOfCall = new AsyncLocalStorage<RateLimitAnswer[]>()
const callOfRequest = new WeakMap<ClientRequest, RateLimitAnswer[]>()
let callsWatching = 0

function onRequestStart(message: unknown): void {
  const answers = answersOfCall.getStore()
  const request = (message as { request?: ClientRequest }).request
  if (answers !== undefined && request !== undefined) callOfRequest.set(request, answers)
}

function onResponseFinish(message: unknown): void {
  const { request, response } = message as { request?: ClientRequest; response?: IncomingMessage }
  if (request === undefined || response?.statusCode !== 429) return
  const answers = callOfRequest.get(request)
  if (answers === undefined) return
  const header = response.headers['retry-after']
  answers.push(header === undefined ? {} : { retryAfter: header })
}

/** Runs `call`, answering its value and the 429 answers its HTTP requests got, in order. */
export async function watchingRateLimits<T>(call: () => Promise<T>): Promise<{ value: T; rateLimits: RateLimitAnswer[] }> {
  const rateLimits: RateLimitAnswer[] = []
  if (callsWatching++ === 0) {
    subscribe(REQUEST_START, onRequestStart)
    subscribe(RESPONSE_FINISH, onResponseFinish)
  }
  try {
    return { value: await answersOfCall.run(rateLimits, call), rateLimits }
  } finally {
    if (--callsWatching === 0) {
      unsubscribe(REQUEST_START, onRequestStart)
      unsubscribe(RESPONSE_FINISH, onResponseFinish)
    }
  }
}

/** Whether the watched call running here has had a 429 answer so far. */
export function rateLimitedSoFar(): boolean {
  return (answersOfCall.getStore()?.length ?? 0) > 0
}

/**
 * Milliseconds a `Retry-After` value asks for: whole seconds, or an HTTP date (less now; a
 * date past is 0). Undefined for anything else, or for no header.
 */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  const text = value?.trim() ?? ''
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000
  if (!/[a-z]/i.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
