/**
 * Resume after a crash (docs/design.md §6). The crash is made by crafting the on-disk state a killed
 * run leaves: a real run's trace cut at the crash point, its receipt back to `running`
 * with the pid of a process that has exited.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expectWellFormedTrace, runDirs, sessionDirs } from '../helpers/trace.js'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { crashAfter } from '../helpers/crashed-run.js'
import { tinyRunner } from '../helpers/rerun-suite.js'

/** Fails until the counter reaches `passAt`; counts every real execution. */
const COUNTING = (passAt: number) =>
  `n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; echo attempt-$n; [ $n -ge ${passAt} ]`

let repo: string
const state = () => join(repo, '.reverify')
beforeEach(async () => {
  repo = await scratchRepo()
})

test('a crash between tool_result and verify: the verification is replayed, the command not run again', async () => {
  const args = ['run', '--command', COUNTING(2), '--expect-exit', '0', '--expect-stdout', 'attempt-', '--max-retries', '2']
  expect((await runCli(args, repo)).code).toBe(0)
  // Cut right after attempt 1's tool_result, and put the counter back where attempt 1 left it.
  const { runId, dir } = await crashAfter(state(), events => events.findIndex(event => event.phase === 'tool_result'))
  writeFileSync(join(repo, 'count'), '1\n')

  const resumed = await runCli(args, repo)
  expect(resumed.code).toBe(0)
  expect(resumed.stderr).toContain(`resumed run ${runId}`)
  expect(resumed.stderr).toContain('replayed')
  // Attempt 1 was judged from its record; only attempt 2 ran.
  expect(readFileSync(join(repo, 'count'), 'utf8').trim()).toBe('2')
  expect(runDirs(state())).toEqual([runId])
  expect(sessionDirs(state())).toEqual([dir])
  const events = expectWellFormedTrace(dir)
  expect(events.filter(event => event.phase === 'tool_call').map(event => event.payload.attempt)).toEqual([1, 2])
  const verify1 = events.find(event => event.phase === 'verify' && event.payload.attempt === 1)!
  expect(verify1.payload).toMatchObject({ ok: false, replayed: true })
  expect(events.some(event => event.phase === 'note' && /resumed run/.test(event.payload.message))).toBe(true)
  const receipt = JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8'))
  expect(receipt).toMatchObject({ status: 'passed', attempts: 2, flaky: true, max_attempts: 3, pid: process.pid })
})

test('retry-on judges the replayed attempt too: a refused retry ends the run without running anything', async () => {
  const args = ['run', '--command', COUNTING(3), '--expect-exit', '0', '--max-retries', '2', '--retry-on', 'timeout']
  expect((await runCli(args, repo)).code).toBe(1)
  const { dir } = await crashAfter(state(), events => events.findIndex(event => event.phase === 'tool_result'))
  const resumed = await runCli(args, repo)
  expect(resumed.code).toBe(1)
  expect(readFileSync(join(repo, 'count'), 'utf8').trim()).toBe('1')
  const events = expectWellFormedTrace(dir)
  expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
  expect(
    events.some(
      event => event.phase === 'note' && /not retrying: the attempt did not time out and retry-on is timeout$/.test(event.payload.message)
    )
  ).toBe(true)
})

test('a replayed pass ends the run without running anything', async () => {
  const args = ['run', '--command', COUNTING(1), '--expect-exit', '0', '--max-retries', '2']
  expect((await runCli(args, repo)).code).toBe(0)
  const { runId } = await crashAfter(state(), events => events.findIndex(event => event.phase === 'tool_result'))
  const resumed = await runCli(args, repo)
  expect(resumed.code).toBe(0)
  expect(readFileSync(join(repo, 'count'), 'utf8').trim()).toBe('1')
  const receipt = JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8'))
  expect(receipt).toMatchObject({ status: 'passed', attempts: 1, flaky: false })
})

test('a crash mid-command: the attempt is interrupted, spends no retry, and the attempts run', async () => {
  const args = ['run', '--command', COUNTING(3), '--expect-exit', '0', '--max-retries', '2']
  expect((await runCli(args, repo)).code).toBe(0)
  // Keep attempt 1 whole and attempt 2's tool_call only: killed while attempt 2 ran.
  const { runId, dir } = await crashAfter(state(), events =>
    events.findIndex(event => event.phase === 'tool_call' && event.payload.attempt === 2)
  )
  writeFileSync(join(repo, 'count'), '2\n')

  const resumed = await runCli(['resume'], repo)
  expect(resumed.code).toBe(0)
  expect(resumed.stderr).toContain('interrupted mid-command')
  expect(readFileSync(join(repo, 'count'), 'utf8').trim()).toBe('3')
  const events = expectWellFormedTrace(dir)
  const results = events.filter(event => event.phase === 'tool_result').map(event => event.payload)
  expect(results.map(result => result.attempt)).toEqual([1, 2, 3])
  expect(results[1]).toMatchObject({ interrupted: true, ok: false })
  const receipt = JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8'))
  // Attempt 2 was cut off: it spent nothing, so attempts 1 and 3 are the two used.
  expect(receipt).toMatchObject({ status: 'passed', attempts: 2 })
})

