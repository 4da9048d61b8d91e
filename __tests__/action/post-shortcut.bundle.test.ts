/**
 * The post step after a main step that finished (docs/design.md §9 "Start-up"): its launcher
 * prints the one debug line the bundle would and loads no bundle; a post step with work left
 * loads it as before. The steps run a copy of dist/ whose bundle notes in a file each time it
 * is loaded.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DIST } from '../helpers/action-chunks.js'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
const scratch: string[] = []
afterAll(async () => {
  await (await started).stop()
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
})

/** A copy of dist/ whose bundle appends a line to `log` as it loads. */
function markedDist(): { bundleDir: string; loads: () => number } {
  const root = mkdtempSync(join(tmpdir(), 'reverify-post-shortcut-'))
  scratch.push(root)
  const bundleDir = join(root, 'dist')
  const log = join(root, 'loads.log')
  cpSync(DIST, bundleDir, { recursive: true })
  appendFileSync(join(bundleDir, 'index.bundle.cjs'), `\n;require('node:fs').appendFileSync(${JSON.stringify(log)}, 'loaded\\n')\n`)
  return { bundleDir, loads: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0) }
}

async function newRunner(name: string): Promise<FakeRunner> {
  const runner = new FakeRunner(await started, name)
  scratch.push(runner.root)
  return runner
}

const passing = { command: 'true', 'expect-exit': '0', 'upload-trace': 'never' }

test('after a finished main step, the post step prints its one debug line and loads no bundle', async () => {
  const runner = await newRunner('octo/post-shortcut')
  const { bundleDir, loads } = markedDist()
  expect((await runner.main(passing, { bundleDir })).code).toBe(0)
  expect(loads()).toBe(1)
  expect(runner.savedState()['main-finished']).toBe('true')
  const post = await runner.post({ bundleDir })
  expect(post.code).toBe(0)
  expect(post.stdout.trim().split('\n')).toEqual(['::debug::reverify: the main step finished and closed its run; nothing to do'])
  expect(post.stderr).toBe('')
  expect(loads()).toBe(1)
}, 60_000)

test('a post step with work left (main did not say it finished) loads the bundle and closes the run', async () => {
  const runner = await newRunner('octo/post-backstop')
  const { bundleDir, loads } = markedDist()
  expect((await runner.main(passing, { bundleDir })).code).toBe(0)
  // As if main had been killed before its last word: the state it saved, without main-finished.
  const post = await runner.post({ bundleDir, env: { 'STATE_main-finished': '' } })
  expect(post.code).toBe(0)
  expect(post.stdout).not.toContain('nothing to do')
  expect(loads()).toBe(2)
}, 60_000)
