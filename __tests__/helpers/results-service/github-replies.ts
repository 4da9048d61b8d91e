import { STATUS_CODES } from 'node:http'
import type { HttpReply } from './http-reply.js'

const documentationUrl = 'https://docs.github.com/rest'

/** GitHub's error document `{message, documentation_url, status}` with its status. */
export function githubError(status: number, message: string, extra: Record<string, unknown> = {}): HttpReply {
  return githubJson(status, { message, ...extra, documentation_url: documentationUrl, status: String(status) })
}

/** 422 `Validation Failed` with one `errors` entry, as GitHub words a field it refuses. */
export function validationFailed(
  resource: string,
  field: string,
  code: 'missing_field' | 'invalid' | 'custom',
  message?: string
): HttpReply {
  const error = { resource, code, field, ...(message === undefined ? {} : { message }) }
  return githubError(422, 'Validation Failed', { errors: [error] })
}

/** The 422 the Checks API's schema check sends: `Invalid request.\n\n<reason>`. */
export function invalidRequest(reason: string): HttpReply {
  return githubError(422, `Invalid request.\n\n${reason}`)
}

/** A JSON answer with the headers GitHub's REST API sends on every response. */
export function githubJson(status: number, value: unknown, headers: Record<string, string> = {}): HttpReply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-github-media-type': 'github.v3; format=json', ...headers },
    body: JSON.stringify(value)
  }
}

/** The fault reply for a GitHub target: GitHub's error document unless the fault gives a body. */
export function githubFaultReply(status: number): HttpReply {
  return githubError(status, STATUS_CODES[status] ?? 'injected fault')
}

/** One page of a listing. */
export interface Page<Item> {
  items: Item[]
  /** The `Link` header (absent when everything fits on one page). */
  headers: Record<string, string>
}

/**
 * Cuts `items` at `per_page` (default 30, at most 100) and `page` (from 1), with the `Link`
 * header GitHub sends: `prev`, `next`, `last`, `first` as they apply, each an absolute URL
 * under `linkBase` (GitHub's own links name the repository by id) keeping the other query
 * parameters.
 */
export function pageOf<Item>(items: readonly Item[], query: URLSearchParams, linkBase: string): Page<Item> {
  const asked = Number(query.get('per_page') ?? '30')
  const perPage = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, 100) : 30
  const askedPage = Number(query.get('page') ?? '1')
  const page = Number.isInteger(askedPage) && askedPage >= 1 ? askedPage : 1
  const lastPage = Math.max(1, Math.ceil(items.length / perPage))
  const shown = items.slice((page - 1) * perPage, page * perPage)
  const link = (target: number, rel: string): string => {
    const params = new URLSearchParams(query)
    params.set('per_page', String(perPage))
    params.set('page', String(target))
    return `<${linkBase}?${params.toString()}>; rel="${rel}"`
  }
  const links: string[] = []
  if (page > 1) links.push(link(Math.min(page - 1, lastPage), 'prev'))
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'))
  if (page > 1) links.push(link(1, 'first'))
  return { items: shown, headers: links.length === 0 ? {} : { link: links.join(', ') } }
}

/** One authorized request to a GitHub REST endpoint, as the handlers see it. */
export interface RestCall {
  /** The values the route's pattern captured (an issue number, a check run id, a SHA …). */
  params: string[]
  owner: string
  repo: string
  /** The id GitHub's own links name the repository by. */
  repositoryId: number
  query: URLSearchParams
  /** The parsed JSON body (undefined for a GET). */
  body: unknown
  /** GITHUB_API_URL: the service's URL without the trailing slash. */
  apiUrl: string
}

/** `https://github.com/{owner}/{repo}`: where the web pages of the repository are. */
export const htmlBase = (call: RestCall): string => `https://github.com/${call.owner}/${call.repo}`

/** `{apiUrl}/repos/{owner}/{repo}/{rest}`. */
export const repoUrl = (call: RestCall, rest: string): string => `${call.apiUrl}/repos/${call.owner}/${call.repo}/${rest}`

/** `{apiUrl}/repositories/{id}/{rest}`: the form GitHub's `Link` headers use. */
export const repositoryIdUrl = (call: RestCall, rest: string): string => `${call.apiUrl}/repositories/${call.repositoryId}/${rest}`

/** Length as GitHub counts characters: code points, not UTF-16 units. */
export const characterCount = (text: string): number => [...text].length

/** A JSON object body, or undefined when it is not one. */
export const objectBody = (body: unknown): Record<string, unknown> | undefined =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
