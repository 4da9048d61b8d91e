/**
 * The check run's summary and the pull request comment as a reviewer reads them
 * (docs/design.md §5 "The pull request's words"): legs from real core runs, their annotations.json
 * read back by the core, the markdown rendered as GitHub renders it (GFM) and opened in a
 * real headless Chromium. Hostile leg labels and test names stay the text of their cells:
 * no element, no live link, no script run, no request. The pictures for docs/action.md are of
 * a plain matrix: test-output/check-run.png and test-output/pr-comment.png, copied to
 * docs/images with REVERIFY_UPDATE_SCREENSHOTS=1. Skips without Chromium unless
 * REVERIFY_REQUIRE_BROWSER=1.
 */
import { expect } from '@jest/globals'
import { marked } from 'marked'
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'puppeteer-core'
import type { MatrixRead } from '../../src/action/matrix-summary.js'
import { checkRunPlan } from '../../src/action/pull-request/check-run-plan.js'
import { commentBody } from '../../src/action/pull-request/comment-body.js'
import type { LegAnnotation } from '../../src/core/matrix/leg-annotations.js'
import { browserTest, withChromium } from '../helpers/chromium.js'
import { REPO_ROOT } from '../helpers/cli.js'
import { failingLeg, flakyLeg, matrixOf, type ReceiptTests } from '../helpers/pull-request-legs.js'
import { scratchDir } from '../helpers/receipts.js'

const OUTPUT_DIR = join(REPO_ROOT, 'test-output')
const REPORT_URL = 'https://github.com/octo/widgets/actions/runs/78/artifacts/9'
const CHECK_URL = 'https://github.com/octo/widgets/runs/5'
const WORKFLOW = '.github/workflows/tests.yml'

