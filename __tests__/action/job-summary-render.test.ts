/**
 * The job summary as a reviewer sees it: the markdown of real runs (the core run with real
 * processes and a real store) rendered to HTML by a GitHub-flavoured markdown renderer and
 * checked as a document — heading, attempts table, one collapsed excerpt per failed attempt,
 * the capture command alone in its code block, the history — and hostile output staying text.
 */
import { beforeEach, expect, test } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { hostname } from 'node:os'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { runAnnotations } from '../../src/action/annotations.js'
import { verifySummary } from '../../src/action/job-summary.js'
import { captureCommitCommand } from '../../src/action/run-log.js'
import { captureRun } from '../../src/core/capture/capture.js'
import { createProcessRunner } from '../../src/core/process/process-runner.js'
import { systemClock } from '../../src/core/base/clock.js'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../src/core/redaction/index.js'
import { historyFacts } from '../../src/core/report/history-facts.js'
import type { RunPorts } from '../../src/core/run/ports.js'
import type { CompletedRun } from '../../src/core/run/report.js'
import { verifyRun } from '../../src/core/run/verify-run.js'
import { parseRunSettings } from '../../src/core/inputs/settings.js'
import { scratchDir } from '../helpers/receipts.js'
import { tinyRunner } from '../helpers/rerun-suite.js'

const TARGET = 'octo/widgets'
let workDir: string
let store: ReceiptStore

beforeEach(async () => {
  workDir = await scratchDir('reverify-summary-')
  store = new ReceiptStore(join(workDir, '.reverify'), { warn: () => undefined, now: () => new Date() })
})

function sink(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() })
}

const ports = (): RunPorts => ({
  clock: { now: () => new Date(), monotonicMs: () => performance.now(), sleep: async () => undefined, random: () => 0.5 },
  processes: createProcessRunner(systemClock),
  owner: { host: hostname(), pid: process.pid },
  store,
  log: () => undefined,
  console: { stdout: sink(), stderr: sink() }
})

/** Runs the core for real and returns its completed report. */
async function run(inputs: Record<string, string>): Promise<CompletedRun> {
  const settings = parseRunSettings({ 'state-dir': join(workDir, '.reverify'), 'expect-exit': '0', ...inputs }, workDir, {
    path: process.env.PATH
  })
  const report = await verifyRun(
    { settings, target: TARGET, captureMode: 'warn', version: 'test', redactor: createRedactor({ values: [] }), env: process.env },
    ports()
  )
  if (report.kind !== 'completed') throw new Error(`expected a completed run, got ${report.kind}`)
  return report
}

/** The summary of a run, rendered as GitHub would, parsed into a document. */
async function rendered(report: CompletedRun, command: string, name = 'unit-tests'): Promise<{ markdown: string; document: Document }> {
  const history = historyFacts(await store.history(TARGET, '', report.identity.hash), 20)
  const markdown = verifySummary(report, {
    name,
    commands: [command],
    captureMode: 'warn',
    history,
    artifactUrl: 'https://github.com/octo/widgets/actions/runs/1/artifacts/2'
  })
  const html = await marked.parse(markdown, { gfm: true })
  return { markdown, document: new JSDOM(html).window.document }
}

function all(document: Document, selector: string): Element[] {
  return [...document.querySelectorAll(selector)]
}

/** The attempts table: the one whose header starts with "attempt". */
function attemptsTable(document: Document): HTMLTableElement {
  const table = all(document, 'table').find(item => item.querySelector('th')?.textContent === 'attempt')
  expect(table).toBeDefined()
  return table as HTMLTableElement
}

