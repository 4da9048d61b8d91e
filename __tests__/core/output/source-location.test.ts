import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { locateInText, WorkspacePaths } from '../../../src/core/output/source-location.js'

let root: string
let workspace: string
let outside: string

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-locate-')))
  workspace = join(root, 'repo')
  outside = join(root, 'elsewhere')
  for (const dir of ['src', 'packages/api/src', 'tests']) mkdirSync(join(workspace, dir), { recursive: true })
  mkdirSync(outside)
  for (const file of ['src/api.test.js', 'src/a.ts', 'packages/api/src/handler.ts', 'tests/test_math.py', 'math_test.go']) {
    writeFileSync(join(workspace, file), '')
  }
  writeFileSync(join(outside, 'secret.js'), '')
  symlinkSync(join(outside, 'secret.js'), join(workspace, 'src', 'linked.js'))
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('locateInText', () => {
  test.each([
    ['a jest stack line', '    at Object.<anonymous> (src/api.test.js:14:23)', { file: 'src/api.test.js', line: 14, column: 23 }],
    ['a bare path:line:col', 'src/a.ts:3:5 - error', { file: 'src/a.ts', line: 3, column: 5 }],
    ['a go path:line', '    math_test.go:12: add(1, 2) = 3, want 4', { file: 'math_test.go', line: 12 }],
    ['a python frame', '  File "tests/test_math.py", line 5, in test_add', { file: 'tests/test_math.py', line: 5 }],
    ['a pytest location', 'tests/test_math.py:5: AssertionError', { file: 'tests/test_math.py', line: 5 }],
    ['tsc', "src/a.ts(3,5): error TS2322: Type 'string' is not assignable", { file: 'src/a.ts', line: 3, column: 5 }],
    ['a file:// URL', '    at file:///WORKSPACE/src/a.ts:7:2', { file: 'src/a.ts', line: 7, column: 2 }]
  ])('%s', (_, text, expected) => {
    expect(locateInText(text.replace('WORKSPACE', workspace.slice(1)), { workspace })).toEqual(expected)
  })

  test('an absolute path inside the workspace becomes relative to it', () => {
    const text = `    at handler (${join(workspace, 'packages/api/src/handler.ts')}:40:9)`
    expect(locateInText(text, { workspace })).toEqual({ file: 'packages/api/src/handler.ts', line: 40, column: 9 })
  })

  test('a path relative to the working directory is found there and given relative to the workspace', () => {
    const text = 'src/handler.ts:8:1: error'
    expect(locateInText(text, { workspace })).toBeUndefined()
    expect(locateInText(text, { workspace, workingDirectory: join(workspace, 'packages/api') })).toEqual({
      file: 'packages/api/src/handler.ts',
      line: 8,
      column: 1
    })
  })

  test('a python traceback: its innermost frame in the workspace', () => {
    const text = [
      'Traceback (most recent call last):',
      '  File "tests/test_math.py", line 10, in <module>',
      '  File "src/a.ts", line 6, in main',
      '  File "/usr/lib/python3.12/json/decoder.py", line 355, in raw_decode',
      'ValueError: bad config'
    ].join('\n')
    expect(locateInText(text, { workspace })).toEqual({ file: 'src/a.ts', line: 6 })
  })

  test('the first existing file wins; a missing one is skipped', () => {
    const text = 'Error: boom\n    at run (src/missing.js:1:1)\n    at Object.<anonymous> (src/api.test.js:14:23)'
    expect(locateInText(text, { workspace })).toEqual({ file: 'src/api.test.js', line: 14, column: 23 })
  })

  test.each([
    ['a missing file', 'src/missing.js:3:1'],
    ['an absolute path outside the workspace', 'OUTSIDE/secret.js:3:1'],
    ['a .. escape, even one that comes back in', '../elsewhere/secret.js:3:1\n../repo/src/a.ts:3:1\nsrc/../src/a.ts:3:1'],
    ['a link out of the workspace', 'src/linked.js:3:1'],
    ['a directory', 'src:3:1'],
    ['a host and port', 'connect ETIMEDOUT 10.0.0.5:443'],
    ['line zero', 'src/a.ts:0:1'],
    ['no line at all', 'FAIL src/api.test.js']
  ])('nothing for %s', (_, text) => {
    expect(locateInText(text.replace('OUTSIDE', outside), { workspace })).toBeUndefined()
  })

  test('a working directory outside the workspace does not widen it', () => {
    expect(locateInText('secret.js:3:1', { workspace, workingDirectory: outside })).toBeUndefined()
  })
})

describe('WorkspacePaths', () => {
  test("a runner's absolute paths of workspace files become relative; others stay as written", () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-paths-')))
    mkdirSync(join(dir, 'src'))
    writeFileSync(join(dir, 'src', 'api.test.js'), '')
    const paths = new WorkspacePaths({ workspace: dir })
    const text = [
      'Expected: 200',
      `    at Object.toBe (${dir}/src/api.test.js:4:17)`,
      `    at file://${dir}/src/api.test.js:5:1`,
      '    at run (/usr/lib/node/runner.js:10:3)',
      `    at gone (${dir}/src/missing.js:1:1)`
    ].join('\n')
    expect(paths.text(text)).toBe(
      [
        'Expected: 200',
        '    at Object.toBe (src/api.test.js:4:17)',
        '    at src/api.test.js:5:1',
        '    at run (/usr/lib/node/runner.js:10:3)',
        `    at gone (${dir}/src/missing.js:1:1)`
      ].join('\n')
    )
  })
})
