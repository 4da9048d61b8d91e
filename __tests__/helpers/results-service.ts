import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiTokens, type ApiTokenGrant } from './results-service/api-tokens.js'
import { ArtifactService } from './results-service/artifact-service.js'
import { BlobStore, storageFaultReply } from './results-service/blob-store.js'
import { CacheRestApi, cacheListPath, LIST_CACHES } from './results-service/cache-rest.js'
import { CacheService } from './results-service/cache-service.js'
import { FaultQueue } from './results-service/faults.js'
import { githubFaultReply } from './results-service/github-replies.js'
import { GitHubRest, githubRouteOf, type GitHubRoute } from './results-service/github-rest.js'
import { StandInGitHub } from './results-service/github-state.js'
import { type HttpReply, parseJsonOrUndefined, readRequestBody, sendReply } from './results-service/http-reply.js'
import { createRuntimeToken, readBearerToken, type TokenScope } from './results-service/token.js'
import { TwirpError, twirpCodeForStatus, twirpErrorReply, jsonReply } from './results-service/twirp.js'
import type { CacheEntry, Fault, RecordedRequest, UploadedArtifact } from './results-service/types.js'

export type { CacheEntry, Fault, RecordedRequest, UploadedArtifact } from './results-service/types.js'
export type { ApiTokenGrant } from './results-service/api-tokens.js'
export type { StandInCheckRun, StandInComment, StandInPull, StandInUser } from './results-service/github-state.js'
export { GITHUB_REST_TARGETS } from './results-service/github-rest.js'
export { RequestBarrier } from './results-service/types.js'
export { readZip, type ZipEntry } from './results-service/zip-reader.js'

const twirpPath = /^\/twirp\/github\.actions\.results\.api\.v1\.(\w+)\/(\w+)$/
const garbagePage = '<html><body><h1>502 Bad Gateway</h1><p>garbage from an upstream proxy</p></body></html>'

interface Route {
  /** `CacheService`, `ArtifactService`, another Twirp service, or undefined for storage. */
  service?: string
  /** The fault target: the Twirp method name, a REST endpoint's name, or `blob`. */
  target?: string
  /** Set for the GitHub REST endpoints (`service` is then `GitHub`). */
  github?: GitHubRoute
}

interface HeldRequest {
  /** Absent for a request held until the service stops (the `hang` fault). */
  timer?: NodeJS.Timeout
  release: () => void
}

/**
 * A local stand-in for GitHub's results service (cache v2 and artifact Twirp APIs) and
 * the blob storage behind its signed URLs, faithful enough for the real @actions/cache and
 * @actions/artifact clients. It runs inside the test process, so spawn children
 * asynchronously: spawnSync would block it.
 *
 * It also answers, for tokens made by `apiToken`, the REST listing of cache entries (`GET
 * /repos/{owner}/{repo}/actions/caches`, fault target `ListCaches`) and the GitHub REST
 * endpoints a report workflow uses (a run's artifacts, check runs, issue comments, pull
 * requests; fault targets in GITHUB_REST_TARGETS), whose state is `github`.
 *
 * Not modelled: cache scoping by branch (every entry is visible to every caller), eviction,
 * the legacy v1 cache API, protobuf-encoded Twirp, and block lists naming committed blocks.
 */
export class ResultsService {
  /** Every request answered, in the order the answers went out. */
  readonly requests: RecordedRequest[] = []

  private readonly faults = new FaultQueue()
  private readonly held = new Set<HeldRequest>()
  private readonly secret = randomBytes(32).toString('hex')
  private readonly workflowRunBackendId = randomUUID()
  private readonly workflowJobRunBackendId = randomUUID()
  private readonly blobs: BlobStore
  private readonly cache: CacheService
  private readonly tokens = new ApiTokens()
  private readonly rest = new CacheRestApi(this.tokens)
  private readonly artifactService: ArtifactService
  private readonly githubRest: GitHubRest

  /** The repository behind the GitHub REST endpoints: check runs, comments, pull requests. */
  readonly github = new StandInGitHub()

