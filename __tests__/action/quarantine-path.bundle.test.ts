/**
 * The bundled action's `quarantine` input (docs/design.md §1 "Quarantine and flaky gates"): a
 * path set on purpose that does not exist fails the step before anything runs, with one
 * error naming the input and the path; the default path, absent, quarantines nothing.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

test('quarantine: nope.yml fails the step naming the input and the path; left at its default, an absent file is no error', async () => {
  const runner = new FakeRunner(await started, 'octo/quarantine-path')
  const marker = join(runner.workspace, 'ran')
  const inputs = { command: `touch ${JSON.stringify(marker)}`, 'expect-exit': '0' }
  const explicit = await runner.main({ ...inputs, quarantine: 'nope.yml' })
  expect(explicit.code).toBe(1)
  expect(explicit.annotations).toEqual([
    expect.objectContaining({ level: 'error', message: expect.stringContaining('quarantine: nope.yml: no such file') })
  ])
  // Refused before anything ran.
  expect(existsSync(marker)).toBe(false)
  const byDefault = await runner.main(inputs)
  expect(byDefault.code).toBe(0)
  expect(byDefault.outputs.outcome).toBe('success')
  expect(existsSync(marker)).toBe(true)
}, 120_000)
