/**
 * `expect-no-output` (docs/design.md §1) through the built CLI: the run-and-verify design's
 * "the build exited 0 but printed WARNING lines we want to catch". A match fails the attempt
 * and names the first matching line and its number in the output; no match passes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { runDirs } from '../helpers/trace.js'

/**
 * A build that prints 20 lines, line 12 a warning unless told not to, and exits 0 (all on
 * stdout: the line number is the attempt log's, where two streams interleave as they arrive).
 */
const BUILD =
  'for i in $(seq 1 20); do if [ "$i" = 12 ] && [ -z "$QUIET" ]; then echo "WARNING: deprecated API in src/api.js"; else echo "step $i ok"; fi; done'

test('a build that exits 0 but warns on line 12 fails, naming line 12; without the warning it passes', async () => {
  const repo = await scratchRepo('reverify-no-output-')
  const args = ['run', '--command', BUILD, '--expect-exit', '0', '--expect-no-output', 'WARN(ING)?', '--max-retries', '0']
  const warned = await spawnCli(args, repo)
  expect(warned.code).toBe(1)
  const output = `${warned.stdout}${warned.stderr}`
  expect(output).toContain('expect-no-output /WARN(ING)?/ matched line 12 of the output: "WARNING: deprecated API in src/api.js"')
  const [runId] = runDirs(join(repo, '.reverify'))
  const receipt = JSON.parse(readFileSync(join(repo, '.reverify', 'runs', runId!, 'receipt.json'), 'utf8'))
  expect(receipt.status).toBe('failed')
  expect(receipt.expectations).toMatchObject({ 'expect-exit': 0, 'expect-no-output': 'WARN(ING)?' })
  // Line 12 of the attempt's log is the line named.
  const log = readFileSync(join(receipt.session.dir, 'attempt-1.log'), 'utf8').split('\n')
  expect(log[11]).toBe('WARNING: deprecated API in src/api.js')

  const quiet = await spawnCli(
    ['run', '--command', `QUIET=1; ${BUILD}`, '--expect-exit', '0', '--expect-no-output', 'WARN(ING)?', '--max-retries', '0'],
    repo
  )
  expect(quiet.code).toBe(0)
})

test('a bad expression is one line naming the flag, before anything runs', async () => {
  const repo = await scratchRepo('reverify-no-output-')
  const result = await spawnCli(['run', '--command', 'touch ran', '--expect-exit', '0', '--expect-no-output', 'WARN('], repo)
  expect(result.code).toBe(2)
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  expect(result.stderr).toMatch(/^reverify: --expect-no-output: /)
})
