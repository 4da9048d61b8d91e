// Row (i), in a browser: how long headless Chromium takes to load the report of a 10 MiB log
// (docs/design.md §8: a long log starts closed, so the page is readable at once). Chromium is
// Debian's (REVERIFY_CHROMIUM to pick another), driven by puppeteer-core as the browser tests do.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { median } from './measure.mjs'

const CHROMIUM = process.env.REVERIFY_CHROMIUM || '/usr/bin/chromium'

/**
 * Loads `reportPath` in a fresh page `rounds` times (plus a warm-up) and resolves to the median
 * time from navigation to the load event, in ms; undefined when there is no Chromium.
 */
export async function benchReportLoad(reportPath, rounds) {
  if (!existsSync(CHROMIUM)) return undefined
  const { default: puppeteer } = await import('puppeteer-core')
  const profile = mkdtempSync(join(tmpdir(), 'reverify-bench-chromium-'))
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update']
  })
  try {
    const url = pathToFileURL(reportPath).href
    const samples = []
    for (let round = 0; round <= rounds; round += 1) {
      const page = await browser.newPage()
      await page.setViewport({ width: 1100, height: 1300 })
      const started = performance.now()
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 })
      if (round > 0) samples.push(performance.now() - started)
      await page.close()
    }
    return median(samples)
  } finally {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
