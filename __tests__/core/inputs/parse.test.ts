/**
 * The input table's parser: every limit and rule as strict as the hand-written checks it
 * replaced, one-line messages that name the flag (CLI) or the input (action), and settings
 * that round-trip through toRawInputs.
 */
import { mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readActionSettings } from '../../../src/action/settings.js'
import { isUserError } from '../../../src/core/base/errors.js'
import { parseRunSettings, toRawInputs } from '../../../src/core/inputs/settings.js'

const scratch = () => realpathSync(mkdtempSync(join(tmpdir(), 'reverify-inputs-')))

/** The message of the UsageError `run` throws. */
function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(isUserError(error)).toBe(true)
    return (error as Error).message
  }
  throw new Error('expected a UsageError')
}

describe('messages name the flag in the CLI and the input in the action, in one line', () => {
  const run = (raw: Record<string, string>, front?: 'cli' | 'action') =>
    refusal(() => parseRunSettings({ command: 'true', 'expect-exit': '0', ...raw }, scratch(), { front, path: process.env.PATH }))

  test.each([
    [{ 'expect-exit': 'x' }, "expect-exit: 'x' is not allowed; expected a whole number from 0 to 255"],
    [{ 'retry-backoff': 'linear' }, "retry-backoff: 'linear' is not allowed; expected one of fixed, exponential"],
    [{ 'capture-before-retry': 'maybe' }, "capture-before-retry: 'maybe' is not allowed; expected one of warn, block, off"],
    [{ 'allow-destructive': 'yes' }, "allow-destructive: 'yes' is not allowed; expected true or false"],
    [
      { shell: 'fish' },
      'shell: \'fish\' is not allowed; expected bash, sh, python, pwsh, powershell, cmd, or a command template containing {0} (e.g. "perl {0}")'
    ],
    [{ 'state-dir': 'state\u0000' }, 'state-dir: contains a NUL character, which no command, path or pattern may hold'],
    [{ command: '' }, 'command: required; give a script of one or more lines (not only comments)'],
    [{ command: '# only a comment\n\n' }, 'command: required; give a script of one or more lines (not only comments)'],
    [{ name: 'Unit\ntests' }, "name: 'Unit\\ntests' is not allowed; control characters and line breaks cannot be part of a name"],
    [{ name: 'x\u202ey\u0085' }, "name: 'x\\u202ey\\u0085' is not allowed; control characters and line breaks cannot be part of a name"],
    [{ name: 'x'.repeat(101) }, 'name: 101 characters is too long; at most 100'],
    [{ name: 'name\u0000' }, 'name: contains a NUL character, which no command, path or pattern may hold']
  ])('%j', (raw, message) => {
    expect(run(raw, 'cli')).toBe(`--${message}`)
    expect(run(raw, 'action')).toBe(message)
    expect(run(raw)).toBe(message)
  })

  test("the action's own inputs are named as action.yml names them", () => {
    const workspace = scratch()
    const inputs: Record<string, string> = { command: 'true', 'expect-exit': '0', 'upload-trace': 'sometimes' }
    expect(
      refusal(() => readActionSettings(name => inputs[name] ?? '', { RUNNER_TEMP: workspace, PATH: process.env.PATH }, workspace))
    ).toBe("upload-trace: 'sometimes' is not allowed; expected one of always, on-failure, never")
  })

  test('capture mode checks the run id and needs the command, and nothing else of a run', () => {
    const workspace = scratch()
    const step = (inputs: Record<string, string>) => () =>
      readActionSettings(name => inputs[name] ?? '', { RUNNER_TEMP: workspace, PATH: process.env.PATH }, workspace)
    expect(refusal(step({ command: 'true', capture: '../x' }))).toBe(
      "capture: '../x' is not a run id (expected e.g. 20261130-075100-verify-3fa9c2, at least 4 characters from its start or end, or latest)"
    )
    expect(refusal(step({ capture: 'latest' }))).toBe(
      'command: required in capture mode too; give the same command (and scope) as the failing step'
    )
    // A capture names the failed step's command, not how it ran: run inputs are not needed.
    const captureMode = step({ command: 'true', capture: ' latest ', 'working-directory': 'gone', 'capture-note': ' flaky disk ' })()
    expect(captureMode.mode === 'capture' && captureMode.capture).toEqual({ ref: 'latest', note: 'flaky disk' })
  })

  test('no expectation: the one message of docs/design.md §1, naming flags in the CLI and inputs in the action', () => {
    expect(refusal(() => parseRunSettings({ command: 'true' }, scratch(), { front: 'cli', path: process.env.PATH }))).toBe(
      'nothing to verify against: give --expect-exit, --expect-stdout, --expect-no-output, --expect-file or --expect-check'
    )
    expect(refusal(() => parseRunSettings({ command: 'true' }, scratch(), { path: process.env.PATH }))).toBe(
      'nothing to verify against: give expect-exit, expect-stdout, expect-no-output, expect-file or expect-check'
    )
  })
})

