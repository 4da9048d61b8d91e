/**
 * One summary for a matrix, end to end (docs/design.md §5): six legs of one workflow run run
 * the bundled action (dist/index.js) against the local results service — two pass, one
 * fails, one is flaky, one uploads no trace, and one uploads a broken one through the real
 * artifact client — then a seventh job runs the report entry point (dist/report.js). Its
 * job summary is rendered as GitHub would (marked) and read as a document (jsdom); its
 * combined report is downloaded from the service and read the same way.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { REPO_ROOT } from '../helpers/cli.js'
import { junitReport } from '../helpers/junit.js'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { readZip, ResultsService } from '../helpers/results-service.js'

const RUN_ID = '424242'
const HOSTILE = 'test (node 24, windows) <b>bold</b> | pipe'

let service: ResultsService
afterAll(async () => service?.stop())

/** Fails both tests in its first attempt, passes them in the second. */
const FLAKY =
  'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports; ' +
  'if [ $n -eq 1 ]; then cp fixtures/both-fail.xml reports/junit.xml; exit 1; fi; cp fixtures/pass.xml reports/junit.xml'
const FAILING = 'mkdir -p reports; cp fixtures/api-fails.xml reports/junit.xml; exit 1'

function legRunner(job: string): FakeRunner {
  const runner = new FakeRunner(service, 'octo/widgets', job, RUN_ID)
  const at = (path: string) => join(runner.workspace, path)
  mkdirSync(at('fixtures'))
  writeFileSync(at('fixtures/both-fail.xml'), junitReport({ 'api returns the user': 'failed', 'net fetches config': 'failed' }))
  writeFileSync(at('fixtures/api-fails.xml'), junitReport({ 'api returns the user': 'failed', 'net fetches config': 'passed' }))
  writeFileSync(at('fixtures/pass.xml'), junitReport({ 'api returns the user': 'passed', 'net fetches config': 'passed' }))
  return runner
}

const leg = (name: string, command: string, extra: Record<string, string> = {}) => ({
  name,
  command,
  'expect-exit': '0',
  'max-retries': '2',
  'test-results': 'reports/*.xml',
  ...extra
})

/** Uploads `dir` as artifact `name` with @actions/artifact, in a process of its own, as a job of the run would. */
function uploadWithRealClient(runner: FakeRunner, name: string, dir: string, files: string[]): Promise<void> {
  const script =
    "import { DefaultArtifactClient } from '@actions/artifact';" +
    'const [name, dir, ...files] = process.argv.slice(1);' +
    'await new DefaultArtifactClient().uploadArtifact(name, files, dir);'
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, name, dir, ...files], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...service.env({ jobBackendId: runner.jobBackendId }) },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('close', code => (code === 0 ? resolve() : reject(new Error(`upload exited ${code}: ${stderr}`))))
  })
}

let legs: StepResult[]
let report: StepResult
let brokenName: string

beforeAll(async () => {
  service = await ResultsService.start()
  const runners = ['a', 'b', 'c', 'd', 'e', 'f'].map(job => legRunner(`test-${job}`))
  legs = await Promise.all([
    runners[0]!.main(leg('test (node 20, ubuntu)', 'echo ok')),
    runners[1]!.main(leg('test (node 22, ubuntu)', FLAKY)),
    runners[2]!.main(leg('test (node 24, ubuntu)', FAILING)),
    runners[3]!.main(leg(HOSTILE, 'echo ok')),
    // No trace artifact at all.
    runners[4]!.main(leg('test (node 20, macos)', 'echo ok', { 'upload-trace': 'never' })),
    // Its trace is uploaded below, with a receipt cut in half.
    runners[5]!.main(leg('test (node 22, macos)', 'echo ok', { 'upload-trace': 'never' }))
  ])
  const broken = legs[5]!
  const runId = broken.outputs['run-id']!
  const sessionDir = broken.outputs['trace-dir']!
  const receipt = readFileSync(join(runners[5]!.stateDir, 'runs', runId, 'receipt.json'), 'utf8')
  writeFileSync(join(sessionDir, 'receipt.json'), receipt.slice(0, receipt.length / 2))
  brokenName = `reverify-trace-${runId}`
  await uploadWithRealClient(
    runners[5]!,
    brokenName,
    sessionDir,
    ['receipt.json', 'trace.jsonl', 'meta.json'].map(file => join(sessionDir, file))
  )
  report = await new FakeRunner(service, 'octo/widgets', 'report', RUN_ID).report({ 'expected-legs': '6' })
}, 120_000)

