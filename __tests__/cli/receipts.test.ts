/** `reverify capture` errors, `reverify receipts list|show`, retention and the state directory's .gitignore. */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { receiptSchemas } from '../../src/core/receipts/receipt.js'
import { runCli, scratchRepo, type CliResult } from '../helpers/cli.js'
import { tinyRunner } from '../helpers/rerun-suite.js'
import { runDirs, sessionDirs } from '../helpers/trace.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
})

const stateDir = () => join(repo, '.reverify')
const receiptOf = (runId: string) => JSON.parse(readFileSync(join(stateDir(), 'runs', runId, 'receipt.json'), 'utf8'))

function runIdOf(result: CliResult): string {
  const match = /^receipt: (\d{8}-\d{6}-verify-[0-9a-f]{6})$/m.exec(result.stdout)
  if (!match) throw new Error(`no receipt id in:\n${result.stdout}\n${result.stderr}`)
  return match[1]!
}

/** Runs one command once (or with retries) and returns its receipt id. */
async function runOnce(command: string, expectation: string[] = ['--expect-exit', '0'], extra: string[] = []): Promise<string> {
  const result = await runCli(['run', '--command', command, ...expectation, '--max-retries', '0', ...extra], repo)
  return runIdOf(result)
}

/** One line on stderr, exit 2, nothing on stdout. */
function expectOneLineUsageError(result: CliResult, ...fragments: string[]): void {
  expect(result.code).toBe(2)
  expect(result.stdout).toBe('')
  const lines = result.stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^reverify: /)
  for (const fragment of fragments) expect(lines[0]).toContain(fragment)
}

describe('reverify capture: refusals', () => {
  test('an unknown run id: one line, exit 2', async () => {
    await runOnce('false')
    const result = await runCli(['capture', '20200101-000000-verify-abcdef', '--note', 'x'], repo)
    expectOneLineUsageError(result, 'no receipt of run 20200101-000000-verify-abcdef')
  })

  test('an unknown run id with no state directory at all: one line, exit 2, nothing created', async () => {
    const result = await runCli(['capture', '20200101-000000-verify-abcdef'], repo)
    expectOneLineUsageError(result, '20200101-000000-verify-abcdef')
    expect(existsSync(stateDir())).toBe(false)
  })

  test.each(['../x', '../../etc/passwd', '20261130-075100-verify-3fa9c2/../../x', 'LATEST/..', ''])(
    'a malformed id (%j): one line, exit 2, no path touched',
    async ref => {
      mkdirSync(join(stateDir(), 'runs'), { recursive: true })
      const result = await runCli(['capture', ref, '--note', 'x'], repo)
      expectOneLineUsageError(result, 'is not a run id')
      expect(existsSync(join(stateDir(), 'x'))).toBe(false)
      expect(existsSync(join(repo, 'x'))).toBe(false)
    }
  )

  test('latest with no failed run: one line, exit 2', async () => {
    expectOneLineUsageError(await runCli(['capture', 'latest'], repo), 'no failed run waiting to be captured')
    await runOnce('true')
    expectOneLineUsageError(await runCli(['capture', 'latest'], repo), 'no failed run waiting to be captured')
    const failedId = await runOnce('false')
    expect((await runCli(['capture', 'latest'], repo)).code).toBe(0)
    expect(receiptOf(failedId).capture).toBeDefined()
    // Everything failed is captured now: nothing left for latest.
    expectOneLineUsageError(await runCli(['capture', 'latest'], repo), 'no failed run waiting to be captured')
  })

  test('in block mode a capture needs a note: without one it is refused, and the run stays uncaptured', async () => {
    expect((await runCli(['config', 'set', 'capture-before-retry', 'block'], repo)).code).toBe(0)
    const failedId = await runOnce('false')
    for (const note of [[], ['--note', '  ']]) {
      expectOneLineUsageError(await runCli(['capture', 'latest', ...note], repo), '--note: required when capture-before-retry is block')
    }
    expect(receiptOf(failedId).capture).toBeUndefined()
    expect((await runCli(['capture', 'latest', '--note', 'flaky DNS'], repo)).code).toBe(0)
    expect(receiptOf(failedId).capture).toMatchObject({ note: 'flaky DNS' })
  })

  test('no id, or two ids: one line, exit 2', async () => {
    expectOneLineUsageError(await runCli(['capture'], repo), 'exactly one run id')
    expectOneLineUsageError(await runCli(['capture', 'latest', 'latest'], repo), 'exactly one run id')
  })

  test('a run of another repository sharing the state directory is refused', async () => {
    const shared = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-shared-')))
    const other = await scratchRepo()
    const result = await runCli(['run', '--command', 'false', '--expect-exit', '0', '--max-retries', '0', '--state-dir', shared], other)
    const otherId = runIdOf(result)
    const refused = await runCli(['capture', otherId, '--state-dir', shared], repo)
    expectOneLineUsageError(refused, `run ${otherId} belongs to ${other}`)
    expectOneLineUsageError(await runCli(['capture', 'latest', '--state-dir', shared], repo), 'no failed run waiting')
  })
})

