/**
 * Secrets inside other inputs, through the bundled action (issue #13): a `redact` value
 * inside `scope`, `capture-note` or a pull request body's trailer note (with a token-shaped
 * string), and inside a rejected `working-directory` or `retry-on-output`. Masks and the
 * redactor are set up before any input is validated, and every stored field is redacted:
 * none of them reaches the receipt, the cache staging folder, the saved cache entry, the
 * summary, an annotation or any printed line.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { leaksIn, leaksUnder } from '../helpers/fuzz.js'
import { FakeRunner, readCacheEntry, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

// Assembled at run time so that no credential-looking literal sits in the source.
const REDACT_VALUE = 'rdx-H4sK9wQ2zP'
const GITHUB_TOKEN = 'ghp' + '_' + 'A1b2C3d4E5f6G7h8I9j0'.repeat(2).slice(0, 36)
const SECRETS = [REDACT_VALUE, GITHUB_TOKEN]
const SCOPE = `team-${REDACT_VALUE}`

/** What a step printed for people to read: every line but the mask registrations, which the runner consumes. */
function printed(step: StepResult): Map<string, string | Buffer> {
  const visible = (text: string) =>
    text
      .split('\n')
      .filter(line => !line.startsWith('::add-mask::'))
      .join('\n')
  return new Map<string, string | Buffer>([
    ['stdout', visible(step.stdout)],
    ['stderr', visible(step.stderr)],
    ['summary', step.summary],
    ['outputs', JSON.stringify(step.outputs)]
  ])
}

/** Every place a step left text: what it printed, the state directory (receipts, cache staging) and the saved cache entries. */
async function leaksOf(service: ResultsService, runner: FakeRunner, step: StepResult) {
  const texts = printed(step)
  for (const entry of service.cacheEntries().filter(entry => entry.key.startsWith('reverify-v1-'))) {
    for (const [name, data] of await readCacheEntry(entry)) texts.set(`cache entry ${entry.key} ${name}`, data)
  }
  return [
    ...leaksIn(texts, SECRETS),
    ...(existsSync(runner.stateDir) ? leaksUnder(runner.stateDir, SECRETS) : []),
    ...leaksUnder(runner.workspace, SECRETS)
  ]
}

test('a redact value in scope and capture-note never reaches a receipt, the cache or the log', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/secret-scope')
  const inputs = { command: 'exit 1', 'expect-exit': '0', 'max-retries': '0', redact: REDACT_VALUE, scope: SCOPE, 'upload-trace': 'never' }
  const failed = await runner.main(inputs)
  expect(failed.outputs.outcome).toBe('failure')
  // The cache's transfer folder lives in the workspace only around a restore or a save.
  expect(existsSync(join(runner.workspace, '.reverify-history'))).toBe(false)
  expect(service.cacheEntries().length).toBeGreaterThan(0)
  expect(await leaksOf(service, runner, failed)).toEqual([])

  // The same scope again finds the history it saved: redaction is the same every time
  runner.freshTemp()
  const again = await runner.main({ ...inputs, 'capture-before-retry': 'warn' })
  expect(again.annotations.some(annotation => /nobody captured|not captured|uncaptured/i.test(annotation.title ?? ''))).toBe(true)

  const runId = failed.outputs['run-id']!
  const captured = await runner.main({ ...inputs, capture: runId, 'capture-note': `rotated ${REDACT_VALUE} and ${GITHUB_TOKEN}` })
  expect(captured.outputs.captured).toBe('true')
  expect(await leaksOf(service, runner, captured)).toEqual([])
})

test("a token in a pull request body's trailer note never reaches the receipt or the cache", async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/secret-trailer')
  const inputs = { command: 'exit 1', 'expect-exit': '0', 'max-retries': '0', redact: REDACT_VALUE, 'upload-trace': 'never' }
  const failed = await runner.main(inputs)
  const runId = failed.outputs['run-id']!
  const body = `Fixes the flake\n\nReverify-Capture: ${runId} leaked ${GITHUB_TOKEN} and ${REDACT_VALUE} in the fixture`
  const pr = await runner.main(inputs, { eventName: 'pull_request', event: { number: 3, pull_request: { number: 3, body } } })
  expect(pr.stdout).toContain(`captured ${runId} from`)
  expect(await leaksOf(service, runner, pr)).toEqual([])
})

test.each([
  ['working-directory', `/no/such/place/${REDACT_VALUE}`],
  ['retry-on-output', `(${REDACT_VALUE}`]
])('a redact value in a rejected %s is not in the error annotation', async (name, value) => {
  const service = await started
  const runner = new FakeRunner(service, `octo/secret-${name}`)
  const step = await runner.main({ command: 'true', 'expect-exit': '0', redact: REDACT_VALUE, [name]: value })
  expect(step.code).not.toBe(0)
  const error = step.annotations.find(annotation => annotation.level === 'error')
  expect(error?.message).toContain(name)
  expect(error?.message).toContain('[redacted')
  expect(leaksIn(printed(step), SECRETS)).toEqual([])
})
