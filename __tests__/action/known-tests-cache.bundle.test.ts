/**
 * The known tests travel with the receipt history through the cache (docs/design.md §5
 * "Receipt history in the cache"): two matrix legs that read different tests each save them
 * beside their receipts; the next run restores both entries and knows every test of both,
 * and saves them again. A hostile known-tests file in a restored entry is one warning naming
 * the entry, and is ignored: the good entries still count and the verdict stands. Bundled
 * action, real cache client, local results service.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner, readCacheEntry, type StepResult } from '../helpers/runner.js'
import { RequestBarrier, ResultsService } from '../helpers/results-service.js'
import { seedHistory } from '../helpers/seed-cache.js'
import { junitReport } from '../helpers/junit.js'
import { KnownTests } from '../../src/core/test-results/known-tests.js'

let service: ResultsService
beforeAll(async () => {
  service = await ResultsService.start()
})
afterAll(async () => {
  await service.stop()
})

const COMMAND = 'mkdir -p reports && cp fixture.xml reports/junit.xml'
const inputs = (token: string) => ({ command: COMMAND, 'expect-exit': '0', 'test-results': 'reports/*.xml', 'github-token': token })

/** A runner whose workspace holds the JUnit file naming these tests. */
function legWith(runId: string, tests: string[], repository = 'octo/widgets'): FakeRunner {
  const runner = new FakeRunner(service, repository, 'verify', runId)
  writeFileSync(join(runner.workspace, 'fixture.xml'), junitReport(Object.fromEntries(tests.map(name => [name, 'passed' as const]))))
  return runner
}

function knownIn(runner: FakeRunner, step: StepResult): KnownTests {
  const read = KnownTests.parse(readFileSync(join(runner.stateDir, 'known-tests', `${step.state['history-key']}.json`), 'utf8'))
  if (!read.ok) throw new Error(read.reason)
  return read.known
}

function entriesOf(step: StepResult) {
  return service.cacheEntries().filter(entry => entry.key.startsWith(`reverify-v1-${step.state['history-key']}-`))
}

test('two legs save their known tests side by side; the next run restores both merged and saves them again', async () => {
  const token = service.apiToken()
  const first = legWith('9300', ['api returns the user', 'api lists users'])
  const second = legWith('9301', ['api lists users', 'api deletes a user'])
  // Side by side: neither leg's save reaches the service before both have asked for one, so
  // neither restores the other's entry, however late the machine starts the second leg.
  service.injectFault('CreateCacheEntry', { barrier: new RequestBarrier(2) }, 2)
  const legs = await Promise.all([first.main(inputs(token)), second.main(inputs(token))])
  expect(legs.map(step => step.code)).toEqual([0, 0])
  expect(knownIn(first, legs[0]!).size).toBe(2)
  expect(knownIn(second, legs[1]!).size).toBe(2)
  for (const step of legs) expect(step.stdout).toMatch(/reverify: saved 1 receipt\(s\) and 2 known test\(s\) of this command to cache /)
  expect(entriesOf(legs[0]!)).toHaveLength(2)

  // A new machine, with a JUnit file naming none of the tests: all it knows comes from the cache.
  const third = legWith('9302', ['api creates a user'])
  const next = await third.main(inputs(token))
  expect(next.code).toBe(0)
  expect(next.stdout).toMatch(/reverify: restored 2 receipt\(s\) and 3 known test\(s\) of this command from 2 cache entries/)
  const known = knownIn(third, next)
  // The three the legs saw, and the one this run read.
  expect(known.size).toBe(4)
  const saved = await readCacheEntry(entriesOf(next).pop()!)
  const file = [...saved].find(([name]) => name.endsWith(`known-tests/${next.state['history-key']}.json`))
  expect(file).toBeDefined()
  expect(file![1].toString('utf8')).toBe(known.serialize())
}, 180_000)

test('a hostile known-tests file in a restored entry is a warning naming the entry, and ignored; the verdict stands', async () => {
  const token = service.apiToken()
  // Another repository: a history of its own, apart from the test above.
  const good = legWith('9400', ['cart applies the coupon', 'cart empties'], 'octo/gadgets')
  const saved = await good.main(inputs(token))
  expect(saved.code).toBe(0)
  const historyKey = saved.state['history-key']!
  const badKey = `reverify-v1-${historyKey}-9401-1-verify-0000evil`
  await seedHistory(service, historyKey, badKey, [], {
    [`known-tests/${historyKey}.json`]: '{"version":1,"first_seen":{"2026-11-20":"<img src=x>"}}'
  })

  const runner = legWith('9402', ['cart empties'], 'octo/gadgets')
  const step = await runner.main(inputs(token))
  expect(step.code).toBe(0)
  expect(step.outputs.outcome).toBe('success')
  const warnings = step.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
  expect(warnings).toEqual([
    expect.stringMatching(new RegExp(`were ignored: first_seen\\.2026-11-20: not a list of keys \\(cache entry ${badKey}\\)$`))
  ])
  expect(step.stdout).toMatch(/restored 1 receipt\(s\) and 2 known test\(s\) of this command from 2 cache entries/)
  expect(knownIn(runner, step).size).toBe(2)
}, 180_000)
