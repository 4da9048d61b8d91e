/** The CLI's flags: declared by the input table, read with node:util's parseArgs, checked strictly. */
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseCommandLine } from '../../src/cli/flags.js'
import { runCli, scratchRepo } from '../helpers/cli.js'

const usage = 'reverify run --help'
const parse = (argv: string[]) => parseCommandLine(argv, 'run', usage)

describe('parseCommandLine', () => {
  test('repeated --command and --redact are joined as lines', () => {
    const { flags } = parse(['--command', 'npm ci', '--redact', 'a', '--command=npm test', '--redact', 'b'])
    expect(flags).toEqual({ command: 'npm ci\nnpm test', redact: 'a\nb' })
  })

  test('--allow-destructive is a switch that also takes =true|false', () => {
    expect(parse(['--allow-destructive']).flags['allow-destructive']).toBe('true')
    expect(parse(['--allow-destructive=false']).flags['allow-destructive']).toBe('false')
    // A switch takes no separate value: the next word is an argument, and the parse says which switch it followed.
    expect(parse(['--allow-destructive', 'npm'])).toEqual({
      flags: { 'allow-destructive': 'true' },
      positionals: ['npm'],
      switchBefore: ['--allow-destructive'],
      help: false
    })
  })

  test.each([
    [['--fail-on-flaky', 'true'], '--fail-on-flaky takes no value (write --fail-on-flaky)'],
    [['--fail-on-flaky', 'YES'], '--fail-on-flaky takes no value (write --fail-on-flaky)'],
    [['--fail-on-flaky', '1', '--command', 'x'], '--fail-on-flaky takes no value (write --fail-on-flaky)'],
    [['--allow-destructive', 'false'], '--allow-destructive takes no value (leave it out, or write --allow-destructive=false)'],
    [['--allow-destructive', 'off'], '--allow-destructive takes no value (leave it out, or write --allow-destructive=false)'],
    [['--fail-on-flaky=yes'], '--fail-on-flaky takes no value (write --fail-on-flaky)'],
    [['--fail-on-flaky='], '--fail-on-flaky takes no value (write --fail-on-flaky)'],
    [['--allow-destructive=0'], '--allow-destructive takes no value (leave it out, or write --allow-destructive=false)']
  ])('%j: a value given to a switch is one line saying it takes none', (argv, message) => {
    expect(() => parse(argv)).toThrow(message)
  })

  test('every boolean flag of every subcommand is such a switch; a true/false word elsewhere is not its value', () => {
    for (const [command, flag] of [
      ['run', '--fail-on-flaky'],
      ['run', '--allow-destructive'],
      ['receipts', '--json'],
      ['flaky', '--json'],
      ['report', '--open']
    ] as const) {
      expect(() => parseCommandLine([flag, 'true'], command, 'help')).toThrow(`${flag} takes no value (write ${flag})`)
      expect(() => parseCommandLine([`${flag}=maybe`], command, 'help')).toThrow(`${flag} takes no value (write ${flag})`)
      expect(parseCommandLine([`${flag}=TRUE`], command, 'help').positionals).toEqual([])
    }
    // A word after `--` is an argument, and `receipts show --json latest` names a run.
    expect(parseCommandLine(['--json', '--', 'true'], 'receipts', 'help').positionals).toEqual(['true'])
    expect(parseCommandLine(['show', '--json', 'latest'], 'receipts', 'help').positionals).toEqual(['show', 'latest'])
    expect(parse(['--name', 'true', '--command', 'false']).flags).toEqual({ name: 'true', command: 'false' })
  })

  test('a value may start with a dash; after -- everything is an argument', () => {
    expect(parse(['--expect-stdout', '-x', '--max-retries', '-1']).flags).toEqual({ 'expect-stdout': '-x', 'max-retries': '-1' })
    expect(parse(['--', '--command', 'x'])).toEqual({
      flags: {},
      positionals: ['--command', 'x'],
      switchBefore: [undefined, undefined],
      help: false
    })
  })

  test('--help and -h', () => {
    expect(parse(['--help']).help).toBe(true)
    expect(parse(['--command', 'x', '-h']).help).toBe(true)
    expect(parse(['--command', 'x']).help).toBe(false)
  })

  test.each([
    [['--bogus'], 'unknown flag --bogus; see reverify run --help'],
    [['--bogus=1'], 'unknown flag --bogus; see reverify run --help'],
    [['-q'], 'unknown flag -q; see reverify run --help'],
    [['--note', 'x'], 'unknown flag --note; see reverify run --help'],
    [['--x\ny'], 'unknown flag --x\\x0ay; see reverify run --help'],
    [['--expect-exit'], '--expect-exit needs a value; see reverify run --help'],
    [['--name', 'a', '--name', 'b'], '--name given more than once; see reverify run --help'],
    [['--allow-destructive', '--allow-destructive=false'], '--allow-destructive given more than once; see reverify run --help']
  ])('%j: one line naming the flag', (argv, message) => {
    expect(() => parse(argv)).toThrow(message)
  })
})

