/**
 * One history whatever the runner's paths (docs/design.md §5): the cache version hashes the
 * path given to the client, so the history must be found from a runner whose RUNNER_TEMP and
 * workspace are elsewhere (a container job's /__w/_temp), through the bundled action, the
 * real cache client and the local results service. The transfer folder the client works in
 * is gone again before the command runs and after the step.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CONTAINER_LAYOUT, FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

let service: ResultsService
beforeAll(async () => {
  service = await ResultsService.start()
})
afterAll(async () => {
  await service.stop()
})

// The command looks for the transfer folder in the workspace while it runs.
const failing = {
  command: 'if [ -e .reverify-history ]; then echo "LEFT""OVER"; fi; exit 1',
  'expect-exit': '0',
  'max-retries': '0'
}

function warnings(step: StepResult): string[] {
  return step.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
}

test('a run on a runner with another RUNNER_TEMP and workspace finds the history the first one saved', async () => {
  const hosted = new FakeRunner(service, 'octo/widgets', 'verify', '5001')
  const container = new FakeRunner(service, 'octo/widgets', 'verify', '5002', CONTAINER_LAYOUT)
  expect(container.runnerTemp).not.toBe(hosted.runnerTemp)
  expect(container.runnerTemp.endsWith('/__w/_temp')).toBe(true)

  const first = await hosted.main(failing)
  expect(first.code).toBe(1)
  expect(first.stdout).toMatch(/saved 1 receipt\(s\) of this command to cache reverify-v1-/)
  const second = await container.main(failing)

  expect(second.code).toBe(1)
  expect(second.stdout).toMatch(/restored 1 receipt\(s\) of this command from cache reverify-v1-/)
  // Capture-before-retry saw the first run's failure: the history was shared.
  expect(warnings(second).join('\n')).toContain(`(${first.outputs['run-id']}) failed and nobody captured`)
  // The saved history holds both runs, and a third runner back on the first layout sees it.
  const third = await new FakeRunner(service, 'octo/widgets', 'verify', '5003').main(failing)
  expect(third.stdout).toMatch(/restored 2 receipt\(s\) of this command from cache/)
  expect(warnings(third).join('\n')).toContain(`(${second.outputs['run-id']}) failed and nobody captured`)

  // Nothing of the transfer folder was there while the commands ran, nor after the steps.
  for (const step of [first, second, third]) expect(step.stdout).not.toContain('LEFTOVER')
  for (const runner of [hosted, container]) expect(existsSync(join(runner.workspace, '.reverify-history'))).toBe(false)
})

test('a .reverify-history link that came with the checkout is refused: nothing is written through it', async () => {
  const runner = new FakeRunner(service, 'octo/linked')
  const { mkdirSync, symlinkSync, readdirSync } = await import('node:fs')
  const elsewhere = join(runner.root, 'elsewhere')
  mkdirSync(elsewhere)
  symlinkSync(elsewhere, join(runner.workspace, '.reverify-history'))

  const step = await runner.main({ command: 'echo fine', 'expect-stdout': 'fine' })

  expect(step.code).toBe(0)
  expect(step.outputs.outcome).toBe('success')
  expect(warnings(step).join('\n')).toMatch(/\.reverify-history is a symbolic link; refusing to use it/)
  expect(readdirSync(elsewhere)).toEqual([])
})
