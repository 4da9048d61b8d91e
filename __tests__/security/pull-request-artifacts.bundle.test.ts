/**
 * Hostile trace artifacts against the pull request's surfaces (docs/design.md §5 "One summary
 * for a matrix", the check run and the sticky comment). The pull request's own code writes
 * the legs' artifacts, so everything in them is crafted here by hand as that code could:
 * receipt.json, trace.jsonl, meta.json and annotations.json with workflow commands (`::error::`,
 * `%0A`, a bare carriage return) in test names and leg labels, markup, links, mentions, a
 * forged comment marker, 5 MiB fields, `file`s outside the workspace, and a zip whose entries
 * climb out of the download folder or name an absolute path. They are uploaded under
 * `reverify-trace-<run id>` to the local service; then the bundled report entry point
 * (dist/report.js) runs as a second workflow on `workflow_run`, with a token granting
 * actions:read, checks:write and pull-requests:write. What reached the service (the check run,
 * its annotations, the comment) and what the step printed must stay text, bounded, and no
 * file may land outside the download folder. A second run reads one leg whose annotations.json
 * is 5 MiB of 20,000 entries, all claiming a pass in a run GitHub concluded `failure`.
 */
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { baseLeg, legZip, relabel, uploadLeg, uploadZipArtifact, type CraftedLeg } from '../helpers/crafted-artifact.js'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

/** The legs' workflow run (the stand-in's REST listing shows its artifacts) and the report's own. */
const LEGS_RUN_ID = 424242
const REPORT_RUN_ID = '515253'
const HEAD_SHA = '0123456789abcdef0123456789abcdef01234567'
const WORKFLOW_PATH = '.github/workflows/tests.yml'
const PULL = 7
const FIVE_MIB = 5 * 1024 * 1024
/** Every forged workflow command and markup below carries this word, so a line that starts one is found. */
const TAG = 'FORGED'

/** Test names as the pull request's code could make its runner report them. */
const HOSTILE_NAMES = [
  `a test\n::error::${TAG} after a newline`,
  `a test\r::set-output name=${TAG}::1`,
  `a test %0A::error::${TAG} percent-encoded newline`,
  `::add-mask::${TAG}`,
  `::error file=/etc/passwd,line=1::${TAG} at the start`,
  `a test\n::stop-commands::${TAG}`,
  `<script>alert("${TAG}")</script>`,
  `<img src=x onerror=alert(1)> ${TAG}`,
  `[click ${TAG}](https://evil.example/phish) ![x](https://evil.example/pixel.png)`,
  `@octocat ${TAG} please merge, fixes #1`,
  `see https://evil.example/bare and www.evil.example ${TAG}`,
  `<!-- reverify:comment check=reverify run=999999999 --> ${TAG}`,
  `| ${TAG} | cell |\n| --- | --- |`,
  `--> <details open><summary>${TAG}</summary>`,
  `a test \u202e${TAG} txt.exe\u202c with a right-to-left override`
]
/** Names to fill the receipt's list (100 names of up to 500 characters) so the summary and the comment must be cut. */
const filler = (kind: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => `${'<b>[x](https://evil.example)</b> '.repeat(14)}${TAG} ${kind} ${index}`)
const LABELS = {
  names: `\n::error::${TAG} label %0A::add-mask::${TAG} <b>[x](https://evil.example/l)</b> @octocat`,
  big: `::set-output name=${TAG}::label | \`x\` <script>alert(1)</script>`,
  meta: 'leg with a 5 MiB meta.json',
  slip: 'leg with a zip that climbs out'
}
/**
 * An artifact's name is the pull request's too: GitHub refuses `":<>|*?\r\n\\/` in it, not
 * `@`, `#`, `%` or spaces. Its receipt is another run's, so the leg is a problem naming it.
 */
const HOSTILE_ARTIFACT = `reverify-trace-@octocat fixes #1 %0A ${TAG} [x](y)`
/** Someone's comment on the pull request that starts with the marker of a newer run. */
const SPOOFED_COMMENT = `<!-- reverify:comment check=reverify run=999999999 --> ${TAG}: not reverify's`

/** `file`s an annotations.json may name: only the first is a place in the workspace. */
const FILES = ['src/api.test.ts', '/etc/passwd', '../../../etc/shadow', 'src/../../outside.ts', 'src\\..\\win.ini', 'C:\\Windows\\win.ini']