describe('every limit is as strict as before', () => {
  const long = (chars: number) => 'x'.repeat(chars)
  test.each([
    ['expect-exit', '255', '256'],
    ['max-retries', '100', '101'],
    ['timeout-seconds', '604800', '604801'],
    ['retry-wait-seconds', '3600', '3601'],
    ['keep-receipts', '1', '0'],
    ['retry-on-exit-codes', ' 1 , 255 ', '1,256'],
    ['retry-on-output', long(1000), long(1001)],
    ['name', long(100), long(101)],
    ['name', 'Unit tests (node 20)', 'Unit\ntests'],
    ['name', '../x', '\u0007'],
    ['expect-stdout', long(8192), long(8193)],
    ['expect-check', long(8192), long(8193)],
    ['expect-file', long(4096), long(4097)],
    ['scope', long(1024), long(1025)],
    ['redact', Array(200).fill('v').join('\n'), Array(201).fill('v').join('\n')],
    ['command', Array(100).fill('true').join('\n'), Array(101).fill('true').join('\n')],
    // One script now: its whole text is bounded (it was 8,192 characters a line).
    ['command', long(16384), long(16385)],
    ['state-dir', `/${long(255)}`, `/${long(256)}`],
    ['state-dir', `/${Array(4).fill(long(250)).join('/')}`, `/${Array(5).fill(long(250)).join('/')}`],
    ['working-directory', '.', 'missing']
  ])('%s: %#', (name, allowed, refused) => {
    const cwd = scratch()
    const base = { command: 'true', 'expect-exit': '0' }
    expect(() => parseRunSettings({ ...base, [name]: allowed }, cwd, { path: process.env.PATH })).not.toThrow()
    expect(refusal(() => parseRunSettings({ ...base, [name]: refused }, cwd, { path: process.env.PATH }))).toMatch(new RegExp(`^${name}: `))
  })
})

describe('retry-on-exit-codes takes codes and ranges', () => {
  const parse = (codes: string, front?: 'cli' | 'action') =>
    parseRunSettings({ command: 'true', 'expect-exit': '0', 'retry-on-exit-codes': codes }, scratch(), { front, path: process.env.PATH })

  test('codes and ranges, kept as written (trimmed) for notes and run.json', () => {
    expect(parse(' 1-123 , 125-255,0 ').retryOnExitCodes).toEqual({
      text: '1-123,125-255,0',
      ranges: [
        [1, 123],
        [125, 255],
        [0, 0]
      ]
    })
    expect(parse('7-7').retryOnExitCodes?.ranges).toEqual([[7, 7]])
  })

  test.each(['5-1', '1-300', 'a-b', '1-', '-3', '1,,2', '1,', '256', '1 - 3', '0x1'])('%p is one line naming the input', bad => {
    expect(refusal(() => parse(bad, 'cli'))).toMatch(
      /^--retry-on-exit-codes: '.*' is not allowed; expected a comma-separated list of exit codes and ranges/
    )
    const message = refusal(() => parse(bad))
    expect(message).toMatch(/^retry-on-exit-codes: /)
    expect(message).not.toContain('\n')
  })

  test('toRawInputs keeps the ranges', () => {
    const cwd = scratch()
    const settings = parseRunSettings({ command: 'true', 'expect-exit': '0', 'retry-on-exit-codes': '1-123, 125-255' }, cwd, {
      path: process.env.PATH
    })
    expect(toRawInputs(settings)['retry-on-exit-codes']).toBe('1-123,125-255')
    expect(parseRunSettings(toRawInputs(settings), cwd, { path: process.env.PATH })).toEqual(settings)
  })
})

