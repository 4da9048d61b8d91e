/**
 * The history is deep enough for its own rules with the defaults (docs/design.md §3
 * "Retention and the index", §1 "The quarantine command"): 150 runs of the built CLI, a
 * quarantined test failing in the first 3 and passing in the 147 after, and `reverify
 * quarantine list` reports the entry ready to release by the 100-runs-in-a-row rule. The
 * 7-day rule cannot release it (its failures are this week), so only a history kept past
 * 100 runs can; with the old default of 20 receipts the streak stopped at 20.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { addDays, dayOf } from '../../src/core/quarantine/dates.js'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { writeQuarantine } from '../helpers/quarantine.js'

const RUNS = 150
const FAILING_RUNS = 3

/** A test runner writing JUnit: `api › sometimes` fails while `failing` exists, `api › steady` always passes. */
const RUNNER = [
  'if [ -f failing ]; then status=1; outcome="<failure>boom</failure>"; else status=0; outcome=""; fi',
  'printf \'<testsuites><testsuite name="api"><testcase classname="api" name="steady"/><testcase classname="api" name="sometimes">%s</testcase></testsuite></testsuites>\' "$outcome" > results.xml',
  'exit $status'
].join('\n')
const RUN = ['run', '--command', 'bash runner.sh', '--expect-exit', '0', '--max-retries', '0', '--test-results', 'results.xml']

let repo: string
beforeAll(async () => {
  repo = await scratchRepo('reverify-history-depth-')
})
afterAll(() => rmSync(repo, { recursive: true, force: true }))

test(`${RUNS} runs with the default settings: the quarantined test is ready to release by the 100-run rule`, async () => {
  writeFileSync(join(repo, 'runner.sh'), `${RUNNER}\n`)
  const added = dayOf(new Date())
  writeQuarantine(repo, [{ test: 'api › sometimes', owner: '@acme/qa', reason: 'races the cache', added, expires: addDays(added, 30) }])
  for (let run = 0; run < RUNS; run++) {
    if (run < FAILING_RUNS) writeFileSync(join(repo, 'failing'), '')
    else rmSync(join(repo, 'failing'), { force: true })
    const result = await spawnCli(RUN, repo)
    if (result.code !== 0) throw new Error(`run ${run + 1} exited ${result.code}: ${result.stdout}${result.stderr}`)
  }
  expect(readdirSync(join(repo, '.reverify', 'runs'))).toHaveLength(RUNS)

  const listed = await spawnCli(['quarantine', 'list'], repo)
  expect(listed.code).toBe(0)
  const lines = listed.stdout.split('\n')
  expect(lines).toContain(
    `  history:  ${RUNS} runs since ${added}: passed ${RUNS - FAILING_RUNS}, failed ${FAILING_RUNS} (${FAILING_RUNS} of them quarantined), flaky 0`
  )
  expect(lines).toContain(`  release:  ready to release: remove the entry (passed in the last ${RUNS - FAILING_RUNS} runs in a row)`)
}, 1_800_000)