const escapeName = (depth: number): string => `escape-${TAG}-${depth}.txt`
const absoluteDir = mkdtempSync(join(tmpdir(), 'reverify-absolute-'))

function namesLeg(leg: CraftedLeg): void {
  relabel(leg, LABELS.names)
  const flaky = [...HOSTILE_NAMES.slice(0, 3), ...filler('flaky', 97)]
  leg.receipt.tests = { total: 400, failed: [...HOSTILE_NAMES, ...filler('failed', 100 - HOSTILE_NAMES.length)], flaky }
  const annotations = HOSTILE_NAMES.map((name, index) => ({
    level: 'error',
    // One line, as a title must be (a title over a line break would refuse the whole file).
    title: `crafted leg: ${name}`.replace(/[\r\n]/g, ' '),
    message: `${name}\n::error::${TAG} in a message %0A::add-mask::${TAG}`,
    file: FILES[index % FILES.length],
    line: 3 + index,
    test: { name, flag: 'failed', rate: { runs: 37, flaked: 2, failed: 5 } }
  }))
  // A rate's firstSeen is the artifacts' text too (up to 32 characters).
  const newFlaky = ['[x](//evil.example)@octocat #1', '<img src=x onerror=alert(1)>'].map((firstSeen, index) => ({
    level: 'warning',
    title: `crafted leg: new flaky ${TAG} ${index}`,
    message: `new flaky ${TAG} ${index}`,
    file: FILES[0],
    line: 1,
    test: {
      name: `new flaky ${TAG} ${index}`,
      flag: 'new-flaky',
      rate: { runs: 1, flaked: 1, failed: 0, firstSeen },
      repeat: { failedOn: 2, of: 5 }
    }
  }))
  leg.annotations = JSON.stringify({ schema_version: 1, annotations: [...annotations, ...newFlaky] })
}

function bigLeg(leg: CraftedLeg): void {
  relabel(leg, LABELS.big)
  leg.receipt.tests = { total: 1, failed: ['a big test'], flaky: [] }
  const end = leg.trace.find(event => event.phase === 'end')!
  leg.extraTraceLines.push(JSON.stringify({ ...end, payload: { ...end.payload, summary: 's'.repeat(FIVE_MIB) } }))
  const huge = `\n::error::${TAG} ${'m'.repeat(FIVE_MIB)}`
  const annotation = {
    level: 'error',
    title: `${'t'.repeat(10_000)}\n::error::${TAG}`,
    message: huge,
    file: 'src/api.test.ts',
    line: 1,
    test: { name: `a big test ${'n'.repeat(5_000)}`, flag: 'failed' }
  }
  leg.annotations = JSON.stringify({ schema_version: 1, annotations: [annotation] })
}

function slipLeg(leg: CraftedLeg): void {
  relabel(leg, LABELS.slip)
  for (let depth = 1; depth <= 8; depth++) leg.extraEntries.push({ name: `${'../'.repeat(depth)}${escapeName(depth)}`, data: TAG })
  leg.extraEntries.push({ name: join(absoluteDir, escapeName(0)), data: TAG })
}

function workflowRunEvent(conclusion: string) {
  const repository = { name: 'widgets', full_name: 'octo/widgets', owner: { login: 'octo' } }
  return {
    action: 'completed',
    repository,
    workflow_run: {
      id: LEGS_RUN_ID,
      name: 'tests',
      path: WORKFLOW_PATH,
      event: 'pull_request',
      status: 'completed',
      conclusion,
      head_sha: HEAD_SHA,
      head_branch: 'feature',
      head_repository: repository,
      repository,
      pull_requests: [{ number: PULL, head: { sha: HEAD_SHA, ref: 'feature' }, base: { sha: 'b'.repeat(40), ref: 'main' } }]
    }
  }
}

/** Starts a service holding the open pull request the legs ran for. */
async function startService(): Promise<ResultsService> {
  const service = await ResultsService.start()
  service.github.addPull({
    number: PULL,
    state: 'open',
    head: { sha: HEAD_SHA, ref: 'feature', repo: { full_name: 'octo/widgets', owner: { login: 'octo' } } }
  })
  return service
}

/** Runs the bundled report in a workflow_run workflow of the same repository, with the report workflow's permissions. */
function runReport(service: ResultsService, runner: FakeRunner, inputs: Record<string, string> = {}): Promise<StepResult> {
  const token = service.apiToken({ actionsRead: true, checksWrite: true, pullRequestsWrite: true })
  return runner.report({ 'github-token': token, ...inputs }, { eventName: 'workflow_run', event: workflowRunEvent('failure') })
}

