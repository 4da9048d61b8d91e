/**
 * The target and the default state directory follow --working-directory, not the current
 * directory (docs/design.md §3 "Target", §4): run from a folder outside any repository, a
 * run in repoA and one in repoB are two targets with two state directories, and the other
 * subcommands given the same --working-directory find the run's state.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLI_BUNDLE, scratchRepo, spawnCli, type CliResult } from '../helpers/cli.js'

let outside: string
let repoA: string
let repoB: string
beforeEach(async () => {
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-outside-')))
  repoA = await scratchRepo('reverify-repo-a-')
  repoB = await scratchRepo('reverify-repo-b-')
})

const run = (workingDirectory: string, extra: string[] = []) =>
  spawnCli(
    ['run', '--command', 'test -f ok', '--expect-exit', '0', '--max-retries', '0', '--working-directory', workingDirectory, ...extra],
    outside
  )

function runIdOf(result: CliResult): string {
  const match = /^receipt: (\S+)$/m.exec(result.stdout)
  if (!match) throw new Error(`no receipt id in:\n${result.stdout}\n${result.stderr}`)
  return match[1]!
}

const receiptIn = (repo: string, runId: string) => JSON.parse(readFileSync(join(repo, '.reverify', 'runs', runId, 'receipt.json'), 'utf8'))

/** Runs one printed line with bash in cwd, with the built CLI on PATH as `reverify`. */
function asPrinted(line: string, cwd: string): Promise<CliResult> {
  const bin = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-bin-')))
  writeFileSync(join(bin, 'reverify'), `#!/bin/sh\nexec "${process.execPath}" "${CLI_BUNDLE}" "$@"\n`)
  chmodSync(join(bin, 'reverify'), 0o755)
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', line], { cwd, env: { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', reject)
    child.on('close', code => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

test("a failure in repoA does not block repoB's first run; each repository holds its own receipts", async () => {
  const failed = await run(repoA, ['--capture-before-retry', 'block'])
  expect(failed.code).toBe(1)
  writeFileSync(join(repoB, 'ok'), '')
  const other = await run(repoB, ['--capture-before-retry', 'block'])
  expect(other.stderr).not.toContain('not retrying')
  expect(other.code).toBe(0)
  expect(receiptIn(repoA, runIdOf(failed))).toMatchObject({ target: repoA, status: 'failed' })
  expect(receiptIn(repoB, runIdOf(other))).toMatchObject({ target: repoB, status: 'passed' })
  expect(readdirSync(join(repoB, '.reverify', 'runs'))).toEqual([runIdOf(other)])
  expect(existsSync(join(outside, '.reverify'))).toBe(false)
  expect(readdirSync(outside)).toEqual([])
})

test('receipts list and capture given the same --working-directory find the run, and the printed remedy works from here', async () => {
  const failed = await run(repoA)
  const id = runIdOf(failed)
  const list = await spawnCli(['receipts', 'list', '--working-directory', repoA], outside)
  expect(list.code).toBe(0)
  expect(list.stdout).toContain(id)
  const shown = await spawnCli(['receipts', 'show', 'latest', '--working-directory', repoA], outside)
  expect(shown.stdout).toContain(`target:     ${repoA}`)

  const blocked = await run(repoA, ['--capture-before-retry', 'block'])
  expect(blocked.code).toBe(1)
  const printed = /Capture it: (reverify capture .*)$/m.exec(blocked.stderr)?.[1]
  expect(printed).toBe(`reverify capture ${id} --working-directory ${repoA} --note "<what you found>"`)
  expect((await asPrinted(printed!, outside)).code).toBe(0)
  expect(receiptIn(repoA, id).capture).toMatchObject({ source: 'cli' })

  const again = await run(repoA, ['--capture-before-retry', 'block'])
  expect(again.stderr).not.toContain('not retrying')
  const captured = await spawnCli(['capture', 'latest', '--working-directory', repoA, '--note', 'missing file'], outside)
  expect(captured.code).toBe(0)
  expect(receiptIn(repoA, runIdOf(again)).capture).toMatchObject({ note: 'missing file' })
  expect(existsSync(join(outside, '.reverify'))).toBe(false)
})

test("a working directory inside a repository: the target, the state and the config are the repository's", async () => {
  const sub = join(repoA, 'packages', 'app')
  mkdirSync(sub, { recursive: true })
  mkdirSync(join(repoA, '.reverify'))
  writeFileSync(join(repoA, '.reverify', 'config.json'), '{"capture_before_retry": "block"}')
  const failed = await run(sub)
  expect(failed.code).toBe(1)
  expect(receiptIn(repoA, runIdOf(failed))).toMatchObject({ target: repoA })
  expect(existsSync(join(sub, '.reverify'))).toBe(false)
  // The repository's config applies: the same command from another folder of it is blocked.
  const blocked = await run(repoA)
  expect(blocked.stderr).toContain(runIdOf(failed))
  expect(blocked.code).toBe(1)
  expect(readdirSync(join(repoA, '.reverify', 'runs'))).toEqual([runIdOf(failed)])
  expect(readdirSync(outside)).toEqual([])
})

test('a working directory outside any repository is its own target', async () => {
  const loose = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-loose-')))
  const failed = await run(loose)
  expect(failed.code).toBe(1)
  expect(receiptIn(loose, runIdOf(failed))).toMatchObject({ target: loose })
  expect(readdirSync(outside)).toEqual([])
})
