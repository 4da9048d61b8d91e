/**
 * Repeats of new tests cut off by a crash (docs/design.md §6, §1 "Early flake detection"),
 * through the built CLI: the resumed run does not run again the repeats the trace recorded
 * (their verdicts are read back, a flaky new test among them), runs the cut-off repeat again
 * with the same tests, then the rest; none of it counts as an attempt.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { readMeta, readTrace, runDirs, sessionDirs } from '../helpers/trace.js'
import { waitUntil } from '../helpers/budget.js'

/**
 * A tiny runner (bash): runs the tests named in its arguments — a and b, and n1 and n2 once
 * `new-on` exists, when none are named — writes results.xml and logs each call to calls.log.
 * n1 fails in the first repeat (the first call with names); the second repeat waits while
 * `hold` exists (after writing its pid and repeat-started), so the test can kill the CLI there.
 */
const RUNNER = [
  'echo "call:$*" >> calls.log',
  "r=$(grep -c '^call:.' calls.log)",
  'if [ $# -gt 0 ] && [ -f hold ] && [ "$r" = 2 ]; then echo $$ > repeat.pid; touch repeat-started; sleep 60; fi',
  'names=("$@"); if [ ${#names[@]} -eq 0 ]; then names=(a b); [ -f new-on ] && names+=(n1 n2); fi',
  'cases=""; failed=0',
  'for n in "${names[@]}"; do',
  '  if [ "$n" = n1 ] && [ "$r" = 1 ] && [ $# -gt 0 ]; then cases="$cases<testcase classname=\\"s\\" name=\\"$n\\"><failure message=\\"coupon applied twice\\">boom</failure></testcase>"; failed=1',
  '  else cases="$cases<testcase classname=\\"s\\" name=\\"$n\\"/>"; fi',
  'done',
  'printf "<testsuites><testsuite name=\\"s\\">%s</testsuite></testsuites>" "$cases" > results.xml',
  'exit $failed',
  ''
].join('\n')

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
  '--new-test-repeats',
  '4'
]

test('a SIGKILL during a repeat: recorded repeats are not run again, the cut-off one runs again with the same tests', async () => {
  const repo = await scratchRepo('reverify-newtests-resume-')
  writeFileSync(join(repo, 'runner.sh'), RUNNER)
  // The history: one run of a and b, whose tests it then knows (docs/design.md §3 "Known tests").
  const history = await spawnCli(ARGS, repo)
  expect(history.code).toBe(0)
  writeFileSync(join(repo, 'calls.log'), '')
  writeFileSync(join(repo, 'new-on'), '')
  writeFileSync(join(repo, 'hold'), '')

  let cli = 0
  const first = spawnCli(ARGS, repo, { onSpawn: pid => (cli = pid) })
  await waitUntil(() => existsSync(join(repo, 'repeat-started')), 'the second repeat never started', 60_000)
  process.kill(cli, 'SIGKILL')
  expect((await first).signal).toBe('SIGKILL')
  try {
    process.kill(-Number(readFileSync(join(repo, 'repeat.pid'), 'utf8').trim()), 'SIGKILL')
  } catch {
    // already gone
  }
  rmSync(join(repo, 'hold'))

  const resumed = await spawnCli(['resume'], repo)
  // n1 failed the first repeat, before the crash: read back from the trace, it fails the run.
  expect(resumed.code).toBe(1)
  // The full run once; repeat 1 of both; repeat 2 of n2 alone, cut off and made again; repeats 3 and 4.
  expect(readFileSync(join(repo, 'calls.log'), 'utf8').trim().split('\n')).toEqual([
    'call:',
    'call:n1 n2',
    'call:n2',
    'call:n2',
    'call:n2',
    'call:n2'
  ])
  // The history's run and the resumed one may share their second: the resumed one is the one with new tests.
  const receipts = runDirs(join(repo, '.reverify')).map(id =>
    JSON.parse(readFileSync(join(repo, '.reverify', 'runs', id, 'receipt.json'), 'utf8'))
  )
  const receipt = receipts.find(found => found.new_tests?.found === 2)!
  expect(receipt).toMatchObject({ status: 'failed', attempts: 1, gate: 'new-test-repeats' })
  expect(receipt.new_tests).toEqual({ found: 2, repeated: 2, repeats: 4, ran: 4, budget_cut: false, flaky: ['s › n1'], decided: 'fail' })
  const session = sessionDirs(join(repo, '.reverify')).find(dir => dir.endsWith(receipt.session.id))!
  const trace = readTrace(session)
  const repeats = trace.filter(event => event.phase === 'tool_call' && event.payload.repeat !== undefined)
  expect(repeats.map(event => [event.payload.attempt, event.payload.repeat.round, event.payload.repeat.tests])).toEqual([
    [2, 1, ['s › n1', 's › n2']],
    [3, 2, ['s › n2']],
    [4, 2, ['s › n2']],
    [5, 3, ['s › n2']],
    [6, 4, ['s › n2']]
  ])
  const cutOff = trace.find(event => event.phase === 'tool_result' && event.payload.attempt === 3)!
  expect(cutOff.payload.interrupted).toBe(true)
  expect(trace.find(event => event.phase === 'end')!.payload.summary).toBe('new test s › n1 failed repeat 1/4')
  // The repeats are no attempts: meta.json counts the one attempt, and every tool call.
  expect(readMeta(session)).toMatchObject({ attempts: 1, tool_calls: 6, errors: 0 })
}, 120_000)
