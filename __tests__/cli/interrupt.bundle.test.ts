/**
 * SIGINT and SIGTERM to the CLI while a command runs whose grandchild ignores SIGTERM:
 * the whole tree dies, the trace is closed `aborted`, the receipt is `interrupted`, exit 130.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { waitUntil } from '../helpers/budget.js'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { isRunning } from '../helpers/processes.js'
import { expectWellFormedTrace, runDirs, sessionDirs } from '../helpers/trace.js'

/** Alive and not a zombie waiting to be reaped. */
const alive = isRunning

/** Whether the file holds a whole line (its writer is done with it). */
const written = (path: string) => existsSync(path) && readFileSync(path, 'utf8').endsWith('\n')

test.each(['SIGINT', 'SIGTERM'] as const)(
  '%s during an attempt stops the tree and closes the run',
  async signal => {
    const repo = await scratchRepo()
    // The sleep outlasts any test's budget: a CLI that waited for it would never end.
    const command = 'bash -c \'trap "" TERM; echo $$ > grandchild; exec sleep 86400\' & echo $$ > shell; wait'
    let pid = 0
    const run = spawnCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '3'], repo, { onSpawn: p => (pid = p) })
    // Both pids, whichever process writes its file first.
    await waitUntil(
      () => written(join(repo, 'grandchild')) && written(join(repo, 'shell')),
      'the shell and grandchild never wrote their pids'
    )
    const grandchild = Number(readFileSync(join(repo, 'grandchild'), 'utf8'))
    const shell = Number(readFileSync(join(repo, 'shell'), 'utf8'))
    process.kill(pid, signal)
    const result = await run
    expect(result.code).toBe(130)
    expect(alive(grandchild)).toBe(false)
    expect(alive(shell)).toBe(false)

    const state = join(repo, '.reverify')
    const [dir] = sessionDirs(state)
    const events = expectWellFormedTrace(dir!)
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
    expect(events.find(event => event.phase === 'tool_result')!.payload).toMatchObject({ ok: false, exit: 130, interrupted: true })
    expect(events.some(event => event.phase === 'note' && event.payload.message.includes(signal))).toBe(true)
    expect(events[events.length - 1]!.payload.outcome).toBe('aborted')
    expect(JSON.parse(readFileSync(join(dir!, 'meta.json'), 'utf8'))).toMatchObject({
      outcome: 'aborted',
      // The cut-off attempt is in the trace (a tool call) but ran to no result: it spent nothing.
      attempts: 0,
      tool_calls: 1
    })
    const [runId] = runDirs(state)
    expect(JSON.parse(readFileSync(join(state, 'runs', runId!, 'receipt.json'), 'utf8')).status).toBe('interrupted')
    expect(result.stdout).toContain('outcome: aborted')
  },
  30000
)
