/**
 * Rerun templates (docs/design.md §1 "Rerunning only the failed tests"): placeholders are
 * checked, and hostile test names — quotes, `$( )`, backticks, newlines, 2,000 characters,
 * a leading `-` — are quoted so that the real bash and sh run nothing of them and the name
 * still arrives as itself; `{pattern}` matches exactly the names.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  exactPattern,
  expandTemplate,
  goPackage,
  posixQuote,
  powershellQuote,
  templatePlaceholders,
  titlesPattern,
  testId,
  type RerunTarget
} from '../../../src/core/reruns/template.js'

const scratch = mkdtempSync(join(tmpdir(), 'reverify-rerun-template-'))
const CANARY = join(scratch, 'pwned')

const HOSTILE = [
  `it's "quoted"`,
  `$(touch ${CANARY})`,
  `\`touch ${CANARY}\``,
  `a; touch ${CANARY}`,
  'two\nlines',
  `-rf`,
  `--help`,
  `'; touch ${CANARY}; echo '`,
  `\\' $HOME \${PATH} !! *`,
  'x'.repeat(2_000),
  'ünïcödé › ✓'
]

const targets = (names: readonly string[], file = 'src/api.test.js'): RerunTarget[] =>
  names.map(name => ({ name: `api › ${name}`, caseName: name, classname: 'api', file }))

function runIn(shell: 'bash' | 'sh', script: string): string[] {
  const result = spawnSync(shell, ['-c', script], { cwd: scratch, encoding: 'utf8' })
  expect(result.status).toBe(0)
  return result.stdout.split('\0').slice(0, -1)
}

describe.each(['bash', 'sh'] as const)('through the real %s', shell => {
  test('each hostile name arrives as itself, one argument each, and nothing runs', () => {
    const command = expandTemplate(`printf '%s\\0' {names}`, targets(HOSTILE), { kind: shell })
    expect(runIn(shell, command)).toEqual(HOSTILE)
    expect(existsSync(CANARY)).toBe(false)
  })

  test('{pattern} is one argument that matches exactly the names, and nothing else', () => {
    const names = ['adds 1 + 1', 'a.b', 'fetches (config)', ...HOSTILE]
    const [pattern] = runIn(shell, expandTemplate(`printf '%s\\0' {pattern}`, targets(names), { kind: shell }))
    const regex = new RegExp(pattern!)
    for (const name of names) expect(regex.test(name)).toBe(true)
    for (const other of ['adds 1 + 11', 'axb', 'fetches config', 'a.b ', ' a.b', 'r']) expect(regex.test(other)).toBe(false)
    expect(existsSync(CANARY)).toBe(false)
  })

  test('{files} holds each file once, and a file starting with - cannot be read as an option', () => {
    const many = [...targets(['one', 'two']), ...targets(['three'], '-x.test.js'), ...targets(['four'], 'it has spaces.test.js')]
    expect(runIn(shell, expandTemplate(`printf '%s\\0' {files}`, many, { kind: shell }))).toEqual([
      'src/api.test.js',
      './-x.test.js',
      'it has spaces.test.js'
    ])
  })
})

test('{ids} are pytest-style ids: file, the class when there is one, the name', () => {
  expect(testId({ name: 'x', caseName: 'test_get', classname: 'tests.test_api.TestUser', file: 'tests/test_api.py' })).toBe(
    'tests/test_api.py::TestUser::test_get'
  )
  expect(testId({ name: 'x', caseName: 'test_get', classname: 'tests.test_api', file: 'tests/test_api.py' })).toBe(
    'tests/test_api.py::test_get'
  )
  expect(testId({ name: 'x', caseName: 'test_get', classname: 'api', file: 'src/api.test.js' })).toBe('src/api.test.js::test_get')
  expect(testId({ name: 'x', caseName: 'test_get', classname: 'api › x' })).toBeUndefined()
})

test('{ids} from the class name pytest writes: its module path, not a helper the stack ended in', () => {
  const id = (classname: string, caseName: string, file?: string) =>
    testId({ name: 'x', caseName, classname, ...(file !== undefined && { file }) })
  // No file in the results (pytest's default junit_family): the module path the class name spells.
  expect(id('tests.test_api.TestUser', 'test_x[1-2]')).toBe('tests/test_api.py::TestUser::test_x[1-2]')
  expect(id('tests.test_api', 'test_get')).toBe('tests/test_api.py::test_get')
  expect(id('tests.test_api.TestOuter.TestInner', 'test_get')).toBe('tests/test_api.py::TestOuter::TestInner::test_get')
  // The stack ended in a helper module: the test's own module instead.
  expect(id('tests.test_api', 'test_get', 'tests/helper.py')).toBe('tests/test_api.py::test_get')
  // The file the class name spells, as the results give it: a dotted folder, a run below the working directory.
  expect(id('tests.v1.2.test_api.TestUser', 'test_get', 'tests/v1.2/test_api.py')).toBe('tests/v1.2/test_api.py::TestUser::test_get')
  expect(id('tests.test_api.TestUser', 'test_get', 'py/tests/test_api.py')).toBe('py/tests/test_api.py::TestUser::test_get')
  // A module named like a folder of the class name's is not taken for it.
  expect(id('tests.test_api', 'test_get', 'lib/tests.py')).toBe('tests/test_api.py::test_get')
})

test('placeholders: known ones in order of use, ${VAR} left to the shell, unknown or none refused in one line', () => {
  expect(templatePlaceholders('npx jest {files} -t {pattern} --ci ${EXTRA}')).toEqual(['files', 'pattern'])
  expect(() => templatePlaceholders('npx jest {file}')).toThrow(
    '{file} is not a placeholder; use {files}, {names}, {pattern}, {titles}, {ids} or {packages}'
  )
  expect(() => templatePlaceholders('npx jest --ci')).toThrow('the template has no placeholder')
})

test('a target without a file cannot fill {files}; a shell without known quoting is refused', () => {
  const noFile: RerunTarget[] = [{ name: 'api › one', caseName: 'one', classname: 'api' }]
  expect(() => expandTemplate('npx jest {files}', noFile, { kind: 'bash' })).toThrow(
    'the test "api › one" has no file in the results, which {files} needs'
  )
  expect(expandTemplate('npx jest -t {pattern}', noFile, { kind: 'bash' })).toBe("npx jest -t '^(?:one)$'")
  expect(() => expandTemplate('pytest {ids}', targets(['x']), { kind: 'cmd' })).toThrow('a rerun template needs bash, sh or pwsh')
})

test('quoting: POSIX closes and reopens around a quote; PowerShell doubles every kind of single quote', () => {
  expect(posixQuote(`it's`)).toBe(`'it'\\''s'`)
  expect(powershellQuote(`it's ‘x’`)).toBe(`'it''s ‘‘x’’'`)
  expect(exactPattern(['a|b', 'c'])).toBe('^(?:a\\|b|c)$')
})

test("{pattern}: a vitest name (`api > users > x`) also matches as vitest's -t sees it, joined by spaces", () => {
  const pattern = exactPattern(['api > users > returns the user', 'plain'])
  expect(pattern).toBe('^(?:api > users > returns the user|api users returns the user|plain)$')
  const re = new RegExp(pattern)
  expect(['api users returns the user', 'api > users > returns the user', 'plain'].every(name => re.test(name))).toBe(true)
  expect(['api users returns the user too', 'users returns the user', 'api returns the user'].some(name => re.test(name))).toBe(false)
})

test("{pattern}: jest-junit's name of a test outside any describe block (` title`) also matches as jest's -t sees it (`title`)", () => {
  const pattern = exactPattern([" it's top-level", 'api x'])
  expect(pattern).toBe("^(?: it's top\\-level|it's top\\-level|api x)$")
  const re = new RegExp(pattern)
  expect(re.test("it's top-level") && re.test(" it's top-level")).toBe(true)
  expect(re.test("  it's top-level") || re.test("x it's top-level") || re.test(' api x')).toBe(false)
})

test('{packages} are the Go import paths the class names hold, each once; anything else is missing', () => {
  const go = (classname: string, caseName = 'TestX'): RerunTarget => ({ name: `${classname} › ${caseName}`, caseName, classname })
  const bash = { kind: 'bash' } as Parameters<typeof expandTemplate>[2]
  expect(
    expandTemplate(
      'go test -run {pattern} {packages}',
      [go('example.com/demo/api', 'TestSub/a_b'), go('example.com/demo/api', 'TestSub'), go('example.com/demo/net')],
      bash
    )
  ).toBe(`go test -run '^(?:TestSub\\/a_b|TestSub|TestX)$' 'example.com/demo/api' 'example.com/demo/net'`)
  for (const classname of ['', '-exec=x', './api', 'a/../b', 'a b', 'tests.test_api.TestUser!'])
    expect(goPackage(go(classname))).toBeUndefined()
  expect(() => expandTemplate('go test {packages}', [go('-x')], bash)).toThrow(
    'has no Go import path as its class name, which {packages} needs'
  )
})

describe('{titles}: a title path that ends with a name (Playwright’s -g)', () => {
  test('` › ` is spelled as a space, metacharacters are escaped, and only the end is anchored', () => {
    const pattern = new RegExp(titlesPattern(['net › fetches (config)', 'top level']))
    expect(pattern.test('net.spec.js net fetches (config)')).toBe(true)
    expect(pattern.test('top level')).toBe(true)
    expect(pattern.test('a.spec.js top level')).toBe(true)
    expect(pattern.test('a.spec.js top level too')).toBe(false)
    expect(pattern.test('a.spec.js stop level')).toBe(false)
    expect(pattern.test('net.spec.js net fetches config')).toBe(false)
  })
})
