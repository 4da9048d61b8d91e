/**
 * The job summary's quarantine suggestion (docs/design.md §1 "The quarantine command"): the
 * action's main step called in this process ten times over a bash "test runner" writing
 * JUnit, with the runner's files and INPUT_* variables; from the tenth run, a test that
 * flaked in four of them is suggested in a fenced YAML block, one that flaked once is not.
 * And on the summary builder: whatever a test is called, it stays text.
 */
import * as core from '@actions/core'
import { jest } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { verifySummary } from '../../src/action/job-summary.js'
import { runMain, type MainDeps } from '../../src/action/main.js'
import { runnerToolkit } from '../../src/action/toolkit.js'
import { createCacheStore, type CacheStore } from '../../src/action/persistence/cache-store.js'
import { dayOf } from '../../src/core/quarantine/dates.js'
import { OWNER_PLACEHOLDER } from '../../src/core/quarantine/file.js'
import { parseQuarantine } from '../../src/core/quarantine/parse.js'
import { schemaLibrary } from '../../src/core/base/schema-library.js'
import type { QuarantineSuggestion } from '../../src/core/quarantine/suggest.js'
import { suggestionYaml } from '../../src/core/quarantine/suggestion-yaml.js'
import type { RunReport } from '../../src/core/run/report.js'

/** zod's members, as the quarantine file's reader is given them. */
const library = await schemaLibrary()

/** Each run's first attempt fails the tests named in `plan`; the retry passes them all. */
const RUNNER = [
  'if [ -f first-done ]; then fails=""; else fails=$(cat plan); touch first-done; fi',
  'cases=""; status=0',
  'for n in steady sometimes rarely; do',
  '  case " $fails " in *" $n "*) cases="$cases<testcase classname=\\"api\\" name=\\"$n\\"><failure>boom</failure></testcase>"; status=1;;',
  '  *) cases="$cases<testcase classname=\\"api\\" name=\\"$n\\"/>";; esac',
  'done',
  'printf "<testsuites><testsuite name=\\"api\\">%s</testsuite></testsuites>" "$cases" > results.xml',
  'exit $status'
].join('\n')
const INPUTS = {
  command: RUNNER,
  'expect-exit': '0',
  'max-retries': '1',
  'test-results': 'results.xml',
  'cache-receipts': 'false',
  'upload-trace': 'never'
}

const savedEnv = { ...process.env }
const savedCwd = process.cwd()
let scratch: string
let workspace: string
let cache: CacheStore
let step = 0

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'reverify-quarantine-summary-'))
  workspace = join(scratch, 'workspace')
  await mkdir(join(workspace, '.github'), { recursive: true })
  await mkdir(join(scratch, 'runner-temp'))
  cache = createCacheStore(await import('@actions/cache'))
  Object.assign(process.env, {
    RUNNER_TEMP: join(scratch, 'runner-temp'),
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'octo/quarantine-summary'
  })
  for (const [name, value] of Object.entries(INPUTS)) process.env[`INPUT_${name.toUpperCase()}`] = value
  process.chdir(workspace)
})
afterAll(async () => {
  process.chdir(savedCwd)
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name]
  Object.assign(process.env, savedEnv)
  await rm(scratch, { recursive: true, force: true })
})
beforeEach(() => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})
afterEach(() => {
  jest.restoreAllMocks()
  process.exitCode = 0
})

const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() })

/** One step of the action whose first attempt fails `plan`; resolves to its job summary. */
async function actionRun(plan: string): Promise<string> {
  const files = join(scratch, `step-${++step}`)
  await mkdir(files)
  const paths = { GITHUB_OUTPUT: join(files, 'output'), GITHUB_STATE: join(files, 'state'), GITHUB_STEP_SUMMARY: join(files, 'summary') }
  for (const path of Object.values(paths)) await writeFile(path, '')
  Object.assign(process.env, paths)
  // @actions/core keeps the first summary file it saw for the process; each step has its own.
  Object.assign(core.summary, { _filePath: undefined })
  core.summary.emptyBuffer()
  await rm(join(workspace, 'first-done'), { force: true })
  await writeFile(join(workspace, 'plan'), plan)
  const deps: MainDeps = {
    cache,
    artifact: () => undefined as never,
    env: process.env,
    cwd: workspace,
    stdout: sink(),
    stderr: sink(),
    toolkit: runnerToolkit
  }
  await runMain(deps)
  expect(process.exitCode ?? 0).toBe(0)
  return await readFile(paths.GITHUB_STEP_SUMMARY, 'utf8')
}

