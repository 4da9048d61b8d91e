/**
 * What a crash leaves that resuming cannot, or need not, continue (docs/design.md §6), through
 * the built CLI: a run whose session is gone, a run killed after its trace's end, a restart
 * that sets a recorded result aside, and a session killed at its first write.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { sealedHere } from '../helpers/receipts.js'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { expectWellFormedTrace, readMeta, readTrace, runDirs, sessionDirs } from '../helpers/trace.js'
import { waitUntil } from '../helpers/budget.js'

let repo: string
const state = () => join(repo, '.reverify')
const count = () => readFileSync(join(repo, 'count'), 'utf8').split('\n').filter(Boolean).length
const receiptPath = (runId: string) => join(state(), 'runs', runId, 'receipt.json')
const receiptOf = (runId: string) => JSON.parse(readFileSync(receiptPath(runId), 'utf8'))

beforeEach(async () => {
  repo = await scratchRepo()
})

async function deadPid(): Promise<number> {
  const child = spawn('true')
  await once(child, 'exit')
  return child.pid!
}

/** Puts the only run's receipt back to `running`, owned by a process that has exited (sealed as this machine's). */
async function receiptLeftRunning(patch: Record<string, unknown> = {}): Promise<string> {
  const [runId] = runDirs(state())
  const receipt = receiptOf(runId!)
  const running = { ...receipt, status: 'running', ended_at: null, flaky: false, pid: await deadPid(), ...patch }
  writeFileSync(receiptPath(runId!), JSON.stringify(await sealedHere(running)))
  return runId!
}

/** Runs the CLI until `marker` appears in the repository, then SIGKILLs it and the group `pidFile` names, if any. */
async function killWhen(args: string[], marker: string, options: { env?: NodeJS.ProcessEnv; pidFile?: string } = {}): Promise<void> {
  let cli = 0
  const run = spawnCli(args, repo, { env: options.env, onSpawn: pid => (cli = pid) })
  await waitUntil(() => existsSync(join(repo, marker)), `${marker} never appeared`, 30_000)
  process.kill(cli, 'SIGKILL')
  expect((await run).signal).toBe('SIGKILL')
  if (options.pidFile === undefined) return
  for (let waited = 0; !existsSync(join(repo, options.pidFile)); waited += 20) await new Promise(resolve => setTimeout(resolve, 20))
  try {
    process.kill(-Number(readFileSync(join(repo, options.pidFile), 'utf8').trim()), 'SIGKILL')
  } catch {
    // already gone
  }
}

describe('a run whose session is gone', () => {
  const args = ['run', '--command', 'echo run >> count', '--expect-exit', '0']

  test('receipts list does not offer a resume; resume closes it as interrupted (exit 130) and says to run the command again', async () => {
    expect((await spawnCli(args, repo)).code).toBe(0)
    const runId = await receiptLeftRunning()
    rmSync(receiptOf(runId).session.dir, { recursive: true })

    const listed = await spawnCli(['receipts', 'list'], repo)
    expect(listed.stdout).toMatch(new RegExp(`^${runId}  interrupted `, 'm'))
    expect(listed.stdout).not.toContain('reverify resume')
    expect(listed.stdout).toContain('run the command again')

    const resumed = await spawnCli(['resume', runId], repo)
    expect(resumed.code).toBe(130)
    expect(resumed.stdout).toBe('')
    expect(resumed.stderr).toBe(
      `reverify: resume: run ${runId} cannot be resumed: its session directory is missing or not one of this state directory, so nothing is left to continue from; it is closed as interrupted — run the command again with reverify run\n`
    )
    const closed = receiptOf(runId)
    expect(closed.status).toBe('interrupted')
    expect(Date.parse(closed.ended_at)).not.toBeNaN()
    expect(count()).toBe(1)

    // Nothing suggests the failing resume again, and the remedy given works.
    expect((await spawnCli(['receipts', 'list'], repo)).stdout).not.toContain('reverify resume')
    expect((await spawnCli(['resume'], repo)).stderr).toContain('nothing to resume: no run in')
    expect((await spawnCli(args, repo)).code).toBe(0)
    expect(count()).toBe(2)
  })
})

