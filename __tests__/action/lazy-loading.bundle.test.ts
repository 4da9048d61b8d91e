/**
 * What the action's main step loads (docs/design.md §9 "Start-up"): the YAML library only
 * when there is a quarantine file to parse or a suggestion to write, not on every step. The
 * bundle and its chunks run through the job's code cache, which writes one file per script
 * the step ran under RUNNER_TEMP/reverify-compile-cache: a fresh RUNNER_TEMP per step, and
 * what that folder holds names every script the step loaded.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DIST } from '../helpers/action-chunks.js'
import { scriptsCachedIn } from '../helpers/compile-cache.js'
import { writeQuarantine } from '../helpers/quarantine.js'
import { ResultsService } from '../helpers/results-service.js'
import { FakeRunner } from '../helpers/runner.js'

const started = ResultsService.start()
const runners: FakeRunner[] = []
afterAll(async () => {
  await (await started).stop()
  for (const runner of runners) rmSync(runner.root, { recursive: true, force: true })
})

// A string only the YAML library holds, which minifying keeps.
const yamlLibrary = (text: string) => text.includes('YAMLParseError')

/** The scripts of dist/ a main step on a fresh RUNNER_TEMP ran, each with its text. */
async function scriptsRun(runner: FakeRunner): Promise<{ code: number | null; scripts: { name: string; text: string }[] }> {
  runner.freshTemp()
  const step = await runner.main({ command: 'true', 'expect-exit': '0' })
  const names = scriptsCachedIn(join(runner.runnerTemp, 'reverify-compile-cache'))
  return { code: step.code, scripts: names.map(name => ({ name, text: readFileSync(join(DIST, name), 'utf8') })) }
}

test('a passing step without a quarantine file loads no YAML library; one with a file loads it to read the file', async () => {
  const runner = new FakeRunner(await started, 'octo/lazy-yaml')
  runners.push(runner)
  const without = await scriptsRun(runner)
  expect(without.code).toBe(0)
  expect(without.scripts.map(script => script.name)).toContain('index.bundle.cjs')
  expect(without.scripts.filter(script => yamlLibrary(script.text)).map(script => script.name)).toEqual([])

  writeQuarantine(runner.workspace, [{ test: 'sometimes', owner: '@qa', reason: 'flaky' }])
  const withFile = await scriptsRun(runner)
  expect(withFile.code).toBe(0)
  expect(withFile.scripts.filter(script => yamlLibrary(script.text))).toHaveLength(1)
}, 120_000)
