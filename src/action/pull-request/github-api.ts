/**
 * The report's REST client (docs/design.md §5 "The pull request: a check run and one
 * comment"): `@actions/github`'s Octokit, already in the report bundle through
 * @actions/artifact, with `baseUrl` from GITHUB_API_URL, no retry plugin (a create is not
 * safe to repeat), a silent log (nothing prints a request or its headers) and a deadline on
 * every request, so a hanging API cannot hang the step. Every call answers; none throws: a
 * failure is one line naming the status, GitHub's message and, for 401/403/404, the
 * permission to grant; a rate limit says so. The token never appears in a line.
 */
import { getOctokit } from '@actions/github'
import type { z } from 'zod'
import { describeError, printable } from '../../core/index.js'

/** The grant a call needs, named as the workflow's `permissions:` names it. */
export type Permission = 'checks: write' | 'pull-requests: write' | 'actions: read'

/** A call's answer: the response's data in the shape asked for, or one line saying why not. */
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; status: number; line: string }

/** The REST calls the report makes. */
export interface GitHubApi {
  /** `route` as Octokit's (`'POST /repos/{owner}/{repo}/check-runs'`); the data is checked against `shape`. */
  call<T>(route: string, params: Record<string, unknown>, shape: z.ZodType<T>, permission: Permission): Promise<ApiAnswer<T>>
}

/** Each request's deadline by default. */
export const DEFAULT_API_DEADLINE_MS = 30_000

/** The variable that shortens (or lengthens) it, in milliseconds: for tests and slow networks. */
export const API_DEADLINE_ENV = 'REVERIFY_API_DEADLINE_MS'

/** The request deadline: the variable's value when it is a whole number of ms (1 to 3,600,000), else the default. */
export function apiDeadlineMs(env: NodeJS.ProcessEnv): number {
  const raw = env[API_DEADLINE_ENV]?.trim() ?? ''
  const value = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN
  return value >= 1 && value <= 3_600_000 ? value : DEFAULT_API_DEADLINE_MS
}

/** Where and how to call. */
export interface ApiOptions {
  token: string
  /** GITHUB_API_URL, e.g. https://api.github.com. */
  apiUrl: string
  deadlineMs: number
}

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }

interface ErrorLike {
  status?: unknown
  response?: { data?: unknown; headers?: Record<string, unknown> }
}

/** GitHub's own message from an error response, else the error's. */
function messageOf(error: unknown): string {
  const data = (error as ErrorLike).response?.data
  if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message
  }
  return describeError(error)
}

/** Whether a refusal is the rate limit rather than a missing grant. */
function rateLimited(status: number, headers: Record<string, unknown> | undefined): string | undefined {
  if (status !== 403 && status !== 429) return undefined
  const retryAfter = String(headers?.['retry-after'] ?? '')
  if (/^\d{1,6}$/.test(retryAfter)) return `rate limited; retry after ${retryAfter} s`
  if (String(headers?.['x-ratelimit-remaining'] ?? '') === '0') return 'rate limited; no requests left until the limit resets'
  return status === 429 ? 'rate limited' : undefined
}

/** One line for a failed call: status, message, and what to do about it. */
function failureLine(
  error: unknown,
  permission: Permission,
  timedOut: boolean,
  deadlineMs: number,
  hide: (text: string) => string
): { status: number; line: string } {
  if (timedOut) return { status: 0, line: `no answer within ${Math.round(deadlineMs / 1000)} s` }
  // Octokit names a request that got no answer (a refused connection) 500: that is no status.
  const answered = (error as ErrorLike).response !== undefined
  const status = answered && typeof (error as ErrorLike).status === 'number' ? ((error as ErrorLike).status as number) : 0
  const message = hide(printable(messageOf(error), 300))
  const limit = rateLimited(status, (error as ErrorLike).response?.headers)
  const hint = limit ?? ([401, 403, 404].includes(status) ? `the report workflow needs \`${permission}\`` : undefined)
  return { status, line: `${status === 0 ? '' : `${status} `}${message}${hint === undefined ? '' : ` (${hint})`}` }
}

/** The real client. */
export function createGitHubApi(options: ApiOptions): GitHubApi {
  const hide = (text: string) => (options.token === '' ? text : text.split(options.token).join('***'))
  const octokit = getOctokit(options.token, { baseUrl: options.apiUrl.replace(/\/+$/, ''), log: silent })
  return {
    async call(route, params, shape, permission) {
      const signal = AbortSignal.timeout(options.deadlineMs)
      try {
        const response = await octokit.request(route, { ...params, request: { signal } })
        const parsed = shape.safeParse(response.data)
        if (parsed.success) return { ok: true, data: parsed.data }
        return { ok: false, status: response.status, line: `${response.status} an answer of an unexpected shape` }
      } catch (error) {
        return { ok: false, ...failureLine(error, permission, signal.aborted, options.deadlineMs, hide) }
      }
    }
  }
}
