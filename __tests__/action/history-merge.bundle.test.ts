/**
 * Concurrent jobs of one command lose none of each other's receipts (docs/design.md §5):
 * eight matrix legs fail at once, each saving its own cache entry; the next run lists the
 * entries through the REST API with its github-token and merges them, so every leg's run id
 * can be captured. With the listing refused (403) the newest entry alone is restored, the
 * log says so in one line, and the verdict is the same. Bundled action, real cache client,
 * local results service.
 */
import { FakeRunner, receiptsInCacheEntry, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

let service: ResultsService
beforeAll(async () => {
  service = await ResultsService.start()
})
afterAll(async () => {
  await service.stop()
})

const failing = { command: 'echo "leg failed"; exit 3', 'expect-exit': '0', 'max-retries': '0' }

function historyEntries(step: StepResult) {
  return service.cacheEntries().filter(entry => entry.key.startsWith(`reverify-v1-${step.state['history-key']}-`))
}

/** Whether the token appears anywhere the step printed or wrote, but the mask command that hides it. */
function shows(step: StepResult, token: string): boolean {
  const printed = step.stdout.split('\n').filter(line => line !== `::add-mask::${token}`)
  return [...printed, step.stderr, step.summary, JSON.stringify(step.outputs)].some(text => text.includes(token))
}

function notices(step: StepResult): string[] {
  return step.annotations.filter(annotation => annotation.level === 'notice').map(annotation => annotation.message)
}

test('eight concurrent failing legs: every run id is capturable on the next run; a refused listing changes no verdict', async () => {
  const token = service.apiToken()
  const legs = Array.from({ length: 8 }, () => new FakeRunner(service, 'octo/widgets', 'verify', '9100'))
  const done = await Promise.all(legs.map(leg => leg.main({ ...failing, 'github-token': token })))
  expect(done.map(step => step.code)).toEqual(Array(8).fill(1))
  const legIds = done.map(step => step.outputs['run-id']!)
  expect(new Set(legIds).size).toBe(8)
  expect(historyEntries(done[0]!)).toHaveLength(8)

  // Listing refused: the newest entry only, one line saying why, the same verdict.
  const refusedToken = service.apiToken({ actionsRead: false })
  const refused = await new FakeRunner(service, 'octo/widgets', 'verify', '9101').main({ ...failing, 'github-token': refusedToken })
  const listingLines = refused.stdout.split('\n').filter(line => /could not list|cache entries could not be listed/.test(line))
  expect(listingLines).toEqual([
    "reverify: could not list this command's cache entries (403: Resource not accessible by integration); restored the newest entry only (github-token needs actions: read)"
  ])
  // The newest entry may already hold a leg or two that finished before it restored.
  expect(refused.stdout).toMatch(/restored \d+ receipt\(s\) of this command from cache reverify-v1-/)
  expect(refused.stdout).toContain(`::add-mask::${refusedToken}`)
  expect(shows(refused, refusedToken)).toBe(false)

  // The next run, with a commit capturing every leg.
  const message = ['Fix the flaky leg', '', ...legIds.map(id => `Reverify-Capture: ${id} looked at the leg`)].join('\n')
  const next = await new FakeRunner(service, 'octo/widgets', 'verify', '9102').main(
    { ...failing, 'github-token': token },
    { event: { commits: [{ id: 'c'.repeat(40), message }], head_commit: null } }
  )
  expect(next.stdout).toMatch(/restored 9 receipt\(s\) of this command from 9 cache entries \(newest reverify-v1-/)
  for (const id of legIds) expect(next.stdout).toContain(`reverify: captured ${id} from`)
  expect(notices(next)).toEqual([])
  expect(shows(next, token)).toBe(false)

  // The verdict did not depend on the listing: same outcome, attempts and exit code.
  for (const step of [refused, next]) {
    expect(step.code).toBe(1)
    expect([step.outputs.outcome, step.outputs.attempts, step.outputs['exit-code']]).toEqual(['failure', '1', '3'])
  }
  // What the next run saved holds every leg, captured.
  const saved = await receiptsInCacheEntry(historyEntries(next).pop()!)
  const legs8 = saved.filter(receipt => legIds.includes(receipt.run_id))
  expect(legs8).toHaveLength(8)
  expect(legs8.every(receipt => receipt.capture?.note === 'looked at the leg')).toBe(true)
}, 120_000)

test('the token never reaches the command, and the listing asks for this history only, newest first', async () => {
  const token = service.apiToken()
  const runner = new FakeRunner(service, 'octo/tokens', 'verify', '9200')
  const step = await runner.main({ command: 'env | grep -c "^INPUT_GITHUB-TOKEN=" || true', 'expect-exit': '0', 'github-token': token })
  expect(step.code).toBe(0)
  expect(step.stdout).toMatch(/^0$/m)
  // A run with a history lists with the key prefix of its own history.
  const again = await runner.main({ command: 'env | grep -c "^INPUT_GITHUB-TOKEN=" || true', 'expect-exit': '0', 'github-token': token })
  expect(again.code).toBe(0)
  const prefix = `reverify-v1-${again.state['history-key']}-`
  const listings = service.requests.filter(request => request.rpc === 'ListCaches')
  expect(listings.length).toBeGreaterThan(0)
  const query = new URL(listings.pop()!.path, 'http://x').searchParams
  expect(Object.fromEntries(query)).toEqual({ key: prefix, sort: 'created_at', direction: 'desc', per_page: '20' })
})