describe('reverify receipts list', () => {
  test('newest first, with status, flaky and captured', async () => {
    const passedId = await runOnce('true')
    const flakyScript = 'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; [ $n -ge 2 ]'
    const flaky = await runCli(['run', '--command', flakyScript, '--expect-exit', '0', '--max-retries', '1'], repo)
    const flakyId = runIdOf(flaky)
    const capturedId = await runOnce('exit 4')
    await runCli(['capture', capturedId, '--note', 'disk full'], repo)
    const uncapturedId = await runOnce('exit 5')

    const result = await runCli(['receipts', 'list'], repo)
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    const [header, ...lines] = result.stdout.trimEnd().split('\n')
    expect(lines.map(line => line.split(/\s+/)[0])).toEqual([uncapturedId, capturedId, flakyId, passedId])
    const columns = (line: string) => line.split(/\s{2,}/)
    // A header row names the columns, each over its values.
    expect(columns(header!)).toEqual(['run', 'status', 'flaky', 'captured', 'command'])
    const under: ReadonlyArray<readonly [string, string]> = [
      ['status', 'failed'],
      ['flaky', '-'],
      ['captured', 'uncaptured'],
      ['command', 'exit 5']
    ]
    for (const [name, value] of under) expect(header!.indexOf(name)).toBe(lines[0]!.indexOf(value, uncapturedId.length))
    expect(columns(lines[0]!).slice(1)).toEqual(['failed', '-', 'uncaptured', 'exit 5'])
    expect(columns(lines[1]!).slice(1)).toEqual(['failed', '-', 'captured', 'exit 4'])
    expect(columns(lines[2]!).slice(1, 4)).toEqual(['passed', 'flaky', '-'])
    expect(columns(lines[3]!).slice(1)).toEqual(['passed', '-', '-', 'true'])
  })

  test('--json: valid receipts, newest first', async () => {
    const first = await runOnce('true')
    const second = await runOnce('false')
    const result = await runCli(['receipts', 'list', '--json'], repo)
    expect(result.code).toBe(0)
    const receipts = JSON.parse(result.stdout) as unknown[]
    const schemas = await receiptSchemas()
    expect(receipts.map(receipt => schemas.receipt.parse(receipt).run_id)).toEqual([second, first])
    expect(receipts[1]).toMatchObject({ schema_version: 2, status: 'passed', target: repo, scope: '', identity: ['true'] })
    expect(receipts[0]).toMatchObject({ status: 'failed', attempts: 1, max_attempts: 1, expectations: { 'expect-exit': 0 } })
  })

  test('empty store: says so; --json: []', async () => {
    expect((await runCli(['receipts', 'list'], repo)).stdout).toBe('no receipts yet\n')
    expect(JSON.parse((await runCli(['receipts', 'list', '--json'], repo)).stdout)).toEqual([])
  })

  test("only this repository's receipts from a shared state directory", async () => {
    const shared = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-shared-')))
    const other = await scratchRepo()
    await runCli(['run', '--command', 'true', '--expect-exit', '0', '--state-dir', shared], other)
    const mine = runIdOf(await runCli(['run', '--command', 'true', '--expect-exit', '0', '--state-dir', shared], repo))
    const listed = JSON.parse((await runCli(['receipts', 'list', '--json', '--state-dir', shared], repo)).stdout) as { run_id: string }[]
    expect(listed.map(receipt => receipt.run_id)).toEqual([mine])
  })

  test('a relative --state-dir is relative to the working directory, as for run', async () => {
    const runId = runIdOf(
      await runCli(['run', '--command', 'false', '--expect-exit', '0', '--max-retries', '0', '--state-dir', 'state'], repo)
    )
    expect(existsSync(join(repo, 'state', 'runs', runId))).toBe(true)
    const listed = await runCli(['receipts', 'list', '--state-dir', 'state'], repo)
    expect(listed.stdout).toContain(runId)
    const captured = await runCli(['capture', 'latest', '--state-dir', 'state'], repo)
    expect(captured.stdout).toContain(`captured ${runId}`)
    expect(JSON.parse(readFileSync(join(repo, 'state', 'runs', runId, 'receipt.json'), 'utf8')).capture).toBeDefined()
  })
})

