/**
 * The CLI tells the verdict before it writes report.html and ctrf.json (docs/design.md §8
 * "What a run loads"): the summary and the final receipt wait for neither. A run killed in
 * between leaves its verdict on record, and the next run of the command writes what is missing.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { runDirs } from '../helpers/trace.js'
import { waitUntil } from '../helpers/budget.js'

let repo: string
const state = () => join(repo, '.reverify')
const receiptOf = (runId: string) => JSON.parse(readFileSync(join(state(), 'runs', runId, 'receipt.json'), 'utf8'))

beforeEach(async () => {
  repo = await scratchRepo('reverify-report-after-')
})

/** Runs the CLI until it pauses before its reports, SIGKILLs it there; resolves to what it printed. */
async function killBeforeReports(args: string[]): Promise<string> {
  const marker = join(repo, 'paused')
  let cli = 0
  const run = spawnCli(args, repo, { env: { REVERIFY_TEST_PAUSE_AT: `before-reports:${marker}` }, onSpawn: pid => (cli = pid) })
  await waitUntil(() => existsSync(marker), 'the run never reached its reports', 30_000)
  process.kill(cli, 'SIGKILL')
  const result = await run
  expect(result.signal).toBe('SIGKILL')
  return result.stdout
}

test.each([
  ['a passing run', 'true', 'passed', 'outcome: success'],
  ['a failing run', 'exit 3', 'failed', 'outcome: failure']
])(
  '%s killed after its verdict: the summary and receipt are out, the next run writes its report',
  async (_, command, status, outcome) => {
    const args = ['run', '--command', command, '--expect-exit', '0', '--max-retries', '0']
    const printed = await killBeforeReports(args)
    const [runId] = runDirs(state())
    const dir = receiptOf(runId!).session.dir as string
    expect(printed).toContain(outcome)
    expect(printed).toContain(`receipt: ${runId}`)
    expect(printed).toContain(`report: ${join(dir, 'report.html')}`)
    expect(receiptOf(runId!).status).toBe(status)
    expect(existsSync(join(dir, 'report.html'))).toBe(false)
    expect(existsSync(join(dir, 'ctrf.json'))).toBe(false)

    const next = await spawnCli(args, repo)
    expect(next.signal).toBeNull()
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(status === 'passed' ? 'passed (1 attempt)' : 'failed after 1 attempt')
    expect(JSON.parse(readFileSync(join(dir, 'ctrf.json'), 'utf8')).results.summary).toBeDefined()
    // The next run's own report, as always.
    const own = runDirs(state()).find(id => id !== runId)!
    expect(existsSync(join(receiptOf(own).session.dir, 'report.html'))).toBe(true)
  },
  60_000
)