/** The lines of a step's stdout as the runner splits them (a bare carriage return ends a line too). */
const lines = (stdout: string): string[] => stdout.split(/\r\n|\n|\r/)

/**
 * The lines that start a workflow command the artifacts wrote: a command reverify never
 * prints (set-output, add-mask, stop-commands, …), an annotation or group whose text is the
 * artifacts' rather than reverify's own line, or data whose %0A, once the runner decodes it,
 * starts another line with `::`.
 */
function forgedCommands(stdout: string): string[] {
  return lines(stdout).filter(line => {
    const command = /^\s*::([^\s:]+)[^:]*::(.*)$/.exec(line)
    if (command === null) return false
    const [, name, data] = command
    // add-mask hides a secret of reverify's own (its token, a signed URL's signature); a forged one would hide the log.
    if (!['warning', 'notice', 'error', 'debug', 'group', 'endgroup', 'add-mask'].includes(name!)) return true
    if (name === 'add-mask' && data!.includes(TAG)) return true
    // A debug line is not shown and runs nothing; an annotation or a group is reverify's own line or forged.
    if (name !== 'debug' && data!.includes(TAG) && !data!.startsWith('reverify')) return true
    const decoded = data!.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
    return lines(decoded)
      .slice(1)
      .some(part => /^\s*::/.test(part))
  })
}

/** The text of `markdown` as GitHub would render it, with what in it is live: links, elements, mentions, refs. */
function rendered(markdown: string) {
  const document = new JSDOM(marked.parse(markdown, { gfm: true, async: false })).window.document
  const body = document.body
  const walker = document.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */)
  const prose: string[] = []
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.parentElement?.closest('code, pre, a') === null) prose.push(node.textContent ?? '')
  }
  const hrefs = [...body.querySelectorAll('[href], [src]')].map(element => element.getAttribute('href') ?? element.getAttribute('src')!)
  const elements = [...body.querySelectorAll('script, img, iframe, details, summary, b, style, form, input')].map(
    element => element.tagName
  )
  const handlers = [...body.querySelectorAll('*')].flatMap(element => element.getAttributeNames().filter(name => name.startsWith('on')))
  return { text: body.textContent ?? '', prose: prose.join(' '), hrefs, elements, handlers }
}