test('the six legs ran as planned: two passed, one failed, one was flaky; five traces uploaded', () => {
  expect(legs.map(step => step.outputs.outcome)).toEqual(['success', 'success', 'failure', 'success', 'success', 'success'])
  expect(legs[1]!.outputs.flaky).toBe('true')
  expect(service.artifacts().filter(artifact => artifact.name.startsWith('reverify-trace-'))).toHaveLength(5)
})

test('the report step passes and says what it read in its outputs', () => {
  expect(report.code).toBe(0)
  expect(report.outputs).toMatchObject({ legs: '4', 'failed-legs': '1', 'flaky-legs': '1' })
  const combined = service.artifacts().find(artifact => artifact.name === 'reverify-matrix-report')
  expect(report.outputs['report-artifact-id']).toBe(String(combined?.id))
})

/** The summary rendered by a GitHub-flavoured markdown renderer, as a document. */
function summaryDocument(): Document {
  return new JSDOM(marked.parse(report.summary, { gfm: true, async: false })).window.document
}

function tableRows(table: Element): string[][] {
  return [...table.querySelectorAll('tr')].map(row => [...row.querySelectorAll('th,td')].map(cell => cell.textContent!.trim()))
}

test('the summary has one row per leg: outcome, attempts, failed and flaky tests, a link to its artifact', () => {
  const document = summaryDocument()
  expect(document.querySelector('h3')!.textContent).toBe(
    '❌ One report for the matrix — 4 legs: 1 failed · 1 flaky · 2 passed · 2 not shown'
  )
  const [legsTable] = document.querySelectorAll('table')
  expect(tableRows(legsTable!)).toEqual([
    ['leg', 'outcome', 'attempts', 'failed tests', 'flaky tests', 'trace'],
    ['test (node 20, ubuntu)', '✅', '1/3', '–', '–', 'artifact'],
    ['test (node 22, ubuntu)', '⚠️ flaky', '2/3', '–', 'api returns the user; net fetches config', 'artifact'],
    ['test (node 24, ubuntu)', '❌', '3/3', 'api returns the user', '–', 'artifact'],
    [HOSTILE, '✅', '1/3', '–', '–', 'artifact']
  ])
  // Each link is the artifact of that leg's own run.
  const links = [...legsTable!.querySelectorAll('a')].map(link => link.getAttribute('href'))
  const expected = [0, 1, 2, 3].map(index => {
    const artifact = service.artifacts().find(found => found.name === `reverify-trace-${legs[index]!.outputs['run-id']}`)
    return `https://github.com/octo/widgets/actions/runs/${RUN_ID}/artifacts/${artifact!.id}`
  })
  expect(links).toEqual(expected)
  // The leg's name stayed text.
  expect(legsTable!.querySelector('b')).toBeNull()
})

test('then each test that failed or flaked, once, with the legs it touched', () => {
  const [, testsTable] = summaryDocument().querySelectorAll('table')
  expect(tableRows(testsTable!)).toEqual([
    ['test', 'failed in', 'flaky in'],
    ['api returns the user', 'test (node 24, ubuntu)', 'test (node 22, ubuntu)'],
    ['net fetches config', '–', 'test (node 22, ubuntu)']
  ])
})

test('a broken artifact and a missing one are one line each, in the summary and as warnings', () => {
  const document = summaryDocument()
  const problems = [...document.querySelectorAll('li')].map(item => item.textContent)
  const brokenLine = `${brokenName}: its receipt.json is not JSON`
  const missingLine = /^1 of 6 expected legs uploaded no trace artifact \(found 5\)/
  expect(problems).toEqual([`⚠️ ${brokenLine}`, expect.stringMatching(new RegExp(`^⚠️ ${missingLine.source.slice(1)}`))])
  const warnings = report.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
  expect(warnings).toEqual([`reverify: ${brokenLine}`, expect.stringMatching(new RegExp(`^reverify: ${missingLine.source.slice(1)}`))])
  expect(report.annotations.filter(annotation => annotation.level === 'error')).toEqual([])
})

