/**
 * Process control with real processes and signals: timeouts kill the whole tree, signal
 * deaths are failures with 128+n, and output size does not drive memory.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { waitUntil } from '../helpers/budget.js'
import { isRunning, killSleepers, ownSleep, sleepers } from '../helpers/processes.js'
import { expectWellFormedTrace, readTrace, sessionDirs } from '../helpers/trace.js'
import { runCli, scratchRepo, spawnCli } from '../helpers/cli.js'

/** Alive and not a zombie waiting to be reaped. */
const alive = isRunning

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
})

/**
 * The sleeps the tests below start, each a duration of its own (and of this jest worker's:
 * ownSleep), so strays can be found. They never end by themselves: a CLI that waited for one
 * would not return before the test's timeout, so no test needs to time the CLI (docs/design.md
 * §9, "Tests on a busy machine").
 */
const SLEEPS = [41, 42, 311, 313, 317, 319, 337].map(ownSleep)
const [S41, S42, S311, S313, S317, S319, S337] = SLEEPS as [number, number, number, number, number, number, number]
afterEach(() => killSleepers(...SLEEPS))

test.each([
  ['a job `set -m` put in a group of its own', `set -m; sleep ${S41} & sleep ${S42}`, [S41, S42]],
  ['a `setsid` grandchild in a session of its own', `setsid sleep ${S311} & sleep ${S313}`, [S311, S313]]
])(
  'a timeout ends %s, after the timeout and the grace',
  async (_label, command, durations) => {
    // Left over from an earlier, failed run: they would be taken for this run's.
    killSleepers(...durations)
    const result = await spawnCli(['run', '--command', command, '--expect-exit', '0', '--timeout-seconds', '2', '--max-retries', '0'], repo)
    expect(result.code).toBe(1)
    for (const duration of durations) expect(sleepers(duration)).toEqual([])
    const events = expectWellFormedTrace(sessionDirs(join(repo, '.reverify'))[0]!)
    expect(events.find(event => event.phase === 'tool_result')!.payload).toMatchObject({ exit: 124, timed_out: true })
  },
  30000
)

test('a `setsid` server the script leaves runs through expect-check, then ends with the attempt', async () => {
  killSleepers(S337)
  const result = await spawnCli(
    [
      'run',
      '--command',
      `setsid sleep ${S337} & echo $! > server.pid`,
      '--expect-check',
      'kill -0 "$(cat server.pid)"',
      '--max-retries',
      '0'
    ],
    repo
  )
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('outcome: success')
  expect(Number(readFileSync(join(repo, 'server.pid'), 'utf8'))).toBeGreaterThan(1)
  expect(sleepers(S337)).toEqual([])
}, 30000)

test('SIGTERM to the CLI ends a `setsid` grandchild too', async () => {
  killSleepers(S317, S319)
  let pid = 0
  const run = spawnCli(['run', '--command', `setsid sleep ${S317} & sleep ${S319}`, '--expect-exit', '0', '--max-retries', '0'], repo, {
    onSpawn: spawned => (pid = spawned)
  })
  await waitUntil(() => sleepers(S317).length > 0 && sleepers(S319).length > 0, 'the sleeps never started')
  process.kill(pid, 'SIGTERM')
  const result = await run
  expect(result.code).toBe(130)
  for (const duration of [S317, S319]) expect(sleepers(duration)).toEqual([])
}, 30000)

