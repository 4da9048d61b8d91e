/**
 * Crash recovery to the letter (docs/design.md §1, §2, §6), through the built CLI: real
 * SIGKILLs while the command or its expect-check runs, and a crash between the trace's end
 * and the receipt's final write. The command counts its real executions in a file, so a
 * re-run cannot hide.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sealedHere } from '../helpers/receipts.js'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { expectWellFormedTrace, readMeta, runDirs, sessionDirs, type Event } from '../helpers/trace.js'
import { waitUntil } from '../helpers/budget.js'

let repo: string
const state = () => join(repo, '.reverify')
const count = () =>
  readFileSync(join(repo, 'count'), 'utf8')
    .split('\n')
    .filter(line => line !== '').length
const receiptOf = (runId: string) => JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8'))
const ofPhase = (events: Event[], phase: string) => events.filter(event => event.phase === phase)

beforeEach(async () => {
  repo = await scratchRepo()
})

/**
 * Runs the CLI until `marker` appears in the repository, then SIGKILLs it, and the process
 * group whose leader wrote its pid to `pidFile` (nothing of the crash is left running).
 */
async function killWhen(args: string[], marker: string, pidFile: string): Promise<void> {
  let cli = 0
  const run = spawnCli(args, repo, { onSpawn: pid => (cli = pid) })
  await waitUntil(() => existsSync(join(repo, marker)), `${marker} never appeared`, 30_000)
  process.kill(cli, 'SIGKILL')
  const ended = await run
  expect(ended.signal).toBe('SIGKILL')
  for (let waited = 0; !existsSync(join(repo, pidFile)); waited += 20) await new Promise(resolve => setTimeout(resolve, 20))
  try {
    process.kill(-Number(readFileSync(join(repo, pidFile), 'utf8').trim()), 'SIGKILL')
  } catch {
    // already gone
  }
}

/** An expect-check that is slow the first time (until `fast` exists) and says it ran. */
const SLOW_CHECK = 'echo $$ > check.pid; touch checking; [ -f fast ] || sleep 60; echo CHECKED; true'

test('a SIGKILL during a slow expect-check: the recorded result is replayed, the command not run again, no retry spent', async () => {
  const args = [
    'run',
    '--command',
    'echo run >> count; echo done',
    '--expect-exit',
    '0',
    '--expect-check',
    SLOW_CHECK,
    '--max-retries',
    '1'
  ]
  await killWhen(args, 'checking', 'check.pid')
  expect(count()).toBe(1)
  const [runId] = runDirs(state())
  const [dir] = sessionDirs(state())
  // tool_result was written (synced) as soon as the script ended, before the check.
  expect(ofPhase(openTrace(dir!), 'tool_result')).toHaveLength(1)

  writeFileSync(join(repo, 'fast'), '')
  const resumed = await spawnCli(args, repo)
  expect(resumed.code).toBe(0)
  expect(resumed.stderr).toContain(`resumed run ${runId}`)
  expect(count()).toBe(1)
  const events = expectWellFormedTrace(dir!)
  expect(ofPhase(events, 'tool_call')).toHaveLength(1)
  // expect-exit judged from the record, expect-check evaluated again now.
  expect(ofPhase(events, 'verify')[0]!.payload).toMatchObject({ attempt: 1, ok: true, replayed: true })
  expect(readFileSync(join(dir!, 'attempt-1.check.log'), 'utf8')).toContain('CHECKED')
  expect(receiptOf(runId!)).toMatchObject({ status: 'passed', attempts: 1, flaky: false })
  expect(readMeta(dir!)).toMatchObject({ outcome: 'success', attempts: 1, tool_calls: 1, errors: 0, flaky: false })
})