test('one combined report.html is uploaded as its own artifact: escaped, no script, the CSP of the per-run report', () => {
  const combined = service.artifacts().find(artifact => artifact.name === 'reverify-matrix-report')!
  const files = readZip(combined.data)
  expect(files.map(file => file.name)).toEqual(['report.html'])
  const html = files[0]!.data.toString('utf8')
  const { document } = new JSDOM(html).window
  expect(document.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
  )
  expect(document.querySelectorAll('script, b, img')).toHaveLength(0)
  // The style sheet is CSS, not escaped text.
  expect(document.querySelector('style')!.textContent).toContain('"Segoe UI"')
  expect(html).not.toContain('&quot;Segoe UI&quot;')
  expect(tableRows(document.querySelector('table.legs')!).map(row => row.slice(0, 5))).toEqual([
    ['leg', 'outcome', 'attempts', 'failed tests', 'flaky tests'],
    ['test (node 20, ubuntu)', '✅ passed', '1/3', '–', '–'],
    ['test (node 22, ubuntu)', '⚠️ flaky', '2/3', '–', 'api returns the user; net fetches config'],
    ['test (node 24, ubuntu)', '❌ failed', '3/3', 'api returns the user', '–'],
    [HOSTILE, '✅ passed', '1/3', '–', '–']
  ])
  // A section per leg, with the failing attempts open and their failed tests named.
  const failedLeg = document.querySelector('#leg-3')!
  expect(failedLeg.querySelector('h2')!.textContent).toBe('test (node 24, ubuntu) — ❌ failed')
  expect(failedLeg.querySelectorAll('details.attempt[open]')).toHaveLength(3)
  expect(failedLeg.querySelector('ul.tests')!.textContent).toContain('api returns the user')
  expect([...document.querySelectorAll('ul.problems li')].map(item => item.textContent)).toHaveLength(2)
})

test('an artifact service that refuses a download or the listing: one warning line, the step still passes', async () => {
  const runner = new FakeRunner(service, 'octo/widgets', 'report-again', RUN_ID)
  service.injectFault('GetSignedArtifactURL', { status: 403 }, 1)
  const refusedDownload = await runner.report({ 'report-artifact': 'reverify-matrix-report-2' })
  expect(refusedDownload.code).toBe(0)
  expect(refusedDownload.outputs.legs).toBe('3')
  const warnings = refusedDownload.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
  expect(warnings).toEqual(
    expect.arrayContaining([expect.stringMatching(/^reverify: reverify-trace-\S+: it could not be downloaded \(.*403.*\)$/)])
  )
  expect(warnings).toHaveLength(2)

  service.injectFault('ListArtifacts', { status: 403 }, 1)
  const refusedListing = await runner.report({ 'report-artifact': 'reverify-matrix-report-3' })
  expect(refusedListing.code).toBe(0)
  expect(refusedListing.outputs.legs).toBe('0')
  expect(refusedListing.annotations.map(annotation => annotation.message)).toEqual([
    expect.stringMatching(/^reverify: could not list this workflow run's artifacts: .*403/)
  ])
  expect(refusedListing.summary).toMatch(/^### ⚠️ One report for the matrix — 0 legs: .* · 1 not shown$/m)
  expect(refusedListing.summary).toMatch(/^- ⚠️ could not list this workflow run's artifacts: .*403/m)
})

test("a bad input is the step's one error, naming it", async () => {
  const step = await new FakeRunner(service, 'octo/widgets', 'report-bad', RUN_ID).report({ 'expected-legs': 'six' })
  expect(step.code).toBe(1)
  expect(step.annotations).toEqual([
    expect.objectContaining({
      level: 'error',
      message: "reverify: expected-legs: 'six' is not allowed; expected a whole number from 1 to 1000"
    })
  ])
})
