/**
 * The action's two steps called in this process (docs/design.md §5): `runMain` and `runPost`
 * with the real @actions/cache and @actions/artifact clients against the local results
 * service, the runner's files (GITHUB_STATE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) and its
 * INPUT_* variables, as the typescript-action template tests its main. The bundle tests keep
 * what only a separate process shows (a killed step, signals, workflow-command escaping).
 */
import { DefaultArtifactClient } from '@actions/artifact'
import * as core from '@actions/core'
import { jest } from '@jest/globals'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { runMain, type MainDeps } from '../../src/action/main.js'
import { createCacheStore, type CacheStore } from '../../src/action/persistence/cache-store.js'
import { runPost } from '../../src/action/post-step.js'
import { runnerToolkit } from '../../src/action/toolkit.js'
import { memoryToolkit } from '../helpers/memory-toolkit.js'
import { useInProcessToolkit } from '../helpers/in-process-toolkit.js'
import { parseAnnotations, parseCommandFile } from '../helpers/runner.js'
import { tinyRunner } from '../helpers/rerun-suite.js'

const toolkit = useInProcessToolkit('reverify-main-in-process-')
let cache: CacheStore

beforeAll(async () => {
  cache = createCacheStore(await import('@actions/cache'))
})

/** What one step left: its outputs, saved state, summary and printed lines. */
interface StepFiles {
  outputs: Record<string, string>
  state: Record<string, string>
  summary: string
  stdout: string
}

let steps = 0
let printed: string[] = []
const inputNames: string[] = []

/** Fresh runner files and inputs for one step; the step's stdout is collected. */
async function prepare(inputs: Record<string, string>, statePath?: string): Promise<Record<string, string>> {
  const files = await mkdtemp(join(toolkit.scratch, `step-${++steps}-`))
  const paths = {
    GITHUB_OUTPUT: join(files, 'output'),
    GITHUB_STATE: statePath ?? join(files, 'state'),
    GITHUB_STEP_SUMMARY: join(files, 'summary')
  }
  for (const path of [paths.GITHUB_OUTPUT, paths.GITHUB_STEP_SUMMARY]) await writeFile(path, '')
  if (statePath === undefined) await writeFile(paths.GITHUB_STATE, '')
  for (const name of inputNames.splice(0)) delete process.env[name]
  for (const [name, value] of Object.entries(inputs)) {
    const variable = `INPUT_${name.toUpperCase()}`
    process.env[variable] = value
    inputNames.push(variable)
  }
  Object.assign(process.env, paths, {
    GITHUB_REPOSITORY: `octo/in-process-${steps}`,
    GITHUB_RUN_ID: String(500 + steps),
    GITHUB_JOB: 'verify'
  })
  printed = []
  // @actions/core's summary keeps the first GITHUB_STEP_SUMMARY it saw for the process (one
  // step per process on a runner); each step here has its own file.
  Object.assign(core.summary, { _filePath: undefined })
  core.summary.emptyBuffer()
  return paths
}

async function collected(paths: Record<string, string>): Promise<StepFiles> {
  return {
    outputs: parseCommandFile(await readFile(paths.GITHUB_OUTPUT!, 'utf8')),
    state: parseCommandFile(await readFile(paths.GITHUB_STATE!, 'utf8')),
    summary: await readFile(paths.GITHUB_STEP_SUMMARY!, 'utf8'),
    stdout: printed.join('')
  }
}

const sink = (): Writable => new Writable({ write: (chunk, _encoding, done) => (printed.push(String(chunk)), done()) })

function deps(): MainDeps {
  return {
    cache,
    artifact: () => new DefaultArtifactClient(),
    env: process.env,
    cwd: process.cwd(),
    stdout: sink(),
    stderr: sink(),
    toolkit: runnerToolkit
  }
}

beforeEach(() => {
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk))
    return true
  })
})

afterEach(() => {
  jest.restoreAllMocks()
  process.exitCode = 0
})

