/**
 * The pull request's comment (docs/design.md §5 "The pull request's words"), from legs made by real
 * core runs: a marker first, one line with the verdict and the report, the tests grouped
 * across legs (failures, then new flaky, flaky and quarantined tests) with their rate, the
 * rest counted toward the check run, and one green line once nothing failed. Names from the
 * artifacts stay text, and none of them can forge the marker.
 */
import { expect, test } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { commentBody, commentMarker, readCommentMarker } from '../../src/action/pull-request/comment-body.js'
import type { LegAnnotation } from '../../src/core/matrix/leg-annotations.js'
import { failingLeg, flakyLeg, matrixOf, passingLeg, type ReceiptTests } from '../helpers/pull-request-legs.js'

const REPORT_URL = 'https://github.com/octo/widgets/actions/runs/77/artifacts/9'
const CHECK_URL = 'https://github.com/octo/widgets/runs/5'
const options = { checkName: 'reverify', runId: 4242, reportUrl: REPORT_URL, checkRunUrl: CHECK_URL }

/** The main action's annotations for a leg's failed tests, each with its rate over `runs` runs. */
function failedWithRate(runs: number, failedTimes: number) {
  return ({ failed }: ReceiptTests): LegAnnotation[] =>
    failed.map(name => ({
      level: 'error',
      title: `unit: ${name.replace(/\n/g, ' ')} failed (1/1 attempts)`,
      message: 'Error: expected 200, got 500',
      file: 'src/api.test.js',
      line: 5,
      test: { name, flag: 'failed', rate: { runs, flaked: 0, failed: failedTimes } }
    }))
}

/** A leg's annotations: a failed test, and a flaky new test that failed its third repeat of five. */
function failedAndNewFlaky({ failed }: ReceiptTests): LegAnnotation[] {
  return [
    ...failedWithRate(37, 2)({ failed, flaky: [] }),
    {
      level: 'error',
      title: 'unit: new test is flaky — cart › applies the coupon',
      message: 'New in this pull request; repeated 5 times, failed on repeat 3: Expected 90, Received 100.',
      file: 'src/cart.test.js',
      line: 12,
      test: { name: 'cart › applies the coupon', flag: 'new-flaky', repeat: { failedOn: 3, of: 5 } }
    }
  ]
}

/** The comment's table as a reader sees it: rendered, each row's cells as text. */
async function tableOf(body: string): Promise<{ rows: string[][]; document: Document }> {
  const { document } = new JSDOM(await marked.parse(body, { gfm: true })).window
  const rows = [...document.querySelectorAll('tr')].map(row =>
    [...row.querySelectorAll('th,td')].map(cell => cell.textContent!.replaceAll('\u200b', ''))
  )
  return { rows, document }
}

test('a failing matrix: the line, then a row per test across legs, failures first, with its rate', async () => {
  const matrix = await matrixOf([
    failingLeg('node 20', ['returns the user'], failedWithRate(37, 2)),
    failingLeg('node 22', ['returns the user'], failedAndNewFlaky),
    flakyLeg('node 24', ['fetches config'])
  ])
  const { body, passed } = commentBody(matrix, options)
  expect(passed).toBe(false)
  const lines = body.split('\n')
  expect(lines[0]).toBe('<!-- reverify:comment check=reverify run=4242 -->')
  expect(lines[1]).toBe(`**reverify** · ❌ 2 of 3 legs failed · 1 test failed · 1 new flaky test · 1 flaky test · [report](${REPORT_URL})`)
  expect(lines[2]).toBe('')
  const { rows } = await tableOf(body)
  expect(rows).toEqual([
    ['test', 'legs', 'rate (last 37 runs)'],
    ['api › returns the user', 'node 20, node 22', 'failed 2 of 37'],
    ['cart › applies the coupon (new, flaky on repeat 3/5)', 'node 22', 'new'],
    // A leg without annotations.json: its receipt's names, no rate.
    ['api › fetches config (flaky)', 'node 24', '–']
  ])
  expect(readCommentMarker(body, 'reverify')).toEqual({ runId: 4242 })
})

test('more tests than the comment lists: 20 rows, then "… N more in the check run" linking to it', async () => {
  const failed = Array.from({ length: 30 }, (_, index) => `row ${String(index + 1).padStart(2, '0')}`)
  const matrix = await matrixOf([failingLeg('unit', failed, failedWithRate(12, 1))])
  const { body } = commentBody(matrix, options)
  const { rows, document } = await tableOf(body)
  expect(rows).toHaveLength(1 + 20 + 1)
  expect(rows[1]).toEqual(['api › row 01', 'unit', 'failed 1 of 12'])
  expect(rows[0]![2]).toBe('rate (last 12 runs)')
  expect(rows.at(-1)).toEqual(['… 10 more in the check run', '', ''])
  expect(body).toContain(`| … 10 more in the [check run](${CHECK_URL}) | | |`)
  expect([...document.querySelectorAll('a')].map(link => link.getAttribute('href'))).toEqual([REPORT_URL, CHECK_URL])
})

