import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { BlobStore } from './blob-store.js'
import type { HttpReply } from './http-reply.js'
import type { TokenScope } from './token.js'
import { jsonReply, parseRequest, TwirpError } from './twirp.js'
import type { UploadedArtifact } from './types.js'

const container = 'actions-artifacts'

const int64 = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(Number)

const backendIds = {
  workflow_run_backend_id: z.string().min(1),
  workflow_job_run_backend_id: z.string().min(1)
}

const createRequest = z.object({
  ...backendIds,
  name: z.string(),
  version: z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).optional(),
  expires_at: z.string().optional(),
  mime_type: z.string().optional()
})

const finalizeRequest = z.object({
  ...backendIds,
  name: z.string(),
  size: int64.default(0),
  hash: z.string().optional()
})

const listRequest = z.object({
  ...backendIds,
  name_filter: z.string().optional(),
  id_filter: int64.optional()
})

const signedUrlRequest = z.object({ ...backendIds, name: z.string() })

/** The characters the artifact service refuses in a name. */
const forbiddenNameCharacters = /[":<>|*?\r\n\\/]/

interface ArtifactRecord extends UploadedArtifact {
  finalized: boolean
  createdAt: Date
}

const blobName = (record: ArtifactRecord): string => `artifact-${record.id}.zip`

/**
 * `github.actions.results.api.v1.ArtifactService` (version 4+ artifacts): names are unique
 * per workflow run, and the run/job ids in a request must be the ones in the caller's token.
 */
export class ArtifactService {
  private readonly records: ArtifactRecord[] = []

  constructor(private readonly blobs: BlobStore) {}

  /** Finalized artifacts, oldest first. */
  artifacts(): UploadedArtifact[] {
    return this.records.filter(record => record.finalized).map(({ finalized: _finalized, createdAt: _createdAt, ...artifact }) => artifact)
  }

  /** Finalized artifacts of one workflow run with their creation time, oldest first (the REST listing). */
  listed(workflowRunBackendId: string): { artifact: UploadedArtifact; createdAt: Date }[] {
    return this.inRun(workflowRunBackendId)
      .filter(record => record.finalized)
      .map(({ finalized: _finalized, createdAt, ...artifact }) => ({ artifact, createdAt }))
  }

  /**
   * A signed read URL of a finalized artifact's zip, served as an attachment named
   * `<name>.zip` (the REST download's redirect target); undefined for an unknown id.
   */
  zipUrl(id: number): string | undefined {
    const record = this.records.find(candidate => candidate.id === id && candidate.finalized)
    if (record === undefined) return undefined
    // A header is Latin-1: the plain filename is ASCII, filename* carries the name as given.
    const ascii = record.name.replace(/[^\x20-\x7e]/g, '_')
    const attachment = `attachment; filename="${ascii}.zip"; filename*=UTF-8''${encodeURIComponent(record.name)}.zip`
    return this.blobs.signedUrl(container, blobName(record), 'r', { contentDisposition: attachment })
  }

  /** Answers one RPC for a caller holding `scope`; throws TwirpError like the real service. */
  handle(rpc: string, body: unknown, scope: TokenScope): HttpReply {
    switch (rpc) {
      case 'CreateArtifact':
        return this.create(this.owned(parseRequest(createRequest, body), scope, true))
      case 'FinalizeArtifact':
        return this.finalize(this.owned(parseRequest(finalizeRequest, body), scope, true))
      case 'ListArtifacts':
        return this.list(this.owned(parseRequest(listRequest, body), scope, false))
      case 'GetSignedArtifactURL':
        return this.signedUrl(this.owned(parseRequest(signedUrlRequest, body), scope, false))
      default:
        throw new TwirpError('bad_route', `no handler for ArtifactService/${rpc}`)
    }
  }

  /** Refuses ids that are not the caller's: writes need the job too, reads only the run. */
  private owned<Request extends { workflow_run_backend_id: string; workflow_job_run_backend_id: string }>(
    request: Request,
    scope: TokenScope,
    writing: boolean
  ): Request {
    const otherJob = writing && request.workflow_job_run_backend_id !== scope.workflowJobRunBackendId
    if (request.workflow_run_backend_id !== scope.workflowRunBackendId || otherJob) {
      throw new TwirpError('permission_denied', 'the token does not grant access to this workflow run or job')
    }
    return request
  }

  private create(request: z.output<typeof createRequest>): HttpReply {
    if (request.name.trim() === '' || forbiddenNameCharacters.test(request.name)) {
      throw new TwirpError('invalid_argument', `invalid artifact name ${JSON.stringify(request.name)}`)
    }
    if (this.inRun(request.workflow_run_backend_id).some(record => record.name === request.name)) {
      throw new TwirpError('already_exists', 'an artifact with this name already exists on the workflow run')
    }
    const record: ArtifactRecord = {
      id: this.records.length + 1,
      name: request.name,
      size: 0,
      data: Buffer.alloc(0),
      expiresAt: request.expires_at,
      workflowRunBackendId: request.workflow_run_backend_id,
      workflowJobRunBackendId: request.workflow_job_run_backend_id,
      finalized: false,
      createdAt: new Date()
    }
    this.records.push(record)
    return jsonReply(200, { ok: true, signed_upload_url: this.blobs.signedUrl(container, blobName(record), 'cw') })
  }

  private finalize(request: z.output<typeof finalizeRequest>): HttpReply {
    const record = this.inRun(request.workflow_run_backend_id).find(candidate => candidate.name === request.name && !candidate.finalized)
    if (record === undefined) throw new TwirpError('not_found', `no artifact named ${request.name} awaits finalizing in this run`)
    const blob = this.blobs.get(container, blobName(record))
    if (blob === undefined) throw new TwirpError('failed_precondition', 'the artifact content was never uploaded')
    if (blob.data.length !== request.size) {
      throw new TwirpError('invalid_argument', `size ${request.size} does not match the uploaded ${blob.data.length} bytes`)
    }
    const digest = `sha256:${createHash('sha256').update(blob.data).digest('hex')}`
    if (request.hash !== undefined && request.hash !== digest) {
      throw new TwirpError('invalid_argument', `hash ${request.hash} does not match the uploaded content (${digest})`)
    }
    Object.assign(record, { finalized: true, size: blob.data.length, data: Buffer.from(blob.data), digest })
    return jsonReply(200, { ok: true, artifact_id: String(record.id) })
  }

  private list(request: z.output<typeof listRequest>): HttpReply {
    const artifacts = this.inRun(request.workflow_run_backend_id)
      .filter(record => record.finalized)
      .filter(record => request.name_filter === undefined || record.name === request.name_filter)
      .filter(record => request.id_filter === undefined || record.id === request.id_filter)
      .map(record => ({
        workflow_run_backend_id: record.workflowRunBackendId,
        workflow_job_run_backend_id: record.workflowJobRunBackendId,
        database_id: String(record.id),
        name: record.name,
        size: String(record.size),
        created_at: record.createdAt.toISOString(),
        digest: record.digest
      }))
    return jsonReply(200, { artifacts })
  }

  private signedUrl(request: z.output<typeof signedUrlRequest>): HttpReply {
    const record = this.inRun(request.workflow_run_backend_id).find(candidate => candidate.name === request.name && candidate.finalized)
    if (record === undefined) throw new TwirpError('not_found', `no artifact named ${request.name} in this run`)
    return jsonReply(200, { signed_url: this.blobs.signedUrl(container, blobName(record), 'r') })
  }

  private inRun(workflowRunBackendId: string): ArtifactRecord[] {
    return this.records.filter(record => record.workflowRunBackendId === workflowRunBackendId)
  }
}
