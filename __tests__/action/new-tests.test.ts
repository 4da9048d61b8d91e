/**
 * Early flake detection in the action (docs/design.md §1 "Early flake detection", §5): the
 * main step called in this process with the real toolkit against the local results service.
 * With `new-test-repeats`, the new tests of a passing run (those the history's known tests do
 * not hold, read from the state directory) are repeated through the rerun template, and a
 * flaky one fails the step; bad input for each new input fails it in one line, running nothing.
 */
import { DefaultArtifactClient } from '@actions/artifact'
import * as core from '@actions/core'
import { jest } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { runMain, type MainDeps } from '../../src/action/main.js'
import { createCacheStore, type CacheStore } from '../../src/action/persistence/cache-store.js'
import { runnerToolkit } from '../../src/action/toolkit.js'
import { useInProcessToolkit } from '../helpers/in-process-toolkit.js'
import { parseAnnotations, parseCommandFile } from '../helpers/runner.js'

const toolkit = useInProcessToolkit('reverify-action-new-tests-')
let cache: CacheStore
let printed: string[] = []
const inputNames: string[] = []
const REPOSITORY = 'octo/new-tests'

beforeAll(async () => {
  cache = createCacheStore(await import('@actions/cache'))
})

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

/**
 * A tiny runner (bash): runs the tests named in its arguments — a and b, and n1 and n2 once
 * `new-on` exists, when none are named — and writes results.xml; n1 fails its 2nd repeat.
 */
const RUNNER = [
  'echo "call:$*" >> calls.log',
  "r=$(grep -c '^call:.' calls.log)",
  'names=("$@"); if [ ${#names[@]} -eq 0 ]; then names=(a b); [ -f new-on ] && names+=(n1 n2); fi',
  'cases=""; failed=0',
  'for n in "${names[@]}"; do',
  '  if [ "$n" = n1 ] && [ "$r" = 2 ] && [ $# -gt 0 ]; then cases="$cases<testcase classname=\\"s\\" name=\\"$n\\"><failure message=\\"coupon applied twice\\">boom</failure></testcase>"; failed=1',
  '  else cases="$cases<testcase classname=\\"s\\" name=\\"$n\\"/>"; fi',
  'done',
  'printf "<testsuites><testsuite name=\\"s\\">%s</testsuite></testsuites>" "$cases" > results.xml',
  'exit $failed',
  ''
].join('\n')

let steps = 0

/** One main step with these inputs; what it left: outputs and printed lines. */
async function step(inputs: Record<string, string>): Promise<{ outputs: Record<string, string>; stdout: string }> {
  const files = await mkdtemp(join(toolkit.scratch, `step-${++steps}-`))
  const paths = { GITHUB_OUTPUT: join(files, 'output'), GITHUB_STATE: join(files, 'state'), GITHUB_STEP_SUMMARY: join(files, 'summary') }
  for (const path of Object.values(paths)) await writeFile(path, '')
  for (const name of inputNames.splice(0)) delete process.env[name]
  for (const [name, value] of Object.entries(inputs)) {
    const variable = `INPUT_${name.toUpperCase()}`
    process.env[variable] = value
    inputNames.push(variable)
  }
  Object.assign(process.env, paths, { GITHUB_REPOSITORY: REPOSITORY, GITHUB_RUN_ID: String(700 + steps), GITHUB_JOB: 'verify' })
  printed = []
  Object.assign(core.summary, { _filePath: undefined })
  core.summary.emptyBuffer()
  const sink = () => new Writable({ write: (chunk, _encoding, done) => (printed.push(String(chunk)), done()) })
  const deps: MainDeps = {
    cache,
    artifact: () => new DefaultArtifactClient(),
    env: process.env,
    cwd: process.cwd(),
    stdout: sink(),
    stderr: sink(),
    toolkit: runnerToolkit
  }
  await runMain(deps)
  return { outputs: parseCommandFile(readFileSync(paths.GITHUB_OUTPUT, 'utf8')), stdout: printed.join('') }
}

