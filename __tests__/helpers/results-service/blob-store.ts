import { createHash, createHmac, randomUUID } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { HttpReply } from './http-reply.js'

/** Storage account name in the path-style URLs the Azure SDK expects for an IP host. */
const accountName = 'localresults'
/** Storage REST version reported when the client sent none. */
const defaultStorageVersion = '2025-11-05'

/** What a signed URL lets its holder do: create/write, or read. */
export type BlobPermission = 'cw' | 'r'

/** A committed blob. */
export interface StoredBlob {
  data: Buffer
  contentType: string
  contentMd5?: string
  etag: string
  lastModified: Date
  createdAt: Date
}

interface BlobAddress {
  container: string
  blob: string
}

const md5Base64 = (data: Buffer): string => createHash('md5').update(data).digest('base64')

function storageError(status: number, code: string, message: string): HttpReply {
  const detail = `${message}\nRequestId:${randomUUID()}\nTime:${new Date().toISOString()}`
  const xml = `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${detail}</Message></Error>`
  return { status, headers: { 'content-type': 'application/xml', 'x-ms-error-code': code }, body: xml }
}

/** The storage error code a bare HTTP status most likely stands for (used by injected faults). */
export function storageFaultReply(status: number): HttpReply {
  const code =
    status === 403
      ? 'AuthorizationFailure'
      : status === 404
        ? 'BlobNotFound'
        : status === 409
          ? 'BlobAlreadyExists'
          : status === 412
            ? 'ConditionNotMet'
            : status === 429 || status === 503
              ? 'ServerBusy'
              : status >= 500
                ? 'InternalError'
                : 'InjectedFault'
  return storageError(status, code, 'injected fault')
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Byte range asked for with `x-ms-range` or `Range`; undefined = whole blob, null = unsatisfiable. */
function requestedRange(headers: IncomingHttpHeaders, size: number): { start: number; end: number } | undefined | null {
  const spec = header(headers, 'x-ms-range') ?? header(headers, 'range')
  if (spec === undefined) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(spec.trim())
  if (match === null) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  if (first === '') {
    const length = Math.min(Number(last), size)
    return length === 0 ? null : { start: size - length, end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  return start >= size || end < start ? null : { start, end }
}

/**
 * An in-memory block blob endpoint speaking the subset of the Blob REST API that the Azure
 * SDK uses for uploads (Put Blob, Put Block, Put Block List) and that the clients use for
 * downloads (GET/HEAD with ranges). Every URL carries a signature bound to its path and
 * permission, like a SAS, so a client can only use the URLs the service handed out.
 */
export class BlobStore {
  private readonly blobs = new Map<string, StoredBlob>()
  private readonly staged = new Map<string, Map<string, Buffer>>()
  private etagCounter = 0

  constructor(
    private readonly baseUrl: string,
    private readonly secret: string
  ) {}

  /**
   * A signed, path-style URL for one blob. `contentDisposition` becomes the SAS `rscd`
   * parameter (signed with the rest): a read through the URL answers with that
   * Content-Disposition, as the artifact download's redirect target does.
   */
  signedUrl(container: string, blob: string, permission: BlobPermission, options: { contentDisposition?: string } = {}): string {
    const query = new URLSearchParams({
      sv: defaultStorageVersion,
      sr: 'b',
      sp: permission,
      se: new Date(Date.now() + 6 * 3600 * 1000).toISOString(),
      ...(options.contentDisposition === undefined ? {} : { rscd: options.contentDisposition }),
      sig: this.sign(permission, { container, blob }, options.contentDisposition)
    })
    const path = [accountName, container, ...blob.split('/')].map(encodeURIComponent).join('/')
    return `${this.baseUrl}${path}?${query.toString()}`
  }

  /** The committed blob, if any. */
  get(container: string, blob: string): StoredBlob | undefined {
    return this.blobs.get(`${container}/${blob}`)
  }

  /** True when the path looks like a blob URL of this store. */
  owns(pathname: string): boolean {
    return pathname.startsWith(`/${accountName}/`)
  }

  /** Answers one storage request. */
  handle(method: string, url: URL, headers: IncomingHttpHeaders, body: Buffer): HttpReply {
    const address = this.addressOf(url.pathname)
    if (address === undefined) {
      return this.withCommonHeaders(headers, storageError(400, 'InvalidUri', 'expected /<account>/<container>/<blob>'))
    }
    const writing = method === 'PUT'
    const denied = this.authorize(url, address, writing ? 'w' : 'r')
    if (denied !== undefined) return this.withCommonHeaders(headers, denied)
    const reply = writing
      ? this.put(url, headers, body, address)
      : method === 'GET' || method === 'HEAD'
        ? this.read(headers, address, url.searchParams.get('rscd') ?? undefined)
        : storageError(405, 'UnsupportedHttpVerb', `${method} is not supported here`)
    return this.withCommonHeaders(headers, reply)
  }

  private sign(permission: string, address: BlobAddress, contentDisposition?: string): string {
    const signed = `${permission}\n${address.container}/${address.blob}${contentDisposition === undefined ? '' : `\n${contentDisposition}`}`
    return createHmac('sha256', this.secret).update(signed).digest('base64url')
  }

  private addressOf(pathname: string): BlobAddress | undefined {
    const [, account, container, ...rest] = pathname.split('/').map(decodeURIComponent)
    if (account !== accountName || container === undefined || container === '' || rest.length === 0) return undefined
    const blob = rest.join('/')
    return blob === '' ? undefined : { container, blob }
  }

  private authorize(url: URL, address: BlobAddress, needs: 'w' | 'r'): HttpReply | undefined {
    const permission = url.searchParams.get('sp') ?? ''
    const contentDisposition = url.searchParams.get('rscd') ?? undefined
    if (url.searchParams.get('sig') !== this.sign(permission, address, contentDisposition)) {
      return storageError(403, 'AuthenticationFailed', 'Server failed to authenticate the request: the signature does not match.')
    }
    if (!permission.includes(needs)) {
      return storageError(403, 'AuthorizationPermissionMismatch', 'This signed URL does not allow this operation.')
    }
    return undefined
  }

  private put(url: URL, headers: IncomingHttpHeaders, body: Buffer, address: BlobAddress): HttpReply {
    const givenMd5 = header(headers, 'content-md5')
    const actualMd5 = md5Base64(body)
    if (givenMd5 !== undefined && givenMd5 !== actualMd5) {
      return storageError(400, 'Md5Mismatch', 'Content-MD5 does not match the body.')
    }
    const comp = url.searchParams.get('comp')
    if (comp === 'block') return this.putBlock(url, body, address, actualMd5)
    if (comp === 'blocklist') return this.putBlockList(headers, body, address)
    if (comp !== null) return storageError(400, 'InvalidQueryParameterValue', `comp=${comp} is not supported here`)
    if (header(headers, 'x-ms-blob-type') !== 'BlockBlob') {
      return storageError(400, 'MissingRequiredHeader', 'x-ms-blob-type must be BlockBlob for Put Blob.')
    }
    const blob = this.commit(address, body, headers, header(headers, 'x-ms-blob-content-md5') ?? actualMd5)
    const written = { 'content-md5': actualMd5, 'x-ms-request-server-encrypted': 'true' }
    return { status: 201, headers: { ...this.versionHeaders(blob), ...written } }
  }

  private putBlock(url: URL, body: Buffer, address: BlobAddress, md5: string): HttpReply {
    const blockId = url.searchParams.get('blockid')
    if (blockId === null || blockId === '') return storageError(400, 'InvalidQueryParameterValue', 'blockid is required')
    const key = `${address.container}/${address.blob}`
    const blocks = this.staged.get(key) ?? new Map<string, Buffer>()
    blocks.set(blockId, body)
    this.staged.set(key, blocks)
    return { status: 201, headers: { 'content-md5': md5, 'x-ms-request-server-encrypted': 'true' } }
  }

  private putBlockList(headers: IncomingHttpHeaders, body: Buffer, address: BlobAddress): HttpReply {
    const document = body.toString('utf8')
    if (!/<BlockList\s*>/.test(document)) {
      return storageError(400, 'InvalidXmlDocument', 'expected a <BlockList> document')
    }
    const key = `${address.container}/${address.blob}`
    const staged = this.staged.get(key) ?? new Map<string, Buffer>()
    const parts: Buffer[] = []
    // Blocks are assembled in the order the list names them, whatever order they arrived in.
    for (const [, kind, blockId = ''] of document.matchAll(/<(Latest|Uncommitted|Committed)>([^<]*)<\/\1>/g)) {
      const data = kind === 'Committed' ? undefined : staged.get(blockId)
      if (data === undefined) {
        const why = kind === 'Committed' ? 'committed blocks are not supported here' : `block ${blockId} was never staged`
        return storageError(400, 'InvalidBlockList', `The specified block list is invalid: ${why}.`)
      }
      parts.push(data)
    }
    this.staged.delete(key)
    const blob = this.commit(address, Buffer.concat(parts), headers, header(headers, 'x-ms-blob-content-md5'))
    return { status: 201, headers: { ...this.versionHeaders(blob), 'x-ms-request-server-encrypted': 'true' } }
  }

  private commit(address: BlobAddress, data: Buffer, headers: IncomingHttpHeaders, contentMd5: string | undefined): StoredBlob {
    const now = new Date()
    const previous = this.get(address.container, address.blob)
    this.etagCounter += 1
    const blob: StoredBlob = {
      data,
      contentType: header(headers, 'x-ms-blob-content-type') ?? 'application/octet-stream',
      contentMd5,
      etag: `"0x8DD${(Date.now() * 16 + this.etagCounter).toString(16).toUpperCase()}"`,
      lastModified: now,
      createdAt: previous?.createdAt ?? now
    }
    this.blobs.set(`${address.container}/${address.blob}`, blob)
    return blob
  }

  private read(headers: IncomingHttpHeaders, address: BlobAddress, contentDisposition: string | undefined): HttpReply {
    const blob = this.get(address.container, address.blob)
    if (blob === undefined) return storageError(404, 'BlobNotFound', 'The specified blob does not exist.')
    const size = blob.data.length
    const range = requestedRange(headers, size)
    const common: Record<string, string> = {
      ...this.versionHeaders(blob),
      'content-type': blob.contentType,
      'accept-ranges': 'bytes',
      'x-ms-blob-type': 'BlockBlob',
      'x-ms-creation-time': blob.createdAt.toUTCString(),
      'x-ms-server-encrypted': 'true',
      ...(contentDisposition === undefined ? {} : { 'content-disposition': contentDisposition })
    }
    if (range === null) {
      const refused = storageError(416, 'InvalidRange', 'The range specified is invalid for the current size of the resource.')
      return { ...refused, headers: { ...refused.headers, 'content-range': `bytes */${size}` } }
    }
    if (range === undefined) {
      if (blob.contentMd5 !== undefined) common['content-md5'] = blob.contentMd5
      return { status: 200, headers: common, body: blob.data }
    }
    return {
      status: 206,
      headers: { ...common, 'content-range': `bytes ${range.start}-${range.end}/${size}` },
      body: blob.data.subarray(range.start, range.end + 1)
    }
  }

  private versionHeaders(blob: StoredBlob): Record<string, string> {
    return { etag: blob.etag, 'last-modified': blob.lastModified.toUTCString() }
  }

  private withCommonHeaders(requestHeaders: IncomingHttpHeaders, reply: HttpReply): HttpReply {
    const clientRequestId = header(requestHeaders, 'x-ms-client-request-id')
    return {
      ...reply,
      headers: {
        'x-ms-request-id': randomUUID(),
        'x-ms-version': header(requestHeaders, 'x-ms-version') ?? defaultStorageVersion,
        ...(clientRequestId === undefined ? {} : { 'x-ms-client-request-id': clientRequestId }),
        ...reply.headers
      }
    }
  }
}
