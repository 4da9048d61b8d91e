/**
 * Fuzzing the CLI's input surface (issue: every input fuzzed). Invariant: a bad value is
 * one stderr line and exit 2 naming what was wrong; anything else is a normal run (exit
 * 0, 1 or 3). Never an internal error, a stack trace, or a file outside the scratch tree.
 *
 * What is executed stays harmless: commands and expect-check are drawn from a small safe
 * set, or carry the hostile text as a quoted argument of `:`; paths are kept inside the
 * scratch tree; waits are zero and retries few, so that each run is quick.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import fc from 'fast-check'
import { RUN_INPUT_NAMES } from '../../src/core/inputs/settings.js'
import { runCli, type CliResult } from '../helpers/cli.js'
import { hostileText, listTree } from '../helpers/fuzz.js'

/** Runs of each property; docs/security-testing.md records them. */
const RUNS = { runFlags: 200, argv: 300 }

/** A scratch tree: the repository three folders down, a canary at the top. */
function scratchTree(): { root: string; repo: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-fuzz-cli-')))
  const repo = join(root, 'a', 'b', 'repo')
  mkdirSync(join(repo, '.git'), { recursive: true })
  writeFileSync(join(root, 'canary.txt'), 'canary\n')
  return { root, repo }
}

/** Bash single quotes around any text (NUL aside, which no argument can hold). */
const singleQuoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`

const safeCommand = fc.constantFrom(
  'true',
  'false',
  'exit 3',
  'echo hi',
  'echo ERROR boom >&2; exit 1',
  'printf "%s" partial',
  'rm -rf ./build'
)
/** Hostile command text that is still harmless to run: quoted arguments, or shapes that only stress the parser. */
const hostileCommand = fc.oneof(
  hostileText.map(text => `: ${singleQuoted(text.replace(/\u0000/g, ''))}`),
  hostileText.map(text => `printf '%s\\n' ${singleQuoted(text.replace(/\u0000/g, ''))}`),
  fc.constantFrom(
    '',
    '   ',
    '\n\n',
    'true \\',
    '\\',
    'true\r\nfalse',
    'true\u0000',
    `: ${'x'.repeat(20_000)}`,
    Array(120).fill('true').join('\n')
  )
)
const commandText = fc.oneof(
  { arbitrary: fc.array(safeCommand, { minLength: 1, maxLength: 3 }).map(lines => lines.join('\n')), weight: 3 },
  { arbitrary: hostileCommand, weight: 1 }
)

type Flags = Partial<Record<string, string>>

/** Plausible values of each flag (zero waits and few retries, so that each run is quick). */
const PLAUSIBLE: Record<string, fc.Arbitrary<string>> = {
  command: commandText,
  'expect-exit': fc.constantFrom('0', '1', '3', '255'),
  'expect-stdout': fc.constantFrom('hi', 'partial', 'ERROR'),
  'expect-file': fc.constantFrom('made.txt', 'sub/../made.txt', '.git'),
  'expect-check': safeCommand,
  'max-retries': fc.constantFrom('0', '1'),
  'timeout-seconds': fc.integer({ min: 1, max: 30 }).map(String),
  'retry-wait-seconds': fc.constant('0'),
  'retry-backoff': fc.constantFrom('fixed', 'exponential', ' EXPONENTIAL '),
  'retry-on': fc.constantFrom('any', 'error', ' Timeout '),
  'retry-on-exit-codes': fc.constantFrom('1', '1,3', ' 1 , 2 ', '1-123,125-255'),
  'retry-on-output': fc.constantFrom('ERROR', '^partial$', '(?<name>x)'),
  'on-retry': safeCommand,
  shell: fc.constantFrom('bash', 'sh', 'bash {0}', 'sh -e {0}'),
  'working-directory': fc.constantFrom('.', 'sub', '..'),
  name: fc.constantFrom('verify', 'unit-tests', 'a.b_c', 'Unit tests (node 20)', '../../a', '/etc/x', '…'),
  'capture-before-retry': fc.constantFrom('warn', 'block', 'off', ' Block '),
  scope: fc.constantFrom('linux', 'node 20', ''),
  redact: fc.constantFrom('hunter22', 'hi', 'e'),
  'keep-receipts': fc.constantFrom('1', '20'),
  'state-dir': fc.constantFrom('state', '.reverify', '../elsewhere'),
  'allow-destructive': fc.constantFrom('true', 'false', 'TRUE'),
  'test-results': fc.constantFrom('junit.xml', 'reports/*.xml', '**/*.xml', '../*.xml', 'sub/{a,b}/TEST-*.xml'),
  'rerun-failed-tests': fc.constantFrom('off', 'jest', 'pytest', 'npx jest {files} -t {pattern}', 'jset', 'npx jest'),
  'rerun-max-tests': fc.constantFrom('1', '20', '1000', '0'),
  'expect-no-output': fc.constantFrom('WARN(ING)?', '^never$', 'x{1,', ''),
  quarantine: fc.constantFrom('.github/reverify-quarantine.yml', 'missing.yml', '../q.yml', ''),
  'fail-on-flaky': fc.constantFrom('true', 'false', 'yes'),
  'max-flaky-tests': fc.constantFrom('0', '3', '1001', '-1'),
  'new-test-repeats': fc.constantFrom('0', '2', '21', '-1', '1.5'),
  'new-test-max': fc.constantFrom('1', '20', '0', '1001'),
  'new-test-budget-seconds': fc.constantFrom('120', '1', '0', '86401'),
  'new-test-mode': fc.constantFrom('fail', 'warn', 'loud')
}

/** A hostile value of one flag; what gets executed stays harmless. */
function hostileFor(name: string): fc.Arbitrary<string> {
  if (name === 'command') return hostileCommand
  // Both are run as commands, so their hostile values are harmless commands too.
  if (name === 'expect-check' || name === 'on-retry') return fc.oneof(hostileCommand, fc.constant('true\u0000'))
  return hostileText
}

/** Every flag at random: usually absent, else plausible, else hostile. */
const scattered: fc.Arbitrary<Flags> = fc.record(
  Object.fromEntries(
    RUN_INPUT_NAMES.map(name => [
      name,
      fc.oneof(
        { arbitrary: fc.constant(name === 'command' ? 'echo hi' : name === 'expect-exit' ? '0' : undefined), weight: 5 },
        { arbitrary: PLAUSIBLE[name]!, weight: 3 },
        { arbitrary: hostileFor(name), weight: 1 }
      )
    ])
  ) as Record<string, fc.Arbitrary<string | undefined>>
)

/** A runnable set of flags with one or two made hostile, so each is reached past the others' checks. */
const targeted: fc.Arbitrary<Flags> = fc
  .uniqueArray(
    fc.constantFrom(...RUN_INPUT_NAMES).chain(name => hostileFor(name).map(value => [name, value] as const)),
    {
      minLength: 1,
      maxLength: 2,
      selector: ([name]) => name
    }
  )
  .chain(pairs => PLAUSIBLE.command!.map(command => ({ command, 'expect-exit': '0', 'max-retries': '0', ...Object.fromEntries(pairs) })))

const runFlags = fc.oneof(scattered, targeted)

/**
 * Paths are confined to the scratch tree's `a/` folder: anything that resolves elsewhere
 * is moved under the repository. Whatever a run writes must then stay inside `a/`, and
 * the canary beside it shows any escape.
 */
function confine(value: string, repo: string, root: string): string {
  const resolved = resolve(repo, value.trim())
  const inside = !isAbsolute(value.trim()) && !relative(join(root, 'a'), resolved).startsWith('..')
  return inside ? value : join('missing', Buffer.from(value).toString('hex').slice(0, 100))
}

function toArgv(flags: Flags, repo: string, root: string): string[] {
  const argv = ['run']
  for (const [name, value] of Object.entries(flags)) {
    if (value === undefined) continue
    const given = name === 'working-directory' || name === 'state-dir' ? confine(value, repo, root) : value
    argv.push(name === 'allow-destructive' ? `--${name}=${given}` : `--${name}`, ...(name === 'allow-destructive' ? [] : [given]))
  }
  return argv
}

/** One line naming an input (or saying none was given), no stack, no internal error. */
function expectUsageLine(result: CliResult): void {
  const lines = result.stderr.split('\n')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toBe('')
  expect(lines[0]).toMatch(/^reverify: /)
  const names = [...RUN_INPUT_NAMES, 'nothing to verify', 'allow-destructive']
  expect(names.some(name => lines[0]!.includes(name))).toBe(true)
}

function expectSaneOutcome(result: CliResult): void {
  expect(result.stderr).not.toMatch(/internal error/)
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/)
  expect([0, 1, 2, 3]).toContain(result.code)
  if (result.code === 2) expectUsageLine(result)
}

test('random values for every `run` flag: one usage line or a normal run, never an escape', async () => {
  const { root, repo } = scratchTree()
  const outsideBefore = listTree(root).filter(path => !path.startsWith('a/'))
  await fc.assert(
    fc.asyncProperty(runFlags, async flags => {
      const result = await runCli(toArgv(flags, repo, root), repo, { MY_API_TOKEN: 'fuzz-token-value' })
      expectSaneOutcome(result)
    }),
    { numRuns: RUNS.runFlags }
  )
  // Everything a run wrote is inside `a/`, where the repository and every chosen state dir are.
  expect(listTree(root).filter(path => !path.startsWith('a/'))).toEqual(outsideBefore)
  expect(readFileSync(join(root, 'canary.txt'), 'utf8')).toBe('canary\n')
}, 120_000)

test("random command lines: help, one usage line, or a subcommand's normal answer", async () => {
  const { root, repo } = scratchTree()
  const before = listTree(root).filter(path => !path.startsWith('a/'))
  const subcommand = fc.constantFrom('capture', 'receipts', 'config', 'resume', 'help', '--help', '-h', '--version')
  const argv = fc.tuple(
    fc.oneof(subcommand, hostileText),
    fc.array(
      fc.oneof(
        hostileText,
        fc.constantFrom('list', 'show', 'latest', 'set', 'capture-before-retry', '--json', '--note', '--state-dir', '--')
      ),
      { maxLength: 4 }
    )
  )
  await fc.assert(
    fc.asyncProperty(argv, async ([first, rest]) => {
      const given = [first, ...rest.map(value => (value === '--state-dir' ? '--state-dir=inside' : value))]
      const result = await runCli(given, repo)
      expect(result.stderr).not.toMatch(/internal error/)
      expect([0, 1, 2]).toContain(result.code)
      if (result.code === 2 && result.stderr !== '') {
        expect(result.stderr.split('\n')).toHaveLength(2)
        expect(result.stderr).toMatch(/^reverify: /)
      }
    }),
    { numRuns: RUNS.argv }
  )
  expect(listTree(root).filter(path => !path.startsWith('a/'))).toEqual(before)
}, 60_000)

describe('values the fuzz found, kept as fixed cases', () => {
  const base = { command: 'true', 'expect-exit': '0', 'max-retries': '0' }
  test.each([
    ['command', 'true\u0000'],
    ['expect-check', 'true\u0000'],
    ['shell', 'bash\u0000 {0}'],
    ['state-dir', 'state\u0000'],
    ['state-dir', 'x'.repeat(300)],
    ['retry-on-output', 'fV'.repeat(20_000)],
    ['name', 'two\nlines'],
    ['name', 'a\u2028b'],
    ['name', 'x'.repeat(101)]
  ])('%s %#: refused before anything runs, in one line', async (name, value) => {
    const { root, repo } = scratchTree()
    const flags: Flags = { ...base, [name]: value, ...(name === 'retry-on-output' && { command: 'false', 'max-retries': '1' }) }
    const result = await runCli(toArgv(flags, repo, root), repo)
    expectSaneOutcome(result)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(name)
    // Nothing was started, so nothing is left `running` for a later run to trip over.
    expect(listTree(repo).filter(path => path.includes('receipt.json'))).toEqual([])
  })

  test.each([[['\r\n']], [['run', 'po\nsitional']], [['run', '--x\ny']], [['capture', 'a\u2028b']]])('argv %j: one line', async argv => {
    const { repo } = scratchTree()
    const result = await runCli(argv, repo)
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')).toHaveLength(2)
  })
})
