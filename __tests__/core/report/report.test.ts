/**
 * The HTML report of a real run, parsed with jsdom (docs/design.md §8): the command's
 * hostile output stays text, the page asks for nothing from the network, and a reviewer
 * finds what failed, the attempts, the capture state and the history.
 */
import { jest } from '@jest/globals'
import { readFileSync, statSync } from 'node:fs'
import { JSDOM } from 'jsdom'
import { REPORT_CSP } from '../../../src/core/report/render.js'
import { REPORT_CSS, styleSheet } from '../../../src/core/report/style.js'
import { join } from 'node:path'
import { runCli, scratchRepo, type CliResult } from '../../helpers/cli.js'
import { HOSTILE_LINES, reportRun, type ReportRun } from '../../helpers/report-run.js'

let run: ReportRun
let source: string
let document: Document

beforeAll(async () => {
  run = await reportRun()
  source = readFileSync(run.reportPath, 'utf8')
  // jsdom runs no script and loads nothing unless told to: this is a parse, not a browser.
  document = new JSDOM(source).window.document
})

const text = (selector: string): string => [...document.querySelectorAll(selector)].map(element => element.textContent).join('\n')

test('the report is written next to the trace, readable by its owner only', () => {
  expect(statSync(run.reportPath).mode & 0o777).toBe(0o600)
})

test('no script or image element comes from the command output; the markup is there as text', () => {
  expect(document.querySelectorAll('script, img, iframe, object, embed, link, base, form')).toHaveLength(0)
  for (const line of HOSTILE_LINES) {
    expect(text('ol.log')).toContain(line)
    expect(text('pre.excerpt')).toContain(line)
  }
  expect(source).toContain('&lt;script&gt;window.pwned=1&lt;/script&gt;')
})

test('no element carries an event handler attribute', () => {
  const handlers = [...document.querySelectorAll('*')].flatMap(element =>
    element.getAttributeNames().filter(name => name.toLowerCase().startsWith('on'))
  )
  expect(handlers).toEqual([])
})

test('nothing refers to a resource elsewhere; the policy forbids any request', () => {
  expect(source).not.toMatch(/https?:\/\//i)
  expect(source).not.toMatch(/url\(/i)
  const linking = [...document.querySelectorAll('[src], [href], [srcset], [action], [data], [poster]')]
  // Links within the page (the first-error links) are the only ones, and each has its target.
  const inPage = (element: Element) => /^#[\w-]+$/.test(element.getAttribute('href') ?? '') && element.attributes.length === 1
  expect(linking.filter(element => !inPage(element)).map(element => element.outerHTML.slice(0, 80))).toEqual([])
  for (const link of linking) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull()
  const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]')
  expect(csp?.getAttribute('content')).toBe(REPORT_CSP)
  expect(REPORT_CSP).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/)
})

test('the style sheet is in the page as written, and could never end its element', () => {
  const styles = document.querySelectorAll('style')
  expect(styles).toHaveLength(1)
  expect(styles[0]?.textContent).toBe(REPORT_CSS)
  expect(source).toContain('"Segoe UI"')
  expect(source).toContain('details>summary')
  expect(REPORT_CSS).not.toMatch(/<\/style/i)
  expect(() => styleSheet('p{}</STYLE ><script>x</script>')).toThrow('must not contain </style')
})

test('terminal escape codes are stripped from the log and the excerpt', () => {
  expect(source).not.toContain('\u001b')
  expect(text('ol.log')).toContain(' FAIL  src/api.test.js')
  expect(text('ol.log')).toContain('    Received: 500')
})

test('the failing test, its assertion and the error lines are shown and highlighted', () => {
  expect(text('pre.excerpt')).toContain('api › returns the user')
  expect(text('pre.excerpt')).toContain('Received: 500')
  const highlighted = text('ol.log li.e')
  expect(highlighted).toContain('Received: 500')
  expect(highlighted).toContain('FAIL  src/api.test.js')
  expect(highlighted).not.toContain('Tests: 1 failed')
})

test('the header names the outcome, the step, the command, the receipt and the times', () => {
  const header = text('header')
  expect(header).toContain('failure')
  expect(header).toContain('unit-tests — failed after 3 attempts')
  expect(header).toContain('bash ./fake-test.sh')
  expect(header).toContain(run.runId)
  expect(header).toMatch(/started\s*\d{4}-\d\d-\d\dT/)
  expect(header).toMatch(/total time\s*[\d.]+ m?s/)
})

test('the timeline has a bar per attempt with duration and verdict, and the retry notes', () => {
  const bars = [...document.querySelectorAll('#timeline .bar')]
  expect(bars.map(bar => bar.textContent)).toEqual([
    expect.stringMatching(/^1 · .+ ✗$/),
    expect.stringMatching(/^2 · .+ ✗$/),
    expect.stringMatching(/^3 · .+ ✗$/)
  ])
  expect(bars.every(bar => bar.classList.contains('bad'))).toBe(true)
  expect(text('#timeline ol.notes')).toMatch(/after attempt 1: expect-exit 0 but got 1 .*retrying \(attempt 2\/3\)/)
})

test('each attempt is a section, newest first, failing ones open, with its expectations and log', () => {
  const attempts = [...document.querySelectorAll('details.attempt')] as HTMLDetailsElement[]
  expect(attempts.map(attempt => attempt.id)).toEqual(['attempt-3', 'attempt-2', 'attempt-1'])
  expect(attempts.every(attempt => attempt.open)).toBe(true)
  const checks = text('#attempt-3 table.checks')
  expect(checks).toContain('expect-exit')
  expect(checks).toContain('✗')
  expect(checks).toContain('expect-exit 0 but got 1')
  expect(document.querySelectorAll('#attempt-3 details.log ol.log li').length).toBeGreaterThanOrEqual(9)
})

test('the capture state and the history of the command are shown', () => {
  expect(text('#capture')).toContain(`reverify capture ${run.runId}`)
  const rows = [...document.querySelectorAll('#history tr')].slice(1).map(row => row.textContent ?? '')
  expect(rows).toHaveLength(4)
  expect(rows[0]).toContain('(this run)')
  expect(rows[1]).toMatch(/passed.*flaky/)
  expect(rows[2]).toContain('the API stub was down')
  expect(rows[3]).toContain('passed')
  expect(text('#history p')).toContain('1 passed · 1 flaky · 2 failed')
})

test("a long log's first error is placed by its line number in groups of three, written without ICU (its number format takes ms to load)", async () => {
  const repo = await scratchRepo('reverify-report-lines-')
  // Over LONG_LOG_LINES, so the log starts closed and the first error stands apart with its line.
  const command = `awk 'BEGIN { for (i = 1; i <= 6000; i++) print "INFO step " i; print "  ● api › returns the user"; print "    Expected: 200"; print "    Received: 500" }'; exit 1`
  const toLocaleString = jest.spyOn(Number.prototype, 'toLocaleString')
  let failed: CliResult
  try {
    failed = await runCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '0'], repo)
    expect(toLocaleString).not.toHaveBeenCalled()
  } finally {
    toLocaleString.mockRestore()
  }
  expect(failed.code).toBe(1)
  const report = new JSDOM(readFileSync(join(/^trace: (.+)$/m.exec(failed.stdout)![1]!, 'report.html'), 'utf8')).window.document
  expect(report.querySelector('.first-error h3')?.textContent).toBe('First error (log line 6,001)')
  expect(report.querySelector('details.log summary')?.textContent).toContain('over 5,000 lines, so it starts closed')
})
