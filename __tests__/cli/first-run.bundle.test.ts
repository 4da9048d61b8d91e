/**
 * What a new user meets first, through the built CLI in a real git repository: after a run
 * `git status` shows nothing of reverify's (only `.reverify/config.json` once there is one,
 * the one file meant to be committed), a value given to a switch says so, and `run --help`
 * gives each default once.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'

let repo: string
const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: repo, GIT_CONFIG_NOSYSTEM: '1' }
  })

beforeEach(() => {
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-first-run-')))
  git('init', '-q')
})

test('git status: nothing after a run, only .reverify/config.json once there is one', async () => {
  expect((await spawnCli(['run', '--command', 'echo hi', '--expect-exit', '0'], repo)).code).toBe(0)
  expect((await spawnCli(['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '0'], repo)).code).toBe(1)
  expect(git('status', '--porcelain')).toBe('')
  expect(git('status', '--porcelain', '--untracked-files=all')).toBe('')

  expect((await spawnCli(['config', 'set', 'capture-before-retry', 'block'], repo)).code).toBe(0)
  expect(git('status', '--porcelain', '--untracked-files=all')).toBe('?? .reverify/config.json\n')
})

test('a state directory an older version wrote gets the new .gitignore', async () => {
  mkdirSync(join(repo, '.reverify'))
  writeFileSync(
    join(repo, '.reverify', '.gitignore'),
    '# Written by reverify. Local run state stays out of git; config.json is meant to be committed.\n/runs/\n/sessions/\n/index/\n.*.tmp\n'
  )
  expect(git('status', '--porcelain')).toBe('?? .reverify/\n')
  expect((await spawnCli(['run', '--command', 'true', '--expect-exit', '0'], repo)).code).toBe(0)
  expect(git('status', '--porcelain', '--untracked-files=all')).toBe('')
})

test('--fail-on-flaky true: one line saying the flag takes no value, exit 2, nothing runs', async () => {
  const result = await spawnCli(['run', '--command', 'touch ran', '--expect-exit', '0', '--fail-on-flaky', 'true'], repo)
  expect(result).toMatchObject({ code: 2, stdout: '', stderr: 'reverify: --fail-on-flaky takes no value (write --fail-on-flaky)\n' })
  const inline = await spawnCli(['run', '--command', 'touch ran', '--expect-exit', '0', '--fail-on-flaky=yes'], repo)
  expect(inline).toMatchObject({ code: 2, stderr: 'reverify: --fail-on-flaky takes no value (write --fail-on-flaky)\n' })
  expect(git('status', '--porcelain', '--untracked-files=all')).toBe('')
})

test('run --help gives the default of --max-flaky-tests once', async () => {
  const help = await spawnCli(['run', '--help'], repo)
  expect(help.code).toBe(0)
  expect(help.stdout).toContain('(default: no limit)')
  expect(help.stdout).not.toMatch(/\(default: [^)]*\)\s+\(default:/)
})
