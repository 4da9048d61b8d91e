/**
 * The HTML report in a real headless Chromium (docs/design.md §8): it renders the failing
 * test, makes no request but for the file itself, and the command's hostile output runs
 * nothing, and it is styled as written (the fonts, a failed attempt in bold red, the print
 * rule: an escaped style sheet drops them all). Skips when no Chromium is installed, unless REVERIFY_REQUIRE_BROWSER=1 (CI) makes
 * that a failure. The README's picture of the report is a realistic jest run's, not this
 * hostile one's: __tests__/cli/report-screenshot.slow.test.ts takes it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { browserTest, CHROMIUM, withChromium } from '../../helpers/chromium.js'
import { runCli, scratchRepo } from '../../helpers/cli.js'
import { junitReport } from '../../helpers/junit.js'
import { dayFromToday, writeQuarantine } from '../../helpers/quarantine.js'
import { HOSTILE_LINES, reportRun } from '../../helpers/report-run.js'

browserTest(`the report renders in Chromium with no request and no injected script (Chromium: ${CHROMIUM})`, async () => {
  const run = await reportRun()
  await withChromium(async browser => {
    const page = await browser.newPage()
    await page.setViewport({ width: 1100, height: 1300 })
    const fileUrl = pathToFileURL(run.reportPath).href
    const requests: string[] = []
    await page.setRequestInterception(true)
    page.on('request', request => {
      requests.push(request.url())
      // Only the report itself may load; anything else would be a leak, and is stopped here too.
      void (request.url() === fileUrl ? request.continue() : request.abort())
    })
    await page.goto(fileUrl, { waitUntil: 'load' })

    const seen = await page.evaluate(() => ({
      pwned: (window as unknown as { pwned?: unknown }).pwned,
      injected: document.querySelectorAll('script, img, iframe, object, embed').length,
      text: document.body.innerText,
      attempts: document.querySelectorAll('details.attempt[open]').length
    }))
    expect(requests).toEqual([fileUrl])
    expect(seen.pwned).toBeUndefined()
    expect(seen.injected).toBe(0)
    expect(seen.text).toContain('api › returns the user')
    expect(seen.text).toContain('Received: 500')
    expect(seen.text).toContain('unit-tests — failed after 3 attempts')
    for (const line of HOSTILE_LINES) expect(seen.text).toContain(line)
    expect(seen.attempts).toBe(3)

    const style = await page.evaluate(() => {
      const failed = document.querySelector('details.attempt.failed > summary')
      const rules = [...document.styleSheets].flatMap(sheet => [...sheet.cssRules])
      const print = rules.filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.media.mediaText === 'print')
      return {
        bodyFont: getComputedStyle(document.body).fontFamily,
        failedWeight: failed === null ? '' : getComputedStyle(failed).fontWeight,
        failedColor: failed === null ? '' : getComputedStyle(failed).color,
        printRules: print.flatMap(rule => [...rule.cssRules].map(inner => inner.cssText))
      }
    })
    expect(style.bodyFont).toMatch(/^system-ui\b/)
    expect(style.bodyFont).toContain('"Segoe UI"')
    expect(style.bodyFont).not.toMatch(/times|^serif$/i)
    expect(Number(style.failedWeight)).toBeGreaterThanOrEqual(600)
    const [red, green, blue] = (style.failedColor.match(/\d+/g) ?? []).map(Number)
    expect(red).toBeGreaterThan(150)
    expect(green).toBeLessThan(100)
    expect(blue).toBeLessThan(100)
    expect(style.printRules).toContainEqual(expect.stringMatching(/^details > \* \{ display: block; \}$/))
  })
})

browserTest('the report shows a quarantined test apart from the failed ones, with its owner, expiry and reason', async () => {
  const repo = await scratchRepo('reverify-report-quarantine-')
  writeFileSync(join(repo, 'fail.xml'), junitReport({ 'api returns the user': 'failed', 'net fetches config': 'failed' }))
  mkdirSync(join(repo, 'src'))
  writeFileSync(join(repo, 'src', 'api.test.js'), '\n'.repeat(10))
  const expires = dayFromToday(30)
  writeQuarantine(repo, [{ test: 'net fetches config', owner: '@acme/platform', reason: 'times out against the staging proxy', expires }])
  const args = ['run', '--command', 'cp fail.xml junit.xml; exit 1', '--expect-exit', '0', '--test-results', 'junit.xml']
  const run = await runCli([...args, '--max-retries', '0'], repo)
  expect(run.code).toBe(1)
  // The console too names the quarantined test apart from the failed one.
  expect(run.stdout).toContain(
    `tests: 2 (attempt 1) · failed: api returns the user · quarantined: net fetches config (@acme/platform, until ${expires})`
  )
  const reportPath = join(/^trace: (.+)$/m.exec(run.stdout)![1]!, 'report.html')
  await withChromium(async browser => {
    const page = await browser.newPage()
    await page.goto(pathToFileURL(reportPath).href, { waitUntil: 'load' })
    const seen = await page.evaluate(() => {
      const rows = (selector: string) =>
        [...document.querySelectorAll(selector)].slice(1).map(row => [...row.children].map(cell => (cell as HTMLElement).innerText))
      const section = document.querySelector('#quarantined') as HTMLElement | null
      return {
        section: section?.innerText ?? '',
        failing: rows('#attempt-1 table.tests:not(.quarantined) tr').map(row => row[0]),
        quarantined: rows('#attempt-1 table.tests.quarantined tr').map(row => row.slice(0, 3)),
        // Drawn, not only in the markup: the section has a size on the page.
        drawn: (section?.getBoundingClientRect().height ?? 0) > 0
      }
    })
    expect(seen.failing).toEqual(['api returns the user'])
    expect(seen.quarantined).toEqual([['net fetches config', 'src/api.test.js:5', `@acme/platform, until ${expires}`]])
    expect(seen.section).toContain(
      'These quarantined tests failed in an attempt that also failed for something their quarantine does not excuse.'
    )
    expect(seen.section).toContain(`net fetches config\t@acme/platform\t${expires}\ttimes out against the staging proxy`)
    expect(seen.drawn).toBe(true)
  })
})

// A 100,000-line failing log with one jest block in its middle (docs/design.md §8: a long log starts closed).
const LONG_FAILING_LOG = `awk 'BEGIN { for (i = 1; i <= 100000; i++) { print "INFO step " i " compiled src/module-" i ".ts"; if (i == 50000) { print "  ● api › returns the user"; print "    Expected: 200"; print "    Received: 500"; print "      at Object.<anonymous> (src/api.test.js:14:23)" } } }'; exit 1`

browserTest(
  'a 100,000-line failing log starts closed, with the excerpt and a first-error link shown, and the page loads fast',
  async () => {
    const repo = await scratchRepo('reverify-report-long-')
    const run = await runCli(['run', '--command', LONG_FAILING_LOG, '--expect-exit', '0', '--max-retries', '0'], repo)
    expect(run.code).toBe(1)
    const reportPath = join(/^trace: (.+)$/m.exec(run.stdout)![1]!, 'report.html')
    await withChromium(async browser => {
      const page = await browser.newPage()
      // The page must work without scripts: the link is a plain fragment link.
      await page.setJavaScriptEnabled(false)
      await page.setViewport({ width: 1100, height: 1300 })
      const started = performance.now()
      await page.goto(pathToFileURL(reportPath).href, { waitUntil: 'load' })
      const loadMs = performance.now() - started
      process.stdout.write(`report of a 100,000-line log loaded in Chromium in ${Math.round(loadMs)} ms\n`)

      const seen = await page.evaluate(() => {
        const shown = (element: Element | null) => (element === null ? 0 : element.getBoundingClientRect().height)
        const link = document.querySelector('#attempt-1 p.jump a')
        const target = document.getElementById((link?.getAttribute('href') ?? '#').slice(1))
        return {
          logOpen: (document.querySelector('#attempt-1 details.log') as HTMLDetailsElement | null)?.open,
          excerpt: (document.querySelector('#attempt-1 pre.excerpt') as HTMLElement | null)?.innerText ?? '',
          excerptShown: shown(document.querySelector('#attempt-1 pre.excerpt')),
          link: (link as HTMLElement | null)?.innerText ?? '',
          linkShown: shown(link),
          href: link?.getAttribute('href'),
          target: (target as HTMLElement | null)?.innerText ?? '',
          targetShown: shown(target)
        }
      })
      expect(seen.logOpen).toBe(false)
      expect(seen.excerpt).toContain('Received: 500')
      expect(seen.excerptShown).toBeGreaterThan(0)
      expect(seen.link).toBe('first error')
      expect(seen.linkShown).toBeGreaterThan(0)
      expect(seen.href).toBe('#attempt-1-first-error')
      // The target is outside the closed log, so following the link shows it in every browser.
      expect(seen.target).toContain('First error (log line 50,001)')
      expect(seen.target).toContain('Received: 500')
      expect(seen.targetShown).toBeGreaterThan(0)

      await page.click('#attempt-1 p.jump a')
      const after = await page.evaluate(() => ({
        hash: location.hash,
        top: document.getElementById('attempt-1-first-error')?.getBoundingClientRect().top ?? -1
      }))
      expect(after.hash).toBe('#attempt-1-first-error')
      expect(after.top).toBeGreaterThanOrEqual(0)
      expect(after.top).toBeLessThan(1300)
    })
  }
)

browserTest("the report shows each failed test's rate over the history, and a test flaky inside the runner", async () => {
  const repo = await scratchRepo('reverify-report-flakes-')
  writeFileSync(join(repo, 'fail.xml'), junitReport({ 'api returns the user': 'failed', 'net fetches config': 'passed' }))
  const args = [
    'run',
    '--command',
    'cp fail.xml junit.xml; exit 1',
    '--expect-exit',
    '0',
    '--test-results',
    'junit.xml',
    '--max-retries',
    '0'
  ]
  expect((await runCli(args, repo)).code).toBe(1)
  const run = await runCli(args, repo)
  expect(run.code).toBe(1)
  const sessionDir = /^trace: (.+)$/m.exec(run.stdout)![1]!
  // The runner's own retry as its reader records it in the attempt's `tests` note (docs/design.md §2).
  const tracePath = join(sessionDir, 'trace.jsonl')
  const lines = readFileSync(tracePath, 'utf8').trimEnd().split('\n')
  const withRunnerFlaky = lines.map(line => {
    const event = JSON.parse(line)
    if (event.phase !== 'note' || event.payload?.kind !== 'tests') return line
    const runnerFlaky = [{ name: 'net fetches config', passedOnRun: 2, form: 'flakyFailure', message: 'connect ETIMEDOUT 10.0.0.5:443' }]
    return JSON.stringify({ ...event, payload: { ...event.payload, tests: { ...event.payload.tests, runner_flaky: runnerFlaky } } })
  })
  writeFileSync(tracePath, `${withRunnerFlaky.join('\n')}\n`)
  const runId = /^receipt: (.+)$/m.exec(run.stdout)![1]!
  expect((await runCli(['report', runId], repo)).code).toBe(0)
  const today = new Date().toISOString().slice(0, 10)
  await withChromium(async browser => {
    const page = await browser.newPage()
    await page.goto(pathToFileURL(join(sessionDir, 'report.html')).href, { waitUntil: 'load' })
    const seen = await page.evaluate(() => {
      const section = document.querySelector('#flakiness') as HTMLElement | null
      const rows = (selector: string) =>
        [...document.querySelectorAll(selector)].slice(1).map(row => [...row.children].map(cell => (cell as HTMLElement).innerText))
      return {
        drawn: (section?.getBoundingClientRect().height ?? 0) > 0,
        runner: rows('#flakiness table.runner-flaky tr'),
        rates: rows('#flakiness table.rates tr')
      }
    })
    expect(seen.drawn).toBe(true)
    expect(seen.runner).toEqual([
      [
        'net fetches config',
        '',
        'flaky inside the runner, passed on its 2nd run (Surefire flakyFailure)',
        'connect ETIMEDOUT 10.0.0.5:443',
        ''
      ]
    ])
    expect(seen.rates).toEqual([['api returns the user', `failed in 2 of the last 2 runs (100 %) · first seen ${today}`]])
  })
})
