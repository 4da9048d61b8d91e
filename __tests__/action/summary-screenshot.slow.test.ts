/**
 * The job summary of a failing jest-like run as a reviewer sees it: rendered as GitHub
 * renders markdown, shown in a real headless Chromium, and photographed for the README
 * (docs/images/summary.png, rewritten with REVERIFY_UPDATE_SCREENSHOTS=1). Skips without
 * Chromium unless REVERIFY_REQUIRE_BROWSER=1.
 */
import { expect } from '@jest/globals'
import { marked } from 'marked'
import { hostname } from 'node:os'
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Writable } from 'node:stream'
import { verifySummary } from '../../src/action/job-summary.js'
import { createProcessRunner } from '../../src/core/process/process-runner.js'
import { systemClock } from '../../src/core/base/clock.js'
import { scriptLines } from '../../src/core/shell/script-lines.js'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../src/core/redaction/index.js'
import { historyFacts } from '../../src/core/report/history-facts.js'
import { verifyRun } from '../../src/core/run/verify-run.js'
import { parseRunSettings } from '../../src/core/inputs/settings.js'
import { browserTest, withChromium } from '../helpers/chromium.js'
import { REPO_ROOT } from '../helpers/cli.js'
import { jestOutput } from '../helpers/failing-output.js'
import { scratchDir } from '../helpers/receipts.js'

/** Enough of GitHub's look that the screenshot reads like a job summary. */
const PAGE_STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;max-width:900px;margin:24px;color:#1f2328}
table{border-collapse:collapse}th,td{border:1px solid #d1d9e0;padding:4px 12px}pre{background:#f6f8fa;padding:12px;overflow:auto}
code{font:12px ui-monospace,monospace}details{margin:8px 0}`

browserTest('the job summary of a failing run renders as a reviewer reads it', async () => {
  const workDir = await scratchDir('reverify-summary-shot-')
  writeFileSync(join(workDir, 'jest-output.txt'), jestOutput())
  const stateDir = join(workDir, '.reverify')
  const store = new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() })
  const settings = parseRunSettings(
    { command: 'cat jest-output.txt; exit 1', 'expect-exit': '0', 'max-retries': '1', name: 'Unit tests (node 20)', 'state-dir': stateDir },
    workDir,
    { path: process.env.PATH }
  )
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() })
  const report = await verifyRun(
    { settings, target: 'octo/widgets', captureMode: 'warn', version: 'test', redactor: createRedactor({ values: [] }), env: process.env },
    {
      clock: { now: () => new Date(), monotonicMs: () => performance.now(), sleep: async () => undefined, random: () => 0.5 },
      processes: createProcessRunner(systemClock),
      owner: { host: hostname(), pid: process.pid },
      store,
      log: () => undefined,
      console: { stdout: sink, stderr: sink }
    }
  )
  expect(report.kind).toBe('completed')
  const markdown = verifySummary(report, {
    name: settings.name,
    commands: scriptLines(settings.script),
    captureMode: 'warn',
    history: historyFacts(await store.history('octo/widgets', '', report.identity.hash), 20),
    artifactUrl: 'https://github.com/octo/widgets/actions/runs/1/artifacts/2'
  })
  const page = join(workDir, 'summary.html')
  writeFileSync(page, `<!doctype html><meta charset=utf-8><style>${PAGE_STYLE}</style>${await marked.parse(markdown, { gfm: true })}`)

  await withChromium(async browser => {
    const tab = await browser.newPage()
    await tab.setViewport({ width: 960, height: 900 })
    await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' })
    // Open the last attempt's excerpt, as a reviewer would.
    await tab.evaluate(() =>
      document.querySelectorAll('details').forEach((item, index, all) => index === all.length - 1 && item.setAttribute('open', ''))
    )
    const seen = await tab.evaluate(() => ({ heading: document.querySelector('h3')?.textContent ?? '', text: document.body.innerText }))
    expect(seen.heading).toBe('❌ Unit tests (node 20) — failed after 2 attempts')
    expect(seen.text).toContain('Received: 500')
    const outputDir = join(REPO_ROOT, 'test-output')
    mkdirSync(outputDir, { recursive: true })
    const screenshot = join(outputDir, 'summary.png')
    await tab.screenshot({ path: screenshot, fullPage: true })
    if (process.env.REVERIFY_UPDATE_SCREENSHOTS === '1') copyFileSync(screenshot, join(REPO_ROOT, 'docs', 'images', 'summary.png'))
  })
})
