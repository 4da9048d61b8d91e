/**
 * A cache or artifact service that never answers (docs/design.md §5, "Error policy"): the
 * clients would wait minutes for it, before or after the command. Through the bundled
 * action and the real clients against the local service's `hang` fault, each of restore,
 * save, upload and the cache listing ends at its deadline (set small through its environment
 * variable) with a warning, and the step ends with the verdict it would have had. No timing
 * is asserted: a step that waited for the service would not end before the test's timeout.
 * Only the stalled call's deadline is short: a call that must succeed keeps its default, so a
 * busy machine never makes a healthy restore or save late (docs/design.md §9, "Tests on a
 * busy machine").
 */
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const services: ResultsService[] = []
afterAll(async () => {
  await Promise.all(services.map(service => service.stop()))
})

async function stalledService(target: string): Promise<ResultsService> {
  const service = await ResultsService.start()
  services.push(service)
  service.injectFault(target, { hang: true }, Infinity)
  return service
}

/** The deadlines of the calls that never answer, short; the others keep their defaults. */
const short = (...names: ('RESTORE' | 'SAVE' | 'UPLOAD' | 'LIST')[]) =>
  Object.fromEntries(names.map(name => [`REVERIFY_${name}_DEADLINE_MS`, '1500']))
const passing = { command: 'echo all good', 'expect-stdout': 'all good' }
const failing = { command: 'echo boom; exit 3', 'expect-exit': '0', 'max-retries': '0' }

function warnings(step: StepResult): string[] {
  return step.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
}

describe('a service that never answers costs its deadline, a warning, and nothing else', () => {
  test.concurrent(
    'restore: the run goes ahead without the history',
    async () => {
      const service = await stalledService('GetCacheEntryDownloadURL')
      const step = await new FakeRunner(service).main(passing, { env: short('RESTORE') })
      expect(step.code).toBe(0)
      expect(step.outputs.outcome).toBe('success')
      expect(warnings(step)).toContain(
        'reverify: could not restore the receipt history: the cache service did not answer within 1.5 s; going on without it'
      )
      expect(step.stdout).toMatch(/reverify: verify — success on attempt 1/)
    },
    40_000
  )

  test.concurrent(
    'save: the history is not saved, and a failure is still a failure',
    async () => {
      const service = await stalledService('CreateCacheEntry')
      const step = await new FakeRunner(service).main({ ...failing, 'upload-trace': 'never' }, { env: short('SAVE') })
      expect(step.code).toBe(1)
      expect(step.outputs.outcome).toBe('failure')
      expect(step.outputs['exit-code']).toBe('3')
      expect(warnings(step)).toContain(
        'reverify: the receipt history was not saved: the cache service did not answer within 1.5 s; the verdict stands'
      )
      expect(service.cacheEntries()).toEqual([])
    },
    40_000
  )

  test.concurrent(
    'upload: no artifact, and the summary says the upload was abandoned',
    async () => {
      const service = await stalledService('CreateArtifact')
      const step = await new FakeRunner(service).main(passing, { env: short('UPLOAD') })
      expect(step.code).toBe(0)
      expect(step.outputs.outcome).toBe('success')
      expect(step.outputs['artifact-id'] ?? '').toBe('')
      expect(warnings(step)).toContain(
        'reverify: could not upload the trace artifact: the artifact service did not answer within 1.5 s; the verdict stands'
      )
      // The history was saved side by side all the same.
      expect(service.cacheEntries()).toHaveLength(1)
    },
    40_000
  )

  test.concurrent(
    'the blob storage behind a signed URL stalls: the same deadline holds',
    async () => {
      const service = await stalledService('blob')
      const step = await new FakeRunner(service).main(passing, { env: short('SAVE', 'UPLOAD') })
      expect(step.code).toBe(0)
      expect(step.outputs.outcome).toBe('success')
      const said = warnings(step).join('\n')
      expect(said).toContain('the receipt history was not saved: the cache service did not answer within 1.5 s')
      expect(said).toContain('could not upload the trace artifact: the artifact service did not answer within 1.5 s')
    },
    40_000
  )

  test.concurrent(
    'the listing API stalls: the newest entry is still restored, and the log says why the rest is not',
    async () => {
      const service = await stalledService('ListCaches')
      const runner = new FakeRunner(service)
      const first = await runner.main(failing, { env: short('LIST') })
      expect(first.code).toBe(1)
      runner.freshTemp()
      const token = service.apiToken()
      // The newest entry's restore (a download, then tar and zstd) keeps the default 60 s: only
      // the listing, which never answers, has a short limit.
      const second = await runner.main({ ...failing, 'github-token': token }, { env: short('LIST') })
      expect(second.code).toBe(1)
      expect(second.stdout).toMatch(/restored 1 receipt\(s\) of this command from cache reverify-v1-/)
      expect(second.stdout.split('\n').filter(line => line.includes('could not list'))).toEqual([
        "reverify: could not list this command's cache entries (the API did not answer in time); restored the newest entry only (github-token needs actions: read)"
      ])
      expect(warnings(second).join('\n')).toContain(`(${first.outputs['run-id']}) failed and nobody captured`)
    },
    40_000
  )
})
