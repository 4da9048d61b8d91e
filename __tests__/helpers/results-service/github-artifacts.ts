import type { HttpReply } from './http-reply.js'
import { githubError, githubJson, pageOf, repositoryIdUrl, repoUrl, type RestCall } from './github-replies.js'
import { githubTime, type StandInGitHub } from './github-state.js'
import type { UploadedArtifact } from './types.js'

/** Where the REST endpoints find the artifacts the artifact service stored. */
export interface ArtifactSource {
  /** The finalized artifacts of the service's workflow run, oldest first. */
  listed(): { artifact: UploadedArtifact; createdAt: Date }[]
  /** A signed read URL of a finalized artifact's zip; undefined for an unknown id. */
  zipUrl(id: number): string | undefined
}

const inNinetyDays = (from: Date): string => githubTime(new Date(from.getTime() + 90 * 24 * 3600 * 1000))

function artifactJson(artifact: UploadedArtifact, createdAt: Date, call: RestCall, runId: string): unknown {
  return {
    id: artifact.id,
    node_id: `MDg6QXJ0aWZhY3Qk${artifact.id}`,
    name: artifact.name,
    size_in_bytes: artifact.size,
    url: repoUrl(call, `actions/artifacts/${artifact.id}`),
    archive_download_url: repoUrl(call, `actions/artifacts/${artifact.id}/zip`),
    expired: false,
    digest: artifact.digest ?? null,
    created_at: githubTime(createdAt),
    updated_at: githubTime(createdAt),
    expires_at: artifact.expiresAt ?? inNinetyDays(createdAt),
    workflow_run: { id: Number(runId), repository_id: call.repositoryId, head_repository_id: call.repositoryId, head_branch: 'main' }
  }
}

/**
 * `GET /repos/{o}/{r}/actions/runs/{run_id}/artifacts?name&per_page&page`: the artifacts
 * the service's run finalized when `run_id` is `github.runId`, none for any other run.
 */
export function listRunArtifacts(call: RestCall, state: StandInGitHub, source: ArtifactSource): HttpReply {
  const runId = call.params[0] ?? ''
  const name = call.query.get('name')
  const all = runId === state.runId ? source.listed().filter(({ artifact }) => name === null || artifact.name === name) : []
  const page = pageOf(all, call.query, repositoryIdUrl(call, `actions/runs/${runId}/artifacts`))
  return githubJson(
    200,
    {
      total_count: all.length,
      artifacts: page.items.map(({ artifact, createdAt }) => artifactJson(artifact, createdAt, call, runId))
    },
    page.headers
  )
}

/** `GET /repos/{o}/{r}/actions/artifacts/{id}/zip` → 302 to a signed URL of the zip. */
export function downloadArtifactZip(call: RestCall, source: ArtifactSource): HttpReply {
  const [id, format] = call.params
  const location = format === 'zip' ? source.zipUrl(Number(id)) : undefined
  if (location === undefined) return githubError(404, 'Not Found')
  return { status: 302, headers: { location, 'content-type': 'text/html;charset=utf-8' }, body: '' }
}
