/** One request the service answered, in the order the answers were sent. */
export interface RecordedRequest {
  method: string
  /** Path and query as received (blob URLs keep their `comp`/`blockid` parameters). */
  path: string
  /**
   * The fault target: a Twirp method name (`CreateCacheEntry`, `CreateArtifact`, …), a REST
   * endpoint (`ListCaches`, `CreateCheckRun`, `ListComments`, …) or `blob` for storage.
   */
  rpc?: string
  status: number
  /** The parsed JSON body of a Twirp or REST call; absent for blob traffic. */
  body?: unknown
}

/**
 * What an injected fault does to a matching request.
 * - `status`: answer with that code (body defaults to a Twirp, storage or GitHub REST error
 *   document, by target); `retryAfter` adds a `Retry-After` header (seconds or an HTTP
 *   date), as GitHub's rate limit on cache uploads sends with its 429; `headers` adds any
 *   other response headers (a REST rate limit: 403 with `x-ratelimit-remaining: 0`);
 * - `garbage`: answer 200 with a body the client cannot use. `true` sends JSON of the wrong
 *   shape, which the clients reject at once; `'text'` sends a non-JSON page, which the
 *   Twirp clients treat as retryable (about 25 s of back-off before they give up). On
 *   `blob`, both send an HTML page;
 * - `delayMs`: hold the request that long, then serve it normally;
 * - `hang`: never answer (the request is held until the service stops), as a stalled
 *   service does; the clients wait minutes for it;
 * - `barrier`: hold each request until the barrier's `size` requests have arrived, then
 *   serve them all normally: calls meant to overlap (two matrix legs' saves, each after its
 *   own restore) overlap however the machine schedules them.
 */
export type Fault =
  | { status: number; body?: string; retryAfter?: string; headers?: Record<string, string> }
  | { garbage: true | 'text' }
  | { delayMs: number }
  | { hang: true }
  | { barrier: RequestBarrier }

/** Holds requests until `size` of them have arrived, then lets them all through at once. */
export class RequestBarrier {
  private readonly waiting: (() => void)[] = []

  constructor(readonly size: number) {}

  /** Resolves once `size` requests have arrived, this one included. */
  arrive(): Promise<void> {
    return new Promise(resolve => {
      this.waiting.push(resolve)
      if (this.waiting.length >= this.size) for (const release of this.waiting.splice(0)) release()
    })
  }
}

/** A committed cache entry (reserved-but-unfinalized entries are not listed). */
export interface CacheEntry {
  key: string
  version: string
  size: number
  /** Reservation time in ms since the epoch; the newest entry wins a prefix match. */
  createdAt: number
  data: Buffer
}

/** A finalized artifact. */
export interface UploadedArtifact {
  id: number
  name: string
  size: number
  /** The uploaded zip. */
  data: Buffer
  /** `sha256:<hex>` as the client reported it at finalize time. */
  digest?: string
  /** RFC 3339 expiry the client asked for (set from `retentionDays`), if any. */
  expiresAt?: string
  workflowRunBackendId: string
  workflowJobRunBackendId: string
}
