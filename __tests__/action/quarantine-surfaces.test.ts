/**
 * The quarantine and the flaky gates as a reviewer sees them in the action (docs/design.md §5,
 * docs/flaky-tests.md): real core runs of a bash "runner" that writes JUnit, with a quarantine
 * file in the working directory; their job summary rendered by a GitHub-flavoured markdown
 * renderer and checked as a document, and their annotations as built for the log.
 */
import { beforeEach, expect, test } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { hostname } from 'node:os'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { runAnnotations } from '../../src/action/annotations.js'
import { verifySummary } from '../../src/action/job-summary.js'
import { createProcessRunner } from '../../src/core/process/process-runner.js'
import { systemClock } from '../../src/core/base/clock.js'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { createRedactor, type Redactor } from '../../src/core/redaction/index.js'
import type { RunPorts } from '../../src/core/run/ports.js'
import type { CompletedRun } from '../../src/core/run/report.js'
import { verifyRun } from '../../src/core/run/verify-run.js'
import { parseRunSettings } from '../../src/core/inputs/settings.js'
import { scratchDir } from '../helpers/receipts.js'
import { dayFromToday, writeQuarantine } from '../helpers/quarantine.js'

let workDir: string

beforeEach(async () => {
  workDir = await scratchDir('reverify-quarantine-summary-')
  // The "runner", one command: quarantine excuses nothing of a command that runs more than its runner.
  writeFileSync(join(workDir, 'runner.sh'), 'cp q.xml results.xml; exit 1\n')
  mkdirSync(join(workDir, 'src'))
  writeFileSync(join(workDir, 'src', 'net.test.js'), '\n'.repeat(40))
})

const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() })

function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A JUnit file of suite `s`: each test passed or failed (its failure's stack points into src/net.test.js). */
function junit(tests: Record<string, 'passed' | 'failed'>): string {
  const cases = Object.entries(tests).map(([name, outcome]) =>
    outcome === 'passed'
      ? `<testcase classname="s" name="${xmlText(name)}"/>`
      : `<testcase classname="s" name="${xmlText(name)}"><failure>Error: timed out\n    at Object.&lt;anonymous&gt; (src/net.test.js:31:5)</failure></testcase>`
  )
  return `<testsuites><testsuite name="s">${cases.join('')}</testsuite></testsuites>\n`
}

/** Runs the core for real in the scratch folder with these inputs. */
async function run(inputs: Record<string, string>, redactor: Redactor = createRedactor({ values: [] })): Promise<CompletedRun> {
  const stateDir = join(workDir, '.reverify')
  const settings = parseRunSettings({ 'state-dir': stateDir, 'expect-exit': '0', 'test-results': 'results.xml', ...inputs }, workDir, {
    path: process.env.PATH
  })
  const ports: RunPorts = {
    clock: { now: () => new Date(), monotonicMs: () => performance.now(), sleep: async () => undefined, random: () => 0.5 },
    processes: createProcessRunner(systemClock),
    owner: { host: hostname(), pid: process.pid },
    store: new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() }),
    log: () => undefined,
    console: { stdout: sink(), stderr: sink() }
  }
  const report = await verifyRun(
    { settings, target: 'octo/widgets', captureMode: 'warn', version: 'test', redactor, env: process.env },
    ports
  )
  if (report.kind !== 'completed') throw new Error(`expected a completed run, got ${report.kind}`)
  return report
}

/** The summary of a run, rendered as GitHub would, parsed into a document. */
async function rendered(report: CompletedRun, command: string): Promise<{ markdown: string; document: Document }> {
  const markdown = verifySummary(report, { name: 'unit-tests', commands: [command], captureMode: 'warn' })
  return { markdown, document: new JSDOM(await marked.parse(markdown, { gfm: true })).window.document }
}

const facts = (redactor: Redactor = createRedactor({ values: [] })) => ({
  stepName: 'Unit tests',
  commands: ['bash runner.sh'],
  redactor,
  location: { workspace: workDir }
})

/** The paragraph that starts with this bold text. */
function paragraph(document: Document, bold: RegExp): string | undefined {
  return (
    [...document.querySelectorAll('p')].find(item => bold.test(item.querySelector('strong')?.textContent ?? ''))?.textContent ?? undefined
  )
}

