/**
 * A hostile JUnit file against the built CLI (docs/design.md §1 "Test results"): one tag with
 * a million attributes is refused with one line naming the cap while the process stays
 * small, and a run given SIGTERM while it reads a large, legal file stops reading, closes
 * the run and exits at once instead of parsing to the end with a `running` receipt.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { waitUntil } from '../helpers/budget.js'
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

/**
 * A preload module that writes the CLI's peak RSS (KiB) and CPU time (ms) to `file` as the
 * process exits. CPU time, not wall time, says how much work was done: a busy machine
 * stretches the one and not the other (docs/design.md §9, "Tests on a busy machine").
 */
function exitUsage(file: string): NodeJS.ProcessEnv {
  const preload = join(repo, 'exit-usage.mjs')
  writeFileSync(
    preload,
    `import { writeFileSync } from 'node:fs'\nprocess.on('exit', () => { const cpu = process.cpuUsage(); writeFileSync(${JSON.stringify(file)}, process.resourceUsage().maxRSS + ' ' + (cpu.user + cpu.system) / 1000) })\n`
  )
  return { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}` }
}

/** The CPU time a running process has used so far, in ms (from /proc: ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Whether a process has `path` open. */
function hasOpen(pid: number, path: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some(fd => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === path
      } catch {
        return false
      }
    })
  } catch {
    return false
  }
}

test('one tag with a million attributes: one warning naming the cap, quickly, the process under 200 MB', async () => {
  const attributes = Array.from({ length: 1_000_000 }, (_, index) => ` a${index}="x"`).join('')
  writeFileSync(join(repo, 'reports', 'junit.xml'), `<testsuite name="s"><testcase name="a" classname="c"${attributes}/></testsuite>`)
  // The CLI's own peak RSS and CPU time, written by a preloaded module as the process exits.
  const usageFile = join(repo, 'usage')
  const result = await spawnCli(['run', '--command', TOUCH, '--expect-exit', '0', '--test-results', 'reports/junit.xml'], repo, {
    env: exitUsage(usageFile)
  })
  expect(result.code).toBe(0)
  const [maxRssKb, cpuMs] = readFileSync(usageFile, 'utf8').split(' ').map(Number) as [number, number]
  expect(maxRssKb / 1024).toBeGreaterThan(10)
  expect(maxRssKb / 1024).toBeLessThan(200)
  expect(cpuMs).toBeLessThan(15_000)
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
  const usageFile = join(repo, 'usage')
  const run = spawnCli(
    ['run', '--command', `${TOUCH}; exit 1`, '--expect-exit', '0', '--max-retries', '1', '--test-results', 'reports/junit.xml'],
    repo,
    { onSpawn: spawned => (pid = spawned), env: exitUsage(usageFile) }
  )
  // The script's result is the last event before the results are read (the verdict waits
  // for them); then the CLI opens the file. The signal comes while it holds it open.
  const scriptEnded = (): boolean => {
    const [dir] = sessionDirs(state)
    return dir !== undefined && existsSync(join(dir, 'trace.jsonl')) && readTrace(dir).some(event => event.phase === 'tool_result')
  }
  await waitUntil(scriptEnded, 'the script never ended', 30_000)
  await waitUntil(() => hasOpen(pid, join(repo, 'reports', 'junit.xml')), 'the CLI never opened reports/junit.xml', 30_000)
  const cpuAtSignal = cpuMsOf(pid)
  process.kill(pid, 'SIGTERM')
  const result = await run

  expect(result.code).toBe(130)
  // Parsing the rest of the 200 MB would take seconds of CPU; stopping takes next to none.
  const cpuAfterSignal = Number(readFileSync(usageFile, 'utf8').split(' ')[1]) - cpuAtSignal
  console.log(`CPU time from SIGTERM to exit: ${Math.round(cpuAfterSignal)} ms`)
  expect(cpuAfterSignal).toBeLessThan(3_000)
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
