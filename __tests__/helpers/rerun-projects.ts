/**
 * The projects the per-runner rerun tests run (docs/design.md §1 "Rerunning only the failed
 * tests"): for each runner, a suite of 33 tests in three files or packages (api, net, util,
 * eleven tests each) in a scratch git folder. One test is flaky (`net › fetches config`
 * fails the first time it ever runs, through a `flaky-ran` file) and one always fails
 * (`api › returns the user`, until a `fixed` file exists). Every test appends its name to
 * `runs.log` when it runs, so a test can count what each attempt executed (`executions`).
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from './cli.js'

/** The three files or packages of every suite. */
const FILES = ['api', 'net', 'util'] as const

/** A scratch folder that is a git checkout (an empty `.git`), with `reports/` when asked. */
function scratchCheckout(runner: string, reports = false): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `reverify-rerun-${runner}-`)))
  mkdirSync(join(dir, '.git'))
  if (reports) mkdirSync(join(dir, 'reports'))
  return dir
}

/** How a JavaScript runner's suite is written: the files around the tests, and how a test and its checks are spelled. */
interface JsSuite {
  runner: string
  /** The package's module type: `require` in commonjs, `import` in module. */
  type: 'commonjs' | 'module'
  /** Link this repository's node_modules, for a runner the suite takes from there. */
  linkModules: boolean
  /** Make `reports/` up front, for a reporter that does not. */
  reports?: boolean
  /** Files beside the tests (a runner's config), by path. */
  config: Record<string, string>
  /** The folder and the ending of the test files. */
  testDir: string
  ending: string
  /** The lines before the tests: imports, and `root` and `record` defined. */
  head: string[]
  /** The group and test functions: `describe` and `test`, `test.describe` and `test`, `describe` and `it`. */
  describe: string
  test: string
  /** A check that a boolean expression is false, and one that it is true. */
  isFalse: (expression: string) => string
  isTrue: (expression: string) => string
}

/** The head lines every JavaScript suite ends with, after its imports of `fs` and `path`. */
const ROOT_AND_RECORD = ['const root = ROOT', `const record = name => fs.appendFileSync(path.join(root, 'runs.log'), name + '\\n')`]

/** Writes a JavaScript runner's suite and returns its folder. */
function jsSuite(spec: JsSuite): string {
  const dir = scratchCheckout(spec.runner, spec.reports)
  if (spec.linkModules) symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), `{ "private": true, "type": "${spec.type}" }\n`)
  for (const [file, text] of Object.entries(spec.config)) writeFileSync(join(dir, file), text)
  mkdirSync(join(dir, spec.testDir))
  const rootOf = spec.type === 'module' ? `path.join(import.meta.dirname, '..')` : `path.join(__dirname, '..')`
  const head = [...spec.head, ...ROOT_AND_RECORD].join('\n').replace('ROOT', rootOf)
  for (const file of FILES) {
    const tests = Array.from({ length: 11 }, (_, index) => {
      const name = `${file} case ${index}`
      if (file === 'net' && index === 3) {
        // Flaky: fails the first time it ever runs.
        return `  ${spec.test}('fetches config', () => { record('${file} › fetches config'); const f = path.join(root, 'flaky-ran'); const first = !fs.existsSync(f); fs.writeFileSync(f, ''); ${spec.isFalse('first')} })`
      }
      if (file === 'api' && index === 7) {
        return `  ${spec.test}('returns the user', () => { record('${file} › returns the user'); ${spec.isTrue(`fs.existsSync(path.join(root, 'fixed'))`)} })`
      }
      return `  ${spec.test}('${name}', () => { record('${name}') })`
    })
    writeFileSync(
      join(dir, spec.testDir, `${file}${spec.ending}`),
      `${head}\n${spec.describe}('${file}', () => {\n${tests.join('\n')}\n})\n`
    )
  }
  return dir
}

