/**
 * What a run of the built CLI loads (BENCHMARKS.md, start-up): the XML parser only when the
 * run reads a JUnit file, the JSON reports' reader only when it reads a JSON report, the YAML
 * parser only when there is a quarantine file to parse, zod only when a file is read back
 * and validated; perf_hooks never (the clock reads process.hrtime); node:fs/promises only
 * when a run reads test results or restores a history (every other file call of a run is
 * synchronous, and `fs.promises` loads on first use).
 * The bundle and its chunks run through reverify's code cache (docs/design.md §9 "Start-up"),
 * which writes one file per script it ran as the process exits: each run gets a cache folder
 * of its own, and what it holds names every script the run loaded.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, scratchRepo, spawnCli } from '../helpers/cli.js'
import { scriptsCachedIn } from '../helpers/compile-cache.js'
import { writeQuarantine } from '../helpers/quarantine.js'

/** Runs the CLI with a cache folder of its own; returns the text of every script of dist/ it ran. */
async function loadedFiles(dir: string, argv: string[]): Promise<{ code: number | null; files: { path: string; text: string }[] }> {
  const cacheHome = mkdtempSync(join(dir, 'xdg-'))
  const result = await spawnCli(argv, dir, { env: { XDG_CACHE_HOME: cacheHome } })
  const files = scriptsCachedIn(join(cacheHome, 'reverify', 'compile-cache'))
    .map(script => join(REPO_ROOT, 'dist', script))
    .map(path => ({ path, text: readFileSync(path, 'utf8') }))
  return { code: result.code, files }
}

/** Runs the CLI with a preload that lists, as the process exits, the runtime's modules it loaded. */
async function loadedBuiltins(dir: string, argv: string[]): Promise<{ code: number | null; builtins: string[] }> {
  const list = join(dir, 'builtins.json')
  const preload = join(dir, 'list-builtins.cjs')
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)))\n`
  )
  const result = await spawnCli(argv, dir, { env: { NODE_OPTIONS: `--require=${preload}` } })
  const builtins = (JSON.parse(readFileSync(list, 'utf8')) as string[]).filter(name => name.startsWith('NativeModule '))
  return { code: result.code, builtins: builtins.map(name => name.slice('NativeModule '.length)) }
}

// Strings only these modules hold, which minifying keeps (class names it does not).
const xmlParser = (text: string) => text.includes('http://www.w3.org/XML/1998/namespace')
const yamlParser = (text: string) => text.includes('YAMLParseError')
const jsonReader = (text: string) => text.includes('the file holds no JSON value')
const schemaLibrary = (text: string) => text.includes('ZodError')

test('a passing run loads neither the XML nor the YAML parser', async () => {
  const dir = await scratchRepo('reverify-lazy-')
  const { code, files } = await loadedFiles(dir, ['run', '--command', 'true', '--expect-exit', '0', '--state-dir', join(dir, 'state')])
  expect(code).toBe(0)
  expect(files.some(file => file.path.endsWith('cli.bundle.cjs'))).toBe(true)
  expect(files.filter(file => xmlParser(file.text)).map(file => file.path)).toEqual([])
  expect(files.filter(file => yamlParser(file.text)).map(file => file.path)).toEqual([])
  expect(files.filter(file => jsonReader(file.text)).map(file => file.path)).toEqual([])
}, 30_000)

test('a run that reads test results loads the XML parser; one with a quarantine file, the YAML parser', async () => {
  const dir = await scratchRepo('reverify-lazy-used-')
  writeQuarantine(dir, [{ test: 'sometimes', owner: '@qa', reason: 'flaky' }])
  const junit = '<testsuite name="s" tests="1"><testcase name="ok" classname="c"/></testsuite>'
  const { code, files } = await loadedFiles(dir, [
    'run',
    '--command',
    `printf '%s' '${junit}' > junit.xml`,
    '--test-results',
    'junit.xml',
    '--expect-exit',
    '0',
    '--state-dir',
    join(dir, 'state')
  ])
  expect(code).toBe(0)
  expect(files.filter(file => xmlParser(file.text))).toHaveLength(1)
  expect(files.filter(file => yamlParser(file.text))).toHaveLength(1)
  expect(files.filter(file => jsonReader(file.text))).toHaveLength(0)
}, 30_000)

test('a run that reads a JSON report loads its reader and not the XML parser', async () => {
  const dir = await scratchRepo('reverify-lazy-json-')
  const report = '{"testResults":[{"assertionResults":[{"title":"ok","status":"passed","invocations":1}],"name":"a.test.js"}]}'
  const { code, files } = await loadedFiles(dir, [
    'run',
    '--command',
    `printf '%s' '${report}' > report.json`,
    '--test-results',
    'report.json',
    '--expect-exit',
    '0',
    '--state-dir',
    join(dir, 'state')
  ])
  expect(code).toBe(0)
  expect(files.filter(file => jsonReader(file.text))).toHaveLength(1)
  expect(files.filter(file => xmlParser(file.text))).toHaveLength(0)
}, 30_000)

test('a first run builds its receipt without zod; the next run, reading that receipt back, loads it', async () => {
  const dir = await scratchRepo('reverify-lazy-zod-')
  const argv = ['run', '--command', 'true', '--expect-exit', '0', '--state-dir', join(dir, 'state')]
  const first = await loadedFiles(dir, argv)
  expect(first.code).toBe(0)
  expect(first.files.some(file => file.path.endsWith('cli.bundle.cjs'))).toBe(true)
  expect(first.files.filter(file => schemaLibrary(file.text)).map(file => file.path)).toEqual([])
  // The same command again: its history is read back from disk and validated.
  const next = await loadedFiles(dir, argv)
  expect(next.code).toBe(0)
  expect(next.files.filter(file => schemaLibrary(file.text))).toHaveLength(1)
}, 30_000)

test('a passing run loads neither perf_hooks nor node:fs/promises', async () => {
  const dir = await scratchRepo('reverify-lazy-builtins-')
  const trivial = await loadedBuiltins(dir, ['run', '--command', 'true', '--expect-exit', '0', '--state-dir', join(dir, 'state')])
  expect(trivial.code).toBe(0)
  expect(trivial.builtins).toContain('child_process')
  expect(trivial.builtins).not.toContain('perf_hooks')
  expect(trivial.builtins).not.toContain('fs/promises')
  expect(trivial.builtins).not.toContain('internal/fs/promises')
}, 30_000)
