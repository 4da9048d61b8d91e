/**
 * The post step after a main step that finished (docs/design.md §9 "Start-up"): its launcher
 * prints the one debug line the bundle would and loads no bundle; a post step with work left
 * loads it as before. A loader hook records every module the step imports.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
const runners: FakeRunner[] = []
afterAll(async () => {
  await (await started).stop()
  for (const runner of runners) rmSync(runner.root, { recursive: true, force: true })
})

const HOOK = `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_LOG, url + '\\n')
  return next(url, context)
}`

/** NODE_OPTIONS and the log of a step whose imports are recorded. */
function recorded(runner: FakeRunner): { env: Record<string, string>; loaded: () => string[] } {
  const register = join(runner.runnerTemp, 'register.mjs')
  const log = join(runner.runnerTemp, 'loaded.log')
  writeFileSync(
    register,
    `import { register } from 'node:module'\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)})\n`
  )
  writeFileSync(log, '')
  return {
    env: { NODE_OPTIONS: `--import=${register}`, LOADED_LOG: log },
    loaded: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(line => line !== '')
  }
}

const passing = { command: 'true', 'expect-exit': '0', 'upload-trace': 'never' }
const bundleLoaded = (urls: string[]) => urls.some(url => url.endsWith('/index.bundle.js'))

test('after a finished main step, the post step prints its one debug line and loads no bundle', async () => {
  const runner = new FakeRunner(await started, 'octo/post-shortcut')
  runners.push(runner)
  expect((await runner.main(passing)).code).toBe(0)
  expect(runner.savedState()['main-finished']).toBe('true')
  const { env, loaded } = recorded(runner)
  const post = await runner.post({ env })
  expect(post.code).toBe(0)
  expect(post.stdout.trim().split('\n')).toEqual(['::debug::reverify: the main step finished and closed its run; nothing to do'])
  expect(post.stderr).toBe('')
  expect(loaded().some(url => url.endsWith('/post.js'))).toBe(true)
  expect(bundleLoaded(loaded())).toBe(false)
}, 60_000)

test('a post step with work left (main did not say it finished) loads the bundle and closes the run', async () => {
  const runner = new FakeRunner(await started, 'octo/post-backstop')
  runners.push(runner)
  expect((await runner.main(passing)).code).toBe(0)
  const { env, loaded } = recorded(runner)
  // As if main had been killed before its last word: the state it saved, without main-finished.
  const post = await runner.post({ env: { ...env, 'STATE_main-finished': '' } })
  expect(post.code).toBe(0)
  expect(post.stdout).not.toContain('nothing to do')
  expect(bundleLoaded(loaded())).toBe(true)
}, 60_000)
