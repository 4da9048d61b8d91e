/**
 * The matrix summary's markdown at its limits (docs/design.md §5 "One summary for a
 * matrix"): a thousand legs with long test names stay under the runner's 1 MiB, the rows
 * left out are counted, and a label full of markdown stays one cell of text.
 */
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { matrixSummary } from '../../src/action/matrix-summary.js'
import { matrixHeadline, type LegRow, type MatrixView } from '../../src/core/matrix/aggregate.js'

function row(index: number, label = `leg ${index}`): LegRow {
  const names = Array.from({ length: 20 }, (_, test) => `suite ${index} › a rather long test name number ${test} ${'x'.repeat(150)}`)
  return {
    label,
    artifactName: `reverify-trace-${index}`,
    artifactId: index,
    runId: `20261201-000000-verify-${String(index).padStart(6, '0')}`,
    outcome: 'failure',
    attempts: 3,
    maxAttempts: 3,
    failedTests: names,
    flakyTests: names,
    quarantinedTests: []
  }
}

const options = {
  title: 'One report for the matrix',
  link: (leg: LegRow) => `https://github.com/o/r/actions/runs/1/artifacts/${leg.artifactId}`,
  report: { name: 'reverify-matrix-report' },
  pattern: 'reverify-trace-*'
}

test('a thousand legs: the summary stays under 900 KiB and counts the legs and tests it leaves out', () => {
  const rows = Array.from({ length: 1000 }, (_, index) => row(index))
  const tests = rows.flatMap(leg => leg.failedTests.map(name => ({ name, failedIn: [leg.label], flakyIn: [leg.label] })))
  const view: MatrixView = { rows, legs: [], tests, problems: Array.from({ length: 500 }, (_, index) => `artifact ${index}: broken`) }
  const markdown = matrixSummary({ view, counts: matrixHeadline(view) }, options)
  expect(Buffer.byteLength(markdown, 'utf8')).toBeLessThanOrEqual(900 * 1024)
  expect(markdown).toMatch(/^… and \d+ more legs \(all of them are in the combined report\)\.$/m)
  expect(markdown).toMatch(/^… and \d+ more tests \(all of them are in the combined report\)\.$/m)
  expect(markdown).toMatch(/^- … and \d+ more \(see the warnings\)$/m)
  // Ten names to a cell, the rest counted.
  expect(markdown).toContain('(+10 more)')
})

test('a label with markdown and markup in it stays one cell of text', async () => {
  const label = 'node 20 | <b>x</b> **bold** [link](https://evil.test) `code`'
  const view: MatrixView = { rows: [{ ...row(1, label), failedTests: [], flakyTests: [] }], legs: [], tests: [], problems: [] }
  const { document } = new JSDOM(await marked.parse(matrixSummary({ view, counts: matrixHeadline(view) }, options), { gfm: true })).window
  // Zero-width spaces keep a bare address from being autolinked; they show as nothing.
  const cells = [...document.querySelectorAll('tbody tr td')].map(cell => cell.textContent!.replaceAll('\u200b', ''))
  expect(cells).toEqual([label, '❌', '3/3', '–', '–', 'artifact'])
  expect(document.querySelectorAll('b, strong:not(:is(p > strong)), code').length).toBe(0)
  // Neither the markdown link nor the bare address in it became a link.
  expect([...document.querySelectorAll('a')].map(link => [link.textContent, link.getAttribute('href')])).toEqual([
    ['artifact', 'https://github.com/o/r/actions/runs/1/artifacts/1']
  ])
})
