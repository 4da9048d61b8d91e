/**
 * The matrix summary and the combined report in a real headless Chromium (docs/design.md §5
 * "One summary for a matrix"): legs from real core runs (a pass, a flaky pass, a failure,
 * and a leg with a hostile name), the summary rendered from its markdown as GitHub would,
 * and the combined report opened from its file. Neither makes a request nor runs anything
 * from a leg; the report's style sheet applies (its font, the failed leg in red). Skips
 * without Chromium unless REVERIFY_REQUIRE_BROWSER=1. The picture in docs/action.md is of the
 * same legs with a plain `lint` leg in the hostile one's place, its icons checked to be drawn
 * in colour: test-output/matrix-report.png, and docs/images/matrix-report.png with
 * REVERIFY_UPDATE_SCREENSHOTS=1.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { marked } from 'marked'
import { matrixSummary } from '../../../src/action/matrix-summary.js'
import { aggregateLegs, matrixHeadline, type LegRow } from '../../../src/core/matrix/aggregate.js'
import { renderMatrixReport } from '../../../src/core/matrix/combined-report.js'
import { readLeg } from '../../../src/core/matrix/leg.js'
import { browserTest, CHROMIUM, withChromium } from '../../helpers/chromium.js'
import { REPO_ROOT } from '../../helpers/cli.js'
import { glyphColours } from '../../helpers/glyph-pixels.js'
import { junitReport } from '../../helpers/junit.js'
import { legRun, PREFIX } from '../../helpers/matrix-legs.js'
import { scratchDir } from '../../helpers/receipts.js'

const OUTPUT_DIR = join(REPO_ROOT, 'test-output')
const HOSTILE = 'lint <img src=x onerror="window.pwned=1">'

const fixtures = {
  'fixtures/fail.xml': junitReport({ 'api returns the user': 'failed', 'net fetches config': 'failed' }),
  'fixtures/api.xml': junitReport({ 'api returns the user': 'failed', 'net fetches config': 'passed' }),
  'fixtures/pass.xml': junitReport({ 'api returns the user': 'passed', 'net fetches config': 'passed' })
}
const FLAKY =
  'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports; ' +
  'if [ $n -eq 1 ]; then cp fixtures/fail.xml reports/junit.xml; exit 1; fi; cp fixtures/pass.xml reports/junit.xml'
const tests = { 'test-results': 'reports/*.xml', 'max-retries': '2' }

/** The matrix's summary and combined report, the fourth leg named `fourthLeg`. */
async function matrixPages(fourthLeg = HOSTILE): Promise<{ summaryPath: string; reportPath: string }> {
  const legs = await Promise.all([
    legRun('test (node 20)', 'true', tests, fixtures),
    legRun('test (node 22)', FLAKY, tests, fixtures),
    legRun('test (node 24)', 'mkdir -p reports; cp fixtures/api.xml reports/junit.xml; exit 1', tests, fixtures),
    legRun(fourthLeg, 'true', tests, fixtures)
  ])
  const reads = await Promise.all(legs.map(({ run, dir }, index) => readLeg(dir, { name: `${PREFIX}${run.runId}`, id: index + 1 }, PREFIX)))
  const view = aggregateLegs(reads, { expectedLegs: 5 })
  const link = (row: LegRow) => `https://github.com/octo/widgets/actions/runs/1/artifacts/${row.artifactId}`
  const dir = await scratchDir('reverify-matrix-pages-')
  const reportPath = join(dir, 'report.html')
  writeFileSync(reportPath, renderMatrixReport(view, { link, title: 'One report for the matrix' }))
  const markdown = matrixSummary(
    { view, counts: matrixHeadline(view) },
    {
      title: 'One report for the matrix',
      link,
      report: { name: 'reverify-matrix-report', url: 'https://github.com/octo/widgets/actions/runs/1/artifacts/9' },
      pattern: 'reverify-trace-*'
    }
  )
  const summaryPath = join(dir, 'summary.html')
  writeFileSync(summaryPath, `<!doctype html><meta charset="utf-8"><body>${await marked.parse(markdown, { gfm: true })}</body>`)
  return { summaryPath, reportPath }
}

