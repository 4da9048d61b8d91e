/**
 * A hostile JUnit file against the built CLI (docs/design.md §1 "Test results"): one tag with
 * a million attributes is refused with one line naming the cap while the process stays
 * small, and a run given SIGTERM while it reads a large, legal file stops reading, closes
 * the run and exits at once instead of parsing to the end with a `running` receipt.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { readTrace, runDirs, sessionDirs } from '../helpers/trace.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo('reverify-junit-attributes-')
  mkdirSync(join(repo, 'reports'))
})
afterEach(() => rmSync(repo, { recursive: true, force: true }))

/** The report is written here beforehand; the command only touches it, so it counts as written by the attempt. */
const TOUCH = 'touch reports/junit.xml'

test('one tag with a million attributes: one warning naming the cap, quickly, the process under 200 MB', async () => {
  const attributes = Array.from({ length: 1_000_000 }, (_, index) => ` a${index}="x"`).join('')
  writeFileSync(join(repo, 'reports', 'junit.xml'), `<testsuite name="s"><testcase name="a" classname="c"${attributes}/></testsuite>`)
  // The CLI's own peak RSS, written by a preloaded module as the process exits.
  const rssFile = join(repo, 'max-rss')
  const preload = join(repo, 'max-rss.mjs')
  writeFileSync(
    preload,
    `import { writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)))\n`
  )
  const started = Date.now()
  const result = await spawnCli(['run', '--command', TOUCH, '--expect-exit', '0', '--test-results', 'reports/junit.xml'], repo, {
    env: { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}` }
  })
  const elapsed = Date.now() - started
  expect(result.code).toBe(0)
  const maxRssMb = Number(readFileSync(rssFile, 'utf8')) / 1024
  expect(maxRssMb).toBeGreaterThan(10)
  expect(maxRssMb).toBeLessThan(200)
  expect(elapsed).toBeLessThan(15_000)
  const warnings = result.stderr.split('\n').filter(line => line.includes('warning'))
  expect(warnings).toEqual([
    'reverify: warning: test-results (attempt 1): reports/junit.xml: ignored: a tag has more than 1,000 attributes'
  ])
  expect(result.stdout).not.toContain('tests:')
})

test('SIGTERM while a large, legal file is read: reading stops, the run is closed `interrupted`, exit 130 at once', async () => {
  // About 200 MB of ordinary test cases: several seconds of parsing, well inside every cap.
  const fd = openSync(join(repo, 'reports', 'junit.xml'), 'w')
  writeSync(fd, '<testsuites><testsuite name="large">\n')
  const block = '<testcase name="t" classname="c" time="0.001"><system-out>ok</system-out></testcase>\n'.repeat(10_000)
  for (let written = 0; written < 200_000_000; written += block.length) writeSync(fd, block)
  writeSync(fd, '</testsuite></testsuites>\n')
  closeSync(fd)

  let pid = 0
  const state = join(repo, '.reverify')
  const run = spawnCli(
    ['run', '--command', `${TOUCH}; exit 1`, '--expect-exit', '0', '--max-retries', '1', '--test-results', 'reports/junit.xml'],
    repo,
    { onSpawn: spawned => (pid = spawned) }
  )
  // The script's result is the last event before the results are read (the verdict waits for them).
  const deadline = Date.now() + 30_000
  const scriptEnded = (): boolean => {
    const [dir] = sessionDirs(state)
    return dir !== undefined && existsSync(join(dir, 'trace.jsonl')) && readTrace(dir).some(event => event.phase === 'tool_result')
  }
  while (!scriptEnded()) {
    if (Date.now() > deadline) throw new Error('the script never ended')
    await new Promise(resolve => setTimeout(resolve, 20))
  }
  await new Promise(resolve => setTimeout(resolve, 300))
  const signalled = Date.now()
  process.kill(pid, 'SIGTERM')
  const result = await run
  const afterSignal = Date.now() - signalled

  expect(result.code).toBe(130)
  expect(afterSignal).toBeLessThan(3_000)
  expect(result.stdout).toContain('outcome: aborted')
  const [dir] = sessionDirs(state)
  const events = readTrace(dir!)
  // Nothing half-read is recorded, and only the one attempt ran.
  expect(events.some(event => event.phase === 'note' && event.payload.tests !== undefined)).toBe(false)
  expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
  expect(events[events.length - 1]!.payload.outcome).toBe('aborted')
  const [runId] = runDirs(state)
  expect(JSON.parse(readFileSync(join(state, 'runs', runId!, 'receipt.json'), 'utf8')).status).toBe('interrupted')
}, 60_000)