test('after a replayed failure the retry note is written and meta.json counts agree with the trace', async () => {
  const command = 'echo run >> count; [ $(wc -l < count) -ge 2 ]'
  const args = ['run', '--command', command, '--expect-exit', '0', '--expect-check', SLOW_CHECK, '--max-retries', '2']
  await killWhen(args, 'checking', 'check.pid')
  writeFileSync(join(repo, 'fast'), '')
  const resumed = await spawnCli(args, repo)
  expect(resumed.code).toBe(0)
  expect(count()).toBe(2)
  const [dir] = sessionDirs(state())
  const events = expectWellFormedTrace(dir!)
  const replayed = events.findIndex(event => event.phase === 'verify' && event.payload.attempt === 1)
  expect(events[replayed]!.payload).toMatchObject({ ok: false, replayed: true })
  // The retry-reason note stands between the replayed attempt and the next one.
  expect(events[replayed + 1]!.phase).toBe('note')
  expect(events[replayed + 1]!.payload.message).toMatch(/^expect-exit 0 but got 1 .*; retrying \(attempt 2\/3\)$/)
  expect(events[replayed + 2]!.phase).toBe('tool_call')
  const meta = readMeta(dir!)
  expect(meta).toMatchObject({
    attempts: ofPhase(events, 'tool_result').length,
    tool_calls: ofPhase(events, 'tool_call').length,
    errors: ofPhase(events, 'verify').filter(event => !event.payload.ok).length
  })
  expect(meta).toMatchObject({ attempts: 2, tool_calls: 2, errors: 1, flaky: true })
})

/** A command that blocks the first time (until `fast` exists) and counts every execution. */
const SLOW_COMMAND = 'echo run >> count; echo $$ > cmd.pid; [ -f fast ] || { touch started; sleep 60; }; echo done'

test('a SIGKILL during the last attempt: the attempt is interrupted, runs again on resume and the run passes, not flaky', async () => {
  const args = ['run', '--command', SLOW_COMMAND, '--expect-exit', '0', '--max-retries', '0']
  await killWhen(args, 'started', 'cmd.pid')
  const [runId] = runDirs(state())
  writeFileSync(join(repo, 'fast'), '')
  const resumed = await spawnCli(['resume'], repo)
  expect(resumed.code).toBe(0)
  expect(resumed.stderr).toContain('interrupted mid-command')
  expect(resumed.stdout).toMatch(/outcome: success · attempts: 1\/1/)
  expect(resumed.stdout).not.toContain('flaky')
  expect(count()).toBe(2)
  const [dir] = sessionDirs(state())
  const events = expectWellFormedTrace(dir!)
  expect(ofPhase(events, 'tool_result').map(event => event.payload.interrupted ?? false)).toEqual([true, false])
  expect(ofPhase(events, 'end')[0]!.payload.flaky).toBeUndefined()
  expect(receiptOf(runId!)).toMatchObject({ status: 'passed', attempts: 1, max_attempts: 1, flaky: false })
  expect(readMeta(dir!)).toMatchObject({ outcome: 'success', attempts: 1, tool_calls: 2, errors: 0, flaky: false })
})

test('after 3 interruptions a run ends interrupted and a new run starts', async () => {
  const args = ['run', '--command', SLOW_COMMAND, '--expect-exit', '0', '--max-retries', '5']
  for (let crash = 1; crash <= 3; crash++) {
    await killWhen(args, 'started', 'cmd.pid')
    for (const file of ['started', 'cmd.pid']) rmSync(join(repo, file), { force: true })
  }
  expect(count()).toBe(3)
  const [runId] = runDirs(state())
  writeFileSync(join(repo, 'fast'), '')
  const next = await spawnCli(args, repo)
  expect(next.code).toBe(0)
  expect(next.stderr).toContain(`interrupted run ${runId} cannot be resumed (it was interrupted 3 times)`)
  expect(receiptOf(runId!)).toMatchObject({ status: 'interrupted' })
  expect(runDirs(state())).toHaveLength(2)
  const old = sessionDirs(state()).find(dir => readMeta(dir).run_id === runId)!
  const events = expectWellFormedTrace(old)
  expect(ofPhase(events, 'tool_result').map(event => event.payload.interrupted)).toEqual([true, true, true])
})

/** Puts a finished run's receipt back to `running` with a dead owner: a crash between the trace's end and the receipt. */
async function crashBeforeReceipt(): Promise<string> {
  const [runId] = runDirs(state())
  const child = spawn('true')
  await once(child, 'exit')
  const receiptPath = join(state(), 'runs', runId!, 'receipt.json')
  const receipt = receiptOf(runId!)
  writeFileSync(
    receiptPath,
    JSON.stringify(await sealedHere({ ...receipt, status: 'running', ended_at: null, flaky: false, pid: child.pid }))
  )
  return runId!
}