test('a failing run: heading, one row and one collapsed excerpt per attempt, the capture command, the history', async () => {
  // Fifty lines, so the summarizer leaves some out and writes its own "… omitted" line.
  const command = 'for i in $(seq 50); do echo "line $i"; done; printf "\\033[31m FAIL  src/api.test.js\\033[0m\\n"; exit 1'
  const report = await run({ command, 'max-retries': '2' })
  const { markdown, document } = await rendered(report, command)

  const headings = all(document, 'h3')
  expect(headings).toHaveLength(1)
  expect(headings[0]!.textContent).toBe('❌ unit-tests — failed after 3 attempts')
  expect(all(document, 'h1, h2, h4')).toHaveLength(0)

  const rows = [...attemptsTable(document).querySelectorAll('tbody tr')]
  expect(rows.map(row => row.querySelector('td')!.textContent)).toEqual(['1', '2', '3'])
  // The heading names the expectation; each row says only what that attempt got.
  expect(attemptsTable(document).querySelectorAll('th')[3]!.textContent).toBe('expect-exit 0')
  for (const row of rows) expect(row.querySelectorAll('td')[3]!.textContent).toBe('✗ got 1')
  expect(markdown).not.toContain('\\`')
  // No line under the heading repeats its verdict.
  expect(document.body.textContent).not.toMatch(/not verified after|attempt\(s\)/)

  const details = all(document, 'details')
  expect(details.map(item => item.querySelector('summary')!.textContent)).toEqual([
    'Attempt 1 — what failed',
    'Attempt 2 — what failed',
    'Attempt 3 — what failed'
  ])
  for (const item of details) {
    const excerpt = item.querySelector('pre > code.language-text')!.textContent!
    expect(excerpt).toContain(' FAIL  src/api.test.js')
    expect(excerpt).not.toContain('\u001b')
    expect(excerpt.split('\n').some(line => line.startsWith('… '))).toBe(false)
  }

  // The one command to copy is alone in its block, exactly as the log gives it.
  const shell = all(document, 'pre > code.language-sh')
  expect(shell.map(block => block.textContent!.trim())).toEqual([captureCommitCommand(report.runId)])
  expect(document.body.textContent).toContain(`capture: ${report.runId}`)

  const history = all(document, 'strong').find(item => item.textContent === 'History of this command')
  expect(history?.parentElement?.textContent).toMatch(/last 1 run\): 0 passed · 0 flaky · 1 failed \(this one included\) — flake rate 0 %/)
  const historyRows = all(document, 'table')
    .find(item => item.querySelector('th')?.textContent === 'run')!
    .querySelectorAll('tbody tr')
  expect([...historyRows].map(row => row.querySelector('td')!.textContent)).toEqual([`${report.runId} (this run)`])

  const link = all(document, 'a').find(item => item.getAttribute('href')?.endsWith('/artifacts/2'))
  expect(link?.textContent).toBe(`the trace and its HTML report, report.html (artifact reverify-trace-${report.runId})`)
})

test('a flaky pass after a captured failure: the warning heading, one excerpt, no capture request, the flake rate', async () => {
  const flaky = 'if [ -f marker ]; then echo second time lucky; else touch marker; echo "FAIL first time"; exit 1; fi'
  const before = await run({ command: flaky, 'max-retries': '0' })
  expect(before.outcome).toBe('failure')
  await captureRun(store, before.runId, { note: 'a slow DNS answer', source: 'cli', by: 'tester', target: TARGET, now: new Date() })
  await rm(join(workDir, 'marker'))
  const report = await run({ command: flaky, 'max-retries': '2' })
  expect([report.outcome, report.flaky]).toEqual(['success', true])
  const { document } = await rendered(report, flaky)

  expect(all(document, 'h3').map(item => item.textContent)).toEqual(['⚠️ unit-tests — passed on attempt 2/3 (flaky)'])
  expect(attemptsTable(document).querySelectorAll('tbody tr')).toHaveLength(2)
  const details = all(document, 'details')
  expect(details).toHaveLength(1)
  expect(details[0]!.querySelector('summary')!.textContent).toBe('Attempt 1 — what failed')
  expect(details[0]!.querySelector('pre > code')!.textContent).toContain('FAIL first time')
  expect(all(document, 'pre > code.language-sh')).toHaveLength(0)

  const history = all(document, 'strong').find(item => item.textContent === 'History of this command')
  // "(this one included)" goes with the flaky count this run is part of, not with "failed".
  expect(history?.parentElement?.textContent).toContain('last 2 runs): 0 passed · 1 flaky (this one included) · 1 failed — flake rate 50 %')
  const historyTable = all(document, 'table').find(item => item.querySelector('th')?.textContent === 'run')!
  const statuses = [...historyTable.querySelectorAll('tbody tr')].map(row => [...row.querySelectorAll('td')].map(td => td.textContent))
  expect(statuses.map(cells => cells[2])).toEqual(['⚠️ passed (flaky)', '❌ failed'])
  expect(statuses[1]![3]).toBe('yes: a slow DNS answer')
})

