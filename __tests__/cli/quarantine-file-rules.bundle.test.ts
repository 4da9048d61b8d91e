/**
 * The quarantine file's own rules through the built CLI (docs/flaky-tests.md "The file"):
 * an entry dated after today, a YAML alias bomb, nesting past the parser's stack, a file
 * over the size cap, and a file (or a `.github` folder) that is a link out of the repository
 * are each the one-line error naming the file, exit 2: for `run` before the command runs,
 * and for `quarantine check`. Each file would otherwise excuse the run's one failing test.
 * A link that stays inside the repository is read.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { dayFromToday } from '../helpers/quarantine.js'

/**
 * A "test runner" (runner.sh, run as one command: quarantine excuses nothing of a command that
 * runs more than its runner): logs that it ran, writes JUnit with `net › fetches config`
 * failed, exits 1.
 */
const RUNNER = [
  'echo ran >> runs.log',
  `printf '%s' '<testsuites><testsuite name="net"><testcase classname="net" name="resolves hosts"/><testcase classname="net" name="fetches config"><failure>timeout</failure></testcase></testsuite></testsuites>' > results.xml`,
  'exit 1'
].join('\n')
const RUN = ['run', '--command', 'bash runner.sh', '--expect-exit', '0', '--max-retries', '0', '--test-results', 'results.xml']
const FILE = join('.github', 'reverify-quarantine.yml')

/** A valid file quarantining the failing test, with these dates. */
function quarantineText(added = dayFromToday(-5), expires = dayFromToday(30)): string {
  return [
    'quarantine:',
    '  - test: net › fetches config',
    '    owner: "@acme/platform"',
    '    reason: times out against the staging proxy',
    `    added: ${added}`,
    `    expires: ${expires}`,
    ''
  ].join('\n')
}

/** Nine levels of nine aliases each: 9^9 strings once expanded. */
function aliasBomb(): string {
  const lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
  for (const [previous, name] of ['ab', 'bc', 'cd', 'de', 'ef', 'fg', 'gh', 'hi', 'ij'] as const)
    lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`)
  return `${lines.join('\n')}\nquarantine: *j\n`
}

/** A folder outside the repository holding a valid quarantine file. */
function outsideFolder(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-quarantine-elsewhere-')))
  writeFileSync(join(dir, 'reverify-quarantine.yml'), quarantineText())
  return dir
}

let repo: string
beforeEach(async () => {
  repo = await scratchRepo('reverify-quarantine-rules-')
  writeFileSync(join(repo, 'runner.sh'), `${RUNNER}\n`)
  mkdirSync(join(repo, '.github'))
})
afterEach(() => rmSync(repo, { recursive: true, force: true }))

/** Puts the case's file in place. */
type Setup = (repo: string) => void
const written =
  (text: string): Setup =>
  root =>
    writeFileSync(join(root, FILE), text)

const REFUSED: [string, Setup, RegExp][] = [
  [
    'an entry added tomorrow',
    written(quarantineText(dayFromToday(1), dayFromToday(60))),
    /entry 1 \('net › fetches config'\): added \S+ is after today \(\S+, UTC\); date an entry the day it is written$/
  ],
  [
    'an entry dated in 2099',
    written(quarantineText('2099-01-01', '2099-03-01')),
    /entry 1 \('net › fetches config'\): added 2099-01-01 is after today/
  ],
  ['an alias bomb', written(aliasBomb()), /: cannot be read as YAML: its aliases expand to too much \(at most 100 are read\)$/],
  [
    'nesting past the parser stack',
    written(`quarantine: ${'['.repeat(200_000)}${']'.repeat(200_000)}\n`),
    /: not valid YAML at line 1, column \d+: it is nested too deeply$/
  ],
  ['a file over 1 MiB', written(`${quarantineText()}${'#'.repeat(1024 * 1024)}\n`), /: is \d+ bytes; at most 1048576 are read$/],
  [
    'the file a link out of the repository',
    root => symlinkSync(join(outsideFolder(), 'reverify-quarantine.yml'), join(root, FILE)),
    /: leads out of the repository through a symbolic link \(to \S+\); the quarantine file must be a regular file inside the repository$/
  ],
  [
    '.github a link out of the repository',
    root => {
      rmSync(join(root, '.github'), { recursive: true })
      symlinkSync(outsideFolder(), join(root, '.github'))
    },
    /: leads out of the repository through a symbolic link \(to \S+\); the quarantine file must be a regular file inside the repository$/
  ],
  [
    'a link to nothing',
    root => symlinkSync(join(root, 'gone.yml'), join(root, FILE)),
    /: is a symbolic link that leads nowhere; the quarantine file must be a regular file inside the repository$/
  ]
]

describe.each(REFUSED)('%s', (_label, setup, problem) => {
  test('run: one line naming the file, exit 2, and the command never runs', async () => {
    setup(repo)
    const result = await spawnCli(RUN, repo)
    expect(result.code).toBe(2)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^reverify: --quarantine: \.github\/reverify-quarantine\.yml: /)
    expect(lines[0]).toMatch(problem)
    expect(existsSync(join(repo, 'runs.log'))).toBe(false)
    expect(existsSync(join(repo, '.reverify', 'runs'))).toBe(false)
  }, 30_000)

  test('quarantine check: the same line, exit 2', async () => {
    setup(repo)
    const result = await spawnCli(['quarantine', 'check'], repo)
    expect(result).toMatchObject({ code: 2, stdout: '' })
    expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(problem)])
  }, 30_000)
})

test('a link that stays inside the repository is read: its entry excuses the failing test', async () => {
  mkdirSync(join(repo, 'ci'))
  writeFileSync(join(repo, 'ci', 'quarantine.yml'), quarantineText())
  symlinkSync(join('..', 'ci', 'quarantine.yml'), join(repo, FILE))
  const checked = await spawnCli(['quarantine', 'check'], repo)
  expect(checked).toMatchObject({ code: 0, stdout: `${FILE}: 1 entry, valid\n` })
  const result = await spawnCli(RUN, repo)
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('quarantined: net › fetches config (@acme/platform')
  expect(existsSync(join(repo, 'runs.log'))).toBe(true)
}, 30_000)

test('an entry added today is valid, and excuses the failing test', async () => {
  writeFileSync(join(repo, FILE), quarantineText(dayFromToday(0), dayFromToday(90)))
  const result = await spawnCli(RUN, repo)
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('quarantined: net › fetches config')
}, 30_000)
