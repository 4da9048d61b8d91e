/**
 * Workflow-command injection through the bundled action (issue #13): the runner reads any
 * log line that starts with `::` as a command. Every input, the event payload (pull request
 * body, pushed commits), a cache key, restored receipts and the capture note are given text
 * that tries to start one after a line feed, `%0A`, a carriage return and U+2028/U+2029.
 * Read the way the runner reads the log (honouring `::stop-commands::`), no line the step
 * prints starts one of those forged commands; the command's own output, which prints them
 * too, stays inside reverify's stop-commands fence.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { commandIdentity, historyKey } from '../../src/core/receipts/identity.js'
import { inputsOf } from '../../src/core/inputs/table.js'
import { makeReceipt } from '../helpers/receipts.js'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

type CacheModule = typeof import('@actions/cache')

let service: ResultsService
let cache: CacheModule
const savedEnv = { ...process.env }

beforeAll(async () => {
  service = await ResultsService.start()
  cache = await import('@actions/cache')
})

afterAll(async () => {
  await service.stop()
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name]
  Object.assign(process.env, savedEnv)
})

const FORGED = ['::warning title=FORGED::forged annotation', '::add-mask::FORGED', '::stop-commands::FORGED', '::error::FORGED']
/** Each forged command after each kind of break: LF, `%0A`, CR, CRLF, U+2028, U+2029, NEL, and blanks before it. */
const HOSTILE = [
  'x',
  `\n${FORGED[0]}`,
  `%0A${FORGED[1]}`,
  `\r${FORGED[2]}`,
  `\r\n  ${FORGED[3]}`,
  `\u2028${FORGED[0]}`,
  `\u2029${FORGED[1]}`,
  `\u0085${FORGED[2]}`,
  `%0D%0A${FORGED[3]}`,
  '\n'
].join('')

/**
 * The forged commands a step's output would run, read as the runner reads it: lines cut at
 * any break, blanks trimmed, nothing run between `::stop-commands::<token>` and `::<token>::`.
 */
function forgedCommands(text: string): string[] {
  const found: string[] = []
  let stopped: string | undefined
  for (const raw of text.split(/\r\n|[\r\n\u2028\u2029\u0085]/)) {
    const line = raw.trimStart()
    if (stopped !== undefined) {
      if (line === `::${stopped}::`) stopped = undefined
      continue
    }
    const fence = /^::stop-commands::([0-9a-f]{32})$/.exec(line)
    if (fence) stopped = fence[1]
    else if (FORGED.some(forged => line.startsWith(forged))) found.push(line)
  }
  return found
}

function expectNoForgedCommand(step: StepResult): void {
  expect(forgedCommands(step.stdout)).toEqual([])
  expect(forgedCommands(step.stderr)).toEqual([])
}

const BASE = { command: 'echo ok', 'expect-exit': '0', 'max-retries': '0', 'upload-trace': 'never' }

test('the forged-command reader finds what an unprotected line would run', () => {
  // `%0A` is text in a log line: six of the eight forged commands start a line
  expect(forgedCommands(`reverify: note ${HOSTILE}`)).toHaveLength(6)
  expect(forgedCommands(`::stop-commands::${'a'.repeat(32)}\n${HOSTILE}::${'a'.repeat(32)}::\n`)).toEqual([])
})

describe('every input', () => {
  test.each(inputsOf('action'))('%s holding forged commands prints none', async name => {
    const runner = new FakeRunner(service, `octo/inject-${name}`)
    const step = await runner.main({ ...BASE, 'cache-receipts': 'false', [name]: HOSTILE })
    expectNoForgedCommand(step)
  })
})

test("the command's own output stays inside the stop-commands fence", async () => {
  const runner = new FakeRunner(service, 'octo/inject-output')
  const step = await runner.main(
    { ...BASE, command: 'printf "%s" "$HOSTILE"; printf "%s" "$HOSTILE" >&2; exit 1', 'cache-receipts': 'false' },
    { env: { HOSTILE } }
  )
  expect(step.stdout).toContain(FORGED[0])
  expect(step.stdout).toMatch(/^::stop-commands::[0-9a-f]{32}$/m)
  expect(forgedCommands(step.stdout)).toEqual([])
  // The error annotation quotes the output: inside one escaped command line, not as lines of its own
  expect(step.annotations.some(annotation => annotation.level === 'error')).toBe(true)
})