describe('reverify receipts show', () => {
  test('shows the normalized identity and the outcome', async () => {
    const runId = await runOnce('echo   "a b"  &&  VAR=1   false')
    const result = await runCli(['receipts', 'show', runId], repo)
    expect(result.code).toBe(0)
    const receipt = receiptOf(runId)
    expect(result.stdout).toContain(`run:        ${runId}\n`)
    expect(result.stdout).toContain('status:     failed\n')
    expect(result.stdout).toContain(`identity:   ${receipt.identity_hash}\n  echo 'a b' && VAR=1 false\n`)
    expect(result.stdout).toContain('command:    echo   "a b"  &&  VAR=1   false → exit 1')
    expect(result.stdout).toContain('captured:   no\n')

    await runCli(['capture', runId, '--note', 'VAR=1 breaks it'], repo, { USER: 'bob' })
    const after = await runCli(['receipts', 'show', runId], repo)
    expect(after.stdout).toMatch(/captured: {3}\S+ by bob \(cli\): VAR=1 breaks it\n/)
  })

  test('a run whose retry reran only the failed test: how many tests each attempt ran', async () => {
    writeFileSync(join(repo, 'runner.sh'), tinyRunner())
    const args = ['--test-results', 'results.xml', '--rerun-failed-tests', 'bash runner.sh {names}', '--max-retries', '1']
    const runId = runIdOf(await runCli(['run', '--command', 'bash runner.sh', '--expect-exit', '0', ...args], repo))
    const result = await runCli(['receipts', 'show', runId], repo)
    expect(result.stdout).toContain('attempts:   2/2\ntests ran:  1: full suite, 3 tests · 2: failed tests only, 1 test\n')
  })

  test('--json: the receipt, valid against the schema', async () => {
    const runId = await runOnce("echo 'a b'")
    const result = await runCli(['receipts', 'show', runId, '--json'], repo)
    expect(result.code).toBe(0)
    const receipt = (await receiptSchemas()).receipt.parse(JSON.parse(result.stdout))
    expect(receipt).toMatchObject({ run_id: runId, status: 'passed', identity: ["echo 'a b'"] })
    expect(receipt.identity_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(receipt.session.dir).toBe(sessionDirs(stateDir())[0])
    expect(receipt.commands).toEqual([expect.objectContaining({ command: "echo 'a b'", exit_code: 0, signal: null, timed_out: false })])
  })

  test('latest is the newest receipt of the repository', async () => {
    await runOnce('false')
    const newest = await runOnce('true')
    const result = await runCli(['receipts', 'show', 'latest', '--json'], repo)
    expect(JSON.parse(result.stdout).run_id).toBe(newest)
  })

  test('unknown or malformed ids: one line, exit 2', async () => {
    await runOnce('true')
    expectOneLineUsageError(await runCli(['receipts', 'show', '20200101-000000-verify-abcdef'], repo), 'no receipt')
    expectOneLineUsageError(await runCli(['receipts', 'show', '../x'], repo), 'is not a run id')
    expectOneLineUsageError(await runCli(['receipts', 'show'], repo), 'receipts list')
    expectOneLineUsageError(await runCli(['receipts', 'prune'], repo), 'receipts list')
  })
})

describe('retention', () => {
  test('--keep-receipts 3: after 5 runs only the newest 3 of that identity remain; others untouched', async () => {
    const otherId = await runOnce('echo other')
    const otherScope = await runOnce('true', ['--expect-exit', '0'], ['--scope', 'elsewhere'])
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await runOnce('true', ['--expect-exit', '0'], ['--keep-receipts', '3']))

    expect(runDirs(stateDir()).sort()).toEqual([otherId, otherScope, ...ids.slice(2)].sort())
    const listed = JSON.parse((await runCli(['receipts', 'list', '--json'], repo)).stdout) as { run_id: string }[]
    expect(listed.map(receipt => receipt.run_id)).toEqual([...ids.slice(2).reverse(), otherScope, otherId])
    // Traces are not receipts: every session stays for the reviewer.
    expect(sessionDirs(stateDir())).toHaveLength(7)
    // The index forgot the pruned runs.
    const entries = execFileSync('find', [join(stateDir(), 'index'), '-type', 'f', '-name', '*_*'], { encoding: 'utf8' })
    for (const pruned of ids.slice(0, 2)) expect(entries).not.toContain(pruned)
    for (const kept of ids.slice(2)) expect(entries).toContain(kept)
  })

  test('an invalid --keep-receipts: exit 2, nothing runs', async () => {
    const result = await runCli(['run', '--command', 'touch ran', '--expect-exit', '0', '--keep-receipts', '0'], repo)
    expectOneLineUsageError(result, 'keep-receipts')
    expect(existsSync(join(repo, 'ran'))).toBe(false)
  })
})

