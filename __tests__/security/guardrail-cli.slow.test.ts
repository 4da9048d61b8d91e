/**
 * The guardrail's round-two findings (issue #13) and the third review's through the built
 * CLI: every destructive line of those corpus blocks is refused with exit 3 before anything
 * runs, their ordinary counterparts get past the guardrail, and representative spellings
 * aimed at a real `victim/` folder leave it standing, while the same lines with
 * --allow-destructive delete it (so the refusal, not a typo, is what saved it).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { destructiveRoundThree } from '../core/guardrail/corpus-round-three.js'
import { destructiveRoundTwo, ordinaryRoundTwo } from '../core/guardrail/corpus.js'
import { scratchRepo, spawnCli } from '../helpers/cli.js'

let repo: string

beforeEach(async () => {
  repo = await scratchRepo('reverify-guardrail-')
})

afterEach(() => {
  rmSync(repo, { recursive: true, force: true })
})

function makeVictim(): string {
  const victim = join(repo, 'victim')
  mkdirSync(join(victim, 'inside'), { recursive: true })
  writeFileSync(join(victim, 'inside', 'file.txt'), 'keep me')
  return victim
}

const run = (command: string, ...more: string[]) =>
  spawnCli(['run', '--command', command, '--expect-exit', '0', '--state-dir', join(repo, 'state'), ...more], repo)

// Each really deletes victim/ when run through bash; the guardrail must stop it first
const aimedAtVictim = [
  'rm a#b -rf victim',
  'rm <(true) -rf victim',
  'bash <<< rm\\ -rf\\ vic*',
  'echo rm -rf victim | bash /dev/stdin',
  'sh <(echo rm -rf victim)',
  "source /dev/stdin <<< 'rm -rf victim'",
  'function f { rm -rf victim; }; f',
  "trap 'rm -rf victim' EXIT",
  "printf '%s' 'rm -rf victim' | sh",
  'flock lockfile rm -rf victim',
  "script -qc 'rm -rf victim' /dev/null",
  'taskset -c 0 rm -rf victim'
]

describe('built CLI: the round-two guardrail findings are refused', () => {
  test.each(aimedAtVictim)('%j is refused with exit 3 and victim/ survives', async command => {
    const victim = makeVictim()
    const refused = await run(command)
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain('allow-destructive')
    expect(existsSync(join(victim, 'inside', 'file.txt'))).toBe(true)
    const allowed = await run(command, '--allow-destructive')
    expect(allowed.stderr).not.toContain('allow-destructive')
    expect(existsSync(victim)).toBe(false)
  })

  test('every destructive line of the round-two corpus is refused with exit 3, naming its rule', async () => {
    // A multi-line row is one script (docs/design.md §1), refused as a whole like a one-line one.
    for (const [command, rule] of destructiveRoundTwo) {
      const result = await run(command)
      expect({ command, code: result.code }).toEqual({ command, code: 3 })
      expect(result.stderr).toContain(rule)
    }
  })

  test('the round-two false positives get past the guardrail', async () => {
    // Run with a harmless stand-in for each program, so only the guardrail's answer matters
    const bin = join(repo, 'bin')
    mkdirSync(bin)
    for (const [command, expected] of [
      [ordinaryRoundTwo[0]!, 'psql'],
      ['git push --dry-run --force', 'git']
    ] as const) {
      writeFileSync(join(bin, expected), '#!/bin/sh\nexit 0\n', { mode: 0o755 })
      const result = await spawnCli(['run', '--command', command, '--expect-exit', '0', '--state-dir', join(repo, 'state')], repo, {
        env: { PATH: `${bin}:${process.env.PATH}` }
      })
      expect({ command, code: result.code }).toEqual({ command, code: 0 })
      expect(result.stderr).not.toContain('allow-destructive')
    }
  })
})

/** Whether a program is installed (the util-linux launchers are on Linux runners, not everywhere). */
const installed = (program: string): boolean => (process.env.PATH ?? '').split(':').some(dir => existsSync(join(dir, program)))

