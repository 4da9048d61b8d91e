/**
 * The matrix summary as a reviewer reads it (docs/design.md §5 "One summary for a matrix"):
 * its markdown rendered as GitHub renders it and opened in a real headless Chromium — one
 * row per leg with its outcome, attempts, failed and flaky tests and artifact link, then the
 * tests across legs, each once with the legs it touched; a leg label full of markup stays
 * text. Skips without Chromium unless REVERIFY_REQUIRE_BROWSER=1.
 */
import { expect } from '@jest/globals'
import { marked } from 'marked'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { matrixSummary } from '../../src/action/matrix-summary.js'
import { matrixHeadline, type LegRow, type MatrixView } from '../../src/core/matrix/aggregate.js'
import { browserTest, withChromium } from '../helpers/chromium.js'

function leg(label: string, outcome: LegRow['outcome'], attempts: number, failedTests: string[], flakyTests: string[], id: number): LegRow {
  return {
    label,
    artifactName: `reverify-trace-${id}`,
    artifactId: id,
    runId: `20261202-000000-verify-00000${id}`,
    outcome,
    attempts,
    maxAttempts: 3,
    failedTests,
    flakyTests,
    quarantinedTests: []
  }
}

browserTest('one row per leg, then the tests across legs; markup in a label stays text', async () => {
  const hostile = 'test (node 24) <img src=x onerror="document.title=1">'
  const rows = [
    leg('test (node 20, ubuntu)', 'success', 1, [], [], 1),
    leg('test (node 22, ubuntu)', 'flaky', 2, [], ['net › fetches config'], 2),
    leg(hostile, 'failure', 3, ['api › returns the user'], ['net › fetches config'], 3)
  ]
  const view: MatrixView = {
    rows,
    legs: [],
    tests: [
      { name: 'api › returns the user', failedIn: [hostile], flakyIn: [] },
      { name: 'net › fetches config', failedIn: [], flakyIn: ['test (node 22, ubuntu)', hostile] }
    ],
    problems: ['reverify-trace-4: no receipt.json in the artifact']
  }
  const markdown = matrixSummary(
    { view, counts: matrixHeadline(view) },
    {
      title: 'One report for the matrix',
      link: row => `https://github.com/octo/widgets/actions/runs/1/artifacts/${row.artifactId}`,
      report: { name: 'reverify-matrix-report' },
      pattern: 'reverify-trace-*'
    }
  )
  const dir = mkdtempSync(join(tmpdir(), 'reverify-matrix-summary-'))
  const page = join(dir, 'summary.html')
  writeFileSync(page, `<!doctype html><meta charset=utf-8><title>summary</title>${await marked.parse(markdown, { gfm: true })}`)

  await withChromium(async browser => {
    const tab = await browser.newPage()
    await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' })
    const seen = await tab.evaluate(() => ({
      title: document.title,
      images: document.querySelectorAll('img').length,
      tables: [...document.querySelectorAll('table')].map(table =>
        [...table.querySelectorAll('tr')].map(row => [...row.querySelectorAll('th,td')].map(cell => (cell as HTMLElement).innerText.trim()))
      ),
      links: [...document.querySelectorAll('a')].map(link => link.getAttribute('href')),
      text: document.body.innerText
    }))
    // Nothing in a label ran or became an element.
    expect(seen.title).toBe('summary')
    expect(seen.images).toBe(0)
    const [legs, tests] = seen.tables
    expect(legs).toHaveLength(4)
    expect(legs![1]!.join(' | ')).toContain('test (node 20, ubuntu)')
    expect(legs![2]!.join(' | ')).toMatch(/test \(node 22, ubuntu\).*flaky.*2\/3.*net › fetches config/)
    expect(legs![3]!.join(' | ')).toContain(hostile)
    expect(legs![3]!.join(' | ')).toMatch(/3\/3.*api › returns the user/)
    expect(seen.links).toContain('https://github.com/octo/widgets/actions/runs/1/artifacts/3')
    // Each test once, with the legs it touched.
    expect(tests!.slice(1).map(row => row[0])).toEqual(['api › returns the user', 'net › fetches config'])
    expect(tests![2]!.join(' | ')).toContain('test (node 22, ubuntu)')
    expect(seen.text).toContain('reverify-trace-4: no receipt.json in the artifact')
  })
})