browserTest(
  `the matrix summary and combined report render in Chromium, styled, with no request and no injected script (Chromium: ${CHROMIUM})`,
  async () => {
    const { summaryPath, reportPath } = await matrixPages()
    await withChromium(async browser => {
      const page = await browser.newPage()
      await page.setViewport({ width: 1100, height: 900 })
      const requests: string[] = []
      await page.setRequestInterception(true)
      let allowed = ''
      page.on('request', request => {
        requests.push(request.url())
        void (request.url() === allowed ? request.continue() : request.abort())
      })

      allowed = pathToFileURL(summaryPath).href
      await page.goto(allowed, { waitUntil: 'load' })
      const summary = await page.evaluate(() => ({
        pwned: (window as unknown as { pwned?: unknown }).pwned,
        injected: document.querySelectorAll('script, img, iframe').length,
        heading: document.querySelector('h3')?.textContent,
        rows: [...document.querySelectorAll('table')[0]!.querySelectorAll('tbody tr')].map(row =>
          [...row.querySelectorAll('td')].slice(0, 5).map(cell => cell.textContent)
        ),
        tests: [...document.querySelectorAll('table')[1]!.querySelectorAll('tbody tr')].map(row =>
          [...row.querySelectorAll('td')].map(cell => cell.textContent)
        ),
        problems: [...document.querySelectorAll('li')].map(item => item.textContent)
      }))
      expect(summary.pwned).toBeUndefined()
      expect(summary.injected).toBe(0)
      expect(summary.heading).toBe('❌ One report for the matrix — 4 legs: 1 failed · 1 flaky · 2 passed · 1 not shown')
      expect(summary.rows).toEqual([
        [HOSTILE, '✅', '1/3', '–', '–'],
        ['test (node 20)', '✅', '1/3', '–', '–'],
        ['test (node 22)', '⚠️ flaky', '2/3', '–', 'api returns the user; net fetches config'],
        ['test (node 24)', '❌', '3/3', 'api returns the user', '–']
      ])
      expect(summary.tests).toEqual([
        ['api returns the user', 'test (node 24)', 'test (node 22)'],
        ['net fetches config', '–', 'test (node 22)']
      ])
      expect(summary.problems).toEqual([expect.stringMatching(/^⚠️ 1 of 5 expected legs uploaded no trace artifact/)])

      allowed = pathToFileURL(reportPath).href
      await page.goto(allowed, { waitUntil: 'load' })
      const report = await page.evaluate(() => {
        const failedCell = [...document.querySelectorAll('table.legs td')].find(cell => cell.textContent === '❌ failed')!
        const failedAttempt = document.querySelector('#leg-4 details.attempt.failed > summary')!
        return {
          pwned: (window as unknown as { pwned?: unknown }).pwned,
          injected: document.querySelectorAll('script, img, iframe, object, embed').length,
          font: getComputedStyle(document.body).fontFamily,
          failedColor: getComputedStyle(failedCell).color,
          failedWeight: getComputedStyle(failedCell).fontWeight,
          attemptColor: getComputedStyle(failedAttempt).color,
          openAttempts: document.querySelectorAll('#leg-4 details.attempt[open]').length,
          text: document.body.innerText
        }
      })
      expect(report.pwned).toBeUndefined()
      expect(report.injected).toBe(0)
      expect(report.font).toContain('system-ui')
      expect([report.failedColor, report.failedWeight, report.attemptColor]).toEqual(['rgb(207, 34, 46)', '600', 'rgb(207, 34, 46)'])
      expect(report.openAttempts).toBe(3)
      expect(report.text).toContain(HOSTILE)
      expect(report.text).toContain('api returns the user')
      expect(requests).toEqual([pathToFileURL(summaryPath).href, pathToFileURL(reportPath).href])
    })
  }
)

browserTest('the combined report as docs/action.md shows it: plain leg names, its icons in colour', async () => {
  const { reportPath } = await matrixPages('lint')
  await withChromium(async browser => {
    const page = await browser.newPage()
    await page.setViewport({ width: 1100, height: 900 })
    await page.goto(pathToFileURL(reportPath).href, { waitUntil: 'load' })
    expect(await page.evaluate(() => document.querySelector('h1')?.textContent)).toBe('❌ One report for the matrix')
    // The heading's text is dark grey: its only red pixels are the emoji's.
    expect((await glyphColours(page, 'h1')).red).toBeGreaterThan(50)
    mkdirSync(OUTPUT_DIR, { recursive: true })
    const screenshot = join(OUTPUT_DIR, 'matrix-report.png')
    await page.screenshot({ path: screenshot, fullPage: false })
    if (process.env.REVERIFY_UPDATE_SCREENSHOTS === '1') copyFileSync(screenshot, join(REPO_ROOT, 'docs', 'images', 'matrix-report.png'))
  })
})
