/**
 * What a run of the built CLI loads (BENCHMARKS.md, start-up): the XML parser only when the
 * run reads a JUnit file, the JSON reports' reader only when it reads a JSON report, the YAML
 * parser only when there is a quarantine file to parse.
 * A loader hook records every module the process imports, and a preload every CommonJS file
 * it requires at exit: the CLI's bundle and chunks are CommonJS (docs/design.md §9 "Start-up").
 */
import { readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { writeQuarantine } from '../helpers/quarantine.js'

const HOOK = `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_LOG, url + '\\n')
  return next(url, context)
}`

// Every CommonJS file loaded by `require` is in require.cache, the CLI's chunks included.
const PRELOAD = `process.on('exit', () => require('node:fs').appendFileSync(process.env.LOADED_LOG, Object.keys(require.cache).join('\\n') + '\\n'))`

/** Runs the CLI with the hook and the preload; returns the text of every JS file it loaded. */
async function loadedFiles(dir: string, argv: string[]): Promise<{ code: number | null; files: { path: string; text: string }[] }> {
  const log = join(dir, 'loaded.log')
  const register = join(dir, 'register.mjs')
  await writeFile(
    register,
    `import { register } from 'node:module'\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)})\n`
  )
  const preload = join(dir, 'preload.cjs')
  await writeFile(preload, PRELOAD)
  await writeFile(log, '')
  const result = await spawnCli(argv, dir, { env: { NODE_OPTIONS: `--import=${register} --require=${preload}`, LOADED_LOG: log } })
  const loaded = (await readFile(log, 'utf8')).split('\n').filter(line => /\.c?js$/.test(line) && line !== preload)
  const paths = [...new Set(loaded.map(line => (line.startsWith('file:') ? fileURLToPath(line) : line)))]
  const files = paths.map(path => ({ path, text: readFileSync(path, 'utf8') }))
  return { code: result.code, files }
}

// Strings only these modules hold, which minifying keeps (class names it does not).
const xmlParser = (text: string) => text.includes('http://www.w3.org/XML/1998/namespace')
const yamlParser = (text: string) => text.includes('YAMLParseError')
const jsonReader = (text: string) => text.includes('the file holds no JSON value')

test('a passing run loads neither the XML nor the YAML parser', async () => {
  const dir = await scratchRepo('reverify-lazy-')
  const { code, files } = await loadedFiles(dir, ['run', '--command', 'true', '--expect-exit', '0', '--state-dir', join(dir, 'state')])
  expect(code).toBe(0)
  expect(files.some(file => file.path.endsWith('cli.js'))).toBe(true)
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