test('event payloads, a cache key, restored receipts and the capture note print no forged command', async () => {
  const runner = new FakeRunner(service, 'octo/inject-outside')
  const command = 'exit 1'
  const inputs = { ...BASE, command }
  const failed = await runner.main(inputs)
  const runId = failed.outputs['run-id']!
  expectNoForgedCommand(failed)

  // A pull request body and pushed commits, trailers with forged notes and forged fields
  const body = `Fix\n\nReverify-Capture: ${runId} found it${HOSTILE}\nReverify-Capture: 20261201-000000-verify-abcdef${HOSTILE}`
  const pr = await runner.main(inputs, {
    eventName: 'pull_request',
    event: { number: 7, pull_request: { number: 7, title: HOSTILE, body, head: { ref: HOSTILE } } }
  })
  expectNoForgedCommand(pr)
  const push = await runner.main(inputs, {
    eventName: 'push',
    event: { head_commit: { id: HOSTILE, message: body }, commits: [{ id: HOSTILE, message: body, author: { name: HOSTILE } }] }
  })
  expectNoForgedCommand(push)

  // Capture mode with a forged note
  const captured = await runner.main({ ...inputs, capture: runId, 'capture-note': `found it${HOSTILE}` })
  expect(captured.outputs.captured).toBe('true')
  expectNoForgedCommand(captured)

  // A history entry saved by another job under a key with forged commands, holding receipts
  // with forged fields and a file name with a line break
  const key = historyKey(runner.repository, '', commandIdentity([command]).hash)
  const stage = join(runner.root, 'poison', key)
  const base = { target: runner.repository, commands_run: [command] }
  const hostileReceipt = makeReceipt({
    ...base,
    status: 'failed',
    capture: { captured_at: '2026-11-30T08:00:00.000Z', note: HOSTILE, source: HOSTILE, by: HOSTILE }
  })
  await mkdir(join(stage, 'runs', hostileReceipt.run_id), { recursive: true })
  await writeFile(join(stage, 'runs', hostileReceipt.run_id, 'receipt.json'), JSON.stringify(hostileReceipt))
  await mkdir(join(stage, 'runs', `bad${HOSTILE}`), { recursive: true })
  await writeFile(join(stage, 'runs', `bad${HOSTILE}`, 'receipt.json'), '{')
  const notJson = makeReceipt(base)
  await mkdir(join(stage, 'runs', notJson.run_id), { recursive: true })
  await writeFile(join(stage, 'runs', notJson.run_id, 'receipt.json'), JSON.stringify({ ...notJson, status: HOSTILE }))
  expect(await saveAsRunner(runner, stage, `reverify-v1-${key}-zz${HOSTILE.replace(/,/g, '')}`)).toBeGreaterThan(0)
  runner.freshTemp()
  const restored = await runner.main({ ...inputs, 'capture-before-retry': 'warn' })
  expect(restored.stdout).toMatch(/from cache reverify-v1-/)
  expectNoForgedCommand(restored)
})

/** Saves `dir` with the real client, from the runner's workspace as another job would. */
async function saveAsRunner(runner: FakeRunner, dir: string, key: string): Promise<number> {
  const cwd = process.cwd()
  const write = process.stdout.write
  Object.assign(process.env, service.env({ jobBackendId: runner.jobBackendId }), {
    GITHUB_WORKSPACE: runner.workspace,
    RUNNER_TEMP: runner.runnerTemp
  })
  process.chdir(runner.root)
  process.stdout.write = (() => true) as typeof process.stdout.write
  try {
    return await cache.saveCache([dir], key)
  } finally {
    process.stdout.write = write
    process.chdir(cwd)
  }
}
