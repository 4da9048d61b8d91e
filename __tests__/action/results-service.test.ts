import { createHash, randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { readZip, ResultsService } from '../helpers/results-service.js'

type CacheModule = typeof import('@actions/cache')
type ArtifactModule = typeof import('@actions/artifact')

let service: ResultsService
let cache: CacheModule
let artifact: ArtifactModule
let scratch: string
const savedEnv = { ...process.env }

/** Runs a client call with its console output (::debug::, ::warning:: …) captured. */
async function quietly<T>(call: () => Promise<T>): Promise<{ value: T; output: string }> {
  let output = ''
  const write = process.stdout.write
  process.stdout.write = ((chunk: string | Uint8Array) => {
    output += chunk.toString()
    return true
  }) as typeof process.stdout.write
  try {
    return { value: await call(), output }
  } finally {
    process.stdout.write = write
  }
}

/** A fresh directory holding `files` (relative path → content). */
async function workspaceWith(files: Record<string, string | Buffer>): Promise<string> {
  const root = await mkdtemp(join(scratch, 'ws-'))
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), content)
  }
  return root
}

/** Runs a cache call from `root` as the runner would: it is both the cwd and the workspace. */
async function inWorkspace<T>(root: string, call: () => Promise<T>): Promise<{ value: T; output: string }> {
  const cwd = process.cwd()
  process.env.GITHUB_WORKSPACE = root
  process.chdir(root)
  try {
    return await quietly(call)
  } finally {
    process.chdir(cwd)
  }
}

/** Saves `paths` of a workspace holding `files` under `key`. */
async function saveFrom(files: Record<string, string>, key: string, paths = ['receipts']): Promise<number> {
  const root = await workspaceWith(files)
  return (await inWorkspace(root, () => cache.saveCache(paths, key))).value
}

/** Restores into an empty workspace; returns the matched key and the workspace. */
async function restoreFresh(
  key: string,
  restoreKeys: string[] = [],
  paths = ['receipts']
): Promise<{ matched?: string; root: string; output: string }> {
  const root = await workspaceWith({})
  const { value, output } = await inWorkspace(root, () => cache.restoreCache(paths, key, restoreKeys))
  return { matched: value, root, output }
}

const rpcsSince = (start: number): Array<string | undefined> => service.requests.slice(start).map(request => request.rpc)

/** Calls a Twirp method the way the clients do, without their retries. */
async function callTwirp(serviceName: string, rpc: string, body: unknown, token = process.env.ACTIONS_RUNTIME_TOKEN): Promise<Response> {
  return await fetch(new URL(`/twirp/github.actions.results.api.v1.${serviceName}/${rpc}`, service.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'results-service-'))
  service = await ResultsService.start()
  Object.assign(process.env, service.env(), { RUNNER_TEMP: join(scratch, 'runner-temp') })
  await mkdir(join(scratch, 'runner-temp'))
  cache = await import('@actions/cache')
  artifact = await import('@actions/artifact')
})

afterAll(async () => {
  await service.stop()
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key]
  Object.assign(process.env, savedEnv)
  await rm(scratch, { recursive: true, force: true })
})

afterEach(() => service.clearFaults())

describe('env()', () => {
  it('carries a JWT-shaped token whose scp claim names the run and job', () => {
    const env = service.env()
    const payload = env.ACTIONS_RUNTIME_TOKEN?.split('.')[1] ?? ''
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { scp: string }
    expect(claims.scp).toMatch(/(^| )Actions\.Results:[\w-]+:[\w-]+( |$)/)
    expect(env).toMatchObject({
      ACTIONS_RESULTS_URL: service.url,
      ACTIONS_CACHE_SERVICE_V2: 'true',
      ACTIONS_CACHE_URL: service.url,
      GITHUB_SERVER_URL: 'https://github.com',
      no_proxy: '127.0.0.1,localhost'
    })
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
  })
})