const REQUIRE_FS = [`const fs = require('fs')`, `const path = require('path')`]
const EXPECT = { isFalse: (value: string) => `expect(${value}).toBe(false)`, isTrue: (value: string) => `expect(${value}).toBe(true)` }
const ASSERT = { isFalse: (value: string) => `assert.strictEqual(${value}, false)`, isTrue: (value: string) => `assert.ok(${value})` }

/** A jest project using this repository's jest and jest-junit (with the file attribute). */
export const jestProject = (): string =>
  jsSuite({
    runner: 'jest',
    type: 'commonjs',
    linkModules: true,
    config: {
      'jest.config.js': `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
    },
    testDir: 'src',
    ending: '.test.js',
    head: REQUIRE_FS,
    describe: 'describe',
    test: 'test',
    ...EXPECT
  })

/** A vitest project using this repository's vitest; the junit reporter is in its config. */
export const vitestProject = (): string =>
  jsSuite({
    runner: 'vitest',
    type: 'module',
    linkModules: true,
    config: {
      'vitest.config.js': `export default { test: { include: ['src/**/*.test.js'], reporters: ['default', 'junit'], outputFile: { junit: 'reports/junit.xml' } } }\n`
    },
    testDir: 'src',
    ending: '.test.js',
    head: [`import { describe, test, expect } from 'vitest'`, `import fs from 'node:fs'`, `import path from 'node:path'`],
    describe: 'describe',
    test: 'test',
    ...EXPECT
  })

/** A mocha project using this repository's mocha; mocha-junit-reporter is in its .mocharc. */
export const mochaProject = (): string =>
  jsSuite({
    runner: 'mocha',
    type: 'commonjs',
    linkModules: true,
    config: { '.mocharc.json': `{ "reporter": "mocha-junit-reporter", "reporter-option": ["mochaFile=reports/junit.xml"] }\n` },
    testDir: 'src',
    ending: '.test.js',
    head: [`const assert = require('node:assert')`, ...REQUIRE_FS],
    describe: 'describe',
    test: 'it',
    ...ASSERT
  })

/** A node:test suite; `reports/` exists, as the junit reporter does not make it. */
export const nodeTestProject = (): string =>
  jsSuite({
    runner: 'node-test',
    type: 'commonjs',
    linkModules: false,
    reports: true,
    config: {},
    testDir: 'src',
    ending: '.test.js',
    head: [`const { describe, test } = require('node:test')`, `const assert = require('node:assert')`, ...REQUIRE_FS],
    describe: 'describe',
    test: 'test',
    ...ASSERT
  })

/** A Playwright project using this repository's @playwright/test (tests that use no browser). */
export const playwrightProject = (): string =>
  jsSuite({
    runner: 'playwright',
    type: 'commonjs',
    linkModules: true,
    config: {
      'playwright.config.js': `module.exports = { testDir: 'tests', workers: 2, reporter: [['list'], ['junit', { outputFile: 'reports/junit.xml' }]] }\n`
    },
    testDir: 'tests',
    ending: '.spec.js',
    head: [`const { test, expect } = require('@playwright/test')`, ...REQUIRE_FS],
    describe: 'test.describe',
    test: 'test',
    ...EXPECT
  })

/**
 * A pytest project. The flaky test is parametrized (its name is `test_fetches_config[x y-1]`);
 * the broken one is a class's method whose failure's stack ends in a helper module, not in
 * the test's own file.
 */
export function pytestProject(): string {
  const dir = scratchCheckout('pytest')
  writeFileSync(join(dir, 'pytest.ini'), '[pytest]\naddopts = -p no:cacheprovider\n')
  mkdirSync(join(dir, 'tests'))
  const root = `os.path.join(os.path.dirname(__file__), '..')`
  writeFileSync(
    join(dir, 'tests', 'helper.py'),
    `import os\n\ndef record(name):\n    with open(os.path.join(${root}, 'runs.log'), 'a') as log:\n        log.write(name + '\\n')\n\ndef check_fixed():\n    assert os.path.exists(os.path.join(${root}, 'fixed'))\n`
  )
  for (const file of FILES) {
    // api's tests are a class's methods; the others are functions.
    const indent = file === 'api' ? '    ' : ''
    const self = file === 'api' ? 'self' : ''
    const tests = Array.from({ length: 11 }, (_, index) => {
      if (file === 'net' && index === 3) {
        return [
          `@pytest.mark.parametrize('host,port', [('x y', 1)])`,
          `def test_fetches_config(host, port):`,
          `    record('net › fetches config')`,
          `    flag = os.path.join(${root}, 'flaky-ran')`,
          `    first = not os.path.exists(flag)`,
          `    open(flag, 'w').close()`,
          `    assert not first`
        ]
      }
      if (file === 'api' && index === 7)
        return [`def test_returns_user(self):`, `    record('api › returns the user')`, `    check_fixed()`]
      return [`def test_${file}_case_${index}(${self}):`, `    record('${file} case ${index}')`]
    })
    const body = tests.map(lines => lines.map(line => `${indent}${line}`).join('\n')).join('\n\n')
    const head = `import os\nimport pytest\nfrom helper import record, check_fixed\n\n`
    writeFileSync(join(dir, 'tests', `test_${file}.py`), `${head}${file === 'api' ? 'class TestUser:\n' : ''}${body}\n`)
  }
  return dir
}

/**
 * A Go module of three packages (the standard library only: nothing to download). util has a
 * passing TestFetchesConfig too, so a rerun that ran the name in every package would show.
 * With `subtests`, api's broken test fails in the first of its two subtests.
 */
export function goProject(subtests = false): string {
  const dir = scratchCheckout('go', true)
  writeFileSync(join(dir, 'go.mod'), 'module example.com/demo\n\ngo 1.19\n')
  const helpers = [
    `func record(name string) {`,
    `\tlog, err := os.OpenFile(filepath.Join("..", "runs.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)`,
    `\tif err != nil {`,
    `\t\tpanic(err)`,
    `\t}`,
    `\tdefer log.Close()`,
    `\tlog.WriteString(name + "\\n")`,
    `}`
  ].join('\n')
  const notFixed = [`if _, err := os.Stat(filepath.Join("..", "fixed")); err != nil {`, `\tt.Fatal("not fixed")`, `}`]
  for (const pkg of FILES) {
    mkdirSync(join(dir, pkg))
    const tests = Array.from({ length: 11 }, (_, index) => {
      if (pkg === 'net' && index === 3) {
        return [
          `func TestFetchesConfig(t *testing.T) {`,
          `\trecord("net › fetches config")`,
          `\tflag := filepath.Join("..", "flaky-ran")`,
          `\t_, err := os.Stat(flag)`,
          `\tos.WriteFile(flag, nil, 0o644)`,
          `\tif err != nil {`,
          `\t\tt.Fatal("first run")`,
          `\t}`,
          `}`
        ]
      }
      if (pkg === 'util' && index === 3) return [`func TestFetchesConfig(t *testing.T) {`, `\trecord("util › fetches config")`, `}`]
      if (pkg === 'api' && index === 7 && subtests) {
        return [
          `func TestReturnsUser(t *testing.T) {`,
          `\tt.Run("by id", func(t *testing.T) {`,
          `\t\trecord("api › returns the user by id")`,
          ...notFixed.map(line => `\t\t${line}`),
          `\t})`,
          `\tt.Run("by name", func(t *testing.T) { record("api › returns the user by name") })`,
          `}`
        ]
      }
      if (pkg === 'api' && index === 7) {
        return [`func TestReturnsUser(t *testing.T) {`, `\trecord("api › returns the user")`, ...notFixed.map(line => `\t${line}`), `}`]
      }
      return [`func TestCase${index}(t *testing.T) {`, `\trecord("${pkg} case ${index}")`, `}`]
    })
    const head = `package ${pkg}\n\nimport (\n\t"os"\n\t"path/filepath"\n\t"testing"\n)\n\n${helpers}\n\n`
    writeFileSync(join(dir, pkg, `${pkg}_test.go`), `${head}${tests.map(lines => lines.join('\n')).join('\n\n')}\n`)
  }
  return dir
}
