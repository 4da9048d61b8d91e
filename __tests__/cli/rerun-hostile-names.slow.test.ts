/**
 * Hostile test names through every preset and placeholder, with the real runners (the
 * contract's §11; docs/test-results.md "Hostile names"): names holding quotes, `$( )`,
 * backticks, a leading `-`, 2,000 characters and a newline. Every such test is flaky (fails
 * the first time it runs), so the retry reruns all of them at once. What must hold: nothing
 * in a name runs (no `pwned` file), nothing becomes an option, and each name matches itself
 * (the test ran exactly twice and the run is flaky, naming it). Where a runner cannot hold
 * or match a name, the run fails and names that test as not rerun: never a false green.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

/** The hostile names, by the key each test appends to runs.log when it runs. */
const NAMES: Record<string, string> = {
  quotes: `it's a "quoted" name`,
  command: '$(touch pwned)',
  backticks: '`touch pwned`',
  dash: '-t x --version',
  long: `long ${'x'.repeat(2_000)}`,
  newline: 'line one\nline two'
}
const KEYS = Object.keys(NAMES)

/** A scratch git folder holding names.json (the names of `keys`), which every generated suite reads its tests from. */
function scratch(runner: string, keys: readonly string[], nodeModules = false): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `reverify-hostile-${runner}-`)))
  mkdirSync(join(dir, '.git'))
  mkdirSync(join(dir, 'reports'))
  if (nodeModules) symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'names.json'), JSON.stringify(Object.fromEntries(keys.map(key => [key, NAMES[key]]))))
  return dir
}

/** A JavaScript test file: one test per name, each failing the first time it runs. */
function jsTests(head: string, root: string, define: string): string {
  return [
    head,
    `const names = JSON.parse(fs.readFileSync(path.join(${root}, 'names.json'), 'utf8'))`,
    `for (const [key, name] of Object.entries(names)) {`,
    `  ${define}(name, () => {`,
    `    fs.appendFileSync(path.join(${root}, 'runs.log'), key + '\\n')`,
    `    const flag = path.join(${root}, 'ran-' + key)`,
    `    const first = !fs.existsSync(flag)`,
    `    fs.writeFileSync(flag, '')`,
    `    if (first) throw new Error('first run')`,
    `  })`,
    `}`,
    ''
  ].join('\n')
}

const CJS = `const fs = require('fs')\nconst path = require('path')`

function jestSuite(keys: readonly string[]): string {
  const dir = scratch('jest', keys, true)
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    join(dir, 'jest.config.js'),
    `module.exports = { testMatch: ['**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]] }\n`
  )
  // A file whose name starts with `-` too: {files} must not hand it over as an option.
  writeFileSync(join(dir, '-hostile.test.js'), jsTests(CJS, '__dirname', 'test'))
  // {names} arrive as words: this script records them and reruns them by exact title.
  writeFileSync(
    join(dir, 'rerun-names.js'),
    [
      CJS,
      `const names = process.argv.slice(2)`,
      `fs.writeFileSync('names-received.json', JSON.stringify(names))`,
      `const exact = names.map(name => name.trim().replace(/[\\\\^$.*+?()[\\]{}|-]/g, '\\\\$&'))`,
      `const run = require('child_process').spawnSync('npx', ['jest', '--ci', '-t', '^(?:' + exact.join('|') + ')$'], { stdio: 'inherit' })`,
      `process.exit(run.status ?? 1)`,
      ''
    ].join('\n')
  )
  return dir
}

function vitestSuite(keys: readonly string[]): string {
  const dir = scratch('vitest', keys, true)
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n')
  writeFileSync(
    join(dir, 'vitest.config.js'),
    `export default { test: { include: ['src/**/*.test.js'], reporters: ['default', 'junit'], outputFile: { junit: 'reports/junit.xml' } } }\n`
  )
  mkdirSync(join(dir, 'src'))
  const head = `import { test } from 'vitest'\nimport fs from 'node:fs'\nimport path from 'node:path'`
  writeFileSync(join(dir, 'src', 'hostile.test.js'), jsTests(head, `import.meta.dirname, '..'`, 'test'))
  return dir
}

function mochaSuite(keys: readonly string[]): string {
  const dir = scratch('mocha', keys, true)
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(join(dir, '.mocharc.json'), `{ "reporter": "mocha-junit-reporter", "reporter-option": ["mochaFile=reports/junit.xml"] }\n`)
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src', 'hostile.test.js'), jsTests(CJS, `__dirname, '..'`, 'it'))
  return dir
}

function playwrightSuite(keys: readonly string[]): string {
  const dir = scratch('playwright', keys, true)
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  writeFileSync(
    join(dir, 'playwright.config.js'),
    `module.exports = { testDir: 'tests', reporter: [['junit', { outputFile: 'reports/junit.xml' }]] }\n`
  )
  mkdirSync(join(dir, 'tests'))
  writeFileSync(
    join(dir, 'tests', 'hostile.spec.js'),
    jsTests(`const { test } = require('@playwright/test')\n${CJS}`, `__dirname, '..'`, 'test')
  )
  return dir
}