test('two quarantined tests fail: the run passes, one warning each (no error), one summary line with owner and expiry, hostile text kept text', async () => {
  const hostile = '<img src=x onerror="window.pwned=1"> | **locks** the row'
  const expires = dayFromToday(45)
  writeQuarantine(workDir, [
    { test: 's › fetches config', owner: '@acme/platform', reason: 'times out against the staging proxy', expires, issue: 812 },
    { test: `s › ${hostile}`, owner: '@acme/platform', reason: 'a <script>window.pwned=1</script> race | in CI', expires },
    // Expires in 3 days, its test passes: a warning all the same.
    { test: 's › lists users', owner: '@acme/api', reason: 'slow fixture', expires: dayFromToday(3) }
  ])
  writeFileSync(join(workDir, 'q.xml'), junit({ 'fetches config': 'failed', [hostile]: 'failed', 'lists users': 'passed' }))
  const command = 'bash runner.sh'
  const report = await run({ command, 'max-retries': '2' })
  expect([report.outcome, report.attempts.length]).toEqual(['success', 1])

  const { document } = await rendered(report, command)
  expect(document.querySelectorAll('script, img')).toHaveLength(0)
  expect([...document.querySelectorAll('h3')].map(item => item.textContent)).toEqual([
    '⚠️ unit-tests — passed on attempt 1/3: every failure is quarantined'
  ])
  expect(paragraph(document, /quarantined tests failed/)).toBe(
    `2 quarantined tests failed: s › fetches config, s › ${hostile} — owner @acme/platform, expires ${expires}. The run passed because every failure is quarantined.`
  )
  // Not listed as failed tests: the quarantined ones have their own table, with reasons and the issue.
  expect(document.body.textContent).not.toContain('Failed tests')
  const table = [...document.querySelectorAll('table')].find(item => item.querySelector('th')?.textContent === 'quarantined test')!
  const rows = [...table.querySelectorAll('tbody tr')].map(row => [...row.querySelectorAll('td')].map(cell => cell.textContent))
  expect(rows).toEqual([
    ['s › fetches config', '@acme/platform', expires, 'times out against the staging proxy', '#812'],
    [`s › ${hostile}`, '@acme/platform', expires, 'a <script>window.pwned=1</script> race | in CI', '']
  ])
  const expiring = [...document.querySelectorAll('li')].map(item => item.textContent)
  expect(expiring).toEqual([
    `⚠️ The quarantine of s › lists users (owner @acme/api) expires on ${dayFromToday(3)}, in 3 days: fix the test, or renew the entry with a reason.`
  ])

  const annotations = runAnnotations(report, facts())
  expect(annotations.filter(annotation => annotation.level === 'error')).toEqual([])
  expect(annotations).toEqual([
    {
      level: 'warning',
      message: `Quarantined until ${expires} by @acme/platform: "times out against the staging proxy" (issue #812). The run passed because every failure is quarantined.`,
      properties: {
        title: 'Unit tests: quarantined test failed — s › fetches config',
        file: 'src/net.test.js',
        startLine: 31,
        startColumn: 5
      },
      test: { name: 's › fetches config', flag: 'quarantined', rate: expect.objectContaining({ runs: 1, failed: 1 }) }
    },
    expect.objectContaining({
      level: 'warning',
      properties: expect.objectContaining({ title: `Unit tests: quarantined test failed — s › ${hostile}` })
    })
  ])
})

