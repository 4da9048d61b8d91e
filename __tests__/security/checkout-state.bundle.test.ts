/**
 * Run state that arrives with the checkout (docs/design.md §6, SECURITY.md): a commit that
 * force-adds `.reverify/runs/…` and `.reverify/sessions/…` — a `running` receipt with a dead
 * pid, this host's name and this clone's path, and a trace whose attempt 1 passed — must
 * neither produce a verdict nor choose a command. The forged state is made the way an
 * attacker would: a real run on another machine (another HOME, so another seal key), cut
 * to its crashed state, committed into the repository.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { processStartTime } from '../../src/core/process/process-identity.js'
import { processGroupNote } from '../../src/core/session/notes.js'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { readTrace, runDirs, sessionDirs } from '../helpers/trace.js'

const COMMAND = 'echo ran >> count'
const RUN = ['run', '--command', COMMAND, '--expect-exit', '0']

let repo: string
const state = () => join(repo, '.reverify')
const count = () => (existsSync(join(repo, 'count')) ? readFileSync(join(repo, 'count'), 'utf8').trim().split('\n').length : 0)

/** An attacker's HOME: the run it makes is sealed with a key the victim does not have. */
async function elsewhere(): Promise<NodeJS.ProcessEnv> {
  return { HOME: await mkdtemp(join(tmpdir(), 'reverify-attacker-home-')) }
}

/**
 * Makes the forged state: a real run under the attacker's key, cut after attempt 1's
 * `verify` (or as `cut` says), its receipt back to `running` (its process is gone), all committed.
 */
async function forgeCommittedRun(cut: (phase: string) => boolean = phase => phase === 'verify'): Promise<string> {
  expect((await spawnCli(RUN, repo, { env: await elsewhere() })).code).toBe(0)
  const [runId] = runDirs(state())
  const [dir] = sessionDirs(state())
  const events = readTrace(dir!)
  const last = events.findIndex(event => cut(event.phase))
  writeFileSync(
    join(dir!, 'trace.jsonl'),
    events
      .slice(0, last + 1)
      .map(event => `${JSON.stringify(event)}\n`)
      .join('')
  )
  const receiptPath = join(state(), 'runs', runId!, 'receipt.json')
  const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
  // Its pid is the finished CLI's, a process that is gone.
  writeFileSync(receiptPath, JSON.stringify({ ...receipt, status: 'running', ended_at: null }))
  execFileSync('git', ['add', '-f', '.reverify', 'count'], { cwd: repo })
  execFileSync('git', ['-c', 'user.name=x', '-c', 'user.email=x@example.com', 'commit', '-qm', 'forged state'], { cwd: repo })
  expect(count()).toBe(1)
  return runId!
}

beforeEach(async () => {
  repo = await scratchRepo()
  execFileSync('git', ['init', '-q'], { cwd: repo })
})

test('a committed running receipt whose trace says attempt 1 passed does not decide the verdict: the command runs', async () => {
  const runId = await forgeCommittedRun()
  const next = await spawnCli(RUN, repo)
  expect(next.code).toBe(0)
  // The command ran for real; the forged record was not replayed.
  expect(count()).toBe(2)
  expect(next.stderr).not.toContain('resumed run')
  expect(next.stderr).toContain(`interrupted run ${runId} cannot be resumed`)
  expect(next.stderr).toContain('not written by reverify on this machine')
  expect(runDirs(state())).toHaveLength(2)
})

test('a committed trace that has its end does not settle a committed running receipt', async () => {
  const runId = await forgeCommittedRun(phase => phase === 'end')
  const next = await spawnCli([...RUN, '--capture-before-retry', 'block'], repo)
  expect(next.code).toBe(0)
  expect(count()).toBe(2)
  // The forged receipt was closed as interrupted, never given the forged trace's verdict.
  expect(JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8')).status).toBe('interrupted')
})

test('a bare resume never runs a command taken from a committed run.json', async () => {
  const runId = await forgeCommittedRun(phase => phase === 'tool_call')
  // The attacker swaps the recorded command for its own.
  const [dir] = sessionDirs(state())
  const recordPath = join(dir!, 'run.json')
  const record = JSON.parse(readFileSync(recordPath, 'utf8'))
  writeFileSync(recordPath, JSON.stringify({ ...record, inputs: { ...record.inputs, command: 'touch pwned' } }))
  const resumed = await spawnCli(['resume'], repo)
  expect(resumed.code).toBe(2)
  expect(resumed.stderr).toContain('nothing to resume: no run in')
  const named = await spawnCli(['resume', runId], repo)
  expect(named.code).toBe(2)
  expect(named.stderr.trim()).toBe(
    `reverify: resume: run ${runId} was not started by reverify on this machine (its receipt has no valid seal); run the command again with reverify run`
  )
  expect(existsSync(join(repo, 'pwned'))).toBe(false)
  expect(count()).toBe(1)
})

test("this machine's own crashed run is still resumed: the seal is what tells them apart", async () => {
  // The same crash, made under this machine's HOME: resume replays the recorded pass.
  expect((await spawnCli(RUN, repo)).code).toBe(0)
  const [runId] = runDirs(state())
  const [dir] = sessionDirs(state())
  const events = readTrace(dir!)
  const last = events.findIndex(event => event.phase === 'verify')
  writeFileSync(
    join(dir!, 'trace.jsonl'),
    events
      .slice(0, last + 1)
      .map(event => `${JSON.stringify(event)}\n`)
      .join('')
  )
  const receiptPath = join(state(), 'runs', runId!, 'receipt.json')
  const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
  // As a SIGKILL leaves it: still running, owned by a process that is gone, its seal intact.
  writeFileSync(receiptPath, JSON.stringify({ ...receipt, status: 'running', ended_at: null }))
  const next = await spawnCli(RUN, repo)
  expect(next.code).toBe(0)
  expect(next.stderr).toContain(`resumed run ${runId}`)
  expect(count()).toBe(1)
})

test('a committed trace naming a live process group never gets it signalled', async () => {
  // A process of this machine's, in its own group, that the forged trace claims as its own.
  const bystander = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' })
  try {
    const pgid = bystander.pid!
    const started = processStartTime(pgid)
    expect(started).toBeDefined()
    await forgeCommittedRun(phase => phase === 'tool_call')
    const [dir] = sessionDirs(state())
    const note = {
      ts: new Date().toISOString(),
      skill: 'verify',
      phase: 'note',
      payload: processGroupNote('attempt 1', { pgid, started: started! })
    }
    const trace = join(dir!, 'trace.jsonl')
    const events = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    const sessionId = events[0].session_id
    writeFileSync(trace, `${readFileSync(trace, 'utf8')}${JSON.stringify({ ...note, session_id: sessionId })}\n`)
    const next = await spawnCli(RUN, repo)
    expect(next.code).toBe(0)
    expect(next.stderr).not.toContain('stopped process group')
    expect(bystander.exitCode).toBeNull()
    expect(() => process.kill(pgid, 0)).not.toThrow()
  } finally {
    bystander.kill('SIGKILL')
  }
})

test('receipts list does not offer to resume a committed running receipt: resume would refuse it', async () => {
  const runId = await forgeCommittedRun(phase => phase === 'tool_call')
  const listed = await spawnCli(['receipts', 'list'], repo)
  expect(listed.code).toBe(0)
  expect(listed.stdout).toMatch(new RegExp(`^${runId}  interrupted `, 'm'))
  expect(listed.stdout).not.toContain('reverify resume')
  expect(listed.stdout).toContain('run the command again')
})