function nodeTestSuite(keys: readonly string[]): string {
  const dir = scratch('node-test', keys)
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "commonjs" }\n')
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src', 'hostile.test.js'), jsTests(`const { test } = require('node:test')\n${CJS}`, `__dirname, '..'`, 'test'))
  return dir
}

function pytestSuite(keys: readonly string[]): string {
  const dir = scratch('pytest', keys)
  writeFileSync(join(dir, 'pytest.ini'), '[pytest]\naddopts = -p no:cacheprovider\n')
  mkdirSync(join(dir, 'tests'))
  writeFileSync(
    join(dir, 'tests', 'test_hostile.py'),
    [
      'import json, os, pytest',
      `ROOT = os.path.join(os.path.dirname(__file__), '..')`,
      `NAMES = json.load(open(os.path.join(ROOT, 'names.json')))`,
      '',
      `@pytest.mark.parametrize('key', list(NAMES), ids=list(NAMES.values()))`,
      'def test_hostile(key):',
      `    with open(os.path.join(ROOT, 'runs.log'), 'a') as log:`,
      `        log.write(key + '\\n')`,
      `    flag = os.path.join(ROOT, 'ran-' + key)`,
      '    first = not os.path.exists(flag)',
      `    open(flag, 'w').close()`,
      '    assert not first',
      ''
    ].join('\n')
  )
  return dir
}

function goSuite(keys: readonly string[]): string {
  const dir = scratch('go', keys)
  writeFileSync(join(dir, 'go.mod'), 'module example.com/demo\n\ngo 1.19\n')
  mkdirSync(join(dir, 'hostile'))
  writeFileSync(
    join(dir, 'hostile', 'hostile_test.go'),
    [
      'package hostile',
      '',
      'import (',
      '\t"encoding/json"',
      '\t"os"',
      '\t"path/filepath"',
      '\t"testing"',
      ')',
      '',
      'func TestHostile(t *testing.T) {',
      '\tvar names map[string]string',
      '\traw, _ := os.ReadFile(filepath.Join("..", "names.json"))',
      '\tjson.Unmarshal(raw, &names)',
      '\tfor key, name := range names {',
      '\t\tkey := key',
      '\t\tt.Run(name, func(t *testing.T) {',
      '\t\t\tlog, _ := os.OpenFile(filepath.Join("..", "runs.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)',
      '\t\t\tlog.WriteString(key + "\\n")',
      '\t\t\tlog.Close()',
      '\t\t\tflag := filepath.Join("..", "ran-"+key)',
      '\t\t\t_, err := os.Stat(flag)',
      '\t\t\tos.WriteFile(flag, nil, 0o644)',
      '\t\t\tif err != nil {',
      '\t\t\t\tt.Fatal("first run")',
      '\t\t\t}',
      '\t\t})',
      '\t}',
      '}',
      ''
    ].join('\n')
  )
  return dir
}

const works = (command: string, ...args: string[]) => spawnSync(command, args).status === 0

/** A JUnit attribute's text as an XML reader sees it: raw line breaks and tabs are spaces, then references are decoded. */
function attributeText(raw: string): string {
  return raw
    .replace(/[\t\n\r]/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&(quot|apos|lt|gt);/g, (_, entity: string) => ({ quot: '"', apos: "'", lt: '<', gt: '>' })[entity]!)
    .replace(/&amp;/g, '&')
}

/**
 * The names this node's junit reporter does not write as they are (Node 20 escapes a
 * double quote twice and drops a newline), found by asking it: the rerun cannot match them.
 */
function nodeLoses(): string[] {
  const dir = scratch('node-probe', KEYS)
  writeFileSync(join(dir, 'probe.test.js'), jsTests(`const { test } = require('node:test')\n${CJS}`, '__dirname', 'test'))
  const args = ['--test', '--test-reporter=junit', '--test-reporter-destination=stdout', 'probe.test.js']
  const xml = spawnSync('node', args, { cwd: dir, encoding: 'utf8' }).stdout
  const written = [...xml.matchAll(/<testcase\b[^>]*?\bname="([^"]*)"/g)].map(match => attributeText(match[1]!))
  return KEYS.filter(key => !written.includes(NAMES[key]!))
}
const goCache = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-hostile-go-cache-')))

interface Case {
  runner: string
  suite: (keys: readonly string[]) => string
  command: string
  /** The preset, or a template. */
  rerun: string
  /** Keys of the names this runner's results do not keep as they are, so a rerun cannot match them. */
  lost: string[]
  available: boolean
  env?: NodeJS.ProcessEnv
  /** The name as the runner writes it (pytest writes a newline in an id as `\n`, Go every space as `_`). */
  spell?: (name: string) => string
}