test('a failing verify: outputs, error annotation, summary, the history saved and the trace uploaded', async () => {
  const paths = await prepare({ command: 'echo "ERROR: expected 200, got 500"\nexit 1', 'expect-exit': '0', 'max-retries': '1' })
  const entriesBefore = toolkit.service.cacheEntries().length
  await runMain(deps())
  const step = await collected(paths)
  expect(process.exitCode).toBe(1)
  expect(step.outputs).toMatchObject({ outcome: 'failure', attempts: '2', 'exit-code': '1', flaky: 'false', captured: 'false' })
  expect(step.state['main-finished']).toBe('true')
  expect(step.state['run-id']).toBe(step.outputs['run-id'])
  const errors = parseAnnotations(step.stdout).filter(annotation => annotation.level === 'error')
  expect(errors.map(annotation => annotation.message).join('\n')).toContain('ERROR: expected 200, got 500')
  expect(step.summary).toMatch(/^### ❌ verify — failed after 2 attempts/)
  expect(toolkit.service.cacheEntries().length).toBe(entriesBefore + 1)
  const artifact = toolkit.service.artifacts().find(item => item.name === `reverify-trace-${step.outputs['run-id']}`)
  expect(artifact).toBeDefined()
  expect(step.outputs['artifact-id']).toBe(String(artifact!.id))
})

test('a flaky pass: success, flagged flaky, a warning naming what failed first', async () => {
  const counter = join(toolkit.scratch, `counter-${steps}`)
  const paths = await prepare({
    command: `test -f "${counter}" || { touch "${counter}"; echo "FAIL first try"; exit 1; }`,
    'expect-exit': '0',
    'max-retries': '2'
  })
  await runMain(deps())
  const step = await collected(paths)
  expect(process.exitCode ?? 0).toBe(0)
  expect(step.outputs).toMatchObject({ outcome: 'success', attempts: '2', flaky: 'true' })
  const warnings = parseAnnotations(step.stdout).filter(annotation => annotation.level === 'warning')
  expect(warnings.map(annotation => `${annotation.title}\n${annotation.message}`).join('\n')).toMatch(/flaky[\s\S]*FAIL first try/)
})

test('a bad input fails the step in one line and leaves the post step nothing to do', async () => {
  const paths = await prepare({ command: 'true', 'expect-exit': 'x' })
  await runMain(deps())
  const step = await collected(paths)
  expect(process.exitCode).toBe(1)
  const errors = parseAnnotations(step.stdout).filter(annotation => annotation.level === 'error')
  expect(errors.map(annotation => annotation.message)).toEqual([expect.stringMatching(/^expect-exit: /)])
  expect(step.state).toEqual({ 'main-finished': 'true' })

  // The post step reads the state main left, through the same schema.
  for (const [name, value] of Object.entries(step.state)) process.env[`STATE_${name}`] = value
  printed = []
  await runPost({ cache, artifact: () => new DefaultArtifactClient(), env: process.env, cwd: process.cwd(), toolkit: runnerToolkit })
  delete process.env['STATE_main-finished']
  expect(printed.join('')).toContain('the main step finished and closed its run; nothing to do')
})

test.each(['win32', 'freebsd'])('on %s the step fails in one line before anything is read or run', async platform => {
  const marker = join(toolkit.scratch, `ran-${platform}`)
  const paths = await prepare({ command: `touch "${marker}"`, 'expect-exit': '0' })
  await runMain({ ...deps(), platform })
  const step = await collected(paths)
  expect(process.exitCode).toBe(1)
  const errors = parseAnnotations(step.stdout).filter(annotation => annotation.level === 'error')
  expect(errors.map(annotation => annotation.message)).toEqual([
    platform === 'win32'
      ? 'reverify: Windows is not supported: it needs POSIX process groups; use a Linux or macOS runner'
      : 'reverify: "freebsd" is not supported: it needs POSIX process groups; use a Linux or macOS runner'
  ])
  expect(step.stdout.trim().split('\n')).toHaveLength(1)
  expect(step.state).toEqual({ 'main-finished': 'true' })
  expect(step.outputs).toEqual({})
  expect(existsSync(marker)).toBe(false)
})

test('the post step with a malformed state closes nothing and says so, never failing', async () => {
  await prepare({ command: 'true' })
  Object.assign(process.env, { 'STATE_state-dir': join(toolkit.scratch, 'nowhere'), 'STATE_run-id': '../../etc' })
  await runPost({ cache, artifact: () => new DefaultArtifactClient(), env: process.env, cwd: process.cwd(), toolkit: runnerToolkit })
  delete process.env['STATE_state-dir']
  delete process.env['STATE_run-id']
  expect(process.exitCode ?? 0).toBe(0)
  expect(printed.join('')).toContain('the main step did not start a run; nothing to close')
})

test.each([
  [
    'a command that runs more than the test runner',
    'bash runner.sh && touch linted',
    'jest',
    /^rerun-failed-tests: command runs more than the test runner \(bash runner.sh && touch linted: 2 commands\)/
  ],
  [
    'a quoted placeholder',
    'bash runner.sh',
    'bash runner.sh "{names}"',
    /^rerun-failed-tests: \{names\} must be a word of its own, not inside double quotes/
  ]
])('rerun-failed-tests with %s fails the step in one line before anything runs', async (_, command, rerun, message) => {
  const dir = await mkdtemp(join(process.cwd(), 'rerun-'))
  await writeFile(join(dir, 'runner.sh'), tinyRunner())
  const paths = await prepare({
    command,
    'working-directory': dir,
    'expect-exit': '0',
    'test-results': 'results.xml',
    'rerun-failed-tests': rerun
  })
  await runMain(deps())
  const step = await collected(paths)
  expect(process.exitCode).toBe(1)
  const errors = parseAnnotations(step.stdout).filter(annotation => annotation.level === 'error')
  expect(errors.map(annotation => annotation.message)).toEqual([expect.stringMatching(message)])
  expect(step.state).toEqual({ 'main-finished': 'true' })
  expect(existsSync(join(dir, 'calls.log'))).toBe(false)
})

test('rerun-failed-tests: the retry reruns only the failed test; flaky, the summary says what ran, the trace is uploaded', async () => {
  const dir = await mkdtemp(join(process.cwd(), 'rerun-'))
  await writeFile(join(dir, 'runner.sh'), tinyRunner())
  const paths = await prepare({
    command: 'bash runner.sh',
    'working-directory': dir,
    'expect-exit': '0',
    'test-results': 'results.xml',
    'rerun-failed-tests': 'bash runner.sh {names}'
  })
  await runMain(deps())
  const step = await collected(paths)
  expect(step.outputs).toMatchObject({ outcome: 'success', attempts: '2', flaky: 'true' })
  expect((await readFile(join(dir, 'calls.log'), 'utf8')).trim().split('\n')).toEqual(['call:', 'call:b'])
  expect(step.summary).toContain('| 1 | full suite (`bash runner.sh`, 3 tests) | 1 |')
  expect(step.summary).toContain('| 2 | 1 failed test (`bash runner.sh b`) | 0 |')
  expect(step.stdout).toContain("rerunning the failed test only: bash runner.sh 'b'")
  expect(toolkit.service.artifacts().some(item => item.name === `reverify-trace-${step.outputs['run-id']}`)).toBe(true)
})

test('rerun-failed-tests whose rerun shows none of its targets: the flaky pass says so under the attempts table and in its warning', async () => {
  const dir = await mkdtemp(join(process.cwd(), 'rerun-'))
  await writeFile(join(dir, 'runner.sh'), tinyRunner())
  const paths = await prepare({
    command: 'bash runner.sh',
    'working-directory': dir,
    'expect-exit': '0',
    'max-retries': '2',
    'test-results': 'results.xml',
    // Runs nothing and writes no results: a template that does not fit the command.
    'rerun-failed-tests': 'true {names}'
  })
  await runMain(deps())
  const step = await collected(paths)
  expect(step.outputs).toMatchObject({ outcome: 'success', attempts: '3', flaky: 'true' })
  const line = 'the rerun wrote no results for the targeted test: is `rerun-failed-tests: true {names}` right for `bash runner.sh`?'
  const table = step.summary.indexOf('| 3 |')
  const note = step.summary.indexOf(
    '⚠️ The rerun wrote no results for the targeted test: is \\`rerun-failed-tests: true {names}\\` right for \\`bash runner.sh\\`?'
  )
  expect(note).toBeGreaterThan(table)
  const warnings = parseAnnotations(step.stdout).filter(annotation => annotation.level === 'warning')
  const flaky = warnings.find(annotation => annotation.title?.includes('flaky'))
  expect(flaky?.message.split('\n')).toContain(line)
  expect(step.stdout).toContain(`reverify: attempt 2: ${line}`)
})

/** The phases whose duration the step logged (`::debug::reverify: <phase> <n> ms`), in order. */
function phasesLogged(stdout: string): string[] {
  return [...stdout.matchAll(/^::debug::reverify: (\w+) \d+ ms$/gm)].map(match => match[1]!)
}

/** Where the step was, from what it printed so far: before, while or after restoring the history, or while its command ran. */
function when(log: string): string {
  if (/^::debug::reverify: run \d+ ms$/m.test(log)) return 'after the run'
  if (/^::group::Attempt 1\//m.test(log)) return 'while running'
  if (!log.includes('::group::reverify: restoring the receipt history')) return 'before restoring'
  return /^::debug::reverify: restore \d+ ms$/m.test(log) ? 'after restoring' : 'while restoring'
}

/** The step's deps, counting when the artifact module is preloaded and when a client is made. */
function countingDeps(): { deps: MainDeps; calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    deps: {
      ...deps(),
      preloadArtifact: () => calls.push(`preload ${when(printed.join(''))}`),
      artifact: () => (calls.push('client'), new DefaultArtifactClient())
    }
  }
}

test('each phase is one debug line with its duration; with upload-trace always the artifact client loads while the command runs', async () => {
  const paths = await prepare({ command: 'true', 'expect-exit': '0' })
  const { deps: counting, calls } = countingDeps()
  await runMain(counting)
  const step = await collected(paths)
  expect(step.outputs.outcome).toBe('success')
  const phases = phasesLogged(step.stdout)
  // The save and the upload run side by side: either may end first.
  expect(phases.slice(0, 3)).toEqual(['start', 'restore', 'run'])
  expect(phases.slice(3, 5).sort()).toEqual(['save', 'upload'])
  expect(phases.slice(5)).toEqual(['report'])
  expect(calls).toEqual(['preload while running', 'client'])
})

test.each([
  ['on-failure', 'passes', 'true', [], ['start', 'run', 'report']],
  ['on-failure', 'fails', 'exit 1', ['client'], ['start', 'run', 'upload', 'report']],
  ['always', 'passes', 'true', ['preload while running', 'client'], ['start', 'run', 'upload', 'report']]
])('upload-trace %s, no cache: a run that %s loads the artifact client as it needs', async (upload, _, command, expected, phases) => {
  const paths = await prepare({ command, 'expect-exit': '0', 'upload-trace': upload, 'cache-receipts': 'false' })
  const { deps: counting, calls } = countingDeps()
  await runMain(counting)
  const step = await collected(paths)
  expect(calls).toEqual(expected)
  expect(phasesLogged(step.stdout)).toEqual(phases)
})

test('without a github-token the restore asks the REST API nothing: one log line, the newest entry only', async () => {
  const first = await prepare({ command: 'echo listed', 'expect-exit': '0', 'upload-trace': 'never' })
  const repository = process.env.GITHUB_REPOSITORY
  await runMain(deps())
  expect((await collected(first)).outputs.outcome).toBe('success')
  const second = await prepare({ command: 'echo listed', 'expect-exit': '0', 'upload-trace': 'never' })
  process.env.GITHUB_REPOSITORY = repository
  const requestsBefore = toolkit.service.requests.length
  await runMain(deps())
  const step = await collected(second)
  expect(step.stdout).toMatch(/^reverify: restored \d+ receipt\(s\) of this command from cache /m)
  expect(step.stdout).toContain('reverify: no github-token, so the cache entries could not be listed: restored the newest entry only')
  expect(toolkit.service.requests.slice(requestsBefore).filter(request => request.rpc === 'ListCaches')).toEqual([])
})

test('both steps read and tell the runner through the toolkit they are handed: inputs, state, outputs, summary, outcome', async () => {
  // No INPUT_* variable is set: the inputs come from the in-memory toolkit alone.
  const paths = await prepare({})
  const memory = memoryToolkit({
    command: 'echo "ERROR: handed toolkit"\nexit 3',
    'expect-exit': '0',
    'max-retries': '0',
    'cache-receipts': 'false',
    'upload-trace': 'never',
    redact: 'hush-hush-value'
  })
  await runMain({ ...deps(), toolkit: memory })
  expect(memory.outputs).toMatchObject({ outcome: 'failure', attempts: '1', 'exit-code': '3', captured: 'false' })
  expect(memory.saved).toMatchObject({ 'main-finished': 'true', 'run-id': memory.outputs['run-id'] })
  expect(memory.secrets).toEqual(['hush-hush-value'])
  expect(memory.summaries.join('')).toMatch(/^### ❌ verify — failed/)
  expect(memory.failedSilently).toBe(true)
  expect(memory.failures).toEqual([])
  // The runner's own files and the process's exit code are left alone.
  expect(await collected(paths)).toMatchObject({ outputs: {}, state: {}, summary: '' })
  expect(process.exitCode ?? 0).toBe(0)

  // The post step reads what main saved from the toolkit it is handed.
  printed = []
  await runPost({ cache, artifact: () => new DefaultArtifactClient(), env: process.env, cwd: process.cwd(), toolkit: memory })
  expect(printed.join('')).toContain('the main step finished and closed its run; nothing to do')

  // A bad input is the step's one failure, told to the toolkit.
  const refused = memoryToolkit({ command: 'true', 'max-retries': 'many' })
  await runMain({ ...deps(), toolkit: refused })
  expect(refused.failures).toEqual([expect.stringContaining('max-retries')])
  expect(refused.saved).toEqual({ 'main-finished': 'true' })
})
