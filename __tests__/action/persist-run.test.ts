/**
 * persistRun, shared by the main and post steps, over the real cache and artifact clients
 * and the local results service: the history save and the trace upload go side by side,
 * a failure of one neither stops nor fails the other, and each failure is one warning.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createCacheStore, type CacheStore } from '../../src/action/persistence/cache-store.js'
import { persistRun, type PersistOptions, type PersistOutcome, type RunToPersist } from '../../src/action/persistence/persist-run.js'
import { historyKeyPrefix } from '../../src/action/persistence/receipt-history.js'
import { historyKey } from '../../src/core/receipts/identity.js'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { makeReceipt } from '../helpers/receipts.js'
import { useInProcessToolkit } from '../helpers/in-process-toolkit.js'
import { readZip, type ResultsService } from '../helpers/results-service.js'

type ArtifactModule = typeof import('@actions/artifact')

let service: ResultsService
let cache: CacheStore
let artifact: ArtifactModule
let scratch: string

const toolkit = useInProcessToolkit('reverify-persist-run-')

beforeAll(async () => {
  service = toolkit.service
  scratch = toolkit.scratch
  cache = createCacheStore(await import('@actions/cache'))
  artifact = await import('@actions/artifact')
})

let scenes = 0

/** A state directory holding one failed receipt, its session folder, and the options to persist it. */
async function scene(
  overrides: Partial<PersistOptions> = {}
): Promise<{ run: RunToPersist; options: PersistOptions; warnings: string[]; prefix: string }> {
  const root = join(scratch, `scene-${++scenes}`)
  const stateDir = join(root, 'state')
  const sessionDir = join(stateDir, 'sessions', 'one')
  await mkdir(sessionDir, { recursive: true })
  await writeFile(join(sessionDir, 'trace.jsonl'), '{"phase":"start"}\n')
  await writeFile(join(sessionDir, 'meta.json'), '{}\n')
  const target = `octo/scene-${scenes}`
  const receipt = makeReceipt({ target })
  const store = new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() })
  await store.write(receipt)
  const key = historyKey(target, '', receipt.identity_hash)
  const warnings: string[] = []
  const options: PersistOptions = {
    history: {
      cache,
      store,
      workspace: join(scratch, 'workspace'),
      deadlines: { restoreMs: 60_000, saveMs: 120_000 },
      historyKey: key,
      target,
      scope: '',
      identityHash: receipt.identity_hash,
      warn: message => warnings.push(message),
      info: () => undefined
    },
    uploadTrace: 'always',
    artifact: () => new artifact.DefaultArtifactClient(),
    env: { GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'verify' },
    uploadDeadlineMs: 120_000,
    warn: message => warnings.push(message),
    ...overrides
  }
  return { run: { runId: receipt.run_id, sessionDir, outcome: 'failure' }, options, warnings, prefix: historyKeyPrefix(key) }
}

/** persistRun with the clients' own log lines kept out of the test output. */
async function quietly(run: RunToPersist, options: PersistOptions): Promise<PersistOutcome> {
  const write = process.stdout.write
  process.stdout.write = (() => true) as typeof process.stdout.write
  try {
    return await persistRun(run, options)
  } finally {
    process.stdout.write = write
  }
}

const keysUnder = (prefix: string) =>
  service
    .cacheEntries()
    .map(entry => entry.key)
    .filter(key => key.startsWith(prefix))
const artifactNamed = (runId: string | undefined) => service.artifacts().find(found => found.name === `reverify-trace-${runId}`)

test('saves the history and uploads the trace, and says so', async () => {
  const { run, options, warnings, prefix } = await scene({ traceRetentionDays: 2 })

  const outcome = await quietly(run, options)

  const uploaded = artifactNamed(run.runId)!
  expect(outcome).toEqual({ historySaved: true, artifact: { id: uploaded.id } })
  expect(Math.abs(Date.parse(uploaded.expiresAt ?? '') - Date.now() - 2 * 24 * 3600 * 1000)).toBeLessThan(3600 * 1000)
  expect(keysUnder(prefix)).toEqual([expect.stringMatching(new RegExp(`^${prefix}4242-1-verify-[0-9a-f]{8}$`))])
  expect(warnings).toEqual([])
})

test('the two go side by side: the upload does not wait for a slow cache', async () => {
  const { run, options } = await scene()
  service.injectFault('CreateCacheEntry', { delayMs: 1500 }, 1)
  const start = service.requests.length

  await quietly(run, options)

  const rpcs = service.requests.slice(start).map(request => request.rpc)
  // Had the save gone first, nothing of the artifact's would be answered before it.
  expect(rpcs.indexOf('FinalizeArtifact')).toBeGreaterThan(-1)
  expect(rpcs.indexOf('FinalizeArtifact')).toBeLessThan(rpcs.indexOf('CreateCacheEntry'))
})