const JEST_TEMPLATE = 'node rerun-names.js {names}'
const NODE_REPORTERS =
  '--test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=reports/junit.xml'

const CASES: Case[] = [
  { runner: 'jest', suite: jestSuite, command: 'npx jest --ci', rerun: 'jest', lost: ['newline'], available: true },
  { runner: 'jest', suite: jestSuite, command: 'npx jest --ci', rerun: JEST_TEMPLATE, lost: ['newline'], available: true },
  { runner: 'vitest', suite: vitestSuite, command: 'npx vitest run', rerun: 'vitest', lost: ['newline'], available: true },
  { runner: 'mocha', suite: mochaSuite, command: "npx mocha 'src/*.test.js'", rerun: 'mocha', lost: ['newline'], available: true },
  { runner: 'playwright', suite: playwrightSuite, command: 'npx playwright test', rerun: 'playwright', lost: ['newline'], available: true },
  {
    runner: 'node-test',
    suite: nodeTestSuite,
    command: `node --test ${NODE_REPORTERS} src/`,
    rerun: 'node-test',
    lost: nodeLoses(),
    available: true
  },
  {
    runner: 'pytest',
    suite: pytestSuite,
    command: 'python -m pytest --junitxml=reports/junit.xml',
    rerun: 'pytest',
    lost: [],
    spell: name => name.replace(/\n/g, '\\n'),
    available: works('python', '-m', 'pytest', '--version')
  },
  {
    runner: 'go',
    suite: goSuite,
    command: 'gotestsum --junitfile reports/junit.xml -- -count=1 ./...',
    rerun: 'go',
    lost: [],
    available: works('go', 'version') && works('gotestsum', '--version'),
    spell: name => name.replace(/\s/g, '_'),
    env: { GOCACHE: join(goCache, 'cache'), GOPATH: join(goCache, 'path'), GOPROXY: 'off', GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' }
  }
]

for (const { runner, available } of CASES) if (!available) console.warn(`skipping the ${runner} cases: the runner is not installed`)

/** Runs `keys`' tests through the CLI with the case's rerun setting: each fails once, then passes. */
async function run(c: Case, keys: readonly string[]) {
  const dir = c.suite(keys)
  const args = ['run', '--command', c.command, '--expect-exit', '0', '--test-results', 'reports/junit.xml']
  const result = await spawnCli([...args, '--rerun-failed-tests', c.rerun, '--max-retries', '1'], dir, { env: c.env ?? {} })
  const output = `${result.stdout}${result.stderr}`
  // Nothing in a name ran as a command.
  expect(existsSync(join(dir, 'pwned'))).toBe(false)
  expect(existsSync(join(REPO_ROOT, 'pwned'))).toBe(false)
  expect(output).toContain('rerunning the ')
  return { dir, result, output, counts: executions(dir), receipt: onlyReceipt(dir) }
}

describe.each(CASES.map(c => [`${c.runner} with ${c.rerun}`, c] as const))('%s', (_, c) => {
  const maybe = c.available ? test : test.skip
  const kept = KEYS.filter(key => !c.lost.includes(key))
  maybe(
    'nothing in a name runs or becomes an option; each name matches itself, and the run is flaky, naming the test',
    async () => {
      const { dir, result, counts, receipt } = await run(c, kept)
      // Attempt 1 ran every test; the rerun ran each again: its filter matched it.
      expect(Object.fromEntries(kept.map(key => [key, counts.get(key)]))).toEqual(Object.fromEntries(kept.map(key => [key, 2])))
      expect(result.code).toBe(0)
      expect(receipt).toMatchObject({ status: 'passed', flaky: true })
      expect(receipt.tests.failed).toEqual([])
      const spell = c.spell ?? (name => name)
      for (const key of kept) expect(receipt.tests.flaky.some((name: string) => name.includes(spell(NAMES[key]!).slice(0, 200)))).toBe(true)
      if (c.rerun === JEST_TEMPLATE) {
        // {names}: each name arrived as one word, whole.
        const received: string[] = JSON.parse(readFileSync(join(dir, 'names-received.json'), 'utf8'))
        expect(received.map(name => name.trim()).sort()).toEqual(kept.map(key => NAMES[key]!).sort())
      }
    },
    120_000
  )
  if (c.lost.length === 0) return
  maybe(
    `a name the runner's results do not keep (${c.lost.join(', ')}) is not rerun, and the run fails naming it`,
    async () => {
      const { result, output, counts, receipt } = await run(c, c.lost)
      expect(c.lost.map(key => counts.get(key))).toEqual(c.lost.map(() => 1))
      expect(result.code).toBe(1)
      expect(receipt.status).toBe('failed')
      expect(receipt.tests.failed).toHaveLength(c.lost.length)
      expect(output).toContain('so not rerun: ')
    },
    120_000
  )
})
