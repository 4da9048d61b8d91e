import type { ApiPermission, ApiTokens } from './api-tokens.js'
import { downloadArtifactZip, listRunArtifacts, type ArtifactSource } from './github-artifacts.js'
import { createCheckRun, updateCheckRun } from './github-checks.js'
import { createComment, deleteComment, listComments, listPulls, pullsForCommit, updateComment } from './github-conversation.js'
import { githubError, type RestCall } from './github-replies.js'
import type { StandInGitHub } from './github-state.js'
import type { HttpReply } from './http-reply.js'

/** A request to one of the GitHub REST endpoints, as the router found it. */
export interface GitHubRoute {
  /** The fault target (`CreateCheckRun`, `ListComments` …); undefined for a path no endpoint has. */
  target?: string
  params: string[]
  owner?: string
  repo?: string
  /** Set when the path named the repository by id (`/repositories/{id}/…`, as `Link` headers do). */
  repositoryId?: number
}

interface Endpoint {
  method: string
  path: RegExp
  target: string
  /** The permission the token needs beyond being valid. */
  needs?: ApiPermission
  handle: (call: RestCall, state: StandInGitHub, artifacts: ArtifactSource) => HttpReply
}

const endpoints: Endpoint[] = [
  { method: 'GET', path: /^actions\/runs\/(\d+)\/artifacts$/, target: 'ListRunArtifacts', needs: 'actionsRead', handle: listRunArtifacts },
  {
    method: 'GET',
    path: /^actions\/artifacts\/(\d+)\/(\w+)$/,
    target: 'DownloadArtifactZip',
    needs: 'actionsRead',
    handle: (call, _state, artifacts) => downloadArtifactZip(call, artifacts)
  },
  { method: 'POST', path: /^check-runs$/, target: 'CreateCheckRun', needs: 'checksWrite', handle: createCheckRun },
  { method: 'PATCH', path: /^check-runs\/(\d+)$/, target: 'UpdateCheckRun', needs: 'checksWrite', handle: updateCheckRun },
  { method: 'GET', path: /^issues\/(\d+)\/comments$/, target: 'ListComments', handle: listComments },
  { method: 'POST', path: /^issues\/(\d+)\/comments$/, target: 'CreateComment', needs: 'pullRequestsWrite', handle: createComment },
  { method: 'PATCH', path: /^issues\/comments\/(\d+)$/, target: 'UpdateComment', needs: 'pullRequestsWrite', handle: updateComment },
  { method: 'DELETE', path: /^issues\/comments\/(\d+)$/, target: 'DeleteComment', needs: 'pullRequestsWrite', handle: deleteComment },
  { method: 'GET', path: /^commits\/([^/]+)\/pulls$/, target: 'PullsForCommit', handle: pullsForCommit },
  { method: 'GET', path: /^pulls$/, target: 'ListPulls', handle: listPulls }
]

/** The fault targets of the GitHub REST endpoints, for `injectFault`. */
export const GITHUB_REST_TARGETS = endpoints.map(endpoint => endpoint.target)

/** GitHub's repository ids are large numbers; the stand-in counts up from here. */
const FIRST_REPOSITORY_ID = 700_000_001

const repositoryPath = /^\/(?:repos\/([^/]+)\/([^/]+)|repositories\/(\d+))\/(.+)$/

/** The route of a path under `/repos/{o}/{r}/` or `/repositories/{id}/`; undefined for any other path. */
export function githubRouteOf(method: string, pathname: string): GitHubRoute | undefined {
  const match = repositoryPath.exec(pathname)
  if (match === null) return undefined
  const [, owner, repo, id, rest = ''] = match
  const where = id === undefined ? { owner, repo } : { repositoryId: Number(id) }
  for (const endpoint of endpoints) {
    const params = endpoint.path.exec(rest)
    if (params !== null && endpoint.method === method) return { target: endpoint.target, params: params.slice(1), ...where }
  }
  return { params: [], ...where }
}

/**
 * GitHub's REST API for the report workflow: a run's artifacts, check runs, issue comments
 * and pull requests, behind the tokens `apiToken` issues (401 for any other token, 403
 * `Resource not accessible by integration` without the permission an endpoint needs).
 */
export class GitHubRest {
  /** Repositories by the id GitHub's links name them with, in the order first seen. */
  private readonly repositories: string[] = []

  constructor(
    private readonly tokens: ApiTokens,
    private readonly state: StandInGitHub,
    private readonly artifacts: ArtifactSource,
    private readonly apiUrl: string
  ) {}

  /** Answers one request already routed by `githubRouteOf`. */
  handle(route: GitHubRoute, url: URL, authorization: string | undefined, body: unknown): HttpReply {
    const endpoint = endpoints.find(candidate => candidate.target === route.target)
    const grant = this.tokens.grantOf(authorization)
    if (grant === undefined) return githubError(401, 'Bad credentials')
    const repository = this.repositoryOf(route)
    if (endpoint === undefined || repository === undefined) return githubError(404, 'Not Found')
    if (endpoint.needs !== undefined && grant[endpoint.needs] !== true) return githubError(403, 'Resource not accessible by integration')
    if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE' && body === undefined) return githubError(400, 'Problems parsing JSON')
    const call: RestCall = { ...repository, params: route.params, query: url.searchParams, body, apiUrl: this.apiUrl }
    return endpoint.handle(call, this.state, this.artifacts)
  }

  private repositoryOf(route: GitHubRoute): { owner: string; repo: string; repositoryId: number } | undefined {
    if (route.repositoryId !== undefined) {
      const fullName = this.repositories[route.repositoryId - FIRST_REPOSITORY_ID]
      const [owner, repo] = fullName?.split('/') ?? []
      return owner === undefined || repo === undefined ? undefined : { owner, repo, repositoryId: route.repositoryId }
    }
    const fullName = `${route.owner}/${route.repo}`
    if (!this.repositories.includes(fullName)) this.repositories.push(fullName)
    return { owner: route.owner ?? '', repo: route.repo ?? '', repositoryId: this.repositories.indexOf(fullName) + FIRST_REPOSITORY_ID }
  }
}
