/**
 * Crash safety of the action: a cancelled main step (SIGINT, as the runner sends it) stops
 * the whole process tree and closes everything itself; a main step killed outright leaves
 * it to the post step, which closes the run from what is on disk.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { FakeRunner, foldLog, isRunning, receiptsInCacheEntry, waitForFile, type StepResult } from '../helpers/runner.js'
import { readZip, ResultsService } from '../helpers/results-service.js'
import { killSleepers, ownSleep, sleepers } from '../helpers/processes.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

/**
 * A command whose shell starts a grandchild that ignores SIGTERM (so only SIGKILL ends it)
 * and records both pids once they run. Its sleep outlasts any test's budget: a step that
 * waited for it would never end, so no test times the step (docs/design.md §9, "Tests on a
 * busy machine").
 */
const stubborn =
  'echo $$ > shell.pid; sh -c \'trap "" TERM; echo $$ > grandchild.pid.tmp; mv grandchild.pid.tmp grandchild.pid; exec sleep 86400\' & wait'

function pids(runner: FakeRunner): number[] {
  return ['shell.pid', 'grandchild.pid'].map(name => Number(readFileSync(join(runner.workspace, name), 'utf8').trim()))
}

/** The trace events of the run's artifact. */
/** The process group the running step's trace recorded first (a process-group note), if any yet. */
function recordedGroup(runner: FakeRunner): number | undefined {
  const sessionDir = runner.savedState()['session-dir']
  if (sessionDir === undefined) return undefined
  let text: string
  try {
    text = readFileSync(join(sessionDir, 'trace.jsonl'), 'utf8')
  } catch {
    return undefined
  }
  for (const line of text.split('\n')) {
    if (!line.includes('"process_group"')) continue
    try {
      const event = JSON.parse(line) as { phase: string; payload: { process_group?: { pgid: number } } }
      if (event.phase === 'note' && event.payload.process_group !== undefined) return event.payload.process_group.pgid
    } catch {
      // A line still being written.
    }
  }
  return undefined
}

function artifactTrace(service: ResultsService, runId: string) {
  const artifact = service.artifacts().find(item => item.name === `reverify-trace-${runId}`)
  expect(artifact).toBeDefined()
  const entries = readZip(artifact!.data)
  const trace = entries.find(entry => entry.name === 'trace.jsonl')!.data.toString('utf8')
  const lines = trace.split('\n').filter(line => line !== '')
  return {
    events: lines.map(line => JSON.parse(line)),
    meta: JSON.parse(entries.find(entry => entry.name === 'meta.json')!.data.toString('utf8')),
    names: entries.map(entry => entry.name).sort()
  }
}

/** One start first, one end last, and a complete tool_call/tool_result/verify trio per attempt. */
function expectClosedTrace(events: { phase: string; payload: Record<string, any> }[]): void {
  const phases = events.map(event => event.phase)
  expect(phases[0]).toBe('start')
  expect(phases.filter(phase => phase === 'start')).toHaveLength(1)
  expect(phases.filter(phase => phase === 'end')).toHaveLength(1)
  expect(phases[phases.length - 1]).toBe('end')
  expect(phases.filter(phase => ['tool_call', 'tool_result', 'verify'].includes(phase))).toEqual(['tool_call', 'tool_result', 'verify'])
  expect(events[events.length - 1]!.payload.outcome).toBe('aborted')
}

/** The receipt of runId in the newest cache entry of the step's history. */
async function cachedReceipt(service: ResultsService, state: Record<string, string>, runId: string) {
  const entries = service.cacheEntries().filter(entry => entry.key.startsWith(`reverify-v1-${state['history-key']}-`))
  expect(entries.length).toBeGreaterThan(0)
  return (await receiptsInCacheEntry(entries[entries.length - 1]!)).find(receipt => receipt.run_id === runId)
}

test.each(['SIGINT', 'SIGTERM'] as const)(
  '%s to the main step: the tree is killed, the trace and receipt closed, the cache saved',
  async signal => {
    const service = await started
    const runner = new FakeRunner(service)
    let interruptedAt = 0
    const step: StepResult = await runner.main(
      { command: stubborn, 'expect-exit': '0' },
      {
        onSpawn: (_, child) => {
          void waitForFile(join(runner.workspace, 'grandchild.pid'), child).then(found => {
            if (!found) return
            interruptedAt = performance.now()
            child.kill(signal)
          })
        }
      }
    )
    // How long it took is printed, not asserted: a busy machine stretches it, and a step that
    // waited for the grandchild (which ignores SIGTERM and sleeps a day) would not end at all.
    console.log(`${signal} to exit of the main step: ${Math.round(performance.now() - interruptedAt)} ms`)
    expect(interruptedAt).toBeGreaterThan(0)

    for (const pid of pids(runner)) expect(isRunning(pid)).toBe(false)
    expect(step.code).toBe(1)
    expect(step.outputs.outcome).toBe('aborted')
    const failure = step.annotations
      .filter(annotation => annotation.level === 'error')
      .map(annotation => annotation.message)
      .join('\n')
    expect(failure).toContain(`interrupted by ${signal}`)
    expect(step.state['main-finished']).toBe('true')

    const runId = step.outputs['run-id']!
    const { events, meta, names } = artifactTrace(service, runId)
    expectClosedTrace(events)
    // The cut attempt's group closes before the persistence group; the verdict comes last.
    const log = foldLog(step.stdout)
    expect(log.groups.map(group => group.title)).toEqual([
      'reverify: restoring the receipt history',
      expect.stringMatching(/^Attempt 1\/3 — /),
      'reverify: saving the receipt history and uploading the trace'
    ])
    const printed = log.outside.filter(line => line !== '' && !line.startsWith('::'))
    expect(printed[printed.length - 1]).toBe(`reverify: verify — aborted (interrupted) after 1/3 attempts · receipt ${runId}`)
    expect(
      events
        .filter(event => event.phase === 'note')
        .map(event => event.payload.message)
        .join('\n')
    ).toContain(signal)
    expect(meta).toMatchObject({ outcome: 'aborted', run_id: runId })
    expect(names).toEqual(expect.arrayContaining(['attempt-1.log', 'meta.json', 'report.html', 'trace.jsonl']))
    expect((await cachedReceipt(service, step.state, runId))?.status).toBe('interrupted')

    // The post step finds main finished: one debug line, nothing else.
    const post = await runner.post()
    expect(post.code).toBe(0)
    expect(post.stdout.trim()).toBe('::debug::reverify: the main step finished and closed its run; nothing to do')
  }
)

