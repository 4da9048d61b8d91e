/**
 * `reverify report` and the report every run leaves (docs/design.md §8): written next to
 * the trace on a pass, a failure and a refusal; --out; run ids checked; a 10 MiB log gives
 * a report under 12 MiB.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, scratchRepo, type CliResult } from '../helpers/cli.js'
import { waitUntil } from '../helpers/budget.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
})

function factsOf(result: CliResult): { runId: string; trace: string } {
  const runId = /^receipt: (\S+)$/m.exec(result.stdout)?.[1]
  const trace = /^trace: (.+)$/m.exec(result.stdout)?.[1]
  if (runId === undefined || trace === undefined) throw new Error(`no receipt in:\n${result.stdout}\n${result.stderr}`)
  return { runId, trace }
}

/** One line on stderr naming the problem, exit 2, nothing on stdout. */
function expectUsageError(result: CliResult, fragment: string): void {
  expect(result.code).toBe(2)
  expect(result.stdout).toBe('')
  expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(fragment)])
}

test('a passing run, a failing run and a refused run each leave report.html next to the trace', async () => {
  const passed = factsOf(await runCli(['run', '--command', 'echo fine', '--expect-exit', '0'], repo))
  const failed = factsOf(await runCli(['run', '--command', 'echo broken; exit 3', '--expect-exit', '0', '--max-retries', '0'], repo))
  const refused = factsOf(await runCli(['run', '--command', 'rm -rf /tmp/nothing-here', '--expect-exit', '0'], repo))
  for (const { trace } of [passed, failed, refused]) {
    expect(readdirSync(trace)).toContain('report.html')
    expect(readdirSync(trace).filter(name => name.endsWith('.tmp'))).toEqual([])
  }
  expect(readFileSync(join(passed.trace, 'report.html'), 'utf8')).toContain('verify — passed (1 attempt)')
  expect(readFileSync(join(failed.trace, 'report.html'), 'utf8')).toContain('verify — failed after 1 attempt')
  const refusal = readFileSync(join(refused.trace, 'report.html'), 'utf8')
  expect(refusal).toContain('No attempt ran.')
  expect(refusal).toContain('matches the destructive-command rule')
})

test('reverify report writes the report, by run id or latest, and prints its path', async () => {
  const { runId, trace } = factsOf(await runCli(['run', '--command', 'echo hello', '--expect-exit', '0'], repo))
  const byId = await runCli(['report', runId], repo)
  expect(byId).toEqual({ code: 0, stdout: `${join(trace, 'report.html')}\n`, stderr: '' })
  const out = await runCli(['report', 'latest', '--out', 'reports/../here.html'], repo)
  expect(out).toEqual({ code: 0, stdout: `${join(repo, 'here.html')}\n`, stderr: '' })
  expect(readFileSync(join(repo, 'here.html'), 'utf8')).toContain(runId)
})

test("the run's summary names the report it wrote, and the run's --name", async () => {
  const named = await runCli(['run', '--command', 'exit 3', '--expect-exit', '0', '--max-retries', '0', '--name', 'API tests'], repo)
  expect(named.code).toBe(1)
  const trace = /^trace: (.+)$/m.exec(named.stdout)![1]!
  const lines = named.stdout.trimEnd().split('\n')
  expect(lines[0]).toBe('reverify: API tests — `exit 3`')
  expect(lines.at(-1)).toBe(`report: ${join(trace, 'report.html')}`)
  expect(existsSync(join(trace, 'report.html'))).toBe(true)
  // The default name is not repeated.
  const plain = await runCli(['run', '--command', 'true', '--expect-exit', '0'], repo)
  expect(plain.stdout.split('\n')[0]).toBe('reverify: `true`')
})

test('--open without a desktop opener on PATH is no error, and says no browser was opened', async () => {
  factsOf(await runCli(['run', '--command', 'true', '--expect-exit', '0'], repo))
  const result = await runCli(['report', 'latest', '--open'], repo, { PATH: '/nonexistent' })
  expect(result.code).toBe(0)
  expect(existsSync(result.stdout.trim())).toBe(true)
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open'
  expect(result.stderr).toBe(`reverify: --open: no ${opener} on PATH, so no browser was opened; open the file above yourself\n`)
})

