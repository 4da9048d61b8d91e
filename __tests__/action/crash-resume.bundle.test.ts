/**
 * The action's main step killed outright (SIGKILL, no post step) and run again on the same
 * runner: the next main step resumes the run (docs/design.md §6). An attempt the crash cut
 * off is interrupted, not failed: the pass that follows is no flaky pass. And a main step
 * killed between closing its trace and writing its receipt: the post step takes the
 * trace's verdict. A restart names the recorded result it does not use, and the post step
 * closes a session killed at its first write like any other, and a main step killed at each
 * step of its opening (docs/design.md §6, "The run's opening").
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner, receiptsInCacheEntry, waitForFile } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { expectWellFormedTrace, sessionDirs } from '../helpers/trace.js'
// @ts-expect-error: a plain ES module of the scripts, without types
import { leftoversIn, OPENING_POINTS } from '../../scripts/fault-injection-opening.mjs'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

test('a main step killed mid-command and run again: resumed, passes, and is not reported flaky', async () => {
  const runner = new FakeRunner(await started, 'octo/crash-resume')
  const file = (name: string) => join(runner.workspace, name)
  const command = 'echo run >> count; echo $$ > cmd.pid; [ -f fast ] || { touch started; sleep 60; }; echo done'
  const inputs = { command, 'expect-exit': '0', 'max-retries': '1' }

  const killed = runner.main(inputs, {
    onSpawn: (pid, child) => void waitForFile(file('started'), child).then(found => found && process.kill(pid, 'SIGKILL'))
  })
  expect((await killed).signal).toBe('SIGKILL')
  // The command's own group outlives the kill (ending it on resume is not this test's subject).
  while (!existsSync(file('cmd.pid'))) await new Promise(resolve => setTimeout(resolve, 20))
  try {
    process.kill(-Number(readFileSync(file('cmd.pid'), 'utf8').trim()), 'SIGKILL')
  } catch {
    // already gone
  }

  writeFileSync(file('fast'), '')
  const step = await runner.main(inputs)
  expect(step.code).toBe(0)
  expect(step.stdout).toContain('resumed run')
  expect(step.outputs).toMatchObject({ outcome: 'success', flaky: 'false', attempts: '1' })
  const warnings = step.annotations.filter(annotation => annotation.level === 'warning')
  expect(warnings.filter(warning => /flaky/i.test(`${warning.title ?? ''} ${warning.message}`))).toEqual([])
  expect(step.summary).not.toContain('(flaky)')
  expect(step.summary).toContain('0 flaky')
  expect(readFileSync(file('count'), 'utf8').trim().split('\n')).toHaveLength(2)
})

test('the post step after a crash between the trace end and the receipt: the receipt takes the trace verdict', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/trace-decides')
  const main = await runner.main({ command: 'echo boom; exit 1', 'expect-exit': '0', 'max-retries': '0' })
  expect(main.code).toBe(1)
  const runId = main.state['run-id']!
  // As if main had been killed after closing the trace and before its last receipt write.
  const receiptPath = join(runner.stateDir, 'runs', runId, 'receipt.json')
  const dead = spawn('true')
  await once(dead, 'exit')
  const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
  writeFileSync(receiptPath, JSON.stringify({ ...receipt, status: 'running', ended_at: null, pid: dead.pid }))
  appendFileSync(join(runner.runnerTemp, 'state-1'), 'main-finished<<END_OF_STATE\nfalse\nEND_OF_STATE\n')

  const post = await runner.post()
  expect(post.code).toBe(0)
  expect(JSON.parse(readFileSync(receiptPath, 'utf8'))).toMatchObject({ status: 'failed', attempts: 1 })
  expect(post.annotations.filter(annotation => /interrupted/.test(annotation.message))).toEqual([])
  const entries = service.cacheEntries().filter(entry => entry.key.startsWith(`reverify-v1-${main.state['history-key']}-`))
  const cached = (await receiptsInCacheEntry(entries[entries.length - 1]!)).find(item => item.run_id === runId)
  expect(cached?.status).toBe('failed')
})

test('a main step killed during its expect-check, run again with other max-retries: the log names the result it does not use', async () => {
  const runner = new FakeRunner(await started, 'octo/set-aside')
  const file = (name: string) => join(runner.workspace, name)
  const check = 'echo $$ > check.pid; touch checking; [ -f fast ] || sleep 60; true'
  const inputs = (retries: string) => ({ command: 'echo run >> count', 'expect-exit': '0', 'expect-check': check, 'max-retries': retries })
  const killed = runner.main(inputs('1'), {
    onSpawn: (pid, child) => void waitForFile(file('checking'), child).then(found => found && process.kill(pid, 'SIGKILL'))
  })
  expect((await killed).signal).toBe('SIGKILL')
  while (!existsSync(file('check.pid'))) await new Promise(resolve => setTimeout(resolve, 20))
  try {
    process.kill(-Number(readFileSync(file('check.pid'), 'utf8').trim()), 'SIGKILL')
  } catch {
    // already gone
  }
  const [dir] = sessionDirs(runner.stateDir)
  writeFileSync(file('fast'), '')

  const step = await runner.main(inputs('3'))
  expect(step.code).toBe(0)
  expect(step.stdout).toContain('cannot be resumed (max-retries changed since it was interrupted); starting a new run')
  expect(step.stdout).toContain(
    `reverify: the new run does not use its recorded result: attempt 1, command exit 0, not yet verified (the crash came during its checks); it stays in ${join(dir!, 'trace.jsonl')}\n`
  )
  expect(readFileSync(file('count'), 'utf8').trim().split('\n')).toHaveLength(2)
})

test('the post step closes a session killed at its first write like any other: meta.json, a whole trace, an interrupted receipt', async () => {
  const runner = new FakeRunner(await started, 'octo/empty-trace')
  const main = await runner.main({ command: 'true', 'expect-exit': '0' })
  expect(main.code).toBe(0)
  const runId = main.state['run-id']!
  const [dir] = sessionDirs(runner.stateDir)
  // As if main had been killed as the session opened: an empty trace and nothing else in it.
  writeFileSync(join(dir!, 'trace.jsonl'), '')
  for (const name of ['meta.json', 'run.json', 'report.html', 'attempt-1.log']) rmSync(join(dir!, name), { force: true })
  const receiptPath = join(runner.stateDir, 'runs', runId, 'receipt.json')
  const dead = spawn('true')
  await once(dead, 'exit')
  const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
  writeFileSync(receiptPath, JSON.stringify({ ...receipt, status: 'running', ended_at: null, attempts: 0, pid: dead.pid }))
  appendFileSync(join(runner.runnerTemp, 'state-1'), 'main-finished<<END_OF_STATE\nfalse\nEND_OF_STATE\n')

  const post = await runner.post()
  expect(post.code).toBe(0)
  expect(JSON.parse(readFileSync(join(dir!, 'meta.json'), 'utf8'))).toMatchObject({ run_id: runId, outcome: 'aborted', attempts: 0 })
  expect(expectWellFormedTrace(dir!).map(event => event.phase)).toEqual(['start', 'note', 'end'])
  expect(JSON.parse(readFileSync(receiptPath, 'utf8')).status).toBe('interrupted')
})

test('the post step closes a main step killed at each step of its opening: nothing left running, no temp file, whole traces', async () => {
  const service = await started
  const closed: Record<string, string> = {}
  for (const point of OPENING_POINTS as string[]) {
    const runner = new FakeRunner(service, `octo/opening-${point}`)
    const marker = join(runner.root, 'paused')
    const killed = runner.main(
      { command: 'true', 'expect-exit': '0' },
      {
        env: { REVERIFY_TEST_PAUSE_AT: `${point}:${marker}` },
        onSpawn: (pid, child) => void waitForFile(marker, child).then(found => found && process.kill(pid, 'SIGKILL'))
      }
    )
    expect((await killed).signal).toBe('SIGKILL')
    const post = await runner.post()
    expect(post.code).toBe(0)
    // Killed before the receipt existed, the post step has nothing to close; else it closes the receipt.
    const runId = /reverify: run (\S+) was interrupted/.exec(post.stdout)?.[1]
    if (runId === undefined) expect(post.stdout).toMatch(/did not start a run|was stopped before its receipt was written/)
    closed[point] =
      runId === undefined
        ? 'nothing to close'
        : JSON.parse(readFileSync(join(runner.stateDir, 'runs', runId, 'receipt.json'), 'utf8')).status
    const left = leftoversIn(runner.stateDir)
    expect({ point, ...left }).toEqual({
      point,
      tmpFiles: [],
      runDirsWithoutReceipt: [],
      runsLeftRunning: [],
      unparsableReceipts: [],
      openTraces: [],
      sessionsWithoutReceipt: []
    })
  }
  expect(closed).toEqual({
    'before-opening': 'nothing to close',
    'during-receipt-write': 'nothing to close',
    'before-session': 'interrupted',
    'during-meta-write': 'interrupted',
    'during-run-record-write': 'interrupted',
    'before-start': 'interrupted',
    'after-opening': 'interrupted'
  })
}, 180_000)
