/**
 * A poisoned receipt-history entry end to end: saved through the real @actions/cache client
 * under the key the action restores, then restored by the action's bundle. Bad files are
 * skipped with warnings, a receipt of another repository cannot block the run, and a
 * receipt pointing its session outside the state directory cannot make reverify touch it.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { historyKey, commandIdentity } from '../../src/core/receipts/identity.js'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { listTree } from '../helpers/fuzz.js'
import { makeReceipt } from '../helpers/receipts.js'

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

/** Saves `dir` with the real client, from the runner's workspace as the action would. */
async function saveAsRunner(runner: FakeRunner, dir: string, key: string): Promise<number> {
  const cwd = process.cwd()
  const write = process.stdout.write
  Object.assign(process.env, service.env({ jobBackendId: runner.jobBackendId }), {
    GITHUB_WORKSPACE: runner.workspace,
    RUNNER_TEMP: runner.runnerTemp
  })
  process.chdir(runner.workspace)
  // The client reports through ::debug:: lines on stdout; keep them out of the test output.
  process.stdout.write = (() => true) as typeof process.stdout.write
  try {
    return await cache.saveCache([dir], key)
  } finally {
    process.stdout.write = write
    process.chdir(cwd)
  }
}

test('a poisoned history entry is skipped file by file and neither blocks the run nor reaches outside', async () => {
  const runner = new FakeRunner(service, 'octo/poisoned')
  const command = 'echo ok'
  const identity = commandIdentity([command])
  const key = historyKey(runner.repository, '', identity.hash)
  // Where the action's cache client reads and writes the history: the same relative path on every runner.
  const relative = `.reverify-history/${key}`
  const stage = join(runner.workspace, relative)
  const runs = join(stage, 'runs')
  const base = { target: runner.repository, commands_run: [command] }

  // Another repository's failure, which would block this run were it believed.
  const foreign = makeReceipt({ ...base, target: 'evil/other', status: 'failed', started_at: '2026-11-30T08:00:00.000Z' })
  // A run "still running" in another workflow run, whose session lies outside the state dir
  // (started a minute ago: a day-old one would be ignored as stale).
  const outsideSession = join(runner.root, 'outside-session')
  const stray = makeReceipt({
    ...base,
    status: 'running',
    ended_at: null,
    started_at: new Date(Date.now() - 60_000).toISOString(),
    session: { id: '01JDQ3Z8X5K9V7M2N4P6R8T0W1', dir: outsideSession },
    ci: { run_id: '1', run_attempt: 1 }
  })
  const [badJson, huge, linked, fifo] = [0, 1, 2, 3].map(() => makeReceipt(base))
  for (const receipt of [foreign, stray, badJson!, huge!, linked!, fifo!]) await mkdir(join(runs, receipt.run_id), { recursive: true })
  await writeFile(join(runs, foreign.run_id, 'receipt.json'), JSON.stringify(foreign))
  await writeFile(join(runs, stray.run_id, 'receipt.json'), JSON.stringify(stray))
  await writeFile(join(runs, badJson!.run_id, 'receipt.json'), '{"schema_version": 1,')
  await writeFile(join(runs, huge!.run_id, 'receipt.json'), JSON.stringify({ ...huge, pad: ' '.repeat(5 * 1024 * 1024) }))
  await symlink('/etc/passwd', join(runs, linked!.run_id, 'receipt.json'))
  execFileSync('mkfifo', [join(runs, fifo!.run_id, 'receipt.json')])

  await mkdir(outsideSession)
  const outsideTrace =
    '{"ts":"2026-11-30T08:00:01.000Z","skill":"verify","session_id":"01JDQ3Z8X5K9V7M2N4P6R8T0W1","phase":"start","payload":{}}\n'
  await writeFile(join(outsideSession, 'trace.jsonl'), outsideTrace)
  await writeFile(join(outsideSession, 'meta.json'), '{"session_id":"01JDQ3Z8X5K9V7M2N4P6R8T0W1"}\n')
  const outsideBefore = listTree(outsideSession)

  expect(await saveAsRunner(runner, relative, `reverify-v1-${key}-999-1-evil-0000`)).toBeGreaterThan(0)
  await rm(join(runner.workspace, '.reverify-history'), { recursive: true })
  runner.freshTemp()

  const step = await runner.main({ command, 'expect-exit': '0', 'max-retries': '0', 'capture-before-retry': 'block' })

  expect(step.outputs.outcome).toBe('success')
  expect(step.code).toBe(0)
  const warnings = step.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
  for (const receipt of [foreign, badJson!, huge!, linked!, fifo!]) {
    expect(warnings.filter(message => message.startsWith(`reverify: skipped cached receipt ${receipt.run_id}:`))).toHaveLength(1)
  }
  expect(warnings.some(message => /nobody captured/.test(message))).toBe(false)
  expect(step.stdout).not.toMatch(/internal error/)
  // The stray receipt was closed as interrupted; its outside session was left as it was.
  const strayNow = JSON.parse(await readFile(join(runner.stateDir, 'runs', stray.run_id, 'receipt.json'), 'utf8'))
  expect(strayNow.status).toBe('interrupted')
  expect(listTree(outsideSession)).toEqual(outsideBefore)
  expect(await readFile(join(outsideSession, 'trace.jsonl'), 'utf8')).toBe(outsideTrace)
  expect(await readFile(join(outsideSession, 'meta.json'), 'utf8')).toBe('{"session_id":"01JDQ3Z8X5K9V7M2N4P6R8T0W1"}\n')
  // The foreign receipt never joined the store.
  expect(listTree(join(runner.stateDir, 'runs'))).not.toContain(foreign.run_id)
})
