/**
 * The crashed attempt's process group (docs/design.md §6), through the built CLI: recorded
 * in the trace when it starts, ended before the next attempt runs, and never signalled when
 * its pid has been given to another process since.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { CLI_BUNDLE, scratchRepo, spawnCli } from '../helpers/cli.js'
import { isRunning } from '../helpers/processes.js'
import { readTrace, sessionDirs } from '../helpers/trace.js'

// Attempt 1 leaves `sleep 27` in the background and waits; a later attempt writes what it
// sees of that process (its /proc stat line, or "gone") and passes.
const COMMAND = [
  'if [ -f bg.pid ]; then cat /proc/$(cat bg.pid)/stat > seen 2>/dev/null || echo gone > seen',
  'else sleep 27 & echo $! > bg.pid; echo started; wait; fi'
].join('; ')
const ARGS = ['run', '--command', COMMAND, '--expect-exit', '0', '--max-retries', '2']

const leftovers: number[] = []
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
})

/** Starts `reverify run` (the bundle) and SIGKILLs it once the command has started its background sleep. */
async function crashDuringCommand(repo: string): Promise<{ sleeper: number; pgid: number }> {
  const child = spawn(process.execPath, [CLI_BUNDLE, ...ARGS], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME }
  })
  const exited = once(child, 'exit')
  let out = ''
  child.stdout!.on('data', chunk => (out += chunk))
  while (!out.includes('started')) await sleep(20)
  child.kill('SIGKILL')
  await exited
  const sleeper = Number(readFileSync(join(repo, 'bg.pid'), 'utf8'))
  const pgid = Number(readFileSync(`/proc/${sleeper}/stat`, 'utf8').split(') ')[1]!.split(' ')[2])
  leftovers.push(pgid)
  expect(isRunning(sleeper)).toBe(true)
  return { sleeper, pgid }
}

/** The trace of the (only) session. */
function trace(repo: string) {
  const [dir] = sessionDirs(join(repo, '.reverify'))
  return { dir: dir!, events: readTrace(dir!, { processGroups: true }) }
}

/** What the resumed attempt saw of the crashed attempt's background process. */
function seenByNextAttempt(repo: string): 'gone' | 'running' {
  const seen = readFileSync(join(repo, 'seen'), 'utf8').trim()
  if (seen === 'gone') return 'gone'
  // "pid (name) state …": a zombie (exited, waiting to be reaped) runs nothing.
  return seen.slice(seen.lastIndexOf(')') + 2, seen.lastIndexOf(')') + 3) === 'Z' ? 'gone' : 'running'
}

test.each([
  ['reverify resume', ['resume']],
  ['the next reverify run', ARGS]
])(
  'after a kill -9 mid-command, %s ends the crashed attempt’s group before the next attempt runs',
  async (_name, next) => {
    const repo = await scratchRepo()
    const { sleeper, pgid } = await crashDuringCommand(repo)

    // The group was recorded in the trace when the command started, with its leader's start time.
    const note = trace(repo).events.find(event => event.phase === 'note' && event.payload.process_group !== undefined)
    expect(note?.payload.process_group).toEqual({ pgid, started: expect.stringMatching(/^linux:\d+$/) })

    const resumed = await spawnCli(next, repo)
    expect(resumed.code).toBe(0)
    expect(resumed.stderr).toContain(`stopped process group ${pgid}, left running by interrupted run`)
    expect(resumed.stderr).toContain('resumed run')
    expect(seenByNextAttempt(repo)).toBe('gone')
    expect(isRunning(sleeper)).toBe(false)
  },
  30000
)

/** A process in a group of its own, standing in for whatever got a recycled pid. */
async function decoy(): Promise<ChildProcess> {
  const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' })
  await once(child, 'spawn')
  leftovers.push(child.pid!)
  return child
}

function startTicks(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!
}

test.each([
  ['a recycled pid (another start time) is never signalled', false],
  ['the same pid with the recorded start time is ended', true]
])(
  '%s',
  async (_name, sameStart) => {
    const repo = await scratchRepo()
    const { pgid } = await crashDuringCommand(repo)
    // The crashed group ends on its own; its id now names another process (the decoy).
    process.kill(-pgid, 'SIGKILL')
    const other = await decoy()
    const { dir } = trace(repo)
    const path = join(dir, 'trace.jsonl')
    const started = sameStart ? `linux:${startTicks(other.pid!)}` : `linux:${Number(startTicks(other.pid!)) - 1}`
    const text = readFileSync(path, 'utf8').replace(
      `"pgid":${pgid},"started":"linux:`,
      `"pgid":${other.pid},"started":"${started}","was":"`
    )
    expect(text).toContain(`"pgid":${other.pid}`)
    writeFileSync(path, text)

    const resumed = await spawnCli(['resume'], repo)
    expect(resumed.code).toBe(0)
    expect(isRunning(other.pid!)).toBe(!sameStart)
    expect(resumed.stderr.includes(`stopped process group ${other.pid}`)).toBe(sameStart)
    expect(existsSync(join(repo, 'seen'))).toBe(true)
  },
  30000
)