describe('cache service v2 with the real @actions/cache client', () => {
  it('saves a directory and restores it into a fresh workspace by its exact key', async () => {
    const start = service.requests.length
    const id = await saveFrom({ 'receipts/a.json': '{"run":1}', 'receipts/sub/b.txt': 'bee' }, 'exact-1')

    expect(id).toBeGreaterThan(0)
    expect(rpcsSince(start)).toEqual(['CreateCacheEntry', 'blob', 'FinalizeCacheEntryUpload'])
    const upload = service.requests[start + 1]
    expect(upload?.method).toBe('PUT')
    expect(upload?.path).not.toContain('comp=')
    expect(service.requests[start]?.body).toMatchObject({ key: 'exact-1', version: expect.stringMatching(/^[0-9a-f]{64}$/) })
    const entry = service.cacheEntries().find(candidate => candidate.key === 'exact-1')
    expect(entry?.size).toBe(entry?.data.length)

    const restored = await restoreFresh('exact-1')
    expect(restored.matched).toBe('exact-1')
    expect(await readFile(join(restored.root, 'receipts/a.json'), 'utf8')).toBe('{"run":1}')
    expect(await readFile(join(restored.root, 'receipts/sub/b.txt'), 'utf8')).toBe('bee')
  })

  it('prefers an exact key over a newer entry that merely starts with it, and a prefix picks the newest', async () => {
    await saveFrom({ 'receipts/which': 'older' }, 'pfx-a')
    await saveFrom({ 'receipts/which': 'newer' }, 'pfx-ab')

    const exact = await restoreFresh('pfx-a')
    expect(exact.matched).toBe('pfx-a')
    expect(await readFile(join(exact.root, 'receipts/which'), 'utf8')).toBe('older')

    const prefix = await restoreFresh('pfx-')
    expect(prefix.matched).toBe('pfx-ab')
    expect(await readFile(join(prefix.root, 'receipts/which'), 'utf8')).toBe('newer')
  })

  it('falls back through the restore keys in order', async () => {
    await saveFrom({ 'receipts/which': 'first' }, 'fallback-first-1')
    await saveFrom({ 'receipts/which': 'second' }, 'fallback-second-1')

    const restored = await restoreFresh('fallback-missing', ['fallback-nothing-', 'fallback-second-', 'fallback-first-'])
    expect(restored.matched).toBe('fallback-second-1')
    expect(await readFile(join(restored.root, 'receipts/which'), 'utf8')).toBe('second')
  })

  it('misses on an unknown key and on a key saved with other paths (another version)', async () => {
    await saveFrom({ 'receipts/x': 'x', 'other/y': 'y' }, 'versioned-1', ['receipts', 'other'])

    expect((await restoreFresh('no-such-key')).matched).toBeUndefined()
    expect((await restoreFresh('versioned-1', [], ['receipts'])).matched).toBeUndefined()
    expect((await restoreFresh('versioned-1', [], ['receipts', 'other'])).matched).toBe('versioned-1')
  })

  it('refuses a duplicate key with a Twirp 409, and saveCache returns -1', async () => {
    expect(await saveFrom({ 'receipts/x': 'first' }, 'dup-1')).toBeGreaterThan(0)
    const start = service.requests.length

    const root = await workspaceWith({ 'receipts/x': 'second' })
    const { value, output } = await inWorkspace(root, () => cache.saveCache(['receipts'], 'dup-1'))

    expect(value).toBe(-1)
    expect(output).toContain('Unable to reserve cache with key dup-1')
    expect(service.requests.slice(start).map(r => [r.rpc, r.status])).toEqual([['CreateCacheEntry', 409]])
    const stored = service.cacheEntries().filter(entry => entry.key === 'dup-1')
    expect(stored).toHaveLength(1)
    const restored = await restoreFresh('dup-1')
    expect(restored.matched).toBe('dup-1')
    expect(await readFile(join(restored.root, 'receipts/x'), 'utf8')).toBe('first')
  })

  it('a 429 on CreateCacheEntry makes saveCache return -1 without uploading', async () => {
    service.injectFault('CreateCacheEntry', { status: 429 })
    const start = service.requests.length

    expect(await saveFrom({ 'receipts/x': 'x' }, 'limited-1')).toBe(-1)
    expect(service.requests.slice(start).map(r => [r.rpc, r.status])).toEqual([['CreateCacheEntry', 429]])
    expect(service.cacheEntries().map(entry => entry.key)).not.toContain('limited-1')
    // The fault was used up: the next save goes through.
    expect(await saveFrom({ 'receipts/x': 'x' }, 'limited-1')).toBeGreaterThan(0)
  })

  it('garbage JSON on GetCacheEntryDownloadURL is a miss, not an exception', async () => {
    await saveFrom({ 'receipts/x': 'x' }, 'garbled-1')
    service.injectFault('GetCacheEntryDownloadURL', { garbage: true })
    const start = service.requests.length

    const restored = await restoreFresh('garbled-1')
    expect(restored.matched).toBeUndefined()
    expect(restored.output).toContain('Failed to restore')
    expect(rpcsSince(start)).toEqual(['GetCacheEntryDownloadURL'])
  })

  it('a non-JSON page is retried by the client, so a single one only delays the restore', async () => {
    await saveFrom({ 'receipts/x': 'x' }, 'html-1')
    service.injectFault('GetCacheEntryDownloadURL', { garbage: 'text' })
    const start = service.requests.length

    expect((await restoreFresh('html-1')).matched).toBe('html-1')
    expect(service.requests.slice(start, start + 2).map(r => [r.rpc, r.status])).toEqual([
      ['GetCacheEntryDownloadURL', 200],
      ['GetCacheEntryDownloadURL', 200]
    ])
  })

  it('a storage error on the upload leaves no entry and saveCache returns -1', async () => {
    service.injectFault('blob', { status: 403 })
    const start = service.requests.length

    expect(await saveFrom({ 'receipts/x': 'x' }, 'blob-denied-1')).toBe(-1)
    expect(service.requests.slice(start).map(r => [r.rpc, r.status])).toEqual([
      ['CreateCacheEntry', 200],
      ['blob', 403]
    ])
    expect(service.cacheEntries().map(entry => entry.key)).not.toContain('blob-denied-1')
  })
})

