import { z } from 'zod'
import type { BlobStore } from './blob-store.js'
import type { HttpReply } from './http-reply.js'
import { jsonReply, parseRequest, TwirpError } from './twirp.js'
import type { CacheEntry } from './types.js'

const container = 'actions-cache'

const int64 = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(Number)

const createRequest = z.object({
  key: z.string().min(1).max(512),
  version: z.string().min(1)
})

const finalizeRequest = z.object({
  key: z.string().min(1),
  version: z.string().min(1),
  size_bytes: int64.default(0)
})

const downloadRequest = z.object({
  key: z.string().min(1),
  restore_keys: z.array(z.string()).default([]),
  version: z.string().min(1)
})

interface CacheRecord {
  /** Also the creation order: a higher id is a newer entry. */
  id: number
  key: string
  version: string
  createdAt: number
  committed: boolean
  size: number
  data: Buffer
}

const blobName = (record: CacheRecord): string => `entry-${record.id}`

/**
 * The newest committed entry for the keys, matched the way GitHub does: for the primary key
 * and then each restore key in turn, an exact key first, then the newest key that starts
 * with it. Only entries of the same version (paths + compression) are candidates.
 */
export function findCacheMatch<Entry extends { id: number; key: string; version: string; committed: boolean }>(
  records: readonly Entry[],
  keys: readonly string[],
  version: string
): Entry | undefined {
  const candidates = records.filter(record => record.committed && record.version === version)
  const newest = (matches: Entry[]): Entry | undefined =>
    matches.reduce<Entry | undefined>((best, record) => (best === undefined || record.id > best.id ? record : best), undefined)
  for (const key of keys) {
    const found = newest(candidates.filter(record => record.key === key)) ?? newest(candidates.filter(record => record.key.startsWith(key)))
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * `github.actions.results.api.v1.CacheService`, version 2 of the cache protocol. Scoping by
 * branch is not modelled: every entry is visible to every caller of this instance.
 */
export class CacheService {
  private readonly records: CacheRecord[] = []

  constructor(private readonly blobs: BlobStore) {}

  /** Committed entries, oldest first. */
  entries(): CacheEntry[] {
    return this.records
      .filter(record => record.committed)
      .map(({ key, version, size, createdAt, data }) => ({ key, version, size, createdAt, data }))
  }

  /** Answers one RPC; throws TwirpError for the errors the real service reports. */
  handle(rpc: string, body: unknown): HttpReply {
    switch (rpc) {
      case 'CreateCacheEntry':
        return this.create(parseRequest(createRequest, body))
      case 'FinalizeCacheEntryUpload':
        return this.finalize(parseRequest(finalizeRequest, body))
      case 'GetCacheEntryDownloadURL':
        return this.lookup(parseRequest(downloadRequest, body))
      default:
        throw new TwirpError('bad_route', `no handler for CacheService/${rpc}`)
    }
  }

  private create(request: z.output<typeof createRequest>): HttpReply {
    // A reservation blocks the key as much as a committed entry does.
    const taken = this.records.some(record => record.key === request.key && record.version === request.version)
    if (taken) throw new TwirpError('already_exists', 'cache entry with the same key, version, and scope already exists')
    const record: CacheRecord = {
      id: this.records.length + 1,
      key: request.key,
      version: request.version,
      createdAt: Date.now(),
      committed: false,
      size: 0,
      data: Buffer.alloc(0)
    }
    this.records.push(record)
    return jsonReply(200, { ok: true, signed_upload_url: this.blobs.signedUrl(container, blobName(record), 'cw') })
  }

  private finalize(request: z.output<typeof finalizeRequest>): HttpReply {
    const record = this.records.find(
      candidate => !candidate.committed && candidate.key === request.key && candidate.version === request.version
    )
    if (record === undefined) throw new TwirpError('not_found', 'no reserved cache entry with this key and version')
    const blob = this.blobs.get(container, blobName(record))
    if (blob === undefined) throw new TwirpError('failed_precondition', 'the cache archive was never uploaded')
    if (blob.data.length !== request.size_bytes) {
      throw new TwirpError('invalid_argument', `size_bytes ${request.size_bytes} does not match the uploaded ${blob.data.length} bytes`)
    }
    record.committed = true
    record.size = blob.data.length
    record.data = Buffer.from(blob.data)
    return jsonReply(200, { ok: true, entry_id: String(record.id) })
  }

  private lookup(request: z.output<typeof downloadRequest>): HttpReply {
    const match = findCacheMatch(this.records, [request.key, ...request.restore_keys], request.version)
    if (match === undefined) return jsonReply(200, { ok: false })
    return jsonReply(200, {
      ok: true,
      signed_download_url: this.blobs.signedUrl(container, blobName(match), 'r'),
      matched_key: match.key
    })
  }
}
