/**
 * What the action keeps between runs and hands to reviewers, through the real cache and
 * artifact clients: parallel jobs' histories, the trace artifact, and the error policy for a
 * cache or artifact service that misbehaves (it warns; the verdict stands). Tests that
 * inject faults get a service of their own, so every test can run concurrently.
 */
import { FakeRunner, receiptsInCacheEntry, type StepResult } from '../helpers/runner.js'
import { readZip, ResultsService, type Fault } from '../helpers/results-service.js'
import { isProcessGroupNote } from '../helpers/trace.js'

const services: ResultsService[] = []
afterAll(async () => {
  await Promise.all(services.map(service => service.stop()))
})

async function newService(): Promise<ResultsService> {
  const service = await ResultsService.start()
  services.push(service)
  return service
}

const passing = { command: 'echo all good', 'expect-stdout': 'all good' }
const failing = { command: 'echo boom; exit 1', 'expect-exit': '0', 'max-retries': '0' }

function warnings(step: StepResult): string[] {
  return step.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
}

function historyEntries(service: ResultsService, step: StepResult) {
  return service.cacheEntries().filter(entry => entry.key.startsWith(`reverify-v1-${step.state['history-key']}-`))
}

test.concurrent('two parallel jobs of one run save distinct histories, and each later run sees its own', async () => {
  const service = await newService()
  const runId = '777001'
  const jobA = new FakeRunner(service, 'octo/widgets', 'test-a', runId)
  const jobB = new FakeRunner(service, 'octo/widgets', 'test-b', runId)
  const [a, b] = await Promise.all([
    jobA.main({ command: 'echo a; exit 1', 'expect-exit': '0', 'max-retries': '0' }),
    jobB.main({ command: 'echo b; exit 2', 'expect-exit': '0', 'max-retries': '0' })
  ])
  expect([a.code, b.code]).toEqual([1, 1])
  expect(a.state['history-key']).not.toBe(b.state['history-key'])
  const keysA = historyEntries(service, a).map(entry => entry.key)
  const keysB = historyEntries(service, b).map(entry => entry.key)
  expect(keysA).toEqual([expect.stringMatching(new RegExp(`^reverify-v1-${a.state['history-key']}-${runId}-1-test-a-[0-9a-f]{8}$`))])
  expect(keysB).toEqual([expect.stringMatching(new RegExp(`^reverify-v1-${b.state['history-key']}-${runId}-1-test-b-[0-9a-f]{8}$`))])
  // Both artifacts of the run exist under their own names.
  const names = service
    .artifacts()
    .map(artifact => artifact.name)
    .sort()
  expect(names).toEqual([`reverify-trace-${a.outputs['run-id']}`, `reverify-trace-${b.outputs['run-id']}`].sort())

  jobA.freshTemp()
  jobB.freshTemp()
  const [laterA, laterB] = await Promise.all([
    jobA.main({ command: 'echo a; exit 1', 'expect-exit': '0', 'max-retries': '0' }),
    jobB.main({ command: 'echo b; exit 2', 'expect-exit': '0', 'max-retries': '0' })
  ])
  expect(warnings(laterA).join('\n')).toContain(`(${a.outputs['run-id']}) failed`)
  expect(warnings(laterA).join('\n')).not.toContain(b.outputs['run-id'])
  expect(warnings(laterB).join('\n')).toContain(`(${b.outputs['run-id']}) failed`)
  expect(warnings(laterB).join('\n')).not.toContain(a.outputs['run-id'])
  // The later runs saved histories holding both receipts of their own command only.
  const newestA = historyEntries(service, laterA).pop()!
  expect((await receiptsInCacheEntry(newestA)).map(receipt => receipt.run_id).sort()).toEqual(
    [a.outputs['run-id'], laterA.outputs['run-id']].sort()
  )
})