describe('a crash between the trace end and the receipt, then reverify resume', () => {
  const pause = (name: string) => ({ REVERIFY_TEST_PAUSE_AT: `after-trace-end:${join(repo, name)}` })

  test('a failed run: one line saying it had ended, its receipt settled failed, the exit code its verdict', async () => {
    const args = ['run', '--command', 'echo run >> count; exit 1', '--expect-exit', '0', '--max-retries', '0']
    await killWhen(args, 'paused', { env: pause('paused') })
    const [runId] = runDirs(state())
    const dir = receiptOf(runId!).session.dir
    expect(receiptOf(runId!).status).toBe('running')

    const resumed = await spawnCli(['resume', runId!], repo)
    expect(resumed.stderr).toBe('')
    expect(resumed.stdout).toBe(
      `reverify: run ${runId} had already ended (failed · attempts: 1/1) before its receipt was written; nothing to resume: its receipt is settled from its trace, ${dir}\n`
    )
    expect(resumed.code).toBe(1)
    expect(receiptOf(runId!)).toMatchObject({ status: 'failed', attempts: 1 })
    expect(receiptOf(runId!).ended_at).not.toBeNull()
    expect(count()).toBe(1)
    expect(existsSync(join(dir, 'report.html'))).toBe(true)
  })

  test('a passed run: bare resume settles it passed and exits 0, nothing runs again', async () => {
    const args = ['run', '--command', 'echo run >> count', '--expect-exit', '0']
    await killWhen(args, 'paused', { env: pause('paused') })
    const [runId] = runDirs(state())
    const resumed = await spawnCli(['resume'], repo)
    expect(resumed.code).toBe(0)
    expect(resumed.stderr).toBe('')
    expect(resumed.stdout).toMatch(new RegExp(`^reverify: run ${runId} had already ended \\(passed · attempts: 1/3\\)`))
    expect(receiptOf(runId!)).toMatchObject({ status: 'passed', attempts: 1 })
    expect(count()).toBe(1)
  })
})

test('a restart names the recorded result it does not use, and where it stays', async () => {
  const check = 'echo $$ > check.pid; touch checking; [ -f fast ] || sleep 60; true'
  const args = (retries: string) => [
    'run',
    '--command',
    'echo run >> count',
    '--expect-exit',
    '0',
    '--expect-check',
    check,
    '--max-retries',
    retries
  ]
  await killWhen(args('1'), 'checking', { pidFile: 'check.pid' })
  const [runId] = runDirs(state())
  const dir = receiptOf(runId!).session.dir
  writeFileSync(join(repo, 'fast'), '')

  const again = await spawnCli(args('3'), repo)
  expect(again.code).toBe(0)
  const lines = again.stderr.split('\n')
  const at = lines.indexOf(
    `reverify: interrupted run ${runId} cannot be resumed (max-retries changed since it was interrupted); starting a new run`
  )
  expect(at).toBeGreaterThanOrEqual(0)
  expect(lines[at + 1]).toBe(
    `reverify: the new run does not use its recorded result: attempt 1, command exit 0, not yet verified (the crash came during its checks); it stays in ${join(dir, 'trace.jsonl')}`
  )
  expect(count()).toBe(2)
  // It is where the line says.
  expect(readTrace(dir).find(event => event.phase === 'tool_result')!.payload).toMatchObject({ attempt: 1, exit: 0 })
})

test('a session killed at its first write (empty trace, no meta.json) is closed like any other interrupted session', async () => {
  const args = ['run', '--command', 'echo run >> count', '--expect-exit', '0']
  expect((await spawnCli(args, repo)).code).toBe(0)
  const [dir] = sessionDirs(state())
  writeFileSync(join(dir!, 'trace.jsonl'), '')
  for (const file of ['meta.json', 'run.json', 'report.html', 'attempt-1.log']) rmSync(join(dir!, file))
  const runId = await receiptLeftRunning({ attempts: 0, commands: [] })
  const started = receiptOf(runId).started_at

  const again = await spawnCli(args, repo)
  expect(again.code).toBe(0)
  expect(receiptOf(runId)).toMatchObject({ status: 'interrupted', attempts: 0 })
  const events = expectWellFormedTrace(dir!)
  expect(events.map(event => event.phase)).toEqual(['start', 'note', 'end'])
  expect(events[0]).toMatchObject({ ts: started, skill: basename(dirname(dir!)), payload: { run_id: runId } })
  expect(events[1]!.payload.message).toMatch(/^its trace was empty/)
  expect(readMeta(dir!)).toMatchObject({ run_id: runId, outcome: 'aborted', attempts: 0, tool_calls: 0, started_at: started })
  expect(readMeta(dir!).ended_at).not.toBeNull()
  expect(existsSync(join(dir!, 'report.html'))).toBe(true)
  expect(again.stderr).toContain(`interrupted run ${runId} cannot be resumed (it was killed as its run opened, before any command ran)`)
})