test('reverify report refuses what is not a run id, an unknown run, and stray arguments', async () => {
  expectUsageError(await runCli(['report', '../../etc/passwd'], repo), 'is not a run id')
  expectUsageError(await runCli(['report', '20261130-075100-verify-3fa9c2'], repo), 'no run')
  expectUsageError(await runCli(['report'], repo), 'give exactly one run id')
  expectUsageError(await runCli(['report', 'latest', '--json'], repo), 'unknown flag --json')
  await runCli(['run', '--command', 'true', '--expect-exit', '0'], repo)
  expectUsageError(await runCli(['report', 'latest', '--out', 'missing/dir/r.html'], repo), "--out: cannot write 'missing/dir/r.html'")
  const help = await runCli(['report', '--help'], repo)
  expect(help.code).toBe(0)
  expect(help.stdout).toContain('--out FILE')
})

test('a run whose log is 10 MiB gives a report under 12 MiB that holds the log and its marker', async () => {
  // 12.8 MB of output: the engine keeps the first and last 5 MiB; every 50th line is an error.
  const command = `awk 'BEGIN { for (i = 1; i <= 220000; i++) if (i % 50 == 0) print "ERROR <item " i "> & failed"; else print "line " i " of the build output, nothing to see here at all" }'`
  const { trace } = factsOf(await runCli(['run', '--command', command, '--expect-exit', '1', '--max-retries', '0'], repo))
  const log = statSync(join(trace, 'attempt-1.log')).size
  expect(log).toBeGreaterThan(10 * 1024 * 1024 - 1024)
  const report = statSync(join(trace, 'report.html')).size
  expect(report).toBeLessThan(12 * 1024 * 1024)
  const text = readFileSync(join(trace, 'report.html'), 'utf8')
  expect(text).toContain('bytes dropped')
  expect(text).toContain('<li class=e>ERROR &lt;item 50&gt; &amp; failed')
  expect(text.trimEnd().endsWith('</html>')).toBe(true)
})

test('a log that escaping would blow up is cut at the budget and says where the rest is', async () => {
  const command = `awk 'BEGIN { s = ""; for (j = 0; j < 100; j++) s = s "<&"; for (i = 1; i <= 60000; i++) print s }'`
  const { trace } = factsOf(await runCli(['run', '--command', command, '--expect-exit', '1', '--max-retries', '0'], repo))
  expect(statSync(join(trace, 'report.html')).size).toBeLessThan(12 * 1024 * 1024)
  expect(readFileSync(join(trace, 'report.html'), 'utf8')).toContain(
    '[report: the log goes on; the whole of it is attempt-1.log in the trace]'
  )
})

test('the next run that closes an interrupted run writes the report of that run', async () => {
  const { runId, trace } = factsOf(await runCli(['run', '--command', 'echo once', '--expect-exit', '0', '--max-retries', '0'], repo))
  // Leave what a SIGKILL after the first attempt's call leaves: no result, no end, a receipt still running.
  const events = readFileSync(join(trace, 'trace.jsonl'), 'utf8').split('\n').filter(Boolean)
  const callAt = events.findIndex(line => JSON.parse(line).phase === 'tool_call')
  writeFileSync(join(trace, 'trace.jsonl'), `${events.slice(0, callAt + 1).join('\n')}\n`)
  const receiptPath = join(repo, '.reverify', 'runs', runId, 'receipt.json')
  const child = spawn('true')
  await once(child, 'exit')
  const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
  writeFileSync(receiptPath, JSON.stringify({ ...receipt, status: 'running', ended_at: null, pid: child.pid }))
  rmSync(join(trace, 'report.html'))
  // Other expectations: the old run cannot be resumed, so this run closes it and starts anew.
  await runCli(['run', '--command', 'echo once', '--expect-exit', '0', '--expect-stdout', 'once', '--max-retries', '0'], repo)
  const report = readFileSync(join(trace, 'report.html'), 'utf8')
  expect(report).toContain('verify — interrupted after 1 attempt')
  expect(report).toContain('not resumed (')
})

test('--open hands the report to the desktop opener on PATH', async () => {
  factsOf(await runCli(['run', '--command', 'true', '--expect-exit', '0'], repo))
  const bin = join(repo, 'bin')
  mkdirSync(bin)
  const opened = join(repo, 'opened')
  writeFileSync(
    join(bin, process.platform === 'darwin' ? 'open' : 'xdg-open'),
    `#!/bin/sh\nprintf '%s' "$1" > ${JSON.stringify(opened)}\n`,
    { mode: 0o755 }
  )
  const result = await runCli(['report', 'latest', '--open'], repo, { PATH: `${bin}:${process.env.PATH}` })
  expect(result.code).toBe(0)
  await waitUntil(() => existsSync(opened), 'the opener never ran', 5_000)
  expect(readFileSync(opened, 'utf8')).toBe(result.stdout.trim())
  expect(result.stderr).toBe(`reverify: opened in the browser with ${join(bin, process.platform === 'darwin' ? 'open' : 'xdg-open')}\n`)
})
