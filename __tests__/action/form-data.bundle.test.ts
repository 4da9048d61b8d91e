/**
 * The global FormData on first use (docs/design.md §9 "Start-up"): the Azure storage SDK in
 * the cache and artifact clients asks `typeof FormData` and `instanceof FormData` of every
 * request, and Node builds that global with its whole fetch implementation on first access.
 * The build points the bundles' free references to FormData at a stand-in, so a step that
 * restores, saves and uploads loads none of it, while a FormData anyone makes is Node's own.
 * Nor does it load the bundled undici, which the build leaves to be required on first use
 * (scripts/build-deferred.mjs).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { DIST } from '../helpers/action-chunks.js'
import { NODE24, TEST_RUNTIME, type Runtime } from '../helpers/compile-cache.js'
import { ResultsService } from '../helpers/results-service.js'
import { FakeRunner } from '../helpers/runner.js'

const started = ResultsService.start()
const runners: FakeRunner[] = []
afterAll(async () => {
  await (await started).stop()
  for (const runner of runners) rmSync(runner.root, { recursive: true, force: true })
})

/** The dist/ scripts that hold the stand-in. */
function withStandIn(): string[] {
  return readdirSync(DIST).filter(name => name.endsWith('.cjs') && readFileSync(join(DIST, name), 'utf8').includes('const __formData='))
}

/** The stand-in class as a script defines it: the first line of one that holds it. */
function standIn(file: string): new (...entries: unknown[]) => unknown {
  const firstLine = readFileSync(join(DIST, file), 'utf8').split('\n', 1)[0]!
  const path = join(DIST, file)
  return new Function('require', '__filename', `${firstLine}\nreturn __formData`)(createRequire(path), path)
}

test('the scripts that name the global FormData carry a stand-in that answers as FormData does', () => {
  const files = withStandIn()
  // The cache client's chunk (the Azure SDK's request pipeline) at least.
  expect(files.length).toBeGreaterThanOrEqual(1)
  for (const file of files) {
    const FormDataStandIn = standIn(file)
    const made = new FormDataStandIn()
    expect(made).toBeInstanceOf(FormData)
    expect(new FormData()).toBeInstanceOf(FormDataStandIn)
    for (const body of [{}, 'text', Buffer.from('x'), Readable.from(['x']), null, undefined])
      expect(body instanceof FormDataStandIn).toBe(false)
    // No script still asks for the global itself.
    expect(readFileSync(join(DIST, file), 'utf8')).not.toMatch(/typeof FormData\b/)
  }
})

const eachRuntime = [TEST_RUNTIME, ...(NODE24 ? [NODE24] : [])].map((runtime, index) => [runtime.label, runtime, index] as const)

test.each(eachRuntime)(
  "on %s, a step that restores, saves and uploads loads neither Node's fetch implementation nor the bundled undici",
  async (_label, runtime: Runtime, index: number) => {
    // A repository of its own per runtime: neither restores what the other saved.
    const runner = new FakeRunner(await started, `octo/form-data-${index}`)
    runners.push(runner)
    const report = join(runner.root, 'modules.txt')
    const dispatcher = join(runner.root, 'dispatcher.txt')
    const preload = join(runner.root, 'modules.cjs')
    // undici, Node's own or the bundled copy, sets its global dispatcher as it loads.
    writeFileSync(
      preload,
      `process.on('exit', () => {
        const { writeFileSync } = require('node:fs')
        writeFileSync(${JSON.stringify(report)}, process.moduleLoadList.join('\\n'))
        writeFileSync(${JSON.stringify(dispatcher)}, String(globalThis[Symbol.for('undici.globalDispatcher.1')] !== undefined))
      })\n`
    )
    const passing = { command: 'true', 'expect-exit': '0' }
    // The next job, on a new machine, restores what the first saved: every call the clients make, made.
    expect((await runner.main(passing, { node: runtime.node })).code).toBe(0)
    runner.freshTemp()
    const step = await runner.main(passing, { node: runtime.node, env: { NODE_OPTIONS: `--require ${preload}` } })
    expect(step.code).toBe(0)
    expect(step.stdout).toMatch(/restored 1 receipt\(s\)/)
    expect(step.stdout).toMatch(/saved 2 receipt\(s\)/)
    expect(step.outputs['artifact-id']).toMatch(/^\d+$/)
    const modules = readFileSync(report, 'utf8').split('\n')
    expect(modules).toContain('NativeModule http')
    expect(modules.filter(name => name.includes('undici'))).toEqual([])
    // The bundled undici (build-deferred.mjs) is left unloaded too.
    expect(readFileSync(dispatcher, 'utf8')).toBe('false')
  },
  120_000
)