test('a crash between the trace end and the receipt: a failed run stays failed, and block still blocks', async () => {
  const args = [
    'run',
    '--command',
    'echo run >> count; exit 1',
    '--expect-exit',
    '0',
    '--max-retries',
    '1',
    '--capture-before-retry',
    'block'
  ]
  expect((await spawnCli(args, repo)).code).toBe(1)
  expect(count()).toBe(2)
  const runId = await crashBeforeReceipt()
  const next = await spawnCli(args, repo)
  expect(next.code).toBe(1)
  expect(next.stderr).toContain(runId)
  expect(next.stderr).not.toContain('resumed')
  // Blocked: the failed command did not run again, and the receipt says what the trace says.
  expect(count()).toBe(2)
  expect(runDirs(state())).toEqual([runId])
  expect(receiptOf(runId)).toMatchObject({ status: 'failed', attempts: 2, flaky: false })
  expect(receiptOf(runId).ended_at).not.toBeNull()
})

test('a crash between the trace end and the receipt: a passed run stays passed and is not run again', async () => {
  const args = ['run', '--command', 'echo run >> count; [ $(wc -l < count) -ge 2 ]', '--expect-exit', '0', '--max-retries', '1']
  expect((await spawnCli(args, repo)).code).toBe(0)
  const runId = await crashBeforeReceipt()
  const next = await spawnCli(args, repo)
  expect(next.code).toBe(0)
  expect(next.stderr).not.toContain(`resumed run ${runId}`)
  expect(receiptOf(runId)).toMatchObject({ status: 'passed', attempts: 2, flaky: true })
  // The old run is never continued: its trace holds its two attempts only.
  const old = sessionDirs(state()).find(dir => readMeta(dir).run_id === runId)!
  expect(ofPhase(expectWellFormedTrace(old), 'tool_call')).toHaveLength(2)
})

test('each attempt records its own start and end; duration_ms is the script alone; the check output is kept apart', async () => {
  const check = 'date +%s%3N > check-started; echo CHECK-OUTPUT; echo FAIL-IN-CHECK >&2; sleep 0.2'
  const args = ['run', '--command', 'echo SCRIPT-OUTPUT', '--expect-stdout', 'OUTPUT', '--expect-check', check]
  expect((await spawnCli(args, repo)).code).toBe(0)
  const [dir] = sessionDirs(state())
  const events = expectWellFormedTrace(dir!)
  const result = ofPhase(events, 'tool_result')[0]!.payload
  const checkStarted = Number(readFileSync(join(repo, 'check-started'), 'utf8'))
  const startedAt = Date.parse(result.started_at)
  const endedAt = Date.parse(result.ended_at)
  expect(startedAt).toBeLessThanOrEqual(endedAt)
  expect(result.duration_ms).toBe(endedAt - startedAt)
  // The script had ended, and its result was recorded, before the check began.
  expect(endedAt).toBeLessThanOrEqual(checkStarted)
  expect(Date.parse(ofPhase(events, 'tool_result')[0]!.ts)).toBeLessThanOrEqual(checkStarted)
  expect(result.summary).toContain('SCRIPT-OUTPUT')
  expect(result.summary).not.toContain('CHECK-OUTPUT')
  const log = readFileSync(join(dir!, 'attempt-1.log'), 'utf8')
  expect(log).toContain('SCRIPT-OUTPUT')
  expect(log).not.toContain('CHECK-OUTPUT')
  const checkLog = readFileSync(join(dir!, 'attempt-1.check.log'), 'utf8')
  expect(checkLog).toContain('CHECK-OUTPUT')
  expect(checkLog).toContain('FAIL-IN-CHECK')
  const verify = ofPhase(events, 'verify')[0]!.payload
  expect(verify.check_summary).toContain('CHECK-OUTPUT')
})

test("expect-stdout is the script's stdout: text only the check prints does not satisfy it", async () => {
  const args = [
    'run',
    '--command',
    'echo script',
    '--expect-stdout',
    'CHECK-ONLY',
    '--expect-check',
    'echo CHECK-ONLY',
    '--max-retries',
    '0'
  ]
  const run = await spawnCli(args, repo)
  expect(run.code).toBe(1)
  expect(run.stdout).toContain('stdout did not contain "CHECK-ONLY"')
})

/** The trace of a run killed mid-way (no end yet): parsed, not checked for well-formedness. */
function openTrace(dir: string): Event[] {
  return readFileSync(join(dir, 'trace.jsonl'), 'utf8')
    .split('\n')
    .filter(line => line !== '')
    .map(line => JSON.parse(line) as Event)
}