describe('cache faults never fail a passing step', () => {
  const cases: [string, string, Fault, Record<string, string>][] = [
    ['409 on CreateCacheEntry', 'CreateCacheEntry', { status: 409 }, {}],
    // A Retry-After past the save's deadline: given up at once (cache-rate-limit-action.bundle.test.ts has the rest).
    ['429 on CreateCacheEntry', 'CreateCacheEntry', { status: 429, retryAfter: '3600' }, {}],
    ['403 on FinalizeCacheEntryUpload', 'FinalizeCacheEntryUpload', { status: 403 }, {}],
    ['garbage from GetCacheEntryDownloadURL', 'GetCacheEntryDownloadURL', { garbage: true }, {}],
    // upload-trace never: the only blob upload is the cache's.
    ['403 on the blob upload', 'blob', { status: 403 }, { 'upload-trace': 'never' }]
  ]
  test.concurrent.each(cases)('%s: a warning, outcome success, exit 0', async (_, target, fault, extra) => {
    const service = await newService()
    const runner = new FakeRunner(service)
    service.injectFault(target, fault, 1)
    const step = await runner.main({ ...passing, ...extra })
    expect(step.code).toBe(0)
    expect(step.outputs.outcome).toBe('success')
    expect(step.annotations.filter(annotation => annotation.level === 'error')).toEqual([])
    const reverifyWarnings = warnings(step).filter(message => message.startsWith('reverify:'))
    expect(reverifyWarnings).toHaveLength(1)
    expect(reverifyWarnings[0]).toMatch(
      target === 'GetCacheEntryDownloadURL' ? /could not be restored/ : /was not saved .*the verdict stands/
    )
  })

  test.concurrent("the save warning says why: a 409 on reserve is a taken key, a 403 on finalize is the client's own reason", async () => {
    const service = await newService()
    const runner = new FakeRunner(service)
    service.injectFault('CreateCacheEntry', { status: 409 }, 1)
    const taken = await runner.main(passing)
    expect(warnings(taken).filter(message => message.startsWith('reverify:'))).toEqual([
      expect.stringMatching(
        /^reverify: the receipt history was not saved to the cache: reserve conflict, the key is taken \(409\): Unable to reserve cache with key reverify-v1-.*; the verdict stands$/
      )
    ])
    service.injectFault('FinalizeCacheEntryUpload', { status: 403 }, 1)
    const refused = await runner.main(passing)
    expect(warnings(refused).filter(message => message.startsWith('reverify:'))).toEqual([
      expect.stringMatching(
        /^reverify: the receipt history was not saved to the cache: the cache client returned -1: Failed to save: .*403.*; the verdict stands$/
      )
    ])
  })

  test.concurrent('a slow cache service: the step waits for it and the history is kept', async () => {
    const service = await newService()
    const runner = new FakeRunner(service)
    service.injectFault('GetCacheEntryDownloadURL', { delayMs: 1500 }, 1)
    service.injectFault('CreateCacheEntry', { delayMs: 1500 }, 1)
    const step = await runner.main(failing)
    expect(step.code).toBe(1)
    expect(step.outputs.outcome).toBe('failure')
    expect(warnings(step)).toEqual([])
    expect(historyEntries(service, step)).toHaveLength(1)
  })

  test.concurrent('block mode with a restore that fails: the run goes ahead and says it could not check', async () => {
    const service = await newService()
    const runner = new FakeRunner(service)
    const first = await runner.main(failing)
    expect(first.code).toBe(1)
    runner.freshTemp()
    service.injectFault('GetCacheEntryDownloadURL', { status: 403 }, 1)
    const second = await runner.main({ ...failing, 'capture-before-retry': 'block' })
    // Not blocked: the command ran (and failed again, as it does).
    expect(second.outputs['run-id']).toMatch(/-verify-/)
    expect(second.outputs.attempts).toBe('1')
    expect(warnings(second).join('\n')).toMatch(/could not be restored.*capture-before-retry could not check this run/)
    expect(second.annotations.some(annotation => /nobody captured/.test(annotation.message))).toBe(false)
  })
})