describe('artifact service with the real @actions/artifact client', () => {
  const bigFile = randomBytes(9 * 1024 * 1024)
  let uploadRoot: string
  let files: string[]

  beforeAll(async () => {
    uploadRoot = await workspaceWith({ 'trace.jsonl': '{"phase":"start"}\n', 'meta.json': '{}', 'logs/attempt-1.log': bigFile })
    files = ['trace.jsonl', 'meta.json', 'logs/attempt-1.log'].map(path => join(uploadRoot, path))
  })

  it('uploads a zip in blocks and finalizes it with its size and sha256', async () => {
    const start = service.requests.length
    const client = new artifact.DefaultArtifactClient()
    const { value: result } = await quietly(() => client.uploadArtifact('trace-upload', files, uploadRoot, { retentionDays: 3 }))

    const stored = service.artifacts().find(candidate => candidate.name === 'trace-upload')
    expect(stored).toBeDefined()
    expect(result.id).toBe(stored?.id)
    expect(result.size).toBe(stored?.data.length)
    const sha256 = createHash('sha256')
      .update(stored?.data ?? '')
      .digest('hex')
    expect(result.digest).toBe(sha256)
    expect(stored?.digest).toBe(`sha256:${sha256}`)
    expect(stored?.expiresAt).toEqual(expect.any(String))

    const blobPaths = service.requests
      .slice(start)
      .filter(r => r.rpc === 'blob')
      .map(r => r.path)
    expect(blobPaths.filter(path => path.includes('comp=block&')).length).toBeGreaterThanOrEqual(2)
    expect(blobPaths.filter(path => path.includes('comp=blocklist'))).toHaveLength(1)

    const entries = readZip(stored?.data ?? Buffer.alloc(0))
    const contents = new Map(entries.filter(entry => !entry.isDirectory).map(entry => [entry.name, entry.data]))
    expect([...contents.keys()].sort()).toEqual(['logs/attempt-1.log', 'meta.json', 'trace.jsonl'])
    expect(contents.get('trace.jsonl')?.toString()).toBe('{"phase":"start"}\n')
    expect(contents.get('logs/attempt-1.log')?.equals(bigFile)).toBe(true)
  })

  it('serves the artifact back through ListArtifacts, GetSignedArtifactURL and a blob GET', async () => {
    const id = service.artifacts().find(candidate => candidate.name === 'trace-upload')?.id ?? -1
    const target = await workspaceWith({})
    const client = new artifact.DefaultArtifactClient()
    const start = service.requests.length

    const { value } = await quietly(() => client.downloadArtifact(id, { path: target }))

    expect(value.downloadPath).toBe(target)
    expect(rpcsSince(start)).toEqual(['ListArtifacts', 'GetSignedArtifactURL', 'blob'])
    expect(await readFile(join(target, 'trace.jsonl'), 'utf8')).toBe('{"phase":"start"}\n')
    expect((await readFile(join(target, 'logs/attempt-1.log'))).equals(bigFile)).toBe(true)
  })

  it('rejects a second artifact of the same name in the run, even from another job', async () => {
    const client = new artifact.DefaultArtifactClient()
    const small = [join(uploadRoot, 'meta.json')]
    await quietly(() => client.uploadArtifact('trace-once', small, uploadRoot))
    const start = service.requests.length

    const again = quietly(() => client.uploadArtifact('trace-once', small, uploadRoot))
    await expect(again).rejects.toThrow(/409|already exists/)

    process.env.ACTIONS_RUNTIME_TOKEN = service.env({ jobBackendId: 'matrix-leg-2' }).ACTIONS_RUNTIME_TOKEN
    try {
      await expect(quietly(() => client.uploadArtifact('trace-once', small, uploadRoot))).rejects.toThrow(/409|already exists/)
    } finally {
      process.env.ACTIONS_RUNTIME_TOKEN = service.env().ACTIONS_RUNTIME_TOKEN
    }
    expect(service.requests.slice(start).map(r => [r.rpc, r.status])).toEqual([
      ['CreateArtifact', 409],
      ['CreateArtifact', 409]
    ])
    expect(service.artifacts().filter(candidate => candidate.name === 'trace-once')).toHaveLength(1)
  })
})