// Third review: each really deletes victim/ through bash (which expands the braces)
const aimedAtVictimRoundThree = [
  '{rm,-rf,victim}',
  'rm {-rf,victim}',
  'echo {rm,-rf,victim} | sh',
  ...['prlimit --nofile=256 rm -rf victim', 'chrt -o 0 rm -rf victim', 'setpriv --no-new-privs rm -rf victim'].filter(command =>
    installed(command.split(' ')[0]!)
  )
]

/** Runs `command` with a harmless stand-in for each of `programs` first on PATH. */
async function runWithStandIns(command: string, programs: string[]) {
  const bin = join(repo, 'bin')
  mkdirSync(bin, { recursive: true })
  for (const program of programs) writeFileSync(join(bin, program), '#!/bin/sh\nexit 0\n', { mode: 0o755 })
  return spawnCli(['run', '--command', command, '--expect-exit', '0', '--state-dir', join(repo, 'state')], repo, {
    env: { PATH: `${bin}:${process.env.PATH}` }
  })
}

describe("built CLI: the third review's findings are refused", () => {
  test.each(aimedAtVictimRoundThree)('%j is refused with exit 3 and victim/ survives', async command => {
    const victim = makeVictim()
    const refused = await run(command)
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain('allow-destructive')
    expect(existsSync(join(victim, 'inside', 'file.txt'))).toBe(true)
    const allowed = await run(command, '--allow-destructive')
    expect(allowed.stderr).not.toContain('allow-destructive')
    expect(existsSync(victim)).toBe(false)
  })

  test('every destructive line of the third corpus block is refused with exit 3, naming its rule', async () => {
    for (const [command, rule] of destructiveRoundThree) {
      const result = await run(command)
      expect({ command, code: result.code }).toEqual({ command, code: 3 })
      expect(result.stderr).toContain(rule)
    }
  }, 180_000)

  test('echo of a brace list prints it, and a brace list that copies runs', async () => {
    const victim = makeVictim()
    const echoed = await run('echo {rm,-rf,victim}')
    expect(echoed.code).toBe(0)
    expect(echoed.stdout).toContain('rm -rf victim')
    const copied = await run('cp -r victim{,.bak}')
    expect(copied.code).toBe(0)
    expect(readFileSync(join(repo, 'victim.bak', 'inside', 'file.txt'), 'utf8')).toBe('keep me')
    expect(existsSync(join(victim, 'inside', 'file.txt'))).toBe(true)
  })

  test('SQL words that are data run: grep for DROP TABLE, cat truncate_test.py', async () => {
    mkdirSync(join(repo, 'migrations'))
    writeFileSync(join(repo, 'migrations', '001_drop.sql'), 'DROP TABLE old_users;\n')
    writeFileSync(join(repo, 'truncate_test.py'), 'def test_truncate():\n    pass\n')
    const grep = await run('grep -r "DROP TABLE" migrations/')
    expect(grep.code).toBe(0)
    expect(grep.stdout).toContain('migrations/001_drop.sql:DROP TABLE old_users;')
    const cat = await run('cat truncate_test.py')
    expect(cat.code).toBe(0)
    expect(cat.stdout).toContain('def test_truncate():')
  })

  test('the new launchers, git and SQL carriers around harmless commands get past the guardrail', async () => {
    for (const [command, programs] of [
      ['xvfb-run -a npm test', ['xvfb-run']],
      ['chrt -p 1234', ['chrt']],
      ['runuser -u bob -- npm test', ['runuser']],
      ['git submodule foreach git pull', ['git']],
      ['git -c clean.requireForce=true clean -dx', ['git']],
      ['npx knex migrate:latest', ['npx']],
      ['rails runner "puts User.count"', ['rails']],
      ['curl -X POST http://db/query -d "SELECT 1"', ['curl']]
    ] as const) {
      const result = await runWithStandIns(command, [...programs])
      expect({ command, code: result.code }).toEqual({ command, code: 0 })
      expect(result.stderr).not.toContain('allow-destructive')
    }
  }, 60_000)
})