test('hostile output, command, name and capture note stay text', async () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(2)>',
    'a | b | c',
    '```',
    '````',
    '</details>',
    '</code></pre><b>bold</b>',
    '~~~'
  ]
  const script = `cat <<'EOF'\n${hostile.join('\n')}\nEOF\nexit 1`
  // The input splits commands on lines, so the heredoc goes through a file.
  await writeFile(join(workDir, 'hostile.sh'), script)
  const command = 'bash hostile.sh # <b>x</b> | `tick` ``'
  const first = await run({ command, 'max-retries': '0' })
  await captureRun(store, first.runId, {
    note: '<script>no</script> | `x` **y**',
    source: 'cli',
    by: 'tester',
    target: TARGET,
    now: new Date()
  })
  const report = await run({ command, 'max-retries': '0' })
  const { markdown, document } = await rendered(report, command, '<img src=y> *name* | x')

  expect(all(document, 'script, img, b, em')).toHaveLength(0)
  expect(all(document, 'h3').map(item => item.textContent)).toEqual(['❌ <img src=y> *name* | x — failed after 1 attempt'])
  const details = all(document, 'details')
  expect(details).toHaveLength(1)
  const blocks = details[0]!.querySelectorAll('pre > code')
  expect(blocks).toHaveLength(1)
  expect(blocks[0]!.textContent!.trimEnd()).toBe(hostile.join('\n'))
  // A five-backtick fence: longer than the four-backtick line in the output.
  expect(markdown).toContain('`````text\n')

  const table = attemptsTable(document)
  const header = table.querySelectorAll('thead th').length
  for (const row of table.querySelectorAll('tbody tr')) expect(row.querySelectorAll('td')).toHaveLength(header)
  expect(all(document, 'code').some(code => code.textContent === 'bash hostile.sh # <b>x</b> | `tick` ``')).toBe(true)

  const historyTable = all(document, 'table').find(item => item.querySelector('th')?.textContent === 'run')!
  const rows = [...historyTable.querySelectorAll('tbody tr')]
  for (const row of rows) expect(row.querySelectorAll('td')).toHaveLength(4)
  expect(rows[1]!.querySelectorAll('td')[3]!.textContent).toBe('yes: <script>no</script> | `x` **y**')
})

test('a test file path holding a pipe stays in its cell of the failed-tests table', async () => {
  const xml =
    '<testsuites><testsuite name="api" tests="1"><testcase classname="api" name="returns the user" file="src/a|b.test.js">' +
    '<failure message="expected 200">at x (src/a|b.test.js:3:1)</failure></testcase></testsuite></testsuites>'
  await writeFile(join(workDir, 'results.xml.src'), xml)
  await mkdir(join(workDir, 'src'))
  await writeFile(join(workDir, 'src', 'a|b.test.js'), 'test()\n')
  const command = 'cp results.xml.src results.xml; exit 1'
  const report = await run({ command, 'test-results': 'results.xml', 'max-retries': '0' })
  const { document } = await rendered(report, command)
  const table = all(document, 'table').find(item => item.querySelector('th')?.textContent === 'test')!
  const row = table.querySelector('tbody tr')!
  expect(row.querySelectorAll('td')).toHaveLength(3)
  expect(row.querySelectorAll('td')[1]!.textContent).toMatch(/^src\/a\|b\.test\.js(:3)?$/)
})

test('a run whose retry reran only the failed test: the attempts table says what each attempt ran', async () => {
  await writeFile(join(workDir, 'runner.sh'), tinyRunner())
  const report = await run({ command: 'bash runner.sh', 'test-results': 'results.xml', 'rerun-failed-tests': 'bash runner.sh {names}' })
  expect(report.outcome).toBe('success')
  const { document } = await rendered(report, 'bash runner.sh')
  const table = attemptsTable(document)
  const headings = [...table.querySelectorAll('th')].map(cell => cell.textContent)
  // As a reviewer reads it: what ran, then its exit and duration.
  expect(headings.slice(0, 4)).toEqual(['attempt', 'what ran', 'exit', 'duration'])
  const rows = [...table.querySelectorAll('tbody tr')].map(row => [...row.querySelectorAll('td')].slice(1, 4).map(cell => cell.textContent))
  expect(rows.map(([ran]) => ran)).toEqual(['full suite (bash runner.sh, 3 tests)', '1 failed test (bash runner.sh b)'])
  expect(rows.map(([, exit]) => exit)).toEqual(['1', '0'])
  for (const [, , duration] of rows) expect(duration).toMatch(/^(\d+ ms|\d+\.\d s|\d+ min \d+ s)$/)
  const { markdown } = await rendered(report, 'bash runner.sh')
  expect(markdown).toContain('| 2 | 1 failed test (`bash runner.sh b`) | 0 |')
})