/** Markdown the pull request's code wrote into that stays text: no element, link or mention of its own. */
function expectText(markdown: string): void {
  const view = rendered(markdown)
  expect(view.elements).toEqual([])
  expect(view.handlers).toEqual([])
  expect(view.hrefs.filter(href => href.includes('evil.example'))).toEqual([])
  // GitHub links @name and #number in text that is not code or a link: a mention notifies someone.
  expect(view.prose).not.toMatch(/(^|[^\w`])@octocat\b/)
  expect(view.prose).not.toMatch(/(^|[^\w&])#1\b/)
  expect(view.text).toContain(TAG)
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(entry => !entry.isDirectory())
    .map(entry => join(entry.parentPath, entry.name))
}

describe('hostile names, labels, sizes and a zip that climbs out', () => {
  let service: ResultsService
  let report: StepResult
  let runner: FakeRunner
  const names: Record<keyof typeof LABELS, string> = { names: '', big: '', meta: '', slip: '' }

  beforeAll(async () => {
    service = await startService()
    const legs = { names: await baseLeg('exit 1'), big: await baseLeg('exit 1'), meta: await baseLeg('true'), slip: await baseLeg('true') }
    namesLeg(legs.names)
    bigLeg(legs.big)
    relabel(legs.meta, LABELS.meta)
    legs.meta.meta.summary = 's'.repeat(FIVE_MIB)
    slipLeg(legs.slip)
    const job = new FakeRunner(service, 'octo/widgets', 'test', String(LEGS_RUN_ID)).jobBackendId
    for (const key of Object.keys(legs) as (keyof typeof LABELS)[]) names[key] = await uploadLeg(service, job, legs[key])
    await uploadZipArtifact(service, job, HOSTILE_ARTIFACT, legZip(await baseLeg('exit 1')))
    service.github.addComment(PULL, SPOOFED_COMMENT, { login: 'mallory', type: 'User' })
    runner = new FakeRunner(service, 'octo/widgets', 'report', REPORT_RUN_ID)
    report = await runReport(service, runner)
  }, 240_000)

  afterAll(async () => service?.stop())

  test('the step passes and its output starts no workflow command the artifacts wrote', () => {
    expect(report.code).toBe(0)
    // The names leg and the 5 MiB one were read: their text went through the step.
    expect(report.outputs.legs).toBe('2')
    expect(forgedCommands(report.stdout)).toEqual([])
    expect(report.outputs[TAG]).toBeUndefined()
    // Nothing of the 5 MiB fields reaches the log or the job summary (GitHub's cap: 1 MiB).
    expect(report.stdout.length).toBeLessThan(256 * 1024)
    expect(report.summary.length).toBeLessThan(1024 * 1024)
  })

  test('one check run on the head SHA, never green for a failed run, its summary text within 65,535 characters', () => {
    expect(service.github.checkRuns).toHaveLength(1)
    const [run] = service.github.checkRuns
    expect(run!.head_sha).toBe(HEAD_SHA)
    expect(run!.status).toBe('completed')
    expect(run!.conclusion).toBe('failure')
    expect(run!.output.title!.length).toBeLessThanOrEqual(255)
    expect(run!.output.title).not.toMatch(/[\r\n]/)
    expect(run!.output.summary!.length).toBeLessThanOrEqual(65_535)
    expect((run!.output.text ?? '').length).toBeLessThanOrEqual(65_535)
    expectText(run!.output.summary!)
  })

  test('annotations: bounded titles and messages, never a path outside the workspace (a hostile file falls back to the workflow)', () => {
    const annotations = service.github.checkRuns[0]!.annotations as Record<string, any>[]
    expect(annotations.length).toBeGreaterThanOrEqual(HOSTILE_NAMES.length)
    // The names leg's annotations.json was read (its messages, its one good file), not only the receipt's names.
    expect(annotations.filter(annotation => annotation.message.includes('in a message')).length).toBe(HOSTILE_NAMES.length)
    expect(annotations.filter(annotation => annotation.message.includes('new flaky')).length).toBe(2)
    expect(annotations.filter(annotation => annotation.path === FILES[0]).length).toBeGreaterThan(0)
    for (const annotation of annotations) {
      expect(annotation.title.length).toBeLessThanOrEqual(255)
      expect(annotation.title).not.toMatch(/[\r\n]/)
      expect(annotation.message.length).toBeLessThanOrEqual(4_000)
      expect([FILES[0], WORKFLOW_PATH]).toContain(annotation.path)
      expect(Number.isInteger(annotation.start_line) && annotation.start_line >= 1).toBe(true)
    }
    // Each request carried at most 50 (the service answers 422 past that) and none was refused.
    const writes = service.requests.filter(request => ['CreateCheckRun', 'UpdateCheckRun'].includes(request.rpc ?? ''))
    expect(writes.map(request => request.status).filter(status => status >= 300)).toEqual([])
  })

  test('one comment on the pull request: one marker, at its start, the names as text, within 65,536 characters', () => {
    const comments = service.github.comments().filter(comment => comment.issue === PULL && comment.user.type === 'Bot')
    expect(comments).toHaveLength(1)
    // The spoofed marker of a newer run is someone's comment: left as it is, and no reason not to write ours.
    expect(service.github.comments().filter(comment => comment.body === SPOOFED_COMMENT)).toHaveLength(1)
    const { body } = comments[0]!
    expect(body.length).toBeLessThanOrEqual(65_536)
    expect(body).toMatch(/^<!-- reverify:comment check=reverify run=\d+ -->/)
    expect(body.split('<!--')).toHaveLength(2)
    expect(body.split('-->')).toHaveLength(2)
    expectText(body)
  })

  test('the 5 MiB fields are cut or refused: each such leg is counted, or named as a problem in one line', () => {
    const warnings = report.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
    for (const line of warnings) expect(line).not.toMatch(/[\r\n]/)
    const shown = `${report.summary}\n${service.github.checkRuns[0]!.output.summary}`
    for (const key of ['big', 'meta', 'slip'] as const) {
      const counted = shown.includes(names[key]) || shown.includes(LABELS[key].slice(0, 20))
      const named = warnings.some(line => line.includes(names[key]))
      expect({ leg: key, countedOrNamed: counted || named }).toEqual({ leg: key, countedOrNamed: true })
    }
  })

  test('no entry of the zip is written outside the download folder: not beside RUNNER_TEMP, the workspace, nor at an absolute path', () => {
    // The zip was fetched with the write token's REST call, and its entries met the unpacker.
    const slip = service.artifacts().find(artifact => artifact.name === names.slip)!
    const fetched = service.requests.filter(request => request.rpc === 'DownloadArtifactZip' && request.path.includes(`/${slip.id}/zip`))
    expect(fetched.map(request => request.status)).toEqual([302])
    const escaped = (dir: string) => filesUnder(dir).filter(path => path.includes(`escape-${TAG}`))
    expect(escaped(runner.root)).toEqual([])
    expect(readdirSync(tmpdir()).filter(name => name.startsWith(`escape-${TAG}`))).toEqual([])
    expect(readdirSync('/').filter(name => name.startsWith(`escape-${TAG}`))).toEqual([])
    expect(readdirSync(absoluteDir)).toEqual([])
  })

  test('the token went to the service only, and the step printed it nowhere', () => {
    expect(service.requests.filter(request => request.rpc === 'CreateCheckRun')).toHaveLength(1)
    expect(service.requests.filter(request => request.path.includes('evil'))).toEqual([])
    for (const request of service.requests.filter(found => /check-runs|comments/.test(found.path))) expect(request.status).toBeLessThan(300)
    const shown = lines(`${report.stdout}\n${report.stderr}`).filter(line => !line.startsWith('::add-mask::'))
    expect(shown.filter(line => line.includes('ghs_'))).toEqual([])
  })
})

describe('a 5 MiB annotations.json of 20,000 entries, all claiming a pass, in a run GitHub concluded failure', () => {
  const ENTRIES = 20_000
  let service: ResultsService
  let report: StepResult

  beforeAll(async () => {
    service = await startService()
    const leg = await baseLeg('true')
    relabel(leg, 'leg that claims a pass')
    const annotations = Array.from({ length: ENTRIES }, (_, index) => ({
      level: 'warning',
      title: `leg that claims a pass: flaky test ${index}`,
      message: `flaky test ${index} failed once, then passed ${'.'.repeat(160)}`,
      file: FILES[0],
      line: 1 + (index % 500),
      test: { name: `flaky test ${index}`, flag: 'flaky', rate: { runs: 37, flaked: 3, failed: 0 } }
    }))
    leg.annotations = JSON.stringify({ schema_version: 1, annotations })
    // Over 5 MiB, under the 8 MiB the report unpacks of the file: the leg is read, and its 20,000 entries are what it must bound.
    expect(Buffer.byteLength(leg.annotations)).toBeGreaterThan(FIVE_MIB)
    expect(Buffer.byteLength(leg.annotations)).toBeLessThan(8 * 1024 * 1024)
    await uploadLeg(service, new FakeRunner(service, 'octo/widgets', 'test', String(LEGS_RUN_ID)).jobBackendId, leg)
    report = await runReport(service, new FakeRunner(service, 'octo/widgets', 'report', REPORT_RUN_ID), { comment: 'always' })
  }, 240_000)

  afterAll(async () => service?.stop())

  test('the check run is never green: the workflow run GitHub concluded failed', () => {
    expect(report.code).toBe(0)
    // The leg was read and counted as passed: only the run's own conclusion keeps the check from green.
    expect(report.outputs).toMatchObject({ legs: '1', 'failed-legs': '0' })
    expect(service.github.checkRuns).toHaveLength(1)
    expect(service.github.checkRuns[0]!.conclusion).not.toBe('success')
  })

  test('the annotations are capped at 1,000, sent 50 at a time, and nothing of them floods the log', () => {
    const annotations = service.github.checkRuns[0]!.annotations
    expect(annotations.length).toBeLessThanOrEqual(1_000)
    const writes = service.requests.filter(request => ['CreateCheckRun', 'UpdateCheckRun'].includes(request.rpc ?? ''))
    expect(writes.length).toBeLessThanOrEqual(1 + 1_000 / 50)
    expect(writes.map(request => request.status).filter(status => status >= 300)).toEqual([])
    expect(report.stdout.length).toBeLessThan(256 * 1024)
    const [comment] = service.github.comments()
    expect(comment?.body.length ?? 0).toBeLessThanOrEqual(65_536)
    // Nor is the comment the green line: it says what GitHub concluded.
    expect(comment?.body ?? '').not.toContain('✅')
  })
})