  private constructor(
    private readonly server: Server,
    readonly url: string
  ) {
    this.blobs = new BlobStore(url, this.secret)
    this.cache = new CacheService(this.blobs)
    this.artifactService = new ArtifactService(this.blobs)
    const artifactSource = {
      listed: () => this.artifactService.listed(this.workflowRunBackendId),
      zipUrl: (id: number) => this.artifactService.zipUrl(id)
    }
    this.githubRest = new GitHubRest(this.tokens, this.github, artifactSource, url.replace(/\/$/, ''))
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.serve(request, response).catch((error: unknown) => {
        sendReply(response, twirpErrorReply('internal', `stand-in bug: ${String(error)}`), false)
      })
    })
  }

  /** Starts a service on 127.0.0.1 at a free port. */
  static async start(): Promise<ResultsService> {
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = server.address() as AddressInfo
    return new ResultsService(server, `http://127.0.0.1:${port}/`)
  }

  /**
   * Env for a process using the clients: the results URL, a runtime token whose `scp` claim
   * is `Actions.Results:<run>:<job>` (pass `jobBackendId` for a second job of the same
   * run), cache protocol v2, github.com as server, no proxy for loopback, and an empty
   * ACTIONS_CACHE_MODE so an inherited mode cannot skip saves or restores.
   */
  env(options: { jobBackendId?: string } = {}): Record<string, string> {
    const token = createRuntimeToken(this.secret, {
      workflowRunBackendId: this.workflowRunBackendId,
      workflowJobRunBackendId: options.jobBackendId ?? this.workflowJobRunBackendId
    })
    return {
      ACTIONS_RESULTS_URL: this.url,
      ACTIONS_RUNTIME_TOKEN: token,
      ACTIONS_CACHE_SERVICE_V2: 'true',
      ACTIONS_CACHE_URL: this.url,
      ACTIONS_CACHE_MODE: '',
      GITHUB_API_URL: this.url.replace(/\/$/, ''),
      GITHUB_SERVER_URL: 'https://github.com',
      no_proxy: '127.0.0.1,localhost',
      NO_PROXY: '127.0.0.1,localhost'
    }
  }

  /**
   * A REST token (GITHUB_TOKEN's stand-in) with `grant`: each permission not named is
   * refused with 403. Without an argument, `actions: read` only.
   */
  apiToken(grant: ApiTokenGrant = { actionsRead: true }): string {
    return this.tokens.issue(grant)
  }

  /** Committed cache entries, oldest first. */
  cacheEntries(): CacheEntry[] {
    return this.cache.entries()
  }

  /** Finalized artifacts, oldest first. */
  artifacts(): UploadedArtifact[] {
    return this.artifactService.artifacts()
  }

  /** The next `count` requests for `target` (a Twirp method name, or `blob`) get `fault`. */
  injectFault(target: string, fault: Fault, count = 1): void {
    this.faults.add(target, fault, count)
  }

  /** Forgets every fault not yet served. */
  clearFaults(): void {
    this.faults.clear()
  }

  /** Releases held requests, drops open connections and stops listening. */
  async stop(): Promise<void> {
    for (const held of this.held) {
      if (held.timer !== undefined) clearTimeout(held.timer)
      held.release()
    }
    this.server.closeAllConnections()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET'
    const url = new URL(request.url ?? '/', this.url)
    const raw = await readRequestBody(request)
    const route = this.routeOf(method, url.pathname)
    const body = route.service === undefined ? undefined : parseJsonOrUndefined(raw)
    const fault = route.target === undefined ? undefined : this.faults.take(route.target)
    if (fault !== undefined && 'delayMs' in fault) await this.hold(fault.delayMs)
    if (fault !== undefined && 'hang' in fault) await this.hold(undefined)
    if (fault !== undefined && 'barrier' in fault) await fault.barrier.arrive()
    const replaced = fault !== undefined && ('status' in fault || 'garbage' in fault) ? fault : undefined
    const reply = replaced !== undefined ? this.faultReply(replaced, route) : this.answer(method, url, request, raw, body, route)
    this.requests.push({ method, path: url.pathname + url.search, rpc: route.target, status: reply.status, body })
    sendReply(response, reply, method === 'HEAD')
  }

  private routeOf(method: string, pathname: string): Route {
    const twirp = twirpPath.exec(pathname)
    if (twirp !== null) return { service: twirp[1], target: twirp[2] }
    if (cacheListPath.test(pathname)) return { service: 'REST', target: LIST_CACHES }
    const github = githubRouteOf(method, pathname)
    if (github !== undefined) return { service: 'GitHub', target: github.target, github }
    return this.blobs.owns(pathname) ? { target: 'blob' } : {}
  }

  private answer(method: string, url: URL, request: IncomingMessage, raw: Buffer, body: unknown, route: Route): HttpReply {
    if (route.target === 'blob') return this.blobs.handle(method, url, request.headers, raw)
    if (route.service === 'REST') return this.rest.handle(method, url, request.headers.authorization, this.cache.entries())
    if (route.github !== undefined) return this.githubRest.handle(route.github, url, request.headers.authorization, body)
    if (route.service === undefined) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' }
    if (method !== 'POST') return twirpErrorReply('bad_route', `${method} is not allowed, Twirp wants POST`)
    const contentType = request.headers['content-type'] ?? ''
    if (!contentType.startsWith('application/json')) return twirpErrorReply('bad_route', `unexpected Content-Type: ${contentType}`)
    const scope = readBearerToken(this.secret, request.headers.authorization)
    if (scope === undefined) return twirpErrorReply('unauthenticated', 'missing or invalid runtime token')
    try {
      return this.dispatch(route.service, route.target ?? '', body, scope)
    } catch (error) {
      if (error instanceof TwirpError) return twirpErrorReply(error.code, error.message)
      throw error
    }
  }

  private dispatch(service: string, rpc: string, body: unknown, scope: TokenScope): HttpReply {
    if (service === 'CacheService') return this.cache.handle(rpc, body)
    if (service === 'ArtifactService') return this.artifactService.handle(rpc, body, scope)
    throw new TwirpError('bad_route', `no service ${service}`)
  }

  private faultReply(fault: Exclude<Fault, { delayMs: number } | { hang: true } | { barrier: unknown }>, route: Route): HttpReply {
    const isBlob = route.target === 'blob'
    if ('garbage' in fault) {
      // JSON of the wrong shape fails the clients at once; a non-JSON page makes them retry.
      return fault.garbage === true && !isBlob
        ? jsonReply(200, ['garbage', 'not a Twirp message'])
        : { status: 200, headers: { 'content-type': 'text/html' }, body: garbagePage }
    }
    const reply = this.statusFaultReply(fault, route)
    const retryAfter: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }
    return { ...reply, headers: { ...reply.headers, ...retryAfter, ...fault.headers } }
  }

  private statusFaultReply(fault: { status: number; body?: string }, route: Route): HttpReply {
    if (fault.body !== undefined) {
      const isJson = parseJsonOrUndefined(Buffer.from(fault.body)) !== undefined
      return { status: fault.status, headers: { 'content-type': isJson ? 'application/json' : 'text/plain' }, body: fault.body }
    }
    if (route.target === 'blob') return storageFaultReply(fault.status)
    if (route.github !== undefined) return githubFaultReply(fault.status)
    return jsonReply(fault.status, { code: twirpCodeForStatus(fault.status), msg: 'injected fault' })
  }

  /** Holds a request `delayMs`, or until the service stops when undefined. */
  private hold(delayMs: number | undefined): Promise<void> {
    return new Promise(resolve => {
      const held: HeldRequest = {
        release: () => {
          this.held.delete(held)
          resolve()
        }
      }
      if (delayMs !== undefined) held.timer = setTimeout(() => held.release(), delayMs)
      this.held.add(held)
    })
  }
}
