/**
 * A trailer note holding U+2028 or U+2029 (issue #13), through the bundled action: such a
 * trailer used to be silently ignored, because a regular expression's `.` stops at those
 * characters. It now applies, the separators written as spaces in the note.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

test.each([
  ['U+2028', '\u2028'],
  ['U+2029', '\u2029']
])('a pull request trailer whose note holds %s captures the run, the separator a space', async (_name, separator) => {
  const runner = new FakeRunner(await started, `octo/trailer-${separator.charCodeAt(0).toString(16)}`)
  const inputs = { command: 'exit 1', 'expect-exit': '0', 'max-retries': '0', 'upload-trace': 'never', 'cache-receipts': 'false' }
  const failed = await runner.main(inputs)
  const runId = failed.outputs['run-id']!
  const body = `Fix\n\nReverify-Capture: ${runId} flaky port${separator}fixed in the fixture`
  const pr = await runner.main(inputs, { eventName: 'pull_request', event: { number: 5, pull_request: { number: 5, body } } })
  expect(pr.stdout).toContain(`reverify: captured ${runId} from pull_request #5`)
  const receipt = JSON.parse(readFileSync(join(runner.stateDir, 'runs', runId, 'receipt.json'), 'utf8'))
  expect(receipt.capture).toMatchObject({ note: 'flaky port fixed in the fixture', source: 'pull_request #5' })
})
