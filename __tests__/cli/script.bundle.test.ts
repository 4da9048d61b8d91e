/**
 * `command` is one script (docs/design.md §1), through the built CLI: lines share one shell
 * process (cd, export, if … fi, heredocs, a python block), a failing line stops the script,
 * `--command` repeats add lines, a continued line and its one-line form are one identity,
 * and a shell that cannot start is a usage error up front, or exit 127 in a recorded attempt.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { expectWellFormedTrace, runDirs, sessionDirs } from '../helpers/trace.js'

const receiptOf = (dir: string, runId: string) => JSON.parse(readFileSync(join(dir, '.reverify', 'runs', runId, 'receipt.json'), 'utf8'))
const runIdOf = (stdout: string) => /^receipt: (\S+)$/m.exec(stdout)![1]!

describe('a multi-line command runs as one script', () => {
  const cases: Array<[string, string[]]> = [
    ['cd on one line holds for the next', ['--command', 'cd sub', '--command', 'test -f marker', '--expect-exit', '0']],
    ['an export holds for the next line', ['--command', 'export A=foo\necho "$A$A"', '--expect-stdout', 'foofoo']],
    ['if … fi spans lines', ['--command', 'if [ -d sub ]; then\n  echo inside\nelse\n  exit 3\nfi', '--expect-stdout', 'inside']],
    ['a heredoc', ['--command', 'cat > note.txt <<EOF\nhello $USER_NAME\nEOF\ngrep -q "hello ada" note.txt', '--expect-exit', '0']],
    [
      'a python script with an indented block',
      [
        '--shell',
        'python',
        '--command',
        'import os\nfor name in ["a", "b"]:\n    if name == "b":\n        print("found " + name, os.path.isdir("sub"))',
        '--expect-stdout',
        'found b True'
      ]
    ]
  ]
  test.concurrent.each(cases)('%s', async (_, argv) => {
    const dir = await scratchRepo()
    mkdirSync(join(dir, 'sub'))
    writeFileSync(join(dir, 'sub', 'marker'), '')
    const result = await spawnCli(['run', ...argv, '--max-retries', '0'], dir, { env: { USER_NAME: 'ada' } })
    expect([result.code, result.stderr]).toEqual([0, expect.any(String)])
    const receipt = receiptOf(dir, runIdOf(result.stdout))
    expect(receipt.status).toBe('passed')
    // One process for the whole script: one entry, the script as written.
    expect(receipt.commands).toHaveLength(1)
    expect(receipt.commands[0].exit_code).toBe(0)
  })

  test.concurrent('a failing middle line stops the script: later lines do not run', async () => {
    const dir = await scratchRepo()
    const script = 'echo first\nfalse\ntouch later'
    const result = await spawnCli(['run', '--command', script, '--expect-exit', '0', '--max-retries', '0'], dir)
    expect(result.code).toBe(1)
    expect(existsSync(join(dir, 'later'))).toBe(false)
    expect(result.stdout).toContain('why: not verified after 1/1 attempt(s): expect-exit 0 but got 1 (line 2 `false` exited 1)')
    const receipt = receiptOf(dir, runIdOf(result.stdout))
    expect(receipt.commands).toEqual([expect.objectContaining({ command: script, exit_code: 1 })])
    expect(receipt.identity).toEqual(['echo first', 'false', 'touch later'])
    const events = expectWellFormedTrace(sessionDirs(join(dir, '.reverify'))[0]!)
    expect(events.find(event => event.phase === 'decision')!.payload.decision).toEqual([script])
    expect(events.find(event => event.phase === 'tool_call')!.payload.commands).toEqual([script])
  })

  test.concurrent('the continued and the one-line forms are one identity: a failure of one warns on the other', async () => {
    const dir = await scratchRepo()
    const first = await spawnCli(['run', '--command', 'test two \\\n  = three', '--expect-exit', '0', '--max-retries', '0'], dir)
    expect(first.code).toBe(1)
    const failedId = runIdOf(first.stdout)
    const second = await spawnCli(['run', '--command', 'test two = three', '--expect-exit', '0', '--max-retries', '0'], dir)
    expect(second.stderr).toContain(
      `reverify: warning: The last run of this verify command (${failedId}) failed and nobody captured what happened`
    )
    const again = receiptOf(dir, runIdOf(second.stdout))
    expect(again.identity_hash).toBe(receiptOf(dir, failedId).identity_hash)
    expect(again.identity).toEqual(['test two = three'])
  })
})

test.concurrent('expect-check and on-retry run with the configured shell', async () => {
  const dir = await scratchRepo()
  const result = await spawnCli(
    [
      'run',
      '--shell',
      'python',
      '--command',
      'import os\nif not os.path.exists("second"):\n    raise SystemExit(1)',
      '--on-retry',
      'open("second", "w").close()',
      '--expect-check',
      'import os; assert os.path.exists("second")',
      '--max-retries',
      '1'
    ],
    dir
  )
  expect([result.code, result.stderr]).toEqual([0, expect.not.stringContaining('warning')])
  expect(result.stdout).toContain('outcome: success (flaky) · attempts: 2/2')
})

test.concurrent('the guardrail reads every line of the script: a destructive line inside if … fi is refused and nothing runs', async () => {
  const dir = await scratchRepo()
  mkdirSync(join(dir, 'victim'))
  const script = 'touch before\ncd sub 2>/dev/null || true\nif true; then\n  rm -rf ../victim\nfi'
  const result = await spawnCli(['run', '--command', script, '--expect-exit', '0'], dir)
  expect(result.code).toBe(3)
  expect(result.stderr).toContain('matches the destructive-command rule "rm -rf"')
  expect(existsSync(join(dir, 'before'))).toBe(false)
  expect(existsSync(join(dir, 'victim'))).toBe(true)
})

describe('a shell that cannot start', () => {
  test.concurrent.each([
    [
      'a template whose program is not on PATH',
      'no-such-interpreter {0}',
      "--shell: 'no-such-interpreter {0}' cannot run: 'no-such-interpreter' is not on PATH"
    ],
    [
      'an absolute path that does not exist',
      '/nonexistent/bin/bash {0}',
      "--shell: '/nonexistent/bin/bash {0}' cannot run: '/nonexistent/bin/bash' is not an executable file"
    ],
    ['a named shell not on PATH', 'cmd', "--shell: cmd cannot run: 'cmd' is not on PATH"]
  ])('%s is one line before anything runs (exit 2, no receipt, no session)', async (_, shell, message) => {
    const dir = await scratchRepo()
    const result = await spawnCli(['run', '--command', 'touch ran', '--shell', shell, '--expect-exit', '0'], dir)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `reverify: ${message}; expected bash, sh, python, pwsh, powershell, cmd, or a template containing {0} whose first word is a program on PATH\n`
    )
    expect(result.stdout).toBe('')
    expect(existsSync(join(dir, 'ran'))).toBe(false)
    expect(runDirs(join(dir, '.reverify'))).toEqual([])
    expect(sessionDirs(join(dir, '.reverify'))).toEqual([])
  })

  test.concurrent('a program that still cannot start is exit 127: a failed attempt, recorded, never an internal error', async () => {
    const dir = await scratchRepo()
    // Executable, so the up-front check passes; its #! interpreter is missing, so spawn fails (ENOENT).
    const tool = join(dir, 'tool')
    writeFileSync(tool, '#!/nonexistent/interpreter\n')
    chmodSync(tool, 0o755)
    const result = await spawnCli(
      ['run', '--command', 'echo hi', '--shell', `${tool} {0}`, '--expect-exit', '0', '--max-retries', '1'],
      dir
    )
    expect(result.code).toBe(1)
    expect(result.stderr).not.toContain('internal error')
    expect(result.stderr).toContain(`reverify: could not start ${tool}:`)
    expect(result.stdout).toContain('why: not verified after 2/2 attempt(s): expect-exit 0 but got 127 (`echo hi` exited 127)')
    const receipt = receiptOf(dir, runIdOf(result.stdout))
    expect(receipt.status).toBe('failed')
    expect(receipt.ended_at).not.toBeNull()
    expect(receipt.commands).toEqual([expect.objectContaining({ command: 'echo hi', exit_code: 127 })])
    const events = expectWellFormedTrace(sessionDirs(join(dir, '.reverify'))[0]!)
    const results = events.filter(event => event.phase === 'tool_result')
    expect(results.map(event => event.payload.exit)).toEqual([127, 127])
    expect(events[events.length - 1]!.payload.outcome).toBe('failure')
    // A later run of the same command starts afresh: nothing was left `running` to resume.
    const later = await spawnCli(['run', '--command', 'echo hi', '--expect-exit', '0'], dir)
    expect(later.code).toBe(0)
    expect(later.stderr).not.toContain('resumed')
  })
})
