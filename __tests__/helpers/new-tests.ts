/**
 * What the early flake detection tests share (docs/design.md §1 "Early flake detection"):
 * the history key of a CLI run, and suites whose tests record every execution in `runs.log`, with a new test that
 * fails one run in three (a counter file) and one that never fails.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { historyKey, scriptIdentity } from '../../src/core/receipts/identity.js'
import { REPO_ROOT } from './cli.js'

/** The history key of `script` run in the repository `dir` (the CLI's target) without a scope. */
export function cliHistoryKey(dir: string, script: string, scope = ''): string {
  return historyKey(dir, scope, scriptIdentity(script).hash)
}

/** A scratch git checkout. */
function checkout(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)))
  mkdirSync(join(dir, '.git'))
  return dir
}

/** The JavaScript that counts a test's run in `counter` and fails every third one (the 3rd, 6th, …). */
const EVERY_THIRD = (root: string) =>
  `const c = path.join(${root}, 'coupon-count'); const n = (fs.existsSync(c) ? Number(fs.readFileSync(c, 'utf8')) : 0) + 1; fs.writeFileSync(c, String(n)); expect(n % 3).not.toBe(0)`

/**
 * A jest project (jest-junit with the file attribute): `src/old.test.js` with three tests
 * (`old › …`); `addNewTests` adds `src/cart.test.js`, whose `applies the coupon` fails its
 * every third run and `totals the cart` never fails. `sleepMs` makes the new tests slow.
 */
export function jestNewTestsProject(): { dir: string; addNewTests: (sleepMs?: number) => void } {
  const dir = checkout('reverify-newtests-jest-')
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    join(dir, 'jest.config.js'),
    `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  mkdirSync(join(dir, 'src'))
  const head = [`const fs = require('fs')`, `const path = require('path')`, `const root = path.join(__dirname, '..')`]
  const record = (name: string) => `fs.appendFileSync(path.join(root, 'runs.log'), ${JSON.stringify(name)} + '\\n')`
  writeFileSync(
    join(dir, 'src', 'old.test.js'),
    [
      ...head,
      `describe('old', () => {`,
      ...['adds', 'subtracts', 'divides'].map(name => `  test('${name}', () => { ${record(`old ${name}`)} })`),
      `})`,
      ''
    ].join('\n')
  )
  const addNewTests = (sleepMs = 0) => {
    const sleep = sleepMs > 0 ? ` Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${sleepMs});` : ''
    writeFileSync(
      join(dir, 'src', 'cart.test.js'),
      [
        ...head,
        `describe('cart', () => {`,
        `  test('applies the coupon', () => { ${record('cart applies the coupon')};${sleep} ${EVERY_THIRD('root')} })`,
        `  test('totals the cart', () => { ${record('cart totals the cart')};${sleep} })`,
        `})`,
        ''
      ].join('\n')
    )
  }
  return { dir, addNewTests }
}

/** The same for pytest: `tests/test_old.py` with three tests; `addNewTests` adds `tests/test_cart.py`. */
export function pytestNewTestsProject(): { dir: string; addNewTests: () => void } {
  const dir = checkout('reverify-newtests-pytest-')
  writeFileSync(join(dir, 'pytest.ini'), '[pytest]\naddopts = -p no:cacheprovider\n')
  mkdirSync(join(dir, 'tests'))
  const root = `os.path.join(os.path.dirname(__file__), '..')`
  const record = (name: string) =>
    `    with open(os.path.join(${root}, 'runs.log'), 'a') as log:\n        log.write(${JSON.stringify(name)} + '\\n')\n`
  const test = (fn: string, name: string, body = '') => `def ${fn}():\n${record(name)}${body}\n`
  writeFileSync(
    join(dir, 'tests', 'test_old.py'),
    `import os\n\n${['adds', 'subtracts', 'divides'].map(name => test(`test_${name}`, `old ${name}`)).join('\n')}`
  )
  const everyThird = [
    `    counter = os.path.join(${root}, 'coupon-count')`,
    `    n = (int(open(counter).read()) if os.path.exists(counter) else 0) + 1`,
    `    open(counter, 'w').write(str(n))`,
    `    assert n % 3 != 0, 'coupon applied twice'`,
    ''
  ].join('\n')
  const addNewTests = () =>
    writeFileSync(
      join(dir, 'tests', 'test_cart.py'),
      `import os\n\n${test('test_applies_the_coupon', 'cart applies the coupon', everyThird)}\n${test('test_totals_the_cart', 'cart totals the cart')}`
    )
  return { dir, addNewTests }
}

/** How many times each recorded name ran, from `runs.log` (emptied after reading when `reset`). */
export function countRuns(dir: string, reset = true): Map<string, number> {
  const path = join(dir, 'runs.log')
  const counts = new Map<string, number>()
  if (!existsSync(path)) return counts
  const text = readFileSync(path, 'utf8')
  for (const line of text.split('\n').filter(Boolean)) counts.set(line, (counts.get(line) ?? 0) + 1)
  if (reset) writeFileSync(path, '')
  return counts
}