test('a test that flaked inside a failed run: its own sentence in the history, a warning; the test that failed every time is the error', async () => {
  const suite = (a: boolean) =>
    '<testsuites><testsuite name="s" tests="2">' +
    `<testcase classname="s" name="a">${a ? '' : '<failure message="a timed out">at x</failure>'}</testcase>` +
    '<testcase classname="s" name="b"><failure message="b got 500">at y</failure></testcase></testsuite></testsuites>'
  await writeFile(join(workDir, 'first.xml'), suite(false))
  await writeFile(join(workDir, 'later.xml'), suite(true))
  const command = 'if [ -f seen ]; then cp later.xml r.xml; else touch seen; cp first.xml r.xml; fi; exit 1'
  const report = await run({ command, 'max-retries': '2', 'test-results': 'r.xml', 'expect-file': 'out.txt' })
  expect(report.tests?.flaky).toEqual(['s › a'])
  const { document } = await rendered(report, command)

  const table = attemptsTable(document)
  expect([...table.querySelectorAll('th')].slice(3, 5).map(item => item.textContent)).toEqual(['expect-exit 0', 'expect-file'])
  for (const row of table.querySelectorAll('tbody tr')) {
    expect([...row.querySelectorAll('td')].slice(3, 5).map(item => item.textContent)).toEqual(['✗ got 1', '✗ missing'])
  }
  // No run was flaky, so the tests that flaked are a sentence of their own, counted in runs.
  const history = all(document, 'strong').find(item => item.textContent === 'History of this command')!.parentElement!
  expect(history.textContent).toContain('0 passed · 0 flaky · 1 failed (this one included)')
  expect(history.textContent).not.toContain('s › a')
  expect(history.nextElementSibling?.textContent).toBe('Tests that failed and then passed on a retry in these runs: s › a (in 1 run).')

  const annotations = runAnnotations(report, {
    stepName: 'Unit tests',
    commands: [command],
    redactor: createRedactor({ values: [] }),
    location: { workspace: workDir }
  })
  expect(annotations.map(item => [item.level, item.properties.title])).toEqual([
    ['error', 'Unit tests: s › b failed in every attempt (3/3 attempts)'],
    ['warning', 'Unit tests: flaky — s › a failed in attempt 1, passed in a later attempt']
  ])
  expect(annotations[1]!.message).toBe('a timed out\nIt passed on a retry; the run failed on s › b.')
})

test('a passed run counts itself with the passes', async () => {
  const report = await run({ command: 'true' })
  const { document } = await rendered(report, 'true')
  const history = all(document, 'strong').find(item => item.textContent === 'History of this command')!.parentElement!
  expect(history.textContent).toContain('1 passed (this one included) · 0 flaky · 0 failed — flake rate 0 %')
})

test('a deep history: every run is counted, the table lists the newest 20 and says how many older ones it leaves out', async () => {
  const report = await run({ command: 'true' })
  for (let n = 1; n <= 24; n++) {
    const started = new Date(Date.parse(report.receipt.started_at) - n * 60_000).toISOString()
    const runId = `${started.slice(0, 10).replace(/-/g, '')}-${started.slice(11, 19).replace(/:/g, '')}-verify-${n.toString(16).padStart(6, '0')}`
    await store.write({ ...report.receipt, run_id: runId, started_at: started, ended_at: started })
  }
  const history = historyFacts(await store.history(TARGET, '', report.identity.hash), 100)
  const markdown = verifySummary(report, { name: 'unit-tests', commands: ['true'], captureMode: 'warn', history })
  const document = new JSDOM(await marked.parse(markdown, { gfm: true })).window.document
  const line = all(document, 'strong').find(item => item.textContent === 'History of this command')!.parentElement!
  expect(line.textContent).toContain('(last 25 runs): 25 passed (this one included) · 0 flaky · 0 failed — flake rate 0 %.')
  const table = all(document, 'table').find(item => item.querySelector('th')?.textContent === 'run')!
  expect(table.querySelectorAll('tbody tr')).toHaveLength(20)
  expect(table.nextElementSibling?.textContent).toBe('The 5 older runs are counted above and not listed.')
})
