/**
 * Large and hostile JSON reports against the built CLI (docs/design.md §1 "JSON reports"):
 * a million tests spread over a thousand test files, and a report whose strings are 60 MB
 * each, are read with the process staying small — memory follows one test's record and one
 * file's held tests, not the report — and a million tests in one file is refused with one
 * line naming the cap.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { scratchRepo, spawnCli } from '../helpers/cli.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo('reverify-json-cli-')
  mkdirSync(join(repo, 'reports'))
})
afterEach(() => rmSync(repo, { recursive: true, force: true }))

/** The report is written beforehand; the command only touches it, so it counts as written by the attempt. */
const TOUCH = 'touch reports/report.json'

/** Runs the CLI on the report and returns its result and its peak RSS in MB, written by a preloaded module as it exits. */
async function runMeasured(): Promise<{ code: number; stdout: string; stderr: string; maxRssMb: number }> {
  const rssFile = join(repo, 'max-rss')
  const preload = join(repo, 'max-rss.mjs')
  writeFileSync(
    preload,
    `import { writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)))\n`
  )
  const result = await spawnCli(['run', '--command', TOUCH, '--expect-exit', '0', '--test-results', 'reports/report.json'], repo, {
    env: { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}` }
  })
  return { ...result, maxRssMb: Number(readFileSync(rssFile, 'utf8')) / 1024 }
}

/** Writes a jest report of `files` test files of `perFile` tests each, a piece at a time. */
function writeJestReport(files: number, perFile: number): void {
  const fd = openSync(join(repo, 'reports', 'report.json'), 'w')
  writeSync(fd, '{"numRuntimeErrorTestSuites":0,"testResults":[')
  for (let file = 0; file < files; file++) {
    const tests = Array.from(
      { length: perFile },
      (_, test) => `{"ancestorTitles":["g"],"title":"t${test}","status":"passed","invocations":1}`
    )
    writeSync(
      fd,
      `${file === 0 ? '' : ','}{"assertionResults":[${tests.join(',')}],"name":"src/f${file}.test.js","status":"passed","message":""}`
    )
  }
  writeSync(fd, ']}')
  closeSync(fd)
}

test('a million tests over a thousand files: all counted, the process under 250 MB', async () => {
  writeJestReport(1_000, 1_000)
  const result = await runMeasured()
  expect(result.code).toBe(0)
  expect(result.stderr).not.toContain('warning')
  expect(result.stdout).toMatch(/^tests: 1,?000,?000 \(attempt 1\)$/m)
  expect(result.maxRssMb).toBeGreaterThan(10)
  expect(result.maxRssMb).toBeLessThan(250)
}, 600_000)

test('a million tests in one file: refused, naming the cap, the process still small', async () => {
  writeJestReport(1, 1_000_000)
  const result = await runMeasured()
  expect(result.code).toBe(0)
  expect(result.stderr.split('\n').filter(line => line.includes('warning'))).toEqual([
    'reverify: warning: test-results (attempt 1): reports/report.json: ignored: one test file has more than 50,000 tests, or more text than reverify holds'
  ])
  expect(result.maxRssMb).toBeLessThan(250)
}, 600_000)

test('strings of 60 MB each: the counts whole, the process under 250 MB', async () => {
  const big = 'x'.repeat(60 * 1024 * 1024)
  const fd = openSync(join(repo, 'reports', 'report.json'), 'w')
  writeSync(
    fd,
    `{"testResults":[{"assertionResults":[{"ancestorTitles":["${big}"],"title":"a","status":"failed","failureMessages":["${big}"],"invocations":3,"retryReasons":["${big}"]}`
  )
  writeSync(fd, `,{"title":"b","status":"passed","invocations":1}],"name":"a.test.js","message":"${big}"}]}`)
  closeSync(fd)
  const result = await runMeasured()
  expect(result.code).toBe(0)
  expect(result.stderr).not.toContain('warning')
  expect(result.maxRssMb).toBeLessThan(250)
}, 600_000)
