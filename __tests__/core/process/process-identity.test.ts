/** Telling a recorded process group from whatever has its pid now (docs/design.md §6). Real processes. */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { identifyGroup, processStartTime } from '../../../src/core/process/process-identity.js'
import { waitUntil } from '../../helpers/budget.js'

const started: number[] = []
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // gone
    }
  }
})

/** `sh -c script` as the leader of a group of its own. */
async function group(script: string) {
  const child = spawn('sh', ['-c', script], { detached: true, stdio: ['pipe', 'pipe', 'ignore'] })
  await once(child, 'spawn')
  started.push(child.pid!)
  return child
}

test('a live leader with its recorded start time is the same group; another start time is not', async () => {
  const leader = await group('sleep 86400')
  const recorded = processStartTime(leader.pid!)
  expect(recorded).toMatch(/^linux:\d+$/)
  expect(identifyGroup(leader.pid!, recorded!)).toEqual({ kind: 'same' })
  const other = identifyGroup(leader.pid!, `linux:${Number(recorded!.slice(6)) + 1}`)
  expect(other.kind).toBe('other')
})

test('a group whose leader exited is still found through its members; a finished one is gone', async () => {
  // The shell starts a background sleep, says its pid, and exits once told to (after its
  // start time is read, with no race against a sleep: docs/design.md §9, "Tests on a busy
  // machine"): the sleep keeps the group.
  const leader = await group('sleep 86400 < /dev/null & echo $!; read go')
  const exited = once(leader, 'exit')
  const [chunk] = (await once(leader.stdout!, 'data')) as [Buffer]
  const member = Number(String(chunk).trim())
  const recorded = processStartTime(leader.pid!)!
  expect(recorded).toMatch(/^linux:\d+$/)
  leader.stdin!.end('go\n')
  await exited
  expect(identifyGroup(leader.pid!, recorded)).toEqual({ kind: 'orphaned', members: [member] })
  // Members must have started no earlier than the recorded leader.
  expect(identifyGroup(leader.pid!, `linux:${Number(readStart(member)) + 1000}`).kind).toBe('other')
  process.kill(-leader.pid!, 'SIGKILL')
  await waitUntil(() => identifyGroup(leader.pid!, recorded).kind === 'gone', 'the killed group never went')
  expect(identifyGroup(leader.pid!, recorded)).toEqual({ kind: 'gone' })
})

test('pids that cannot be a recorded group are never taken for one', () => {
  expect(identifyGroup(1, 'linux:1').kind).toBe('other')
  expect(identifyGroup(0, 'linux:1').kind).toBe('other')
  expect(processStartTime(-5)).toBeUndefined()
})

function readStart(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!
}