describe('protocol details', () => {
  it('answers Twirp errors as {code, msg} JSON', async () => {
    const unauthenticated = await callTwirp('CacheService', 'CreateCacheEntry', { key: 'k', version: 'v' }, 'not.a.token')
    expect(unauthenticated.status).toBe(401)
    expect(await unauthenticated.json()).toMatchObject({ code: 'unauthenticated' })

    const malformed = await callTwirp('CacheService', 'CreateCacheEntry', '{not json')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'malformed' })

    const missingVersion = await callTwirp('CacheService', 'CreateCacheEntry', { key: 'k' })
    expect(missingVersion.status).toBe(400)
    expect(await missingVersion.json()).toMatchObject({ code: 'invalid_argument', msg: expect.stringContaining('version') })

    const unknown = await callTwirp('CacheService', 'DeleteEverything', {})
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'bad_route' })

    const foreignRun = await callTwirp('ArtifactService', 'CreateArtifact', {
      workflow_run_backend_id: 'someone-else',
      workflow_job_run_backend_id: 'x',
      name: 'n',
      version: 7
    })
    expect(foreignRun.status).toBe(403)
    expect(await foreignRun.json()).toMatchObject({ code: 'permission_denied' })
  })

  it('serves ranges and refuses URLs whose signature or permission does not fit', async () => {
    await saveFrom({ 'receipts/x': 'x' }, 'ranged-1')
    const { version } = service.cacheEntries().find(entry => entry.key === 'ranged-1') ?? { version: '' }
    const lookup = await callTwirp('CacheService', 'GetCacheEntryDownloadURL', { key: 'ranged-1', version })
    const { signed_download_url: readUrl } = (await lookup.json()) as { signed_download_url: string }
    const whole = Buffer.from(await (await fetch(readUrl)).arrayBuffer())

    const head = await fetch(readUrl, { method: 'HEAD' })
    expect(head.headers.get('content-length')).toBe(String(whole.length))
    const ranged = await fetch(readUrl, { headers: { range: 'bytes=2-9' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 2-9/${whole.length}`)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(whole.subarray(2, 10))).toBe(true)

    const tampered = await fetch(readUrl.replace(/sig=[^&]+/, 'sig=forged'))
    expect(tampered.status).toBe(403)
    expect(tampered.headers.get('x-ms-error-code')).toBe('AuthenticationFailed')
    const writeWithReadUrl = await fetch(readUrl, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: 'overwrite' })
    expect(writeWithReadUrl.status).toBe(403)
    expect(writeWithReadUrl.headers.get('x-ms-error-code')).toBe('AuthorizationPermissionMismatch')
  })

  it('holds a request for a delay fault, and clearFaults drops waiting faults', async () => {
    service.injectFault('GetCacheEntryDownloadURL', { delayMs: 30_000 })
    const held = callTwirp('CacheService', 'GetCacheEntryDownloadURL', { key: 'k', version: 'v' })
    const outcome = await Promise.race([held.then(() => 'answered'), new Promise(resolve => setTimeout(() => resolve('still held'), 500))])
    expect(outcome).toBe('still held')

    service.injectFault('FinalizeCacheEntryUpload', { status: 500 }, 3)
    service.clearFaults()
    const answered = await callTwirp('CacheService', 'FinalizeCacheEntryUpload', { key: 'none', version: 'v', size_bytes: '1' })
    expect(answered.status).toBe(404)
    expect(await answered.json()).toMatchObject({ code: 'not_found' })
    void held.catch(() => undefined)
  })
})

describe('the REST listing of cache entries', () => {
  const list = (query: string, token?: string) =>
    fetch(`${service.env().GITHUB_API_URL}/repos/octo/widgets/actions/caches?${query}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` }
    })

  it('lists the committed entries whose key starts with the prefix, newest first, per_page at a time', async () => {
    await saveFrom({ 'receipts/n': '1' }, 'listing-x-1')
    await saveFrom({ 'receipts/n': '2' }, 'listing-x-2')
    await saveFrom({ 'receipts/n': '3' }, 'listing-y-1')
    const token = service.apiToken()

    const all = await list('key=listing-x-', token)
    expect(all.status).toBe(200)
    const body = (await all.json()) as { total_count: number; actions_caches: Record<string, unknown>[] }
    expect(body.total_count).toBe(2)
    expect(body.actions_caches.map(entry => entry.key)).toEqual(['listing-x-2', 'listing-x-1'])
    expect(body.actions_caches[0]).toMatchObject({
      id: expect.any(Number),
      ref: 'refs/heads/main',
      version: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_at: expect.any(String),
      last_accessed_at: expect.any(String),
      size_in_bytes: expect.any(Number)
    })
    const first = (await (await list('key=listing-x-&per_page=1', token)).json()) as { actions_caches: { key: string }[] }
    expect(first.actions_caches.map(entry => entry.key)).toEqual(['listing-x-2'])
    const oldest = (await (await list('key=listing-x-&direction=asc', token)).json()) as { actions_caches: { key: string }[] }
    expect(oldest.actions_caches.map(entry => entry.key)).toEqual(['listing-x-1', 'listing-x-2'])
    expect(service.requests.at(-1)).toMatchObject({ rpc: 'ListCaches', status: 200 })
  })

  it('wants a token it issued (401), with actions: read (403)', async () => {
    expect((await list('key=listing-')).status).toBe(401)
    expect((await list('key=listing-', 'ghs_made_up')).status).toBe(401)
    const refused = await list('key=listing-', service.apiToken({ actionsRead: false }))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ message: 'Resource not accessible by integration' })
  })

  it('takes injected faults under the target ListCaches', async () => {
    service.injectFault('ListCaches', { status: 503 }, 1)
    expect((await list('key=listing-', service.apiToken())).status).toBe(503)
    expect((await list('key=listing-', service.apiToken())).status).toBe(200)
  })
})
