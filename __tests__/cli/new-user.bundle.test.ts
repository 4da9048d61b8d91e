/**
 * The built CLI (dist/cli.js) as a new user meets it (docs/design.md §3 "Run id and receipt", §6, §8;
 * docs/export.md): `report --open` says what the opener did, a run id's copied tail names the
 * run everywhere a run id is taken, a quarantine path typed on purpose must exist, a
 * collector that refuses the connection costs one attempt and one warning, and "nothing
 * there yet" is one line with the next step.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scratchRepo, spawnCli, type CliResult } from '../helpers/cli.js'
import { refusingEndpoint } from '../helpers/otlp-receiver.js'

const OPENER = process.platform === 'darwin' ? 'open' : 'xdg-open'
const STATE = '.reverify'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo('reverify-new-user-')
})

/** A passing (or failing) run in `repo`; its run id. */
async function runOnce(command = 'true'): Promise<string> {
  const result = await spawnCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '0'], repo)
  const runId = /^receipt: (\S+)$/m.exec(result.stdout)?.[1]
  if (runId === undefined) throw new Error(`no receipt in:\n${result.stdout}\n${result.stderr}`)
  return runId
}

/** One line on stderr containing `fragment`, exit 2, nothing on stdout. */
function expectOneLineRefusal(result: CliResult, fragment: string): void {
  expect(result).toMatchObject({ code: 2, stdout: '' })
  expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(fragment)])
}

/** A directory holding only a fake desktop opener running `script`. */
function fakeOpener(script: string): string {
  const bin = mkdtempSync(join(tmpdir(), 'reverify-opener-'))
  writeFileSync(join(bin, OPENER), `#!/bin/sh\n${script}\n`)
  chmodSync(join(bin, OPENER), 0o755)
  return bin
}

describe('report --open says what the opener did, and the report is written whatever it did', () => {
  test('an opener that exits 3: one line with the exit and the file to open by hand, exit 0', async () => {
    await runOnce()
    const bin = fakeOpener('exit 3')
    const result = await spawnCli(['report', 'latest', '--open'], repo, { env: { PATH: `${bin}:/usr/bin:/bin` } })
    const report = result.stdout.trim()
    expect(result.code).toBe(0)
    expect(existsSync(report)).toBe(true)
    expect(result.stderr).toBe(`reverify: --open: ${join(bin, OPENER)} exited 3, so no browser was opened; open ${report} yourself\n`)
  }, 60_000)

  test('an opener that works: opened in the browser, with the file it was given', async () => {
    await runOnce()
    const opened = join(repo, 'opened')
    const bin = fakeOpener(`printf '%s' "$1" > ${JSON.stringify(opened)}`)
    const result = await spawnCli(['report', 'latest', '--open'], repo, { env: { PATH: `${bin}:/usr/bin:/bin` } })
    expect(result.code).toBe(0)
    // The opener had exited before the command said so.
    expect(readFileSync(opened, 'utf8')).toBe(result.stdout.trim())
    expect(result.stderr).toBe(`reverify: opened in the browser with ${join(bin, OPENER)}\n`)
  }, 60_000)

  test('no opener on PATH: one line with the file to open by hand, exit 0', async () => {
    await runOnce()
    const result = await spawnCli(['report', 'latest', '--open'], repo, { env: { PATH: '/nonexistent' } })
    const report = result.stdout.trim()
    expect(result.code).toBe(0)
    expect(existsSync(report)).toBe(true)
    expect(result.stderr).toBe(`reverify: --open: no ${OPENER} on PATH, so no browser was opened; open ${report} yourself\n`)
  }, 60_000)
})

