/**
 * The job summary of a failing jest run as a reviewer sees it (docs/design.md §5 "Job
 * summary"): the bundled action (dist/index.js) runs a small real jest project with
 * `rerun-failed-tests: jest`, one test failing on a real bug and one flaky; its summary is
 * rendered as GitHub renders markdown, shown in a real headless Chromium, its ❌ checked to
 * be drawn in colour (not a missing-glyph box), and photographed for the README
 * (docs/images/summary.png, rewritten with REVERIFY_UPDATE_SCREENSHOTS=1). Skips without
 * Chromium unless REVERIFY_REQUIRE_BROWSER=1.
 */
import { expect } from '@jest/globals'
import { marked } from 'marked'
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { browserTest, withChromium } from '../helpers/chromium.js'
import { REPO_ROOT } from '../helpers/cli.js'
import { glyphColours } from '../helpers/glyph-pixels.js'
import { ResultsService } from '../helpers/results-service.js'
import { FakeRunner } from '../helpers/runner.js'
import { SHOP_FAILING, SHOP_FLAKY, SHOP_SETTINGS, writeShopProject } from '../helpers/shop-project.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

/** Enough of GitHub's look that the screenshot reads like a job summary. */
const PAGE_STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;max-width:900px;margin:24px;color:#1f2328}
table{border-collapse:collapse}th,td{border:1px solid #d1d9e0;padding:4px 12px}pre{background:#f6f8fa;padding:12px;overflow:auto}
code{font:12px ui-monospace,monospace}details{margin:8px 0}`

browserTest(
  'the job summary of a failing jest run renders as a reviewer reads it, its ❌ in colour',
  async () => {
    const runner = new FakeRunner(await started, 'octo/shop')
    writeShopProject(runner.workspace)
    const step = await runner.main({ ...SHOP_SETTINGS, name: 'Unit tests (node 20)' })
    expect(step.code).toBe(1)
    expect(step.outputs.outcome).toBe('failure')
    const page = join(runner.root, 'summary.html')
    writeFileSync(page, `<!doctype html><meta charset=utf-8><style>${PAGE_STYLE}</style>${await marked.parse(step.summary, { gfm: true })}`)

    await withChromium(async browser => {
      const tab = await browser.newPage()
      await tab.setViewport({ width: 960, height: 900 })
      await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' })
      // Open the last attempt's excerpt, as a reviewer would.
      await tab.evaluate(() =>
        document.querySelectorAll('details').forEach((item, index, all) => index === all.length - 1 && item.setAttribute('open', ''))
      )
      const seen = await tab.evaluate(() => ({ heading: document.querySelector('h3')?.textContent ?? '', text: document.body.innerText }))
      expect(seen.heading).toBe('❌ Unit tests (node 20) — failed after 3 attempts')
      // The attempts (a full run, then reruns of the failed tests), the failing test with
      // Expected/Received, and the flaky one.
      expect(seen.text).toContain('2 failed tests')
      expect(seen.text).toContain(SHOP_FAILING)
      expect(seen.text).toContain(SHOP_FLAKY)
      expect(seen.text).toContain('Expected: 90')
      expect(seen.text).toContain('Received: 100')
      // The heading's text is dark grey: its only red pixels are the emoji's.
      const heading = await glyphColours(tab, 'h3')
      expect(heading.red).toBeGreaterThan(50)

      const outputDir = join(REPO_ROOT, 'test-output')
      mkdirSync(outputDir, { recursive: true })
      const screenshot = join(outputDir, 'summary.png')
      await tab.screenshot({ path: screenshot, fullPage: true })
      if (process.env.REVERIFY_UPDATE_SCREENSHOTS === '1') copyFileSync(screenshot, join(REPO_ROOT, 'docs', 'images', 'summary.png'))
    })
  },
  180_000
)
