/** `reverify run` end to end in-process: expectations, retries, traces, exit codes. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expectWellFormedTrace, readMeta, runDirs, sessionDirs } from '../helpers/trace.js'
import { runCli, scratchRepo } from '../helpers/cli.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
})

const stateDir = () => join(repo, '.reverify')
const onlySession = () => {
  const dirs = sessionDirs(stateDir())
  expect(dirs).toHaveLength(1)
  return dirs[0]!
}
const receiptOf = (runId: string) => JSON.parse(readFileSync(join(stateDir(), 'runs', runId, 'receipt.json'), 'utf8'))
const runIdOf = (stdout: string) => /receipt: (\S+)/.exec(stdout)![1]!

describe('expectations', () => {
  test.each([
    ['expect-exit passes', ['--command', 'exit 3', '--expect-exit', '3'], 0],
    ['expect-exit fails', ['--command', 'exit 3', '--expect-exit', '0'], 1],
    ['expect-stdout passes', ['--command', 'echo hello world', '--expect-stdout', 'lo wo'], 0],
    ['expect-stdout fails', ['--command', 'echo hello', '--expect-stdout', 'bye'], 1],
    ['expect-stdout ignores stderr', ['--command', 'echo bye >&2', '--expect-stdout', 'bye'], 1],
    ['expect-file passes', ['--command', 'touch made.txt', '--expect-file', 'made.txt'], 0],
    ['expect-file fails', ['--command', 'true', '--expect-file', 'missing.txt'], 1],
    ['expect-check passes', ['--command', 'echo 1 > n', '--expect-check', 'grep -q 1 n'], 0],
    ['expect-check fails', ['--command', 'echo 2 > n', '--expect-check', 'grep -q 1 n'], 1],
    ['all of several hold', ['--command', 'echo ok; touch f', '--expect-exit', '0', '--expect-stdout', 'ok', '--expect-file', 'f'], 0],
    ['one of several fails', ['--command', 'echo ok', '--expect-exit', '0', '--expect-stdout', 'ok', '--expect-file', 'f'], 1]
  ])('%s', async (_label, args, code) => {
    const result = await runCli(['run', ...args, '--max-retries', '0'], repo)
    expect(result.code).toBe(code)
    const events = expectWellFormedTrace(onlySession())
    const verify = events.find(event => event.phase === 'verify')!
    expect(verify.payload.ok).toBe(code === 0)
    expect(verify.payload.check.every((check: { ok: boolean }) => check.ok)).toBe(code === 0)
  })

  test('no expectation: exit 2 with the one-line message, nothing created', async () => {
    const result = await runCli(['run', '--command', 'true'], repo)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'reverify: nothing to verify against: give --expect-exit, --expect-stdout, --expect-no-output, --expect-file or --expect-check\n'
    )
    expect(existsSync(stateDir())).toBe(false)
  })

  test('commands run in order and the attempt stops at the first failure', async () => {
    const result = await runCli(
      ['run', '--command', 'echo one >> order\nexit 4\necho three >> order', '--expect-exit', '4', '--max-retries', '0'],
      repo
    )
    expect(result.code).toBe(0)
    expect(readFileSync(join(repo, 'order'), 'utf8')).toBe('one\n')
  })

  test('a backslash continues a command onto the next line', async () => {
    const result = await runCli(['run', '--command', 'echo a \\\n  b', '--expect-stdout', 'a b', '--max-retries', '0'], repo)
    expect(result.code).toBe(0)
  })

  test('working-directory is where commands and expect-file resolve', async () => {
    const result = await runCli(
      ['run', '--command', 'mkdir -p sub && cd sub && touch there', '--expect-file', 'sub/there', '--max-retries', '0'],
      repo
    )
    expect(result.code).toBe(0)
  })
})

describe('retries', () => {
  test('verified on attempt 2 of 3 stops there and is flaky', async () => {
    const script = 'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; [ $n -ge 2 ]'
    const result = await runCli(['run', '--command', script, '--expect-exit', '0', '--max-retries', '2'], repo)
    expect(result.code).toBe(0)
    expect(readFileSync(join(repo, 'count'), 'utf8').trim()).toBe('2')
    expect(result.stdout).toContain('success (flaky)')
    expect(result.stdout).toContain('attempts: 2/3')
    const dir = onlySession()
    const events = expectWellFormedTrace(dir)
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(2)
    expect(events.find(event => event.phase === 'end')!.payload).toMatchObject({ outcome: 'success', flaky: true })
    const meta = readMeta(dir)
    expect(meta).toMatchObject({ outcome: 'success', flaky: true, attempts: 2, tool_calls: 2, errors: 1 })
    expect(receiptOf(runIdOf(result.stdout))).toMatchObject({ status: 'passed', flaky: true, attempts: 2, max_attempts: 3 })
  })

  test('every attempt failing: failure, with a note between attempts', async () => {
    const result = await runCli(['run', '--command', 'echo nope; exit 1', '--expect-exit', '0', '--max-retries', '2'], repo)
    expect(result.code).toBe(1)
    const dir = onlySession()
    const events = expectWellFormedTrace(dir)
    const phases = events.map(event => event.phase)
    expect(phases).toEqual([
      'start',
      'decision',
      'tool_call',
      'tool_result',
      'verify',
      'note',
      'tool_call',
      'tool_result',
      'verify',
      'note',
      'tool_call',
      'tool_result',
      'verify',
      'end'
    ])
    const notes = events.filter(event => event.phase === 'note').map(event => event.payload.message)
    expect(notes[0]).toMatch(/^expect-exit 0 but got 1 .*; retrying \(attempt 2\/3\)$/)
    expect(readMeta(dir)).toMatchObject({ outcome: 'failure', attempts: 3, tool_calls: 3, errors: 3, flaky: false })
    expect(receiptOf(runIdOf(result.stdout))).toMatchObject({ status: 'failed', attempts: 3 })
  })

  test('retry-on-exit-codes stops at an unlisted code', async () => {
    const result = await runCli(
      ['run', '--command', 'exit 3', '--expect-exit', '0', '--max-retries', '4', '--retry-on-exit-codes', '1, 2'],
      repo
    )
    expect(result.code).toBe(1)
    const events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
    expect(events.find(event => event.phase === 'note')!.payload.message).toContain(
      'not retrying: exit 3 is not in retry-on-exit-codes (1,2)'
    )
  })

  test('retry-on-exit-codes takes ranges; an unlisted code is named with the list as written', async () => {
    const result = await runCli(
      ['run', '--command', 'exit 124', '--expect-exit', '0', '--max-retries', '3', '--retry-on-exit-codes', '1-123, 125-255'],
      repo
    )
    expect(result.code).toBe(1)
    const events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
    expect(events.find(event => event.phase === 'note')!.payload.message).toMatch(
      /; not retrying: exit 124 is not in retry-on-exit-codes \(1-123,125-255\)$/
    )
  })

  test('retry-on-exit-codes retries a code inside a range', async () => {
    const result = await runCli(
      ['run', '--command', 'exit 42', '--expect-exit', '0', '--max-retries', '1', '--retry-on-exit-codes', '1-41,42-50'],
      repo
    )
    expect(result.code).toBe(1)
    const events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(2)
  })

  test('retry-on error does not retry a timeout', async () => {
    const result = await runCli(
      ['run', '--command', 'sleep 600', '--expect-exit', '0', '--max-retries', '2', '--timeout-seconds', '1', '--retry-on', 'error'],
      repo
    )
    expect(result.code).toBe(1)
    const events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
    expect(events.find(event => event.phase === 'note')!.payload.message).toMatch(
      /; not retrying: the attempt timed out and retry-on is error$/
    )
  })

  test('retry-on error retries a failure that did not time out', async () => {
    const result = await runCli(['run', '--command', 'exit 3', '--expect-exit', '0', '--max-retries', '1', '--retry-on', 'error'], repo)
    expect(result.code).toBe(1)
    const events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(2)
  })

  test('retry-on timeout does not retry exit 1', async () => {
    const result = await runCli(['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '2', '--retry-on', 'timeout'], repo)
    expect(result.code).toBe(1)
    const events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
    expect(events.find(event => event.phase === 'note')!.payload.message).toMatch(
      /; not retrying: the attempt did not time out and retry-on is timeout$/
    )
  })

  test('retry-on timeout retries a timeout; retry-on-exit-codes must allow it too', async () => {
    const allowed = await runCli(
      ['run', '--command', 'sleep 600', '--expect-exit', '0', '--max-retries', '1', '--timeout-seconds', '1', '--retry-on', 'timeout'],
      repo
    )
    expect(allowed.code).toBe(1)
    let events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(2)
    repo = await scratchRepo() // a fresh state directory, so the next trace is the only one
    const refused = await runCli(
      [
        'run',
        '--command',
        'sleep 600',
        '--expect-exit',
        '0',
        '--max-retries',
        '1',
        '--timeout-seconds',
        '1',
        '--retry-on',
        'timeout',
        '--retry-on-exit-codes',
        '1-123'
      ],
      repo
    )
    expect(refused.code).toBe(1)
    events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
    expect(events.find(event => event.phase === 'note')!.payload.message).toMatch(/exit 124 is not in retry-on-exit-codes \(1-123\)$/)
  })

  test('retry-on-exit-codes retries a listed code', async () => {
    const result = await runCli(
      ['run', '--command', 'exit 2', '--expect-exit', '0', '--max-retries', '1', '--retry-on-exit-codes', '2'],
      repo
    )
    expect(result.code).toBe(1)
    const events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(2)
  })

  test('retry-on-output stops when the output does not match, retries when it does', async () => {
    const noMatch = await runCli(
      [
        'run',
        '--command',
        'echo fatal: broken; exit 1',
        '--expect-exit',
        '0',
        '--max-retries',
        '3',
        '--retry-on-output',
        'ECONNRESET|timed? ?out'
      ],
      repo
    )
    expect(noMatch.code).toBe(1)
    let events = expectWellFormedTrace(onlySession())
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(1)
    expect(events.find(event => event.phase === 'note')!.payload.message).toContain('did not match retry-on-output')

    const repo2 = await scratchRepo()
    const match = await runCli(
      [
        'run',
        '--command',
        'echo read ECONNRESET >&2; exit 1',
        '--expect-exit',
        '0',
        '--max-retries',
        '1',
        '--retry-on-output',
        'ECONNRESET'
      ],
      repo2
    )
    expect(match.code).toBe(1)
    events = expectWellFormedTrace(sessionDirs(join(repo2, '.reverify'))[0]!)
    expect(events.filter(event => event.phase === 'tool_call')).toHaveLength(2)
  })
})

describe('trace', () => {
  test('success: start/decision/trio/end, meta and log', async () => {
    const result = await runCli(['run', '--command', 'echo hi', '--expect-stdout', 'hi', '--name', 'unit-tests'], repo)
    expect(result.code).toBe(0)
    const dir = onlySession()
    expect(dir).toMatch(/sessions\/\d{4}-\d{2}-\d{2}\/unit-tests\/[0-9A-HJKMNP-TV-Z]{26}$/)
    const events = expectWellFormedTrace(dir)
    expect(events[0]!.skill).toBe('unit-tests')
    expect(events[1]!.payload).toEqual({ question: 'what to run', decision: ['echo hi'], expected: { 'expect-stdout': 'hi' } })
    expect(events.find(event => event.phase === 'tool_result')!.payload).toMatchObject({ attempt: 1, ok: true, exit: 0, summary: 'hi' })
    const meta = readMeta(dir)
    expect(meta).toMatchObject({ skill: 'unit-tests', outcome: 'success', attempts: 1, tool_calls: 1, errors: 0, flaky: false })
    expect(meta.session_id).toBe(events[0]!.session_id)
    expect(meta.run_id).toBe(runIdOf(result.stdout))
    expect(readFileSync(join(dir, 'attempt-1.log'), 'utf8')).toBe('hi\n')
  })

  test('a name is any label: shown as given in the trace, filed under its slug', async () => {
    const result = await runCli(['run', '--command', 'true', '--expect-exit', '0', '--name', '  Unit tests (node 20) '], repo)
    expect(result.code).toBe(0)
    const dir = onlySession()
    expect(dir).toMatch(/sessions\/\d{4}-\d{2}-\d{2}\/unit-tests-node-20\/[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(expectWellFormedTrace(dir).every(event => event.skill === 'Unit tests (node 20)')).toBe(true)
    expect(readMeta(dir).skill).toBe('Unit tests (node 20)')
    expect(receiptOf(runIdOf(result.stdout)).session.dir).toBe(dir)
  })

  test.each([
    ['../x', 'x'],
    ['a/b', 'a-b'],
    ['..', 'verify'],
    ['…', 'verify'],
    ['!!! ??? ***', 'verify'],
    ['C:\\temp\\x', 'c-temp-x'],
    ['Ünïcödé', 'unicode']
  ])('the hostile name %j stays one folder under sessions/<date>/ (%s)', async (name, slug) => {
    const result = await runCli(['run', '--command', 'true', '--expect-exit', '0', '--name', name], repo)
    expect(result.code).toBe(0)
    const dir = onlySession()
    expect(dir.split('/').slice(-4, -1)).toEqual(['sessions', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), slug])
    expect(readMeta(dir).skill).toBe(name)
  })

  test('the console summary is 3 to 6 lines and does not reprint the output', async () => {
    const result = await runCli(['run', '--command', "printf 'unique-%s\\n' output-line", '--expect-exit', '1', '--max-retries', '0'], repo)
    expect(result.code).toBe(1)
    // The live output comes first, once; the summary after it does not repeat it.
    const all = result.stdout.trimEnd().split('\n')
    expect(all.filter(line => line.includes('unique-output-line'))).toEqual(['unique-output-line'])
    const lines = all.slice(all.findIndex(line => line.startsWith('reverify: `')))
    expect(lines.length).toBeGreaterThanOrEqual(3)
    expect(lines.length).toBeLessThanOrEqual(6)
    expect(result.stdout).toMatch(/attempts: 1\/1/)
    expect(result.stdout).toMatch(/trace: .*sessions/)
  })

  test('the outcome line gives each attempt its duration and the run its total', async () => {
    const result = await runCli(['run', '--command', 'sleep 0.2; exit 1', '--expect-exit', '0', '--max-retries', '2'], repo)
    expect(result.code).toBe(1)
    const took = '(\\d+ ms|\\d\\.\\d s|\\d+ s)'
    const line = result.stdout.split('\n').find(text => text.startsWith('outcome: '))
    expect(line).toMatch(new RegExp(`^outcome: failure · attempts: 3/3 \\(${took}, ${took}, ${took}\\) · ${took}$`))
  })

  test('guardrail refusal: exit 3, trace ends aborted, receipt aborted', async () => {
    const result = await runCli(['run', '--command', 'rm -rf build', '--expect-exit', '0'], repo)
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('rm -rf')
    expect(result.stderr).toContain('allow-destructive')
    const dir = onlySession()
    const events = expectWellFormedTrace(dir)
    expect(events.map(event => event.phase)).toEqual(['start', 'decision', 'note', 'end'])
    expect(events[2]!.payload.message).toContain('rm -rf')
    expect(events[3]!.payload.outcome).toBe('aborted')
    expect(readMeta(dir)).toMatchObject({ outcome: 'aborted', attempts: 0 })
    const [runId] = runDirs(stateDir())
    expect(receiptOf(runId!).status).toBe('aborted')
  })

  test('allow-destructive lets a flagged command run', async () => {
    writeFileSync(join(repo, 'junk'), 'x')
    const result = await runCli(['run', '--command', 'rm -rf junk', '--expect-exit', '0', '--allow-destructive'], repo)
    expect(result.code).toBe(0)
    expect(existsSync(join(repo, 'junk'))).toBe(false)
  })
})

describe('invalid input: one line, exit 2, nothing runs', () => {
  test.each([
    [['--expect-exit', '256'], /^reverify: --expect-exit: '256' is not allowed; expected a whole number from 0 to 255$/],
    [['--expect-exit', 'zero'], /^reverify: --expect-exit: 'zero' is not allowed/],
    [['--expect-exit', '0', '--max-retries', '-1'], /^reverify: --max-retries: '-1' is not allowed/],
    [['--expect-exit', '0', '--timeout-seconds', '1.5'], /^reverify: --timeout-seconds: '1.5' is not allowed/],
    [
      ['--expect-exit', '0', '--retry-backoff', 'linear'],
      /^reverify: --retry-backoff: 'linear' is not allowed; expected one of fixed, exponential$/
    ],
    [['--expect-exit', '0', '--retry-on-exit-codes', '1,x'], /^reverify: --retry-on-exit-codes: '1,x' is not allowed/],
    [['--expect-exit', '0', '--retry-on', 'never'], /^reverify: --retry-on: 'never' is not allowed; expected one of any, error, timeout$/],
    [['--expect-exit', '0', '--retry-on-exit-codes', '5-1'], /^reverify: --retry-on-exit-codes: '5-1' is not allowed/],
    [['--expect-exit', '0', '--retry-on-exit-codes', '1-300'], /^reverify: --retry-on-exit-codes: '1-300' is not allowed/],
    [
      ['--expect-exit', '0', '--retry-on-output', '(unclosed'],
      /^reverify: --retry-on-output: '\(unclosed' is not a valid regular expression/
    ],
    [
      ['--expect-exit', '0', '--shell', 'fish'],
      /^reverify: --shell: 'fish' is not allowed; expected bash, sh, python, pwsh, powershell, cmd, or a command template/
    ],
    [['--expect-exit', '0', '--working-directory', 'nope'], /^reverify: --working-directory: 'nope' is not an existing directory$/],
    [
      ['--expect-exit', '0', '--name', 'two\nlines'],
      /^reverify: --name: 'two\\nlines' is not allowed; control characters and line breaks cannot be part of a name$/
    ],
    [['--expect-exit', '0', '--name', 'x'.repeat(101)], /^reverify: --name: 101 characters is too long; at most 100$/],
    [['--expect-exit', '0', '--allow-destructive=maybe'], /^reverify: --allow-destructive takes no value \(write --allow-destructive\)$/],
    [['--expect-exit', '0', '--capture-before-retry', 'sometimes'], /^reverify: .*capture-before-retry.*warn, block, off/],
    [['--expect-exit', '0', '--bogus', '1'], /^reverify: unknown flag --bogus; see reverify run --help$/],
    [['--expect-exit', '0', '--max-retries'], /^reverify: --max-retries needs a value/],
    [
      ['--expect-exit', '0', '--max-retries', '1', '--max-retries', '2'],
      /^reverify: --max-retries given more than once; see reverify run --help$/
    ],
    [['--expect-exit', '0', '-x'], /^reverify: unknown flag -x; see reverify run --help$/],
    [
      ['--expect-exit', '0', '--keep-receipts', '0'],
      /^reverify: --keep-receipts: '0' is not allowed; expected a whole number from 1 to 100000$/
    ]
  ])('%j', async (args, message) => {
    writeFileSync(join(repo, 'ran'), '')
    const result = await runCli(['run', '--command', 'echo ran > ran', ...args], repo)
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    expect(result.stderr.trimEnd()).toMatch(message)
    expect(result.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/)
    expect(readFileSync(join(repo, 'ran'), 'utf8')).toBe('')
    expect(existsSync(join(repo, '.reverify', 'runs'))).toBe(false)
  })

  test.each([
    [
      '101 command lines',
      Array.from({ length: 101 }, (_, i) => `echo ${i}`).join('\n'),
      /^reverify: --command: a script of 101 command lines is too long; at most 100 \(put a long script in a file\)$/
    ],
    [
      'a 17000-character script',
      `echo ${'x'.repeat(17000)}`,
      /^reverify: --command: a script of 17005 characters is too long; at most 16384 \(put a long script in a file\)$/
    ]
  ])('oversized input: %s', async (_label, command, message) => {
    const result = await runCli(['run', '--command', command, '--expect-exit', '0'], repo)
    expect(result.code).toBe(2)
    expect(result.stderr.trimEnd()).toMatch(message)
    expect(existsSync(join(repo, '.reverify', 'sessions'))).toBe(false)
  })

  test('no command at all', async () => {
    const result = await runCli(['run', '--expect-exit', '0'], repo)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('reverify: --command: required; give a script of one or more lines (not only comments)\n')
  })
})

describe('help', () => {
  test('reverify run --help lists every flag', async () => {
    const result = await runCli(['run', '--help'], repo)
    expect(result.code).toBe(0)
    const { RUN_INPUT_NAMES } = await import('../../src/core/inputs/settings.js')
    for (const name of RUN_INPUT_NAMES) expect(result.stdout).toContain(`--${name}`)
  })

  test.each(['bogus', '__proto__', 'constructor', 'toString'])('unknown command %s: one line, exit 2', async name => {
    const result = await runCli([name], repo)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      /^reverify: unknown command '.*'; expected one of run, capture, receipts, config, resume, report, flaky, quarantine, ctrf, export \(see reverify --help\)\n$/
    )
  })

  test('reverify --help lists the subcommands', async () => {
    const result = await runCli(['--help'], repo)
    expect(result.code).toBe(0)
    for (const word of ['run', 'capture', 'receipts list', 'receipts show', 'config set']) expect(result.stdout).toContain(word)
  })
})