test('changed settings are ambiguous evidence: the old run is closed as interrupted and a new one starts', async () => {
  expect((await runCli(['run', '--command', COUNTING(1), '--expect-exit', '0', '--max-retries', '2'], repo)).code).toBe(0)
  const { runId, dir } = await crashAfter(state(), events => events.findIndex(event => event.phase === 'tool_call'))
  const again = await runCli(['run', '--command', COUNTING(1), '--expect-exit', '0', '--max-retries', '4'], repo)
  expect(again.code).toBe(0)
  expect(again.stderr).toContain(`interrupted run ${runId} cannot be resumed (max-retries changed`)
  expect(runDirs(state())).toHaveLength(2)
  expect(JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8')).status).toBe('interrupted')
  const old = expectWellFormedTrace(dir)
  expect(old[old.length - 1]!.payload.outcome).toBe('aborted')
  // No message suggests destroying anything.
  expect(again.stderr + again.stdout).not.toMatch(/reset --hard|clean -fdx|rm -rf/)
})

test('a running receipt whose process is alive is left alone', async () => {
  expect((await runCli(['run', '--command', COUNTING(1), '--expect-exit', '0'], repo)).code).toBe(0)
  const [runId] = runDirs(state())
  const receiptPath = join(state(), 'runs', runId!, 'receipt.json')
  writeFileSync(receiptPath, JSON.stringify({ ...JSON.parse(readFileSync(receiptPath, 'utf8')), status: 'running', pid: process.pid }))
  const again = await runCli(['run', '--command', COUNTING(1), '--expect-exit', '0'], repo)
  expect(again.code).toBe(0)
  expect(again.stderr).not.toContain('resumed')
  expect(JSON.parse(readFileSync(receiptPath, 'utf8')).status).toBe('running')
  const resume = await runCli(['resume', runId!], repo)
  expect(resume.code).toBe(2)
  expect(resume.stderr).toMatch(/^reverify: resume: run \S+ cannot be resumed: its process is still running\n$/)
})

test('an interrupted receipt does not trigger the capture warning', async () => {
  expect((await runCli(['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '0'], repo)).code).toBe(1)
  const [runId] = runDirs(state())
  const receiptPath = join(state(), 'runs', runId!, 'receipt.json')
  writeFileSync(receiptPath, JSON.stringify({ ...JSON.parse(readFileSync(receiptPath, 'utf8')), status: 'interrupted' }))
  const again = await runCli(['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '0'], repo)
  expect(again.stderr).not.toContain('nobody captured')
})

test('receipts list shows a crashed run as resumable and says how to continue it', async () => {
  expect((await runCli(['run', '--command', COUNTING(1), '--expect-exit', '0', '--max-retries', '2'], repo)).code).toBe(0)
  const { runId } = await crashAfter(state(), events => events.findIndex(event => event.phase === 'tool_call'))
  const list = await runCli(['receipts', 'list'], repo)
  expect(list.stdout).toMatch(new RegExp(`^${runId}  resumable `, 'm'))
  expect(list.stdout).toContain(`reverify resume ${runId}`)
})

test('receipts list never offers `reverify resume` for a run it would refuse: one whose inputs were not recorded is continued by running the command', async () => {
  const args = ['run', '--command', COUNTING(1), '--expect-exit', '0', '--max-retries', '2']
  expect((await runCli(args, repo)).code).toBe(0)
  const { runId, dir } = await crashAfter(state(), events => events.findIndex(event => event.phase === 'tool_call'))
  // As a run whose inputs held a secret records them (run-record.ts).
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ schema_version: 1, resumable: false }))
  const list = await runCli(['receipts', 'list'], repo)
  expect(list.stdout).toMatch(new RegExp(`^${runId}  resumable `, 'm'))
  expect(list.stdout).not.toContain('reverify resume')
  expect(list.stdout).toContain('continue it by running the same command (its inputs were not recorded)')
  expect((await runCli(['resume', runId], repo)).code).toBe(2)
  const again = await runCli(args, repo)
  expect(again.stderr).toContain(`resumed run ${runId}`)
})

test('a missing meta.json beside a trace with its start is rebuilt from the trace: the run is resumed, not restarted', async () => {
  const args = ['run', '--command', COUNTING(1), '--expect-exit', '0', '--max-retries', '2']
  expect((await runCli(args, repo)).code).toBe(0)
  const { runId, dir } = await crashAfter(state(), events => events.findIndex(event => event.phase === 'tool_call'))
  rmSync(join(dir, 'meta.json'))
  const resumed = await runCli(['resume', runId], repo)
  expect(resumed.code).toBe(0)
  expect(resumed.stderr).toContain(`resumed run ${runId}`)
  expect(JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'))).toMatchObject({ run_id: runId, outcome: 'success', attempts: 1 })
  expectWellFormedTrace(dir)
})

test('tests the runner retried itself before the crash are read back from the trace: the resumed run names them flaky', async () => {
  // Attempt 1: a Surefire report with tests flaky inside the runner, one failed, exit 1; attempt 2: the failed test passes.
  cpSync(join(import.meta.dirname, '..', 'fixtures', 'runner-retries', 'TEST-com.example.NetTest.xml'), join(repo, 'net.xml'))
  const command = [
    'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports',
    'if [ $n -eq 1 ]; then cp net.xml reports/; exit 1; fi',
    'printf \'<testsuite name="s"><testcase classname="com.example.NetTest" name="returnsTheUser"/><testcase classname="com.example.NetTest" name="readsTheCache"/></testsuite>\' > reports/again.xml'
  ].join('\n')
  const args = ['run', '--command', command, '--expect-exit', '0', '--max-retries', '1', '--test-results', 'reports/*.xml']
  expect((await runCli(args, repo)).code).toBe(0)
  // Killed right after attempt 1's results were recorded.
  const { runId } = await crashAfter(state(), events =>
    events.findIndex(event => event.phase === 'note' && event.payload.kind === 'tests' && event.payload.tests.attempt === 1)
  )
  writeFileSync(join(repo, 'count'), '1\n')

  const resumed = await runCli(['resume'], repo)
  expect(resumed.code).toBe(0)
  expect(readFileSync(join(repo, 'count'), 'utf8').trim()).toBe('2')
  const receipt = JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8'))
  expect(receipt).toMatchObject({ status: 'passed', attempts: 2, flaky: true })
  expect(receipt.tests.flaky).toEqual([
    'com.example.NetTest › returnsTheUser',
    'com.example.NetTest › readsTheCache',
    'com.example.NetTest › fetchesConfig',
    'com.example.NetTest › opensTheSocket'
  ])
})

test('a rerun cut off between its result and its verdict is made again, never passed on its exit code alone', async () => {
  // Attempt 1 fails test b; the rerun exits 0 but its results do not show b (a filter that
  // matched nothing): failed on its own check, whatever its exit code says.
  writeFileSync(join(repo, 'runner.sh'), tinyRunner())
  writeFileSync(
    join(repo, 'empty.sh'),
    'echo "rerun:$*" >> calls.log\nprintf "<testsuites><testsuite name=\\"s\\"></testsuite></testsuites>" > results.xml\n'
  )
  const args = [
    'run',
    '--command',
    'bash runner.sh',
    '--expect-exit',
    '0',
    '--test-results',
    'results.xml',
    '--rerun-failed-tests',
    'bash empty.sh {names}',
    '--max-retries',
    '1'
  ]
  const whole = await runCli(args, repo)
  expect(whole.code).toBe(1)
  // Cut right after the rerun's tool_result: its exit 0 is on record, its verdict is not.
  const { runId, dir } = await crashAfter(state(), events =>
    events.findIndex(event => event.phase === 'tool_result' && event.payload.attempt === 2)
  )
  writeFileSync(join(repo, 'calls.log'), 'call:\nrerun:b\n')

  const resumed = await runCli(['resume'], repo)
  expect(resumed.code).toBe(1)
  expect(resumed.stderr).toContain('cut off before its verdict; the rerun is made again')
  // The same rerun ran again (the same test), and the run failed on its check.
  expect(readFileSync(join(repo, 'calls.log'), 'utf8').trim().split('\n')).toEqual(['call:', 'rerun:b', 'rerun:b'])
  const events = expectWellFormedTrace(dir)
  expect(events.some(event => event.phase === 'verify' && event.payload.ok === true)).toBe(false)
  const receipt = JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8'))
  expect(receipt).toMatchObject({ status: 'failed', flaky: false })
})
