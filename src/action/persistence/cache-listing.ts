/**
 * Lists one history's cache entries through the REST API (docs/design.md §5): `GET
 * {GITHUB_API_URL}/repos/{owner}/{repo}/actions/caches?key=<prefix>`, newest first. It needs
 * a token with `actions: read` (input `github-token`); a refusal or any other failure is an
 * answer, never a throw, and the token never appears in one. @actions/http-client is used
 * because it honours the runner's proxy settings, as the cache client does.
 */
import { HttpClient, HttpClientError } from '@actions/http-client'
import { z } from 'zod'
import { describeError, printable } from '../../core/index.js'

/** Most entries asked for in one listing (the API allows 100 a page). */
export const MAX_LISTED = 100

/** How a listing went: the keys newest first, or why there are none. */
export type ListAnswer = { kind: 'listed'; keys: string[] } | { kind: 'refused'; reason: string }

/** Lists cache entries whose key starts with a prefix. */
export interface CacheListing {
  list(prefix: string, perPage: number): Promise<ListAnswer>
}

/** Where to list, and with which token. */
export interface ListingOptions {
  /** GITHUB_API_URL, e.g. https://api.github.com (no trailing slash needed). */
  apiUrl: string
  /** owner/name. */
  repository: string
  token: string
}

const ListSchema = z.object({
  actions_caches: z.array(z.object({ key: z.string().max(512), created_at: z.string().max(64).optional() }).passthrough()).max(MAX_LISTED)
})

/** The REST listing with `options`' token. */
export function createCacheListing(options: ListingOptions): CacheListing {
  const hide = (text: string) => (options.token === '' ? text : text.split(options.token).join('***'))
  return {
    async list(prefix, perPage) {
      const query = new URLSearchParams({
        key: prefix,
        sort: 'created_at',
        direction: 'desc',
        per_page: String(Math.min(Math.max(1, perPage), MAX_LISTED))
      })
      const url = `${options.apiUrl.replace(/\/+$/, '')}/repos/${options.repository}/actions/caches?${query}`
      const client = new HttpClient('reverify', [], { allowRetries: false, socketTimeout: 30_000 })
      try {
        const response = await client.getJson<unknown>(url, {
          authorization: `Bearer ${options.token}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28'
        })
        if (response.statusCode === 404) return { kind: 'refused', reason: 'the API answered 404 (no such repository for this token)' }
        const parsed = ListSchema.safeParse(response.result)
        if (!parsed.success) return { kind: 'refused', reason: 'the API answered with something that is not a cache list' }
        const entries = parsed.data.actions_caches.filter(entry => entry.key.startsWith(prefix))
        // Newest first whatever order came back; an entry without a time sorts last.
        entries.sort((a, b) => ((a.created_at ?? '') < (b.created_at ?? '') ? 1 : (a.created_at ?? '') > (b.created_at ?? '') ? -1 : 0))
        return { kind: 'listed', keys: entries.map(entry => entry.key) }
      } catch (error) {
        const status = error instanceof HttpClientError ? `${error.statusCode}: ` : ''
        return { kind: 'refused', reason: hide(printable(`${status}${describeError(error)}`, 300)) }
      } finally {
        client.dispose()
      }
    }
  }
}
