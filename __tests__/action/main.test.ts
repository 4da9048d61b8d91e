/** The action's bundle end to end against the local results service. */
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

let service: ResultsService
beforeAll(async () => {
  service = await ResultsService.start()
})
afterAll(async () => {
  await service.stop()
})

test('a failing run, then the same command on a fresh runner: warned through the restored cache', async () => {
  const runner = new FakeRunner(service)
  const first = await runner.main({ command: 'echo boom; exit 1', 'expect-exit': '0', 'max-retries': '0' })
  expect(first.code).toBe(1)
  expect(first.outputs.outcome).toBe('failure')
  runner.freshTemp()
  const second = await runner.main({ command: 'echo boom; exit 1', 'expect-exit': '0', 'max-retries': '0' })
  expect(second.annotations.some(a => a.level === 'warning' && a.message.includes(first.outputs['run-id']!))).toBe(true)
})
