/**
 * A rerun cut off by a crash (docs/design.md §6, the contract's §11), through the built CLI:
 * the resumed run makes the same rerun again — the same failed tests, rebuilt from the
 * settings and the results before the crash, never taken from the trace — spending no retry,
 * and names the flaky test as a live run would (the results before the crash are read back).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { tinyRunner } from '../helpers/rerun-suite.js'
import { runDirs } from '../helpers/trace.js'
import { waitUntil } from '../helpers/budget.js'

const RUNNER = tinyRunner({ hold: true })

const ARGS = [
  'run',
  '--command',
  'bash runner.sh',
  '--expect-exit',
  '0',
  '--test-results',
  'results.xml',
  '--rerun-failed-tests',
  'bash runner.sh {names}',
  '--max-retries',
  '1'
]

test('a SIGKILL during a rerun: the resumed run reruns the same test, spends no retry, and names it flaky', async () => {
  const repo = await scratchRepo('reverify-rerun-resume-')
  writeFileSync(join(repo, 'runner.sh'), RUNNER)
  writeFileSync(join(repo, 'hold'), '')
  let cli = 0
  const first = spawnCli(ARGS, repo, { onSpawn: pid => (cli = pid) })
  await waitUntil(() => existsSync(join(repo, 'rerun-started')), 'the rerun never started', 30_000)
  process.kill(cli, 'SIGKILL')
  expect((await first).signal).toBe('SIGKILL')
  try {
    process.kill(-Number(readFileSync(join(repo, 'rerun.pid'), 'utf8').trim()), 'SIGKILL')
  } catch {
    // already gone
  }
  rmSync(join(repo, 'hold'))

  const resumed = await spawnCli(['resume'], repo)
  expect(resumed.code).toBe(0)
  // The full run, the cut-off rerun of b, and the same rerun again: never the whole command twice.
  expect(readFileSync(join(repo, 'calls.log'), 'utf8').trim().split('\n')).toEqual(['call:', 'call:b', 'call:b'])
  const [runId] = runDirs(join(repo, '.reverify'))
  const receipt = JSON.parse(readFileSync(join(repo, '.reverify', 'runs', runId!, 'receipt.json'), 'utf8'))
  expect(receipt).toMatchObject({ status: 'passed', flaky: true, attempts: 2 })
  expect(receipt.tests.flaky).toEqual(['s › b'])
  // Attempt 1 read back from the trace, the rerun made again live; the cut-off one wrote no results.
  expect(receipt.tests.attempts).toEqual([
    { attempt: 1, ran: 3, rerun: false },
    { attempt: 3, ran: 1, rerun: true }
  ])
}, 90_000)