/** Enough of GitHub's look that a picture reads like the pull request page. */
const PAGE_STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;max-width:960px;margin:24px;color:#1f2328}
table{border-collapse:collapse}th,td{border:1px solid #d1d9e0;padding:4px 12px}a{color:#0969da}
.box{border:1px solid #d1d9e0;border-radius:6px;padding:8px 16px}.check-title{font-size:20px;font-weight:600;margin:4px 0 12px}
.annotation{border-left:3px solid #cf222e;padding:2px 8px;margin:6px 0;white-space:pre-wrap}.annotation b{display:block}`

/** The main action's annotations for a leg's failed tests: on their line, with their rate. */
function failedAnnotations(step: string, runs = 37, failedTimes = 2) {
  return ({ failed }: ReceiptTests): LegAnnotation[] =>
    failed.map((name, index) => ({
      level: 'error',
      title: `${step}: ${name.replace(/\n/g, ' ')} failed (3/3 attempts)`.slice(0, 255),
      message: `Expected: 200\nReceived: 500\nat src/api.test.js:${14 + index}\nFailed in ${failedTimes} of the last ${runs} runs.`,
      file: 'src/api.test.js',
      line: 14 + index,
      test: { name, flag: 'failed', rate: { runs, flaked: 0, failed: failedTimes } }
    }))
}

/** What a page shows: cells of its tables, its links, what got in, what it asked for. */
interface Seen {
  tables: string[][][]
  links: (string | null)[]
  injected: number
  pwned: unknown
  text: string
}

/** Opens `html` in the browser with every request but the page's own refused, and reads what it shows. */
async function open(browser: Browser, html: string, screenshot?: string): Promise<{ seen: Seen; requests: string[] }> {
  const path = join(await scratchDir('reverify-pull-request-page-'), 'page.html')
  writeFileSync(path, `<!doctype html><meta charset="utf-8"><title>page</title><style>${PAGE_STYLE}</style><body>${html}</body>`)
  const page = await browser.newPage()
  await page.setViewport({ width: 1010, height: 820 })
  const requests: string[] = []
  await page.setRequestInterception(true)
  page.on('request', request => {
    requests.push(request.url())
    void (request.url() === pathToFileURL(path).href ? request.continue() : request.abort())
  })
  await page.goto(pathToFileURL(path).href, { waitUntil: 'load' })
  const seen = await page.evaluate(() => ({
    tables: [...document.querySelectorAll('table')].map(table =>
      [...table.querySelectorAll('tr')].map(row =>
        [...row.querySelectorAll('th,td')].map(cell => (cell as HTMLElement).innerText.replaceAll('\u200b', '').trim())
      )
    ),
    links: [...document.querySelectorAll('a')].map(link => link.getAttribute('href')),
    injected: document.querySelectorAll('script, img, iframe, object, embed, form, input').length,
    pwned: (window as unknown as { pwned?: unknown }).pwned,
    text: document.body.innerText.replaceAll('\u200b', '')
  }))
  if (screenshot !== undefined) {
    mkdirSync(OUTPUT_DIR, { recursive: true })
    await page.screenshot({ path: join(OUTPUT_DIR, screenshot) })
    if (process.env.REVERIFY_UPDATE_SCREENSHOTS === '1')
      copyFileSync(join(OUTPUT_DIR, screenshot), join(REPO_ROOT, 'docs', 'images', screenshot))
  }
  await page.close()
  return { seen, requests: requests.filter(url => url !== pathToFileURL(path).href) }
}

/** The check run as its page lays it out: name, title, summary, then its first annotations (their text set as text). */
async function checkRunPage(matrix: MatrixRead): Promise<string> {
  const plan = checkRunPlan(matrix, { fallbackPath: WORKFLOW, reportUrl: REPORT_URL })
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const annotations = plan.batches
    .flat()
    .slice(0, 3)
    .map(
      annotation =>
        `<div class="annotation"><b>${escape(`${annotation.path}#L${annotation.start_line}: ${annotation.title}`)}</b>${escape(annotation.message)}</div>`
    )
  return (
    `<div class="box"><div>reverify</div><div class="check-title">${escape(plan.title)}</div>${await marked.parse(plan.summary, { gfm: true })}</div>` +
    `<h4>Annotations: ${plan.annotationCount}</h4>${annotations.join('')}`
  )
}

async function commentPage(matrix: MatrixRead): Promise<string> {
  const { body } = commentBody(matrix, { checkName: 'reverify', runId: 78, reportUrl: REPORT_URL, checkRunUrl: CHECK_URL })
  return `<div class="box"><b>github-actions</b> bot commented<hr>${await marked.parse(body, { gfm: true })}</div>`
}

browserTest('hostile leg labels and test names stay the text of their cells, in the check run and the comment', async () => {
  const label = 'node 20 <img src=x onerror="window.pwned=1"> @octo/admins'
  const names = [
    '<script>window.pwned=1</script> | **bold** [click](https://evil.test)',
    '<!-- reverify:comment check=reverify run=999 --> #123 www.evil.test ::error::forged%0Aline'
  ]
  // The JUnit file names them (so the receipt, the summary's source, does) and so does annotations.json.
  const matrix = await matrixOf([failingLeg(label, names, failedAnnotations(label))])
  const shown = names.map(name => `api › ${name}`)
  await withChromium(async browser => {
    const check = await open(browser, await checkRunPage(matrix))
    const comment = await open(browser, await commentPage(matrix))
    for (const { seen, requests } of [check, comment]) {
      expect([seen.injected, seen.pwned, requests]).toEqual([0, undefined, []])
      expect(seen.text).toContain(shown[0])
    }
    // The check run: the legs table names the leg; the tests across legs, each name one cell.
    const [legs, tests] = check.seen.tables
    expect(legs![1]![0]).toBe(label)
    expect(
      tests!
        .slice(1)
        .map(row => row[0])
        .sort()
    ).toEqual([...shown].sort())
    expect(check.seen.links).toEqual([REPORT_URL])
    // The comment: a row per test, the leg in its own cell, only our two links live.
    const [table] = comment.seen.tables
    expect(
      table!
        .slice(1)
        .map(row => [row[0], row[1]])
        .sort()
    ).toEqual(shown.map(name => [name, label]).sort())
    expect(comment.seen.links).toEqual([REPORT_URL])
  })
})

browserTest('the check run and the comment of a failing matrix, as a reviewer reads them (the pictures for docs/action.md)', async () => {
  const newFlaky = (tests: ReceiptTests): LegAnnotation[] => [
    ...failedAnnotations('test (node 22)')(tests),
    {
      level: 'error',
      title: 'test (node 22): new test is flaky — cart › applies the coupon',
      message: 'New in this pull request; repeated 5 times, failed on repeat 3: Expected 90, Received 100.',
      file: 'src/cart.test.js',
      line: 12,
      test: { name: 'cart › applies the coupon', flag: 'new-flaky', repeat: { failedOn: 3, of: 5 } }
    }
  ]
  const many = Array.from({ length: 29 }, (_, index) => `renders page ${String(index + 1).padStart(2, '0')}`)
  const matrix = await matrixOf([
    failingLeg('test (node 20)', ['returns the user', 'lists the orders'], failedAnnotations('test (node 20)')),
    failingLeg('test (node 22)', ['returns the user', ...many], newFlaky),
    flakyLeg('test (node 24)', ['fetches config'])
  ])
  await withChromium(async browser => {
    const check = await open(browser, await checkRunPage(matrix), 'check-run.png')
    expect(check.seen.text).toContain('❌ 2 of 3 legs failed · 31 tests failed · 1 new flaky test · 1 flaky test')
    expect(check.seen.text).toContain('Annotations: 34')
    expect(check.seen.tables[0]!.map(row => row.slice(0, 3))).toEqual([
      ['leg', 'outcome', 'attempts'],
      ['test (node 20)', '❌', '1/1'],
      ['test (node 22)', '❌', '1/1'],
      ['test (node 24)', '⚠️ flaky', '2/3']
    ])
    const comment = await open(browser, await commentPage(matrix), 'pr-comment.png')
    expect(comment.seen.text).toContain('reverify · ❌ 2 of 3 legs failed · 31 tests failed · 1 new flaky test · 1 flaky test · report')
    const [table] = comment.seen.tables
    expect(table!.slice(0, 4)).toEqual([
      ['test', 'legs', 'rate (last 37 runs)'],
      ['api › returns the user', 'test (node 20), test (node 22)', 'failed 2 of 37'],
      ['api › lists the orders', 'test (node 20)', 'failed 2 of 37'],
      ['api › renders page 01', 'test (node 22)', 'failed 2 of 37']
    ])
    // 31 failures do not hide the new flaky test nor the flaky one: the rows left are failures.
    expect(table!.slice(-3)).toEqual([
      ['cart › applies the coupon (new, flaky on repeat 3/5)', 'test (node 22)', 'new'],
      ['api › fetches config (flaky)', 'test (node 24)', '–'],
      ['… 13 more in the check run', '', '']
    ])
    expect(comment.seen.links).toEqual([REPORT_URL, CHECK_URL])
  })
})
