/**
 * The action's compile cache (docs/design.md §9 "Start-up"): dist/index.js turns Node's
 * on-disk compile cache on under RUNNER_TEMP/reverify-compile-cache before it loads the
 * bundle, where the runtime has it, so the post step (and later reverify steps of the job)
 * start from what the main step compiled; a folder it cannot use, or a runtime without it,
 * changes nothing a step reports.
 */
import { rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { filesUnder, NODE24, TEST_RUNTIME, withNode24, type Runtime } from '../helpers/compile-cache.js'

const started = ResultsService.start()
const runners: FakeRunner[] = []
afterAll(async () => {
  await (await started).stop()
  for (const runner of runners) rmSync(runner.root, { recursive: true, force: true })
})

const passing = { command: 'true', 'expect-exit': '0', 'upload-trace': 'never' }

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
const runtimes = [TEST_RUNTIME, ...(NODE24 ? [NODE24] : [])]

test.each(runtimes.map(runtime => [runtime.label, runtime] as const))(
  'on %s, the main step leaves a compile cache under RUNNER_TEMP exactly when the runtime has one',
  async (_label, runtime: Runtime) => {
    const runner = await newRunner(`compile-cache-${runtime.hasCompileCache ? 'on' : 'off'}`)
    const main = await runner.main(passing, { node: runtime.node })
    expect(reported(main)).toEqual({ code: 0, outcome: 'success', annotations: [] })
    const cached = filesUnder(cacheDir(runner))
    if (runtime.hasCompileCache) expect(cached.length).toBeGreaterThan(0)
    else expect(cached).toEqual([])
    expect((await runner.post({ node: runtime.node })).code).toBe(0)
  },
  120_000
)

withNode24(
  'a post step with work left and the next main step start from the cache the first main step wrote',
  async runtime => {
    const runner = await newRunner('compile-cache-hit')
    const env = { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }
    const accepted = /code cache for ESM \S+index\.bundle\.js was accepted/
    const main = await runner.main(passing, { node: runtime.node, env })
    expect(main.code).toBe(0)
    expect(main.stderr).not.toMatch(accepted)
    // After a finished main the post step loads no bundle at all (post-shortcut.bundle.test.ts).
    expect((await runner.post({ node: runtime.node, env })).stderr).not.toMatch(/index\.bundle\.js/)
    // One with work left (main did not say it finished) loads it, from the cache.
    expect((await runner.post({ node: runtime.node, env: { ...env, 'STATE_main-finished': '' } })).stderr).toMatch(accepted)
    expect((await runner.main(passing, { node: runtime.node, env })).stderr).toMatch(accepted)
  },
  120_000
)

withNode24(
  'a cache folder that cannot be made leaves the steps as they were',
  async runtime => {
    const usable = await newRunner('compile-cache-usable')
    const blocked = await newRunner('compile-cache-blocked')
    // A regular file where the folder would go: even root cannot make a folder there.
    writeFileSync(cacheDir(blocked), '')
    const expected = reported(await usable.main(passing, { node: runtime.node }))
    expect(reported(await blocked.main(passing, { node: runtime.node }))).toEqual(expected)
    expect((await blocked.post({ node: runtime.node })).code).toBe(0)
    expect(statSync(cacheDir(blocked)).isFile()).toBe(true)
  },
  120_000
)
