/**
 * The HTML report of a failing jest run, the README's picture of it (docs/design.md §8 "HTML
 * report"): the built CLI (dist/cli.js) runs a small real jest project with
 * `--rerun-failed-tests jest`, one test failing on a real bug and one flaky; its report is
 * shown in a real headless Chromium, checked to show the attempts, the failing test with
 * Expected/Received and the flaky test, and photographed to test-output/report.png (and
 * docs/images/report.png with REVERIFY_UPDATE_SCREENSHOTS=1). The report's security checks,
 * hostile output included, are __tests__/core/report/browser.slow.test.ts's. Skips without
 * Chromium unless REVERIFY_REQUIRE_BROWSER=1.
 */
import { expect } from '@jest/globals'
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { browserTest, withChromium } from '../helpers/chromium.js'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { SHOP_FAILING, SHOP_FLAKY, SHOP_SETTINGS, writeShopProject } from '../helpers/shop-project.js'

/** The project's settings as `reverify run` flags. */
const FLAGS = Object.entries(SHOP_SETTINGS).flatMap(([name, value]) => [`--${name}`, value])

browserTest(
  'the report of a failing jest run with a flaky test, as the README shows it',
  async () => {
    const project = writeShopProject(realpathSync(mkdtempSync(join(tmpdir(), 'reverify-shop-'))))
    const run = await spawnCli(['run', '--name', 'unit-tests', ...FLAGS], project)
    expect(run.code).toBe(1)
    const reportPath = join(/^trace: (.+)$/m.exec(run.stdout)![1]!, 'report.html')

    await withChromium(async browser => {
      const page = await browser.newPage()
      await page.setViewport({ width: 1100, height: 1600 })
      await page.goto(pathToFileURL(reportPath).href, { waitUntil: 'load' })
      const seen = await page.evaluate(() => ({
        text: document.body.innerText,
        attempts: document.querySelectorAll('details.attempt').length
      }))
      expect(seen.attempts).toBe(3)
      expect(seen.text).toContain('unit-tests — failed after 3 attempts')
      expect(seen.text).toContain('Ran 2 failed tests of the attempt before')
      expect(seen.text).toContain(SHOP_FAILING)
      expect(seen.text).toContain(SHOP_FLAKY)
      expect(seen.text).toContain('Expected: 90')
      expect(seen.text).toContain('Received: 100')

      const outputDir = join(REPO_ROOT, 'test-output')
      mkdirSync(outputDir, { recursive: true })
      const screenshot = join(outputDir, 'report.png')
      await page.screenshot({ path: screenshot, fullPage: false })
      if (process.env.REVERIFY_UPDATE_SCREENSHOTS === '1') copyFileSync(screenshot, join(REPO_ROOT, 'docs', 'images', 'report.png'))
    })
  },
  180_000
)