describe('the trace artifact', () => {
  test.concurrent('is named after the run and holds the trace, meta.json and the attempt logs', async () => {
    const service = await newService()
    const runner = new FakeRunner(service)
    const step = await runner.main({ command: 'echo hello trace', 'expect-stdout': 'hello trace', 'trace-retention-days': '3' })
    expect(step.code).toBe(0)
    const runId = step.outputs['run-id']!
    const [artifact] = service.artifacts()
    expect(artifact?.name).toBe(`reverify-trace-${runId}`)
    expect(step.outputs['artifact-id']).toBe(String(artifact!.id))
    const files = new Map(readZip(artifact!.data).map(entry => [entry.name, entry.data.toString('utf8')]))
    expect([...files.keys()]).toEqual(expect.arrayContaining(['attempt-1.log', 'meta.json', 'trace.jsonl']))
    const events = files
      .get('trace.jsonl')!
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
      .filter(event => !isProcessGroupNote(event))
    expect(events.map(event => event.phase)).toEqual(['start', 'decision', 'tool_call', 'tool_result', 'verify', 'end'])
    for (const event of events) expect(event).toMatchObject({ skill: 'verify', session_id: step.outputs['session-id'] })
    expect(events[5].payload.outcome).toBe('success')
    expect(JSON.parse(files.get('meta.json')!)).toMatchObject({ run_id: runId, outcome: 'success', attempts: 1, flaky: false })
    expect(files.get('attempt-1.log')).toContain('hello trace')
    // Retention: the expiry asked for is three days after the upload.
    const create = service.requests.find(request => request.rpc === 'CreateArtifact')
    const expiresAt = Date.parse((create?.body as { expires_at?: string }).expires_at ?? '')
    expect(Math.abs(expiresAt - Date.now() - 3 * 24 * 3600 * 1000)).toBeLessThan(3600 * 1000)
  })

  test.concurrent('upload-trace: never uploads nothing, even for a failure', async () => {
    const service = await newService()
    const step = await new FakeRunner(service).main({ ...failing, 'upload-trace': 'never' })
    expect(step.code).toBe(1)
    expect(service.artifacts()).toEqual([])
    expect(step.outputs['artifact-id']).toBe('')
    expect(step.summary).toContain('not uploaded (upload-trace: never)')
  })

  test.concurrent('upload-trace: on-failure skips a pass and uploads a failure', async () => {
    const service = await newService()
    const runner = new FakeRunner(service)
    const pass = await runner.main({ ...passing, 'upload-trace': 'on-failure' })
    expect(pass.code).toBe(0)
    expect(service.artifacts()).toEqual([])
    const fail = await runner.main({ ...failing, 'upload-trace': 'on-failure' })
    expect(fail.code).toBe(1)
    expect(service.artifacts().map(artifact => artifact.name)).toEqual([`reverify-trace-${fail.outputs['run-id']}`])
    expect(service.requests.filter(request => request.rpc === 'CreateArtifact')).toHaveLength(1)
  })

  test.concurrent.each([
    ['409 (a duplicate name)', 'CreateArtifact', { status: 409 }],
    ['403 on CreateArtifact', 'CreateArtifact', { status: 403 }],
    ['400 on FinalizeArtifact', 'FinalizeArtifact', { status: 400 }]
  ] as [string, string, Fault][])('%s: a warning, and the verdict stands', async (_, target, fault) => {
    const service = await newService()
    const runner = new FakeRunner(service)
    service.injectFault(target, fault, 1)
    const pass = await runner.main(passing)
    expect(pass.code).toBe(0)
    expect(pass.outputs.outcome).toBe('success')
    expect(pass.outputs['artifact-id']).toBe('')
    expect(warnings(pass).filter(message => /could not upload the trace artifact.*the verdict stands/.test(message))).toHaveLength(1)
    expect(pass.summary).toContain('upload failed')
    // The history was still saved.
    expect(historyEntries(service, pass)).toHaveLength(1)
  })
})