// The sleeps of the test below: durations no other test (nor a second copy of the suite)
// uses, so strays can be found; they never end by themselves.
const [S331, S333] = [ownSleep(331), ownSleep(333)]
afterEach(() => killSleepers(S331, S333))

test('SIGINT to the main step ends a `setsid` grandchild too', async () => {
  const service = await started
  const runner = new FakeRunner(service)
  killSleepers(S331, S333)
  let interruptedAt = 0
  let pids: number[] = []
  const step = await runner.main(
    { command: `setsid sleep ${S331} & sleep ${S333}`, 'expect-exit': '0' },
    {
      onSpawn: (_, child) => {
        const poll = setInterval(() => {
          if (child.exitCode !== null || child.signalCode !== null) clearInterval(poll)
          else if (sleepers(S331).length > 0 && sleepers(S333).length > 0) {
            clearInterval(poll)
            pids = [...sleepers(S331), ...sleepers(S333)]
            interruptedAt = performance.now()
            child.kill('SIGINT')
          }
        }, 25)
      }
    }
  )
  console.log(`SIGINT to exit of the main step, with a setsid grandchild: ${Math.round(performance.now() - interruptedAt)} ms`)
  expect(interruptedAt).toBeGreaterThan(0)
  expect(step.code).toBe(1)
  expect(step.outputs.outcome).toBe('aborted')
  expect(pids.length).toBeGreaterThanOrEqual(2)
  expect(pids.filter(pid => isRunning(pid))).toEqual([])
}, 60000)

test('SIGKILL of the main step: the post step kills what is left and closes the run from disk', async () => {
  const service = await started
  const runner = new FakeRunner(service)
  const main = await runner.main(
    { command: stubborn, 'expect-exit': '0' },
    {
      onSpawn: (_, child) => {
        // Killed once the command runs and main has recorded its process group in the trace,
        // where the post step finds it (under load the grandchild can write its pid before
        // main's next turn records the group).
        const groupSaved = async (): Promise<boolean> => {
          while (recordedGroup(runner) === undefined) {
            if (child.exitCode !== null || child.signalCode !== null) return false
            await new Promise(resolve => setTimeout(resolve, 25))
          }
          return true
        }
        void waitForFile(join(runner.workspace, 'grandchild.pid'), child)
          .then(found => found && groupSaved())
          .then(ready => ready && child.kill('SIGKILL'))
      }
    }
  )
  expect(main.signal).toBe('SIGKILL')
  const runId = main.state['run-id']!
  expect(runId).toMatch(/-verify-/)
  expect(main.state['main-finished']).toBeUndefined()
  // The command ran in its own process group: killing main left it running.
  const [shell, grandchild] = pids(runner)
  expect(isRunning(grandchild!)).toBe(true)
  const entriesBefore = service.cacheEntries().length

  const post = await runner.post()
  expect(post.code).toBe(0)
  expect(isRunning(shell!)).toBe(false)
  expect(isRunning(grandchild!)).toBe(false)
  const group = recordedGroup(runner)
  expect(group).toBeDefined()
  expect(post.stdout).toContain(`stopped the command's leftover process group ${group}`)
  expect(
    post.annotations
      .filter(annotation => annotation.level === 'warning')
      .map(annotation => annotation.message)
      .join('\n')
  ).toContain(`run ${runId} was interrupted`)
  expect(post.annotations.filter(annotation => annotation.level === 'error')).toEqual([])

  const { events, meta, names } = artifactTrace(service, runId)
  expectClosedTrace(events)
  // The post step writes the closed run's report before it uploads the trace.
  expect(names).toContain('report.html')
  expect(events.find(event => event.phase === 'tool_result')!.payload).toMatchObject({ attempt: 1, ok: false, interrupted: true })
  expect(meta).toMatchObject({ outcome: 'aborted', attempts: 0, tool_calls: 1 }) // cut off: no attempt spent
  expect(service.cacheEntries().length).toBe(entriesBefore + 1)
  expect((await cachedReceipt(service, main.state, runId))?.status).toBe('interrupted')
})

test('the post step after a normal main step does nothing', async () => {
  const service = await started
  const runner = new FakeRunner(service)
  const main = await runner.main({ command: 'true', 'expect-exit': '0' })
  expect(main.code).toBe(0)
  const artifacts = service.artifacts().length
  const entries = service.cacheEntries().length
  const post = await runner.post()
  expect(post.code).toBe(0)
  expect(post.stdout.trim().split('\n')).toEqual(['::debug::reverify: the main step finished and closed its run; nothing to do'])
  expect(post.stderr).toBe('')
  expect(service.artifacts().length).toBe(artifacts)
  expect(service.cacheEntries().length).toBe(entries)
})
