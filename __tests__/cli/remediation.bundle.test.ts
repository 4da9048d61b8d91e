/**
 * Every `reverify …` remedy the CLI prints works when run exactly as printed: the capture
 * command of a warning and of a block, the resume hint of `receipts list`, and the capture
 * command in the HTML report. Each is taken from the built CLI's output and run by bash, with
 * `reverify` on PATH, after a run with a state directory that is not the default and whose
 * path needs quoting (docs/design.md §3 "Capture").
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLI_BUNDLE, scratchRepo, spawnCli, type CliResult } from '../helpers/cli.js'

/** A folder with a `reverify` on it that runs the built CLI. */
const bin = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-bin-')))
writeFileSync(join(bin, 'reverify'), `#!/bin/sh\nexec "${process.execPath}" "${CLI_BUNDLE}" "$@"\n`)
chmodSync(join(bin, 'reverify'), 0o755)

/** Runs one printed line with bash in cwd, `reverify` on PATH. */
function asPrinted(line: string, cwd: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', line], {
      cwd,
      env: { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', reject)
    child.on('close', code => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

/** The command after `Capture it: ` in a message. */
function printedCapture(text: string): string {
  const match = /Capture it: (reverify capture .*)$/m.exec(text)
  if (!match) throw new Error(`no capture command in:\n${text}`)
  return match[1]!
}

function runIdOf(result: CliResult): string {
  const match = /^receipt: (\S+)$/m.exec(result.stdout)
  if (!match) throw new Error(`no receipt id in:\n${result.stdout}\n${result.stderr}`)
  return match[1]!
}

const receiptIn = (stateDir: string, runId: string) => JSON.parse(readFileSync(join(stateDir, 'runs', runId, 'receipt.json'), 'utf8'))

let repo: string
let stateDir: string
beforeEach(async () => {
  repo = await scratchRepo('reverify-remedy-')
  // Spaces, a single quote and a dollar: a path the shell would split or expand if left bare.
  stateDir = join(repo, "state dir's $HOME")
})

const run = (command: string, extra: string[] = [], cwd = repo) =>
  spawnCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '0', '--state-dir', stateDir, ...extra], cwd)

test('the capture command of a warning and of a block works as printed with a non-default state directory', async () => {
  const first = await run('false')
  expect(first.code).toBe(1)
  const warned = await run('false')
  const warning = printedCapture(warned.stderr)
  expect(warning).toContain('--state-dir ')
  const captured = await asPrinted(warning, repo)
  expect(captured).toMatchObject({ code: 0 })
  expect(receiptIn(stateDir, runIdOf(first)).capture).toMatchObject({ note: '<what you found>', source: 'cli' })

  const blocked = await run('false', ['--capture-before-retry', 'block'])
  expect(blocked.code).toBe(1)
  const block = printedCapture(blocked.stderr)
  expect((await asPrinted(block, repo)).code).toBe(0)
  expect(receiptIn(stateDir, runIdOf(warned)).capture).toBeDefined()
  expect((await run('false', ['--capture-before-retry', 'block'])).stderr).not.toContain('not retrying')
})

test('a relative --state-dir is printed absolute, so the command works from another folder of the repository', async () => {
  const sub = join(repo, 'packages', 'app')
  mkdirSync(sub, { recursive: true })
  const relative = ['--state-dir', '../../rel state']
  const failed = await spawnCli(['run', '--command', 'false', '--expect-exit', '0', '--max-retries', '0', ...relative], sub)
  const blocked = await spawnCli(
    ['run', '--command', 'false', '--expect-exit', '0', '--max-retries', '0', '--capture-before-retry', 'block', ...relative],
    sub
  )
  const printed = printedCapture(blocked.stderr)
  expect(printed).toContain(`--state-dir '${join(repo, 'rel state')}'`)
  expect((await asPrinted(printed, repo)).code).toBe(0)
  expect(receiptIn(join(repo, 'rel state'), runIdOf(failed)).capture).toBeDefined()
})

test('the default state directory needs no flag, and none is printed', async () => {
  const failed = await spawnCli(['run', '--command', 'false', '--expect-exit', '0', '--max-retries', '0'], repo)
  const warned = await spawnCli(['run', '--command', 'false', '--expect-exit', '0', '--max-retries', '0'], repo)
  const printed = printedCapture(warned.stderr)
  expect(printed).toBe(`reverify capture ${runIdOf(failed)} --note "<what you found>"`)
  expect((await asPrinted(printed, repo)).code).toBe(0)
})

test('the resume hint of receipts list works as printed', async () => {
  const pidFile = join(repo, 'command.pid')
  // The first attempt records its process group and waits; the resumed one finds the marker and passes.
  const command = `test -f marker || { touch marker; echo $$ > "${pidFile}"; sleep 30; }`
  let child = 0
  let wait: NodeJS.Timeout | undefined
  const killed = spawnCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '1', '--state-dir', stateDir], repo, {
    onSpawn: pid => (child = pid),
    onStderr: text => {
      if (text.includes('attempt 1/2')) {
        wait = setInterval(() => {
          try {
            if (readFileSync(pidFile, 'utf8').trim() === '') return
          } catch {
            return
          }
          clearInterval(wait)
          process.kill(child, 'SIGKILL')
        }, 20)
      }
    }
  })
  const ended = await killed
  clearInterval(wait)
  expect(ended.signal).toBe('SIGKILL')
  const group = Number(readFileSync(pidFile, 'utf8'))
  try {
    // The crashed attempt's own sleep: ending it is not what this test is about.
    process.kill(-group, 'SIGKILL')
  } catch {
    // Already gone.
  }

  const list = await spawnCli(['receipts', 'list', '--state-dir', stateDir], repo)
  const hint = /continue it with `(reverify resume [^`]+)`/.exec(list.stdout)
  expect(hint).not.toBeNull()
  expect(hint![1]).toContain('--state-dir ')
  const resumed = await asPrinted(hint![1]!, repo)
  expect(resumed.code).toBe(0)
  expect(resumed.stdout).toContain('outcome: success')
})

test('the capture command in the HTML report works as printed', async () => {
  const failed = await run('false')
  const report = await spawnCli(['report', runIdOf(failed), '--state-dir', stateDir], repo)
  expect(report.code).toBe(0)
  const html = readFileSync(report.stdout.trim(), 'utf8')
  const code = /<pre><code>(reverify capture [^<]*)<\/code><\/pre>/.exec(html)
  expect(code).not.toBeNull()
  const printed = code![1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
  expect(printed).toContain('--state-dir ')
  expect((await asPrinted(printed, repo)).code).toBe(0)
  expect(receiptIn(stateDir, runIdOf(failed)).capture).toMatchObject({ note: 'what you found' })
})