test('entries with different owners: each test named with its own owner and expiry; a secret in a reason is redacted everywhere', async () => {
  writeQuarantine(workDir, [
    { test: 's › a', owner: '@team-a', reason: 'flaky port', expires: dayFromToday(20) },
    { test: 's › b', owner: '@team-b', reason: 'token hunter2-secret leaks into a log', expires: dayFromToday(30) }
  ])
  writeFileSync(join(workDir, 'q.xml'), junit({ a: 'failed', b: 'failed' }))
  const redactor = createRedactor({ values: ['hunter2-secret'] })
  const report = await run({ command: 'bash runner.sh', 'max-retries': '0' }, redactor)
  expect(report.outcome).toBe('success')
  const { markdown, document } = await rendered(report, 'bash runner.sh')
  expect(paragraph(document, /quarantined tests failed/)).toBe(
    `2 quarantined tests failed: s › a (owner @team-a, expires ${dayFromToday(20)}), s › b (owner @team-b, expires ${dayFromToday(30)}). The run passed because every failure is quarantined.`
  )
  expect(markdown).not.toContain('hunter2')
  const annotations = runAnnotations(report, facts(redactor))
  expect(annotations.map(annotation => annotation.level)).toEqual(['warning', 'warning'])
  expect(annotations[1]!.message).toContain('token [redacted:redact-input] leaks into a log')
  expect(JSON.stringify(annotations)).not.toContain('hunter2')
})

test('fail-on-flaky refuses a flaky pass: the summary says which gate and which tests; one error annotation names them', async () => {
  // Fails test b in its first attempt only.
  writeFileSync(join(workDir, 'fail.xml'), junit({ a: 'passed', b: 'failed' }))
  writeFileSync(join(workDir, 'pass.xml'), junit({ a: 'passed', b: 'passed' }))
  const command = 'if [ -f seen ]; then cp pass.xml results.xml; else touch seen; cp fail.xml results.xml; exit 1; fi'
  const report = await run({ command, 'max-retries': '2', 'fail-on-flaky': 'true' })
  expect([report.outcome, report.gate?.gate]).toEqual(['failure', 'fail-on-flaky'])

  const { document } = await rendered(report, command)
  expect([...document.querySelectorAll('h3')].map(item => item.textContent)).toEqual([
    '❌ unit-tests — failed: flaky pass refused by fail-on-flaky'
  ])
  // The gate's reason, without repeating the heading.
  expect([...document.querySelectorAll('p')].map(item => item.textContent)).toContain(
    's › b failed, then passed on a retry, and is not quarantined.'
  )
  expect(paragraph(document, /^Gate/)).toBe('Gate fail-on-flaky refused this flaky pass; the flaky tests it counted: s › b.')

  const annotations = runAnnotations(report, facts())
  expect(annotations).toEqual([
    {
      level: 'error',
      message: expect.stringMatching(
        /^flaky pass refused by fail-on-flaky: s › b failed, then passed on a retry, and is not quarantined\.\ns › b: Error: timed out/
      ),
      properties: {
        title: 'Unit tests: flaky pass refused by fail-on-flaky — s › b',
        file: 'src/net.test.js',
        startLine: 31,
        startColumn: 5
      }
    }
  ])
})

test('a quarantined test failing next to another failed test: the run fails, the error is for the other test only, the quarantined one a warning', async () => {
  const expires = dayFromToday(25)
  writeQuarantine(workDir, [{ test: 's › fetches config', owner: '@acme/platform', reason: 'staging proxy', expires }])
  writeFileSync(join(workDir, 'q.xml'), junit({ 'fetches config': 'failed', 'returns the user': 'failed' }))
  const command = 'bash runner.sh'
  const report = await run({ command, 'max-retries': '0' })
  expect(report.outcome).toBe('failure')

  const annotations = runAnnotations(report, facts())
  expect(annotations.map(annotation => [annotation.level, annotation.properties.title])).toEqual([
    ['error', 'Unit tests: s › returns the user failed (1/1 attempts)'],
    ['warning', 'Unit tests: quarantined test failed — s › fetches config']
  ])
  expect(annotations[1]!.message).toBe(
    `Quarantined until ${expires} by @acme/platform: "staging proxy". The run failed for something else, which the quarantine does not excuse.`
  )

  const { document } = await rendered(report, command)
  const failed = [...document.querySelectorAll('table')].find(item => item.querySelector('th')?.textContent === 'test')!
  expect([...failed.querySelectorAll('tbody tr')].map(row => row.querySelector('td')!.textContent)).toEqual(['s › returns the user'])
  expect(paragraph(document, /quarantined test failed/)).toBe(
    `1 quarantined test failed: s › fetches config — owner @acme/platform, expires ${expires}. Their quarantine applies, but the run failed for something else.`
  )
})