test('a cache that refuses the save: one warning, and the trace is still uploaded', async () => {
  const { run, options, warnings, prefix } = await scene()
  service.injectFault('CreateCacheEntry', { status: 409 }, 1)

  const outcome = await quietly(run, options)

  expect(outcome.historySaved).toBe(false)
  expect(outcome.artifact).toEqual({ id: artifactNamed(run.runId)!.id })
  expect(keysUnder(prefix)).toEqual([])
  expect(warnings).toEqual([
    expect.stringMatching(
      /^reverify: the receipt history was not saved to the cache: reserve conflict, the key is taken \(409\): .*; the verdict stands$/
    )
  ])
})

test('an artifact service that refuses the upload: one warning, and the history is still saved', async () => {
  const { run, options, warnings, prefix } = await scene()
  service.injectFault('CreateArtifact', { status: 403 }, 1)

  const outcome = await quietly(run, options)

  expect(outcome).toEqual({ historySaved: true, artifact: { note: 'upload failed (see the warning above)' } })
  expect(keysUnder(prefix)).toHaveLength(1)
  expect(warnings).toEqual([expect.stringMatching(/^reverify: could not upload the trace artifact: .*the verdict stands$/)])
})

test('an artifact client that cannot even be made is a warning like any other upload failure', async () => {
  const { run, options, warnings } = await scene({
    artifact: () => {
      throw new Error('no runtime token')
    }
  })

  const outcome = await quietly(run, options)

  expect(outcome).toEqual({ historySaved: true, artifact: { note: 'upload failed (see the warning above)' } })
  expect(warnings).toEqual(['reverify: could not upload the trace artifact: no runtime token; the verdict stands'])
})

test('cache-receipts off and upload-trace on-failure for a pass: nothing is sent, and the note says why', async () => {
  const { run, options, warnings } = await scene({ history: undefined, uploadTrace: 'on-failure' })
  const start = service.requests.length

  const outcome = await quietly({ ...run, outcome: 'success' }, options)

  expect(outcome).toEqual({ historySaved: false, artifact: { note: 'not uploaded (upload-trace: on-failure)' } })
  expect(service.requests.slice(start)).toEqual([])
  expect(warnings).toEqual([])
})

test('a run that never got a session (blocked before it started) has no trace to upload', async () => {
  const { run, options } = await scene({ history: undefined })

  const outcome = await quietly({ outcome: 'failure' }, options)

  expect(outcome.artifact).toEqual({ note: 'not uploaded (upload-trace: always)' })
  expect(artifactNamed(run.runId)).toBeUndefined()
})

test('the upload starts once the history is staged and handed to the cache client, so the two overlap', async () => {
  const { run, options } = await scene()
  const history = options.history!
  const events: string[] = []
  const outcome = await quietly(run, {
    ...options,
    history: {
      ...history,
      cache: { restore: history.cache.restore, save: (paths, key) => (events.push('cache save'), history.cache.save(paths, key)) }
    },
    artifact: () => (events.push('artifact client'), new artifact.DefaultArtifactClient())
  })
  expect(outcome.historySaved).toBe(true)
  expect(outcome.artifact).toEqual({ id: expect.any(Number) })
  expect(events).toEqual(['cache save', 'artifact client'])
})

test("a run's annotations go into the trace artifact as annotations.json; a write that fails is one warning, and the upload goes ahead", async () => {
  const annotation = { level: 'error' as const, title: 'unit: a failed', message: 'boom', file: 'src/a.test.js', line: 3 }
  const { run, options, warnings } = await scene()

  await quietly({ ...run, annotations: () => [annotation] }, options)

  const files = readZip(artifactNamed(run.runId)!.data)
  const written = files.find(file => file.name === 'annotations.json')
  expect(JSON.parse(written!.data.toString('utf8'))).toEqual({ schema_version: 1, annotations: [annotation] })
  expect(warnings).toEqual([])

  // A folder where the file goes: the write fails, and the trace goes up without it.
  const blocked = await scene()
  await mkdir(join(blocked.run.sessionDir!, 'annotations.json', 'inside'), { recursive: true })
  const outcome = await quietly({ ...blocked.run, annotations: () => [annotation] }, blocked.options)
  expect(outcome.artifact).toEqual({ id: artifactNamed(blocked.run.runId)!.id })
  expect(blocked.warnings).toEqual([expect.stringMatching(/^reverify: could not put the annotations in the trace artifact: /)])
})
