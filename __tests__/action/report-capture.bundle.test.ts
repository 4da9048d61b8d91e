/**
 * The HTML report of a run made in GitHub Actions (docs/design.md §8): its capture section
 * says how to capture from Actions — a commit trailer or capture mode — and not the CLI
 * command, whose state directory was the runner's temporary folder.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

test("a failed run's report in Actions says to capture it with a commit trailer or capture mode", async () => {
  const runner = new FakeRunner(await started, 'octo/report-capture')
  const failed = await runner.main({ command: 'exit 1', 'expect-exit': '0', 'max-retries': '0', 'upload-trace': 'never' })
  expect(failed.outputs.outcome).toBe('failure')
  const runId = failed.outputs['run-id']!
  const html = readFileSync(join(failed.outputs['trace-dir']!, 'report.html'), 'utf8')
  const capture = new JSDOM(html).window.document.querySelector('#capture')!.textContent!
  expect(capture).toContain(
    `git commit --allow-empty -m "Capture verify failure ${runId}" --trailer "Reverify-Capture: ${runId} what you found"`
  )
  expect(capture).toContain(`capture: ${runId}`)
  expect(capture).not.toContain('reverify capture')
  expect(capture).not.toContain('--state-dir')
})
