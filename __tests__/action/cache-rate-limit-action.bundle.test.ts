/**
 * GitHub's rate limit on cache uploads (docs/design.md §5, "Receipt history in the cache"):
 * past 200 uploads a minute the service answers 429 with `Retry-After`. Through the bundled
 * action, the real cache client and the local service: a 429 that lifts is waited out and
 * the receipt reaches the history (so the next run warns on the uncaptured failure); one that
 * outlasts the save's deadline is one warning saying the history was not saved, and the
 * step's verdict is what it would have been. No timing is asserted.
 */
import { FakeRunner, receiptsInCacheEntry, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const services: ResultsService[] = []
afterAll(async () => {
  await Promise.all(services.map(service => service.stop()))
})

async function newService(): Promise<ResultsService> {
  const service = await ResultsService.start()
  services.push(service)
  return service
}

const failing = { command: 'echo boom; exit 3', 'expect-exit': '0', 'max-retries': '0', 'upload-trace': 'never' }

function warnings(step: StepResult): string[] {
  return step.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
}

function logLines(step: StepResult, pattern: RegExp): string[] {
  return step.stdout.split('\n').filter(line => pattern.test(line))
}

test.concurrent(
  'a 429 with Retry-After: 1 that then lifts: the step waits, the history is saved, and the next run knows the failure',
  async () => {
    const service = await newService()
    const runner = new FakeRunner(service)
    service.injectFault('CreateCacheEntry', { status: 429, retryAfter: '1' }, 1)

    const first = await runner.main(failing)

    expect(first.code).toBe(1)
    expect(first.outputs.outcome).toBe('failure')
    expect(logLines(first, /rate-limiting/)).toEqual([
      expect.stringMatching(
        /^reverify: the cache service is rate-limiting uploads \(429\); retrying the history save in 1(\.[0-2])? s \(Retry-After: 1 s\)$/
      )
    ])
    expect(logLines(first, /^reverify: saved /)).toEqual([
      expect.stringMatching(/^reverify: saved 1 receipt\(s\) of this command to cache reverify-v1-.*-retry-1 after 1 retry$/)
    ])
    // No warning at all: neither reverify's nor the client's (its rate-limit lines stay plain log lines).
    expect(warnings(first)).toEqual([])
    const [entry] = service.cacheEntries()
    expect(service.cacheEntries()).toHaveLength(1)
    expect((await receiptsInCacheEntry(entry!)).map(receipt => receipt.run_id)).toEqual([first.outputs['run-id']])

    runner.freshTemp()
    const second = await runner.main(failing)
    expect(warnings(second).join('\n')).toContain(`(${first.outputs['run-id']}) failed and nobody captured`)
  },
  60_000
)

test.concurrent(
  'a 429 that outlasts the save’s deadline: one warning that the history was not saved, and the verdict stands',
  async () => {
    const service = await newService()
    const runner = new FakeRunner(service)
    service.injectFault('CreateCacheEntry', { status: 429, retryAfter: '1' }, Infinity)

    const step = await runner.main(failing, { env: { REVERIFY_SAVE_DEADLINE_MS: '4000' } })

    expect(step.code).toBe(1)
    expect(step.outputs.outcome).toBe('failure')
    expect(step.outputs['exit-code']).toBe('3')
    expect(warnings(step)).toEqual([
      expect.stringMatching(
        /^reverify: the receipt history was not saved to the cache: the service (is|was still) rate-limiting uploads \(429\).*the save's deadline \(4 s\).*; the verdict stands$/
      )
    ])
    expect(service.cacheEntries()).toEqual([])
  },
  60_000
)

test.concurrent(
  'a Retry-After longer than the deadline: the save gives up at once, without waiting',
  async () => {
    const service = await newService()
    const runner = new FakeRunner(service)
    service.injectFault('CreateCacheEntry', { status: 429, retryAfter: '3600' }, Infinity)

    const step = await runner.main(failing)

    expect(step.code).toBe(1)
    expect(logLines(step, /retrying the history save/)).toEqual([])
    expect(warnings(step)).toEqual([
      "reverify: the receipt history was not saved to the cache: the service is rate-limiting uploads (429), and the wait (Retry-After: 3600 s, plus up to 20 %) does not fit in what is left of the save's deadline (120 s); the verdict stands"
    ])
    expect(service.requests.filter(request => request.rpc === 'CreateCacheEntry')).toHaveLength(1)
  },
  60_000
)