test('ten runs, one test flaky in four: from the tenth, the summary shows its entry; none for the test that flaked once', async () => {
  const plans = ['sometimes', '', '', 'sometimes', 'rarely', '', 'sometimes', '', 'sometimes', '']
  const summaries: string[] = []
  for (const plan of plans) summaries.push(await actionRun(plan))
  // Nine runs are fewer than the ten a suggestion needs.
  expect(summaries.slice(0, 9).some(summary => summary.includes('Suggested quarantine'))).toBe(false)
  const summary = summaries[9]!
  const today = dayOf(new Date())
  expect(summary).toContain('#### Suggested quarantine entry')
  expect(summary).toContain(
    "`api › sometimes` (4 of 10 runs) flaked or failed in at least 30 % of this command's last runs with test results."
  )
  expect(summary).toContain('add this as `.github/reverify-quarantine.yml`')
  const block = /```yaml\n([\s\S]*?)\n```/.exec(summary)?.[1]
  expect(block).toContain(`reason: flaked in 4 of 10 runs since ${today}`)
  expect(block).not.toContain('rarely')
  expect(parseQuarantine(block!.replaceAll(OWNER_PLACEHOLDER, '@acme/qa'), 'test', today, library).map(entry => entry.test)).toEqual([
    'api › sometimes'
  ])

  // With a quarantine file: list items to paste at its end; a test it already holds is not suggested.
  const file = join(workspace, '.github', 'reverify-quarantine.yml')
  const entry = (test: string) =>
    `quarantine:\n  - test: ${test}\n    owner: "@acme/web"\n    reason: slow\n    added: ${today}\n    expires: ${today}\n`
  await writeFile(file, entry('api › elsewhere'))
  const items = await actionRun('')
  expect(items).toContain('add this at the end of the `quarantine:` list in `.github/reverify-quarantine.yml`')
  expect(items).toMatch(/```yaml\n {2}- test: api › sometimes\n/)
  await writeFile(file, entry('api › sometimes'))
  expect(await actionRun('')).not.toContain('Suggested quarantine')
  await rm(file)
}, 60_000)

test('the summary builder keeps a hostile test name as text: a code span in prose, verbatim in a fence it cannot close', () => {
  const name = 'x ``` </details><img src=x onerror=alert(1)> | *y* \u0060'
  const suggestion: QuarantineSuggestion = { test: name, runs: 10, flaky: 5, failed: 0, quarantined: 0, rate: 0.5, since: '2026-11-20' }
  const report = { kind: 'blocked', failedRunId: '20261201-061829-verify-ed1c83', captureMode: 'block' } as unknown as RunReport
  const markdown = verifySummary(report, {
    name: 'Unit tests',
    commands: ['npm test'],
    captureMode: 'block',
    history: {
      runs: [],
      counts: { passed: 0, flaky: 0, failed: 0, stopped: 0 },
      flakyTests: [],
      suggestedQuarantine: {
        source: '.github/reverify-quarantine.yml',
        minRuns: 10,
        rate: 0.3,
        runs: 10,
        suggestions: [suggestion],
        total: 1,
        text: suggestionYaml([suggestion], '2026-12-02')
      }
    }
  })
  const section = markdown.slice(markdown.indexOf('#### Suggested quarantine entry'))
  expect(section).toContain('```` x ``` </details><img src=x onerror=alert(1)> | *y* ` ````')
  const fence = /^(`{4,})yaml$/m.exec(section)?.[1]
  expect(fence).toBe('````')
  const body = section.slice(section.indexOf(`${fence}yaml\n`) + fence!.length + 5, section.indexOf(`\n${fence}\n`))
  expect(parseQuarantine(body.replaceAll(OWNER_PLACEHOLDER, 'me'), 'test', '2026-12-02', library)[0]!.test).toBe(name)
  // Rendered as GitHub renders it: a heading, the name as code, the entry in one code block, no element from the name.
  const { document } = new JSDOM(marked.parse(section, { gfm: true, async: false })).window
  expect(document.querySelector('h4')?.textContent).toBe('Suggested quarantine entry')
  expect(document.querySelector('p code')?.textContent).toBe(name)
  expect(document.querySelectorAll('pre code.language-yaml')).toHaveLength(1)
  expect(document.querySelector('pre code.language-yaml')?.textContent).toContain('owner: "<owner>"')
  expect(document.querySelectorAll('img, details')).toHaveLength(0)
})