describe('through the CLI', () => {
  let repo: string
  beforeEach(async () => {
    repo = await scratchRepo()
  })

  test('--allow-destructive=false keeps the guardrail on; --allow-destructive=TRUE turns it off', async () => {
    writeFileSync(join(repo, 'junk'), 'x')
    const refused = await runCli(['run', '--command', 'rm -rf junk', '--expect-exit', '0', '--allow-destructive=false'], repo)
    expect(refused.code).toBe(3)
    expect(existsSync(join(repo, 'junk'))).toBe(true)
    const allowed = await runCli(['run', '--command', 'rm -rf junk', '--expect-exit', '0', '--allow-destructive=TRUE'], repo)
    expect(allowed.code).toBe(0)
    expect(existsSync(join(repo, 'junk'))).toBe(false)
  })

  test.each([
    [['receipts', 'list', '--json=maybe'], 'reverify: --json takes no value (write --json)\n'],
    [['receipts', 'list', '--json=tRuE'], "reverify: --json: 'tRuE' is not allowed; expected true or false\n"],
    [
      ['run', '--command', 'true', '--expect-exit', '0', '--fail-on-flaky', 'true'],
      'reverify: --fail-on-flaky takes no value (write --fail-on-flaky)\n'
    ],
    // run takes no argument: a word right after a switch is named with the switch.
    [
      ['run', '--expect-exit', '0', '--fail-on-flaky', 'npm', 'test'],
      "reverify: unexpected argument 'npm' after --fail-on-flaky, which takes no value; give commands with --command (see reverify run --help)\n"
    ],
    [['run', '--command', 'true', 'npm'], "reverify: unexpected argument 'npm'; give commands with --command (see reverify run --help)\n"],
    [['flaky', '--json', 'no'], 'reverify: --json takes no value (leave it out, or write --json=false)\n'],
    [
      ['receipts', 'list', '--state-dir', 'state\u0000'],
      'reverify: --state-dir: contains a NUL character, which no command, path or pattern may hold\n'
    ],
    [['capture', 'latest', '--note', 'a', '--note', 'b'], 'reverify: --note given more than once; see reverify capture --help\n'],
    [
      ['resume', '--capture-before-retry', 'sometimes'],
      "reverify: --capture-before-retry: 'sometimes' is not allowed; expected one of warn, block, off\n"
    ],
    [['resume', '--expect-exit', '0'], 'reverify: unknown flag --expect-exit; see reverify resume --help\n'],
    // A flag that begins a known one, or is a typo of one, gets the known one suggested.
    [
      ['run', '--command', 'true', '--expect-exit', '0', '--timeout', '5'],
      'reverify: unknown flag --timeout (did you mean --timeout-seconds?); see reverify run --help\n'
    ],
    [
      ['run', '--command', 'true', '--expect-exit', '0', '--max-retry', '2'],
      'reverify: unknown flag --max-retry (did you mean --max-retries?); see reverify run --help\n'
    ],
    [
      ['run', '--command', 'true', '--expect-exti', '0'],
      'reverify: unknown flag --expect-exti (did you mean --expect-exit?); see reverify run --help\n'
    ],
    // No expectation: the CLI names its flags, not the action's inputs.
    [
      ['run', '--command', 'true'],
      'reverify: nothing to verify against: give --expect-exit, --expect-stdout, --expect-no-output, --expect-file or --expect-check\n'
    ],
    [
      ['config', 'set', 'capture-before-retry', 'warn', '--state-dir', 'x'],
      'reverify: unknown flag --state-dir; see reverify config --help\n'
    ]
  ])('%j: exit 2 and one line', async (argv, stderr) => {
    const result = await runCli(argv, repo)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(stderr)
    expect(existsSync(join(repo, '.reverify'))).toBe(false)
  })

  test('a --state-dir with spaces around it is the same store for run and receipts', async () => {
    const run = await runCli(['run', '--command', 'true', '--expect-exit', '0', '--state-dir', ' state '], repo)
    expect(run.code).toBe(0)
    const listed = await runCli(['receipts', 'list', '--state-dir', 'state'], repo)
    expect(listed.stdout).toContain(/receipt: (\S+)/.exec(run.stdout)![1])
  })

  test('run --help says (repeatable) once per repeatable flag', async () => {
    const help = await runCli(['run', '--help'], repo)
    expect(help.code).toBe(0)
    expect(help.stdout).not.toMatch(/\(repeatable\)\s+\(repeatable\)/)
    const testResults = help.stdout.slice(
      help.stdout.indexOf('--test-results'),
      help.stdout.indexOf('--', help.stdout.indexOf('--test-results') + 2)
    )
    expect(testResults.match(/\(repeatable\)/g)).toHaveLength(1)
  })

  test('flaky with no test results says how to get them', async () => {
    const result = await runCli(['flaky'], repo)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^reverify: no run has test results to count flakes from; give `reverify run` .* --test-results GLOB/)
  })
})