describe('the state directory in git', () => {
  test('.reverify/.gitignore keeps everything out of git but config.json: git status shows nothing after a run', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-git-')))
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' }
      })
    git('init', '-q')
    const run = await runCli(['run', '--command', 'false', '--expect-exit', '0', '--max-retries', '0'], dir)
    expect(run.code).toBe(1)
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('')
    expect((await runCli(['config', 'set', 'capture-before-retry', 'block'], dir)).code).toBe(0)
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('?? .reverify/config.json\n')
    const runId = runIdOf(run)
    const ignored = git('check-ignore', '--no-index', `.reverify/runs/${runId}/receipt.json`, '.reverify/sessions', '.reverify/index')
    expect(ignored.trimEnd().split('\n')).toHaveLength(3)
  })

  test('config set alone writes the .gitignore too; a --state-dir elsewhere gets none', async () => {
    await runCli(['config', 'set', 'capture-before-retry', 'off'], repo)
    expect(readFileSync(join(stateDir(), '.gitignore'), 'utf8')).toMatch(/^!\/config\.json$/m)
    const elsewhere = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-state-')))
    await runCli(['run', '--command', 'true', '--expect-exit', '0', '--state-dir', elsewhere], repo)
    expect(existsSync(join(elsewhere, '.gitignore'))).toBe(false)
    expect(runDirs(elsewhere)).toHaveLength(1)
  })

  test('a .gitignore the user wrote is left alone', async () => {
    mkdirSync(stateDir())
    writeFileSync(join(stateDir(), '.gitignore'), '*\n')
    await runCli(['run', '--command', 'true', '--expect-exit', '0'], repo)
    expect(readFileSync(join(stateDir(), '.gitignore'), 'utf8')).toBe('*\n')
  })
})
