/**
 * The guardrail's round-two findings (issue #13) through the built CLI: every destructive
 * line of the new corpus block is refused with exit 3 before anything runs, every ordinary
 * one gets past the guardrail, and representative spellings aimed at a real `victim/`
 * folder leave it standing, while the same lines with --allow-destructive delete it (so
 * the refusal, not a typo, is what saved it).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
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
