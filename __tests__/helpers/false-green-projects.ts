/**
 * Small projects for the false-green corpus (__tests__/cli/false-green-corpus.slow.test.ts), one
 * per real runner: each has a test that fails on its first run only (`fetches config`, in a
 * file or package `net`) and one that passes, writes JUnit where `test-results` looks, and
 * takes a breakage the row adds on top. jest, vitest and mocha run from this repository's
 * node_modules; pytest and go (with gotestsum) from the machine.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { REPO_ROOT } from './cli.js'

export type Runner = 'jest' | 'vitest' | 'pytest' | 'go' | 'mocha'

/** The flaky test as reverify names it from each runner's JUnit: what a quarantine entry names. */
export const FLAKY_TEST: Record<Runner, string> = {
  jest: 'net fetches config',
  vitest: 'src/net.test.js › net > fetches config',
  pytest: 'tests.test_net › test_fetches_config',
  go: 'example.com/demo/net › TestFetchesConfig',
  mocha: 'fetches config › net fetches config'
}

/** The command that runs each project's whole suite. */
export const SUITE_COMMAND: Record<Runner, string> = {
  jest: 'npx jest --ci',
  vitest: 'npx vitest run',
  pytest: 'python -m pytest --junitxml=reports/junit.xml',
  go: 'gotestsum --junitfile reports/junit.xml -- ./...',
  mocha: "npx mocha 'src/**/*.test.js'"
}

/** Go's caches for every project of a test file: no module is downloaded. */
export function goEnv(scratch: string): NodeJS.ProcessEnv {
  return { GOCACHE: join(scratch, 'cache'), GOPATH: join(scratch, 'path'), GOPROXY: 'off', GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' }
}

/** Writes `files` (path relative to `dir` → content), making folders. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
}

// The flaky test's check, in each language: false the first time it runs (a marker file in the project).
const JS_FIRST_RUN = `(() => { const f = require('path').join(__dirname, '..', 'flaky-ran'); const first = !require('fs').existsSync(f); require('fs').writeFileSync(f, ''); return first })()`

const JEST_CONFIG = (extra: string) =>
  `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true'${extra} }]] }\n`

/** The files of each runner's project. */
const PROJECTS: Record<Runner, () => Record<string, string>> = {
  jest: () => ({
    'package.json': '{ "private": true, "type": "commonjs" }\n',
    'jest.config.js': JEST_CONFIG(''),
    'src/net.test.js': `describe('net', () => {\n  test('resolves hosts', () => {})\n  test('fetches config', () => { expect(${JS_FIRST_RUN}).toBe(false) })\n})\n`,
    'src/util.test.js': `describe('util', () => {\n  test('formats dates', () => {})\n})\n`
  }),
  vitest: () => ({
    'package.json': '{ "private": true, "type": "module" }\n',
    'vitest.config.js': `export default { test: { include: ['src/**/*.test.js'], reporters: ['default', 'junit'], outputFile: { junit: 'reports/junit.xml' } } }\n`,
    'src/net.test.js': [
      `import { describe, test, expect } from 'vitest'`,
      `import fs from 'node:fs'`,
      `const f = new URL('../flaky-ran', import.meta.url)`,
      `describe('net', () => {`,
      `  test('resolves hosts', () => {})`,
      `  test('fetches config', () => { const first = !fs.existsSync(f); fs.writeFileSync(f, ''); expect(first).toBe(false) })`,
      `})`,
      ''
    ].join('\n'),
    'src/util.test.js': `import { test } from 'vitest'\ntest('formats dates', () => {})\n`
  }),
  pytest: () => ({
    'tests/__init__.py': '',
    'tests/test_net.py': [
      'import os',
      'FLAG = os.path.join(os.path.dirname(__file__), "..", "flaky-ran")',
      'def test_resolves_hosts():',
      '    pass',
      'def test_fetches_config():',
      '    first = not os.path.exists(FLAG)',
      '    open(FLAG, "w").close()',
      '    assert not first',
      ''
    ].join('\n'),
    'tests/test_util.py': 'def test_formats_dates():\n    pass\n'
  }),
  go: () => ({
    'go.mod': 'module example.com/demo\n\ngo 1.19\n',
    'net/net_test.go': [
      'package net',
      '',
      'import (',
      '\t"os"',
      '\t"path/filepath"',
      '\t"testing"',
      ')',
      '',
      'func TestResolvesHosts(t *testing.T) {}',
      '',
      'func TestFetchesConfig(t *testing.T) {',
      '\tflag := filepath.Join("..", "flaky-ran")',
      '\t_, err := os.Stat(flag)',
      '\tos.WriteFile(flag, nil, 0o644)',
      '\tif err != nil {',
      '\t\tt.Fatal("first run")',
      '\t}',
      '}',
      ''
    ].join('\n'),
    'util/util_test.go': 'package util\n\nimport "testing"\n\nfunc TestFormatsDates(t *testing.T) {}\n'
  }),
  mocha: () => ({
    'package.json': '{ "private": true, "type": "commonjs" }\n',
    '.mocharc.json': `{ "reporter": "mocha-junit-reporter", "reporter-option": ["mochaFile=reports/junit.xml"] }\n`,
    'src/net.test.js': `const assert = require('node:assert')\ndescribe('net', () => {\n  it('resolves hosts', () => {})\n  it('fetches config', () => { assert.strictEqual(${JS_FIRST_RUN}, false) })\n})\n`,
    'src/util.test.js': `describe('util', () => {\n  it('formats dates', () => {})\n})\n`
  })
}

/** A fresh project of `runner` in a scratch git folder (a `reports` folder made, node_modules linked for the JavaScript runners). */
export function project(runner: Runner): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `reverify-false-green-${runner}-`)))
  mkdirSync(join(dir, '.git'))
  mkdirSync(join(dir, 'reports'))
  if (runner === 'jest' || runner === 'vitest' || runner === 'mocha')
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFiles(dir, PROJECTS[runner]())
  return dir
}

/** jest's config with more reporter options (`, reportTestSuiteErrors: 'true'`) or more settings after it. */
export function jestConfig(reporterExtra: string, settings = ''): string {
  return JEST_CONFIG(reporterExtra).replace(/ }\n$/, `${settings} }\n`)
}