describe('a unique part of a run id, from its start or its end, names the run everywhere a run id is taken', () => {
  test('receipts show, report, ctrf and capture take the tail a person copies, and a prefix', async () => {
    const runId = await runOnce('exit 1')
    const tail = runId.slice(-6)
    const show = await spawnCli(['receipts', 'show', tail], repo)
    expect(show.code).toBe(0)
    expect(show.stdout).toContain(`run:        ${runId}\n`)
    const report = await spawnCli(['report', runId.slice(0, 17)], repo)
    expect(report.code).toBe(0)
    expect(readFileSync(report.stdout.trim(), 'utf8')).toContain(runId)
    const ctrf = await spawnCli(['ctrf', tail, '--out', 'ctrf.json'], repo)
    expect(ctrf.code).toBe(0)
    expect(readFileSync(join(repo, 'ctrf.json'), 'utf8')).toContain('"tool"')
    const capture = await spawnCli(['capture', tail, '--note', 'seen it'], repo)
    expect(capture).toMatchObject({ code: 0, stdout: `reverify: captured ${runId}: seen it\n` })
    const resume = await spawnCli(['resume', tail], repo)
    expect(resume.stderr + resume.stdout).toContain(runId)
    expect(resume.stderr).not.toContain('is not a run id')
  }, 120_000)

  test('a part that names two runs is one line listing both; one too short, or unknown, is refused', async () => {
    const first = await runOnce()
    const second = await runOnce()
    const both = await spawnCli(['receipts', 'show', first.slice(0, 4)], repo)
    expect(first.slice(0, 4)).toBe(second.slice(0, 4))
    expectOneLineRefusal(both, `receipts show: '${first.slice(0, 4)}' names 2 runs (`)
    for (const id of [first, second]) expect(both.stderr).toContain(id)
    expectOneLineRefusal(await spawnCli(['report', first.slice(-3)], repo), 'is not a run id')
    expectOneLineRefusal(await spawnCli(['report', 'ffff'], repo), "report: no run 'ffff' in ")
  }, 120_000)
})

describe('a quarantine path typed on purpose must exist; the default may be absent', () => {
  test('quarantine check and run with --quarantine nope.yml: one line naming the flag and path, exit 2', async () => {
    const check = await spawnCli(['quarantine', 'check', '--quarantine', 'nope.yml'], repo)
    expectOneLineRefusal(check, '--quarantine: nope.yml: no such file')
    const run = await spawnCli(['run', '--command', 'true', '--expect-exit', '0', '--quarantine', 'nope.yml'], repo)
    expectOneLineRefusal(run, '--quarantine: nope.yml: no such file')
    const byDefault = await spawnCli(['quarantine', 'check'], repo)
    expect(byDefault.code).toBe(0)
    expect(byDefault.stdout).toContain('valid')
  }, 60_000)
})

describe('a collector that refuses the connection', () => {
  test('costs one connection attempt and one warning; the run completes with its own exit code', async () => {
    const endpoint = await refusingEndpoint()
    const port = new URL(endpoint).port
    const dir = mkdtempSync(join(tmpdir(), 'reverify-connects-'))
    const log = join(dir, 'connects.log')
    // Counts the process's TCP connections to the collector's port (every one goes through Socket#connect).
    const preload = join(dir, 'count-connects.mjs')
    writeFileSync(
      preload,
      [
        "import net from 'node:net'",
        "import { appendFileSync } from 'node:fs'",
        'const connect = net.Socket.prototype.connect',
        'net.Socket.prototype.connect = function (...args) {',
        '  const first = Array.isArray(args[0]) ? args[0][0] : args[0]',
        "  const port = typeof first === 'object' && first !== null ? first.port : first",
        `  if (String(port) === ${JSON.stringify(port)}) appendFileSync(${JSON.stringify(log)}, 'connect\\n')`,
        '  return connect.apply(this, args)',
        '}',
        ''
      ].join('\n')
    )
    const result = await spawnCli(['run', '--command', 'exit 4', '--expect-exit', '0', '--max-retries', '0'], repo, {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, NODE_OPTIONS: `--import=${preload}` }
    })
    expect(result.code).toBe(1)
    expect(result.stderr.split('\n').filter(line => line.includes('OpenTelemetry'))).toEqual([
      expect.stringMatching(new RegExp(`^reverify: warning: .*could not export the run to OpenTelemetry at ${endpoint}: .*ECONNREFUSED`))
    ])
    expect(readFileSync(log, 'utf8')).toBe('connect\n')
  }, 60_000)
})

describe('nothing there yet is one line with the next step', () => {
  test('report latest with no runs', async () => {
    const result = await spawnCli(['report', 'latest'], repo)
    expectOneLineRefusal(result, `reverify: report: no runs in ${join(repo, STATE)} yet; run one with reverify run --command "npm test"`)
  }, 60_000)

  test('resume with no runs, and with runs none of which waits to be resumed', async () => {
    const none = await spawnCli(['resume'], repo)
    expectOneLineRefusal(
      none,
      `reverify: resume: nothing to resume: no runs in ${join(repo, STATE)} yet; run one with reverify run --command "npm test"`
    )
    const runId = await runOnce()
    mkdirSync(join(repo, 'sub'))
    const ended = await spawnCli(['resume'], join(repo, 'sub'))
    expectOneLineRefusal(
      ended,
      `reverify: resume: nothing to resume: no run in ${join(repo, STATE)} is waiting to be resumed (the latest, ${runId}, is passed); reverify receipts list shows them all`
    )
  }, 60_000)
})
