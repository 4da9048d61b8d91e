/**
 * The action's code cache (docs/design.md §9 "Start-up"): dist/index.js runs the bundle, and
 * the chunks it loads (the cache and artifact clients), with a V8 code cache of reverify's own
 * under RUNNER_TEMP/reverify-compile-cache, one file per script, written as the step exits,
 * on every runtime: the post step and later reverify steps of the job start from what the
 * main step compiled. A folder it cannot use, or a broken cache, changes nothing a step reports.
 */
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { NODE24, TEST_RUNTIME, type Runtime } from '../helpers/compile-cache.js'

const started = ResultsService.start()
const runners: FakeRunner[] = []
afterAll(async () => {
  await (await started).stop()
  for (const runner of runners) rmSync(runner.root, { recursive: true, force: true })
})

const passing = { command: 'true', 'expect-exit': '0' }

async function newRunner(name: string): Promise<FakeRunner> {
  const runner = new FakeRunner(await started, `octo/${name}`)
  runners.push(runner)
  return runner
}

/** What a step reported, without what changes from run to run. */
function reported(step: StepResult) {
  return { code: step.code, outcome: step.outputs.outcome, annotations: step.annotations.map(annotation => annotation.level) }
}

const cacheDir = (runner: FakeRunner) => join(runner.runnerTemp, 'reverify-compile-cache')
/** The cache files, each with what shows whether it was written again. */
function cacheFiles(runner: FakeRunner): Record<string, { ino: number; mtimeMs: number; size: number }> {
  return Object.fromEntries(
    readdirSync(cacheDir(runner)).map(name => {
      const { ino, mtimeMs, size } = statSync(join(cacheDir(runner), name))
      return [name, { ino, mtimeMs, size }]
    })
  )
}
const eachRuntime = [TEST_RUNTIME, ...(NODE24 ? [NODE24] : [])].map(runtime => [runtime.label, runtime] as const)

test.each(eachRuntime)(
  'on %s, the main step leaves a code cache under RUNNER_TEMP for its bundle and each chunk it loaded',
  async (_label, runtime: Runtime) => {
    const runner = await newRunner('compile-cache-files')
    const main = await runner.main(passing, { node: runtime.node })
    expect(reported(main)).toEqual({ code: 0, outcome: 'success', annotations: [] })
    const names = Object.keys(cacheFiles(runner))
    expect(names).toContainEqual(expect.stringMatching(/^index\.bundle\.cjs-[0-9a-f]{8}-v[\d.]+-\w+-\d+-\d+-\d+-\d+\.v8cache$/))
    // The cache client's chunk and the artifact client's (the step restored, saved and uploaded).
    expect(names.filter(name => /^\d+\.index\.cjs-/.test(name)).length).toBeGreaterThanOrEqual(2)
    expect(names.every(name => name.endsWith('.v8cache'))).toBe(true)
    expect((await runner.post({ node: runtime.node })).code).toBe(0)
  },
  120_000
)

test.each(eachRuntime)(
  'on %s, a post step with work left and the next main step start from the cache the first main step wrote',
  async (_label, runtime: Runtime) => {
    const runner = await newRunner('compile-cache-hit')
    expect((await runner.main(passing, { node: runtime.node })).code).toBe(0)
    const written = cacheFiles(runner)
    // A cache V8 accepts is read and left as it is; one it rejected, or a miss, would be written again.
    const post = await runner.post({ node: runtime.node, env: { 'STATE_main-finished': '' } })
    expect(post.code).toBe(0)
    expect(post.stdout).not.toContain('nothing to do')
    expect(reported(await runner.main(passing, { node: runtime.node }))).toEqual({ code: 0, outcome: 'success', annotations: [] })
    // Every cache the first step wrote is still the file it wrote. The next step may add one
    // for a chunk only it loaded: zod's members, for the history it restored and read back.
    expect(cacheFiles(runner)).toMatchObject(written)
  },
  120_000
)

test.each(eachRuntime)(
  'on %s, a broken cache is written afresh, and a cache folder that cannot be made leaves the steps as they were',
  async (_label, runtime: Runtime) => {
    const usable = await newRunner('compile-cache-usable')
    const expected = reported(await usable.main(passing, { node: runtime.node }))
    const bundle = Object.keys(cacheFiles(usable)).find(name => name.startsWith('index.bundle.cjs-'))!
    writeFileSync(join(cacheDir(usable), bundle), 'not a code cache')
    expect(reported(await usable.main(passing, { node: runtime.node }))).toEqual(expected)
    expect(cacheFiles(usable)[bundle]!.size).toBeGreaterThan(100_000)
    const blocked = await newRunner('compile-cache-blocked')
    // A regular file where the folder would go: even root cannot make a folder there.
    writeFileSync(cacheDir(blocked), '')
    expect(reported(await blocked.main(passing, { node: runtime.node }))).toEqual(expected)
    expect((await blocked.post({ node: runtime.node })).code).toBe(0)
    expect(statSync(cacheDir(blocked)).isFile()).toBe(true)
  },
  120_000
)
