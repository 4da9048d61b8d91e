/**
 * Output into a pipe whose reader has gone (`reverify receipts list | head -1`) ends quietly:
 * no stack trace, and the exit code is the command's own: 0 for what only prints, the
 * verdict for a run, which still finishes and writes its receipt (docs/design.md §1). Through
 * the built CLI, with real pipes: the test's own read end closed before the CLI writes, and
 * bash's `| head -1`.
 */
import { spawn } from 'node:child_process'
import { CLI_BUNDLE, scratchRepo, spawnCli } from '../helpers/cli.js'

/** What a run of the built CLI left on stderr, and its exit code. */
interface Ended {
  code: number | null
  stderr: string
}

/** Runs the built CLI with a stdout pipe whose read end is closed before the CLI starts. */
function withClosedStdout(argv: string[], cwd: string): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BUNDLE, ...argv], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', reject)
    child.on('close', code => resolve({ code, stderr }))
  })
}

/** Runs a bash pipeline in cwd; resolves with its stdout, stderr and the CLI's own exit code. */
function pipeline(script: string, cwd: string): Promise<Ended & { stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${script}; echo "cli-exit=\${PIPESTATUS[0]}"`], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, CLI: CLI_BUNDLE },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', reject)
    child.on('close', () => {
      const code = /cli-exit=(\d+)/.exec(stdout)?.[1]
      resolve({ code: code === undefined ? null : Number(code), stderr, stdout: stdout.replace(/cli-exit=\d+\n/, '') })
    })
  })
}

/** Nothing of Node's own crash report: no unhandled error, no stack, no EPIPE. */
function expectQuiet(stderr: string): void {
  expect(stderr).not.toMatch(/EPIPE|Unhandled|node:events|^\s+at /m)
}

let repo: string
beforeAll(async () => {
  repo = await scratchRepo('reverify-closed-pipe-')
  for (const [command, code] of [
    ['echo one', 0],
    ['echo two; exit 1', 1]
  ] as const) {
    const run = await spawnCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '0'], repo)
    expect(run.code).toBe(code)
  }
})

test.each([
  ['receipts list', ['receipts', 'list']],
  ['receipts list --json', ['receipts', 'list', '--json']],
  ['receipts show', ['receipts', 'show', 'latest']],
  ['report', ['report', 'latest']],
  ['--help', ['--help']],
  ['run --help', ['run', '--help']]
])('reverify %s into a closed pipe exits 0 without a stack trace', async (_label, argv) => {
  const ended = await withClosedStdout(argv, repo)
  expectQuiet(ended.stderr)
  expect(ended.code).toBe(0)
})

test('a run into a closed pipe keeps its verdict as exit code, and its receipt', async () => {
  const passing = await withClosedStdout(['run', '--command', 'seq 1 20000', '--expect-exit', '0', '--max-retries', '0'], repo)
  expectQuiet(passing.stderr)
  expect(passing.code).toBe(0)
  const failing = await withClosedStdout(['run', '--command', 'seq 1 20000; exit 3', '--expect-exit', '0', '--max-retries', '0'], repo)
  expectQuiet(failing.stderr)
  expect(failing.code).toBe(1)
  const latest = JSON.parse((await spawnCli(['receipts', 'show', 'latest', '--json'], repo)).stdout)
  expect(latest).toMatchObject({ status: 'failed', attempts: 1 })
})

test('`reverify run … | head -1` prints the first line, and the run ends as it would have', async () => {
  // Far more output than the pipe and head's buffer hold, so the CLI still writes after head has left.
  const ended = await pipeline(`node "$CLI" run --command 'seq 1 300000' --expect-exit 0 --max-retries 0 | head -1`, repo)
  expect(ended.stdout).toBe('1\n')
  expectQuiet(ended.stderr)
  expect(ended.code).toBe(0)
  const latest = JSON.parse((await spawnCli(['receipts', 'show', 'latest', '--json'], repo)).stdout)
  expect(latest).toMatchObject({ status: 'passed', attempts: 1 })
})

test('`reverify receipts list | head -1` prints the newest receipt and exits 0', async () => {
  const ended = await pipeline(`node "$CLI" receipts list | head -1`, repo)
  expect(ended.stdout.split('\n')).toHaveLength(2)
  expectQuiet(ended.stderr)
  expect(ended.code).toBe(0)
})

test('stderr into the same closed pipe (`2>&1 | head -1`) is dropped quietly too', async () => {
  const ended = await pipeline(`node "$CLI" run --command 'seq 1 300000 >&2; exit 4' --expect-exit 0 --max-retries 1 2>&1 | head -1`, repo)
  expect(ended.stdout).toBe('reverify: attempt 1/2\n')
  expect(ended.code).toBe(1)
  const latest = JSON.parse((await spawnCli(['receipts', 'show', 'latest', '--json'], repo)).stdout)
  expect(latest).toMatchObject({ status: 'failed', attempts: 2 })
})