test('a timeout kills a grandchild that ignores SIGTERM, and the next attempt starts clean', async () => {
  const command = [
    'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count;',
    // Attempt 2: fail loudly if anything attempt 1 started is still alive.
    // (a zombie not yet reaped by init is dead: it has no state but "Z")
    'if [ $n -gt 1 ]; then for p in $(cat pids); do s=$(cut -d" " -f3 /proc/$p/stat 2>/dev/null); [ -n "$s" ] && [ "$s" != Z ] && { echo "LEFTOVER $p"; exit 9; }; done; exit 0; fi;',
    'bash -c \'trap "" TERM; echo $$ >> pids; exec sleep 300\' &',
    'bash -c \'trap "" TERM; echo $$ >> pids; exec sleep 300\' > /dev/null 2>&1 &',
    'sleep 300'
  ].join(' \\\n')
  const result = await runCli(['run', '--command', command, '--expect-exit', '0', '--timeout-seconds', '1', '--max-retries', '1'], repo)
  const pids = readFileSync(join(repo, 'pids'), 'utf8').trim().split('\n').map(Number)
  expect(pids).toHaveLength(2)
  for (const pid of pids) expect(alive(pid)).toBe(false)
  expect(result.code).toBe(0)
  const events = expectWellFormedTrace(sessionDirs(join(repo, '.reverify'))[0]!)
  const results = events.filter(event => event.phase === 'tool_result').map(event => event.payload)
  expect(results[0]).toMatchObject({ attempt: 1, ok: false, exit: 124, timed_out: true })
  expect(results[1]).toMatchObject({ attempt: 2, ok: true, exit: 0 })
  expect(result.stdout).toContain('success (flaky)')
})

test('a command killed by SIGKILL is a failure with exit 137 and the signal recorded', async () => {
  const result = await runCli(['run', '--command', 'kill -9 $$', '--expect-exit', '0', '--max-retries', '0'], repo)
  expect(result.code).toBe(1)
  const events = expectWellFormedTrace(sessionDirs(join(repo, '.reverify'))[0]!)
  expect(events.find(event => event.phase === 'tool_result')!.payload).toMatchObject({ ok: false, exit: 137, signal: 'SIGKILL' })
  const runId = /receipt: (\S+)/.exec(result.stdout)![1]!
  const receipt = JSON.parse(readFileSync(join(repo, '.reverify', 'runs', runId, 'receipt.json'), 'utf8'))
  expect(receipt.commands[0]).toMatchObject({ exit_code: 137, signal: 'SIGKILL', timed_out: false })
})

test('a command ending itself with SIGTERM is exit 143 with the signal named', async () => {
  const result = await runCli(['run', '--command', 'kill -TERM $$', '--expect-exit', '0', '--max-retries', '0'], repo)
  expect(result.code).toBe(1)
  const events = expectWellFormedTrace(sessionDirs(join(repo, '.reverify'))[0]!)
  expect(events.find(event => event.phase === 'tool_result')!.payload).toMatchObject({ exit: 143, signal: 'SIGTERM' })
})

/** Peak resident set of a process so far, from /proc (Linux). */
function peakRssBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = /VmHWM:\s+(\d+) kB/.exec(status)
    return match ? Number(match[1]) * 1024 : undefined
  } catch {
    return undefined
  }
}

test.each([
  ['one 300 MB line', "head -c 300000000 /dev/zero | tr '\\0' 'a'"],
  ['300 MB of log lines', "yes 'INFO all good here; FAIL sometimes; more text to make the line longer' | head -c 300000000 || true"]
])(
  'printing %s does not grow memory',
  async (_label, command) => {
    let peak = 0
    let timer: NodeJS.Timeout | undefined
    // Through dist/cli.js's own `#!` line, as users start it: its node flags (a small young
    // generation, docs/design.md §1 "Output path") are part of what keeps memory flat, on every runtime.
    const result = await spawnCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '0'], repo, {
      throughShebang: true,
      discardStdout: true,
      onSpawn: pid => {
        timer = setInterval(() => {
          peak = Math.max(peak, peakRssBytes(pid) ?? 0)
        }, 50)
      }
    })
    clearInterval(timer)
    expect(result.code).toBe(0)
    expect(peak).toBeGreaterThan(0)
    expect(peak).toBeLessThan(150 * 1024 * 1024)
    const dir = sessionDirs(join(repo, '.reverify'))[0]!
    const summary = readTrace(dir).find(event => event.phase === 'tool_result')!.payload.summary as string
    expect(summary.length).toBeLessThan(260 * 1100)
    const log = readFileSync(join(dir, 'attempt-1.log'))
    expect(log.length).toBeLessThan(10 * 1024 * 1024 + 1024)
    expect(log.toString('latin1')).toContain('bytes dropped')
  },
  120000
)
