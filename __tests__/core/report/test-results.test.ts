/**
 * The HTML report of a run with JUnit results (docs/design.md §8, §9), parsed with jsdom:
 * each attempt lists its failing tests with file:line and message, the flaky test is named
 * at the top and in the history, and a hostile test name stays text.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { runCli, scratchRepo } from '../../helpers/cli.js'
import { junitReport } from '../../helpers/junit.js'
import { sessionDirs } from '../../helpers/trace.js'

const HOSTILE = '<img src=x onerror=alert(1)> returns the user'

test('failing tests per attempt, the flaky test at the top and in the history, names as text', async () => {
  const repo = await scratchRepo()
  mkdirSync(join(repo, 'src'))
  writeFileSync(join(repo, 'src', 'api.test.js'), '\n\n\n\n  expect(status()).toBe(200)\n')
  // The XML escapes the name; the report must escape it again.
  const escaped = HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  writeFileSync(join(repo, 'fail.xml'), junitReport({ [escaped]: 'failed', 'api lists users': 'passed' }))
  writeFileSync(join(repo, 'pass.xml'), junitReport({ [escaped]: 'passed', 'api lists users': 'passed' }))
  const command = 'if [ ! -e once ]; then touch once; cp fail.xml junit.xml; exit 1; fi; cp pass.xml junit.xml'
  const result = await runCli(['run', '--command', command, '--expect-exit', '0', '--test-results', 'junit.xml'], repo)
  expect(result.code).toBe(0)

  const [dir] = sessionDirs(join(repo, '.reverify'))
  const source = readFileSync(join(dir!, 'report.html'), 'utf8')
  const document = new JSDOM(source).window.document
  expect(document.querySelectorAll('img, script')).toHaveLength(0)
  expect(document.querySelector('header .flaky-tests')?.textContent).toBe(`Flaky tests: ${HOSTILE}`)
  const first = document.querySelector('#attempt-1')!
  const row = [...first.querySelectorAll('table.tests tr')].map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent))[1]
  // The file has no message attribute (as jest-junit writes it): the failure text's error line and first own frame.
  expect(row).toEqual([HOSTILE, 'src/api.test.js:5', 'failed', 'Error: expected 200, got 500\n    at Object.toBe (src/api.test.js:5:22)'])
  expect(first.textContent).toContain('2 tests in junit.xml · 1 failed')
  expect(document.querySelector('#attempt-2 .flaky-tests')?.textContent).toContain(HOSTILE)
  expect(document.querySelector('#history')?.textContent).toContain(`Flaky tests: ${HOSTILE} (1).`)
  // The results note is shown with its attempt, not again among the other notes.
  expect(document.querySelector('#notes')?.textContent ?? '').not.toContain('tests in junit.xml')
})