/** A working directory with the runner, and the inputs of a step that runs it with early flake detection. */
async function project(): Promise<{ dir: string; stateDir: string; inputs: Record<string, string> }> {
  const dir = await mkdtemp(join(toolkit.scratch, 'project-'))
  const stateDir = join(dir, '..', `${dir.split('/').at(-1)}-state`)
  await mkdir(stateDir)
  await writeFile(join(dir, 'runner.sh'), RUNNER)
  const inputs = {
    command: 'bash runner.sh',
    'expect-exit': '0',
    'test-results': 'results.xml',
    'rerun-failed-tests': 'bash runner.sh {names}',
    'new-test-repeats': '3',
    'working-directory': dir,
    'state-dir': stateDir,
    'cache-receipts': 'false',
    'upload-trace': 'never'
  }
  return { dir, stateDir, inputs }
}

/** The receipt of the newest run in a state directory. */
function newestReceipt(stateDir: string): Record<string, any> {
  // Run ids name the start second only: two runs of one second are told apart by started_at.
  const receipts = readdirSync(join(stateDir, 'runs'))
    .filter(name => !name.startsWith('.'))
    .map(runId => JSON.parse(readFileSync(join(stateDir, 'runs', runId, 'receipt.json'), 'utf8')) as Record<string, any>)
  return receipts.sort((a, b) => String(a.started_at).localeCompare(String(b.started_at))).at(-1)!
}

test('new tests are repeated through the rerun template, and a flaky one fails the step', async () => {
  const { dir, stateDir, inputs } = await project()
  // The history: one run of a and b. With no known tests yet nothing is new, and it says so.
  const first = await step(inputs)
  expect(first.outputs.outcome).toBe('success')
  expect(newestReceipt(stateDir).new_tests).toMatchObject({ skipped: 'empty-history', ran: 0 })
  await writeFile(join(dir, 'calls.log'), '')
  await writeFile(join(dir, 'new-on'), '')

  const second = await step(inputs)
  expect(process.exitCode).toBe(1)
  expect(second.outputs).toMatchObject({ outcome: 'failure', attempts: '1' })
  // The full run, then repeat 1 of both new tests, repeat 2 (n1 fails), repeat 3 of n2 alone.
  expect(readFileSync(join(dir, 'calls.log'), 'utf8').trim().split('\n')).toEqual(['call:', 'call:n1 n2', 'call:n1 n2', 'call:n2'])
  expect(second.stdout).toContain("::group::New tests, repeat 1/3 (2 tests) — bash runner.sh 'n1' 'n2'")
  const receipt = newestReceipt(stateDir)
  expect(receipt).toMatchObject({ status: 'failed', gate: 'new-test-repeats', attempts: 1 })
  expect(receipt.new_tests).toEqual({ found: 2, repeated: 2, repeats: 3, ran: 3, budget_cut: false, flaky: ['s › n1'], decided: 'fail' })
})

test.each([
  [{ 'new-test-repeats': '-1' }, "new-test-repeats: '-1' is not allowed; expected a whole number from 0 to 20"],
  [{ 'new-test-repeats': '2.5' }, "new-test-repeats: '2.5' is not allowed; expected a whole number from 0 to 20"],
  [{ 'new-test-repeats': '21' }, "new-test-repeats: '21' is not allowed; expected a whole number from 0 to 20"],
  [{ 'new-test-max': '0' }, "new-test-max: '0' is not allowed; expected a whole number from 1 to 1000"],
  [{ 'new-test-budget-seconds': '-5' }, "new-test-budget-seconds: '-5' is not allowed; expected a whole number from 0 to 86400"],
  [
    { 'new-test-budget-seconds': '0' },
    'new-test-budget-seconds: 0 leaves no time for the repeats new-test-repeats asks for; expected a whole number from 1 to 86400'
  ],
  [{ 'new-test-mode': 'maybe' }, "new-test-mode: 'maybe' is not allowed; expected one of fail, warn"],
  [
    { 'rerun-failed-tests': 'off' },
    'new-test-repeats: 3 needs rerun-failed-tests (a preset or a template): the repeats of new tests run through it; set it, or give 0 to turn the repeats off'
  ]
])('bad input %j: the step fails in one line, nothing runs', async (bad, message) => {
  const { dir, inputs } = await project()
  const result = await step({ ...inputs, ...bad })
  expect(process.exitCode).toBe(1)
  const errors = parseAnnotations(result.stdout).filter(annotation => annotation.level === 'error')
  expect(errors.map(annotation => annotation.message)).toEqual([message])
  expect(existsSync(join(dir, 'calls.log'))).toBe(false)
})