test('toRawInputs gives back inputs that parse to the same settings', () => {
  const cwd = scratch()
  const settings = parseRunSettings(
    {
      command: 'echo a \\\n  b\nnpm test',
      'expect-exit': '3',
      'expect-stdout': ' ok ',
      'expect-file': 'out.txt',
      'expect-check': 'test -f out.txt',
      'max-retries': '4',
      'timeout-seconds': '60',
      'retry-wait-seconds': '2',
      'retry-backoff': 'Exponential',
      'retry-on': 'Timeout',
      'retry-on-exit-codes': '1, 2',
      'retry-on-output': 'ECONN(RESET|REFUSED)',
      shell: 'python {0}',
      name: 'unit',
      'allow-destructive': 'TRUE',
      scope: ' linux ',
      'keep-receipts': '7'
    },
    cwd,
    { path: process.env.PATH }
  )
  expect(parseRunSettings(toRawInputs(settings), cwd, { path: process.env.PATH })).toEqual(settings)
})

describe('rerun-failed-tests: refused in one line before anything runs', () => {
  const parse = (raw: Record<string, string>) =>
    refusal(() =>
      parseRunSettings({ command: 'npx jest', 'expect-exit': '0', 'test-results': 'junit.xml', ...raw }, scratch(), {
        front: 'cli',
        path: process.env.PATH
      })
    )

  test.each([
    [
      { 'rerun-failed-tests': 'jset' },
      "--rerun-failed-tests: 'jset' is not a preset; expected off, jest, vitest, pytest, mocha, node-test, go, playwright, or a template with {files}, {names}, {pattern}, {titles}, {ids} or {packages}"
    ],
    [
      { 'rerun-failed-tests': 'npx jest --ci' },
      '--rerun-failed-tests: the template has no placeholder; use {files}, {names}, {pattern}, {titles}, {ids} or {packages}'
    ],
    [
      { 'rerun-failed-tests': 'npx jest {file}' },
      '--rerun-failed-tests: {file} is not a placeholder; use {files}, {names}, {pattern}, {titles}, {ids} or {packages}'
    ],
    [
      { 'rerun-failed-tests': 'jest', 'test-results': '' },
      '--rerun-failed-tests: needs test-results: the JUnit files the runner writes, where the failed tests are read from'
    ],
    [
      { 'rerun-failed-tests': 'jest', shell: 'python' },
      '--rerun-failed-tests: needs a shell whose quoting protects test names (bash, sh or pwsh), not python'
    ],
    [{ 'rerun-max-tests': '0' }, "--rerun-max-tests: '0' is not allowed; expected a whole number from 1 to 1000"]
  ])('%j', (raw, message) => {
    expect(parse(raw)).toBe(message)
  })

  test('a preset is its template; off is off', () => {
    const cwd = scratch()
    const settings = parseRunSettings(
      { command: 'npx jest', 'expect-exit': '0', 'test-results': 'junit.xml', 'rerun-failed-tests': ' jest ' },
      cwd,
      { path: process.env.PATH }
    )
    expect(settings.rerunFailedTests).toEqual({ kind: 'preset', preset: 'jest', template: 'npx jest --ci {files} -t {pattern}' })
    expect(parseRunSettings({ command: 'true', 'expect-exit': '0' }, cwd, { path: process.env.PATH }).rerunFailedTests).toEqual({
      kind: 'off'
    })
  })
})
