import type { ApiTokens } from './api-tokens.js'
import type { HttpReply } from './http-reply.js'
import { jsonReply } from './twirp.js'
import type { CacheEntry } from './types.js'

/** `GET /repos/{owner}/{repo}/actions/caches`, the REST listing of cache entries. */
export const cacheListPath = /^\/repos\/([^/]+)\/([^/]+)\/actions\/caches$/

/** The fault target of the REST listing, for `injectFault`. */
export const LIST_CACHES = 'ListCaches'

export type { ApiTokenGrant } from './api-tokens.js'

/**
 * The REST side of the Actions cache: tokens (as GITHUB_TOKEN would be, with or without
 * `actions: read`) and the listing of entries, newest first, filtered by key prefix.
 * Entries carry `ref: refs/heads/main`: branch scoping is not modelled here either.
 */
export class CacheRestApi {
  constructor(private readonly tokens: ApiTokens) {}

  /** Answers a listing request: 401 without a known token, 403 without `actions: read`. */
  handle(method: string, url: URL, authorization: string | undefined, entries: readonly CacheEntry[]): HttpReply {
    if (method !== 'GET') return jsonReply(404, { message: 'Not Found' })
    const grant = this.tokens.grantOf(authorization)
    if (grant === undefined) return jsonReply(401, { message: 'Bad credentials', status: '401' })
    if (grant.actionsRead !== true) return jsonReply(403, { message: 'Resource not accessible by integration', status: '403' })
    const key = url.searchParams.get('key') ?? ''
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? '30') || 30))
    const page = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1)
    const ascending = url.searchParams.get('direction') === 'asc'
    const matching = entries
      .map((entry, index) => ({ entry, id: index + 1 }))
      .filter(({ entry }) => entry.key.startsWith(key))
      .sort((a, b) => (a.entry.createdAt - b.entry.createdAt || a.id - b.id) * (ascending ? 1 : -1))
    const shown = matching.slice((page - 1) * perPage, page * perPage)
    return jsonReply(200, {
      total_count: matching.length,
      actions_caches: shown.map(({ entry, id }) => ({
        id,
        ref: 'refs/heads/main',
        key: entry.key,
        version: entry.version,
        last_accessed_at: new Date(entry.createdAt).toISOString(),
        created_at: new Date(entry.createdAt).toISOString(),
        size_in_bytes: entry.size
      }))
    })
  }
}