test('failures that fill the comment leave rows for the flaky tests after them', async () => {
  const failed = Array.from({ length: 30 }, (_, index) => `row ${String(index + 1).padStart(2, '0')}`)
  const matrix = await matrixOf([
    failingLeg('unit', failed, failedWithRate(12, 1)),
    flakyLeg('e2e', ['fetches config', 'loads page', 'logs in'])
  ])
  const { rows } = await tableOf(commentBody(matrix, options).body)
  expect(rows).toHaveLength(1 + 20 + 1)
  expect(rows.slice(18)).toEqual([
    ['api › row 18', 'unit', 'failed 1 of 12'],
    ['api › fetches config (flaky)', 'e2e', '–'],
    ['api › loads page (flaky)', 'e2e', '–'],
    ['… 13 more in the check run', '', '']
  ])
})

test('nothing failed: one green line, flaky tests counted in it; a failed workflow run is never green', async () => {
  const green = await matrixOf([passingLeg('node 20'), passingLeg('node 22'), passingLeg('node 24')])
  expect(commentBody(green, options)).toEqual({
    body: `<!-- reverify:comment check=reverify run=4242 -->\n**reverify** · ✅ 3 legs passed · [report](${REPORT_URL})\n`,
    passed: true
  })
  const flaky = await matrixOf([passingLeg('node 20'), flakyLeg('node 22', ['fetches config'])])
  expect(commentBody(flaky, { checkName: 'reverify', runId: 7 })).toEqual({
    body: '<!-- reverify:comment check=reverify run=7 -->\n**reverify** · ✅ 2 legs passed · 1 flaky test · report\n',
    passed: true
  })
  const failedRun = commentBody(green, { ...options, runConclusion: 'failure' })
  expect(failedRun.passed).toBe(false)
  expect(failedRun.body.split('\n')[1]).toMatch(/^\*\*reverify\*\* · ❌ 3 legs passed · the workflow run's conclusion: failure/)
})

test('the marker: check name made safe, read back only at the very start, for this check name, with a whole number', () => {
  expect(commentMarker('unit tests (linux)', 12)).toBe('<!-- reverify:comment check=unit tests _linux_ run=12 -->')
  expect(commentMarker('x --> <b>', 1)).toBe('<!-- reverify:comment check=x --_ _b_ run=1 -->')
  const body = `${commentMarker('reverify', 99)}\nrest`
  expect(readCommentMarker(body, 'reverify')).toEqual({ runId: 99 })
  expect(readCommentMarker(body, 'other')).toBeUndefined()
  expect(readCommentMarker(` ${body}`, 'reverify')).toBeUndefined()
  expect(readCommentMarker(`hello\n${body}`, 'reverify')).toBeUndefined()
  expect(readCommentMarker('<!-- reverify:comment check=reverify run=12x -->', 'reverify')).toBeUndefined()
  expect(readCommentMarker('<!-- reverify:comment check=reverify run=99999999999999999 -->', 'reverify')).toBeUndefined()
})

test('hostile test names and leg labels stay text: no markup, link, mention, reference, line or forged marker', async () => {
  const names = [
    '<!-- reverify:comment check=reverify run=999999 -->',
    'x\n<!-- reverify:comment check=reverify run=999999 -->',
    '@octo/admins please merge #123 [click](https://evil.test) https://evil.test www.evil.test',
    '<img src=x onerror=alert(1)> | **bold** `code` ::error::forged%0Aline \u001b[31mred\u001b[0m'
  ]
  const label = 'node 20 <script>alert(1)</script> @octo'
  // From annotations.json, which can hold what a JUnit file cannot (escape codes, line breaks).
  const matrix = await matrixOf([failingLeg(label, ['plain'], () => failedWithRate(3, 1)({ failed: names, flaky: [] }))])
  const { body } = commentBody(matrix, options)
  // One marker, the first line; no other line starts a comment.
  expect(body.split('\n').filter(line => line.includes('<!--'))).toEqual(['<!-- reverify:comment check=reverify run=4242 -->'])
  expect(readCommentMarker(body, 'reverify')).toEqual({ runId: 4242 })
  const { rows, document } = await tableOf(body)
  const expected = names.map(name => name.replace(/\n/g, ' ').replace(/\u001b\[\d+m/g, ''))
  expect(
    rows
      .slice(1)
      .map(row => row[0])
      .sort()
  ).toEqual([...expected].sort())
  expect(rows.slice(1).every(row => row[1] === label)).toBe(true)
  expect(document.querySelectorAll('img, script, strong:not(p > strong), code').length).toBe(0)
  expect([...document.querySelectorAll('a')].map(link => link.getAttribute('href'))).toEqual([REPORT_URL])
  // GitHub's mentions and references are made after rendering: a zero-width space keeps them from matching.
  expect(document.body.textContent).not.toMatch(/@octo|#123|https:\/\/evil|www\.evil/)
  expect(body).not.toContain('\u001b')
})
