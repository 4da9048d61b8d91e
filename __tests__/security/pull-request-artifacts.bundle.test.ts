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
import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { baseLeg, legZip, relabel, uploadLeg, uploadZipArtifact } from '../helpers/crafted-artifact.js'
import {
  FILES,
  FIVE_MIB,
  HEAD_SHA,
  HOSTILE_ARTIFACT,
  HOSTILE_NAMES,
  LABELS,
  LEGS_RUN_ID,
  PULL,
  REPORT_RUN_ID,
  SPOOFED_COMMENT,
  TAG,
  WORKFLOW_PATH,
  absoluteDir,
  bigLeg,
  namesLeg,
  runReport,
  slipLeg,
  startService,
  wideLegs
} from '../helpers/hostile-legs.js'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

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

describe('forty legs of names that grow when escaped, 8,000 tests: the check run and the comment are bounded, never refused', () => {
  let service: ResultsService
  let report: StepResult

  beforeAll(async () => {
    service = await startService()
    const job = new FakeRunner(service, 'octo/widgets', 'test', String(LEGS_RUN_ID)).jobBackendId
    for (const leg of wideLegs(await baseLeg('exit 1'), 40)) await uploadLeg(service, job, leg)
    report = await runReport(service, new FakeRunner(service, 'octo/widgets', 'report', REPORT_RUN_ID))
  }, 240_000)

  afterAll(async () => service?.stop())

  test('the summary within 65,535 characters with a link to the combined report; the annotations capped; no write refused', () => {
    expect(report.code).toBe(0)
    expect(report.outputs.legs).toBe('40')
    const [run] = service.github.checkRuns
    expect(run!.conclusion).toBe('failure')
    expect(run!.output.summary!.length).toBeLessThanOrEqual(65_535)
    const view = rendered(run!.output.summary!)
    expect(view.elements).toEqual([])
    expect(view.hrefs.filter(href => href.includes(`/actions/runs/${REPORT_RUN_ID}/artifacts/`))).not.toEqual([])
    const writes = service.requests.filter(request => /CheckRun|Comment/.test(request.rpc ?? ''))
    expect(writes.map(request => request.status).filter(status => status >= 300)).toEqual([])
    // 8,000 receipt names, one annotation each: the check run takes at most 2,000, 50 a request.
    expect(run!.annotations.length).toBeLessThanOrEqual(2_000)
    expect(writes.filter(request => request.rpc === 'UpdateCheckRun').length).toBeLessThanOrEqual(2_000 / 50)
    const comments = service.github.comments()
    expect(comments).toHaveLength(1)
    expect(comments[0]!.body.length).toBeLessThanOrEqual(65_536)
    expect(rendered(comments[0]!.body).elements).toEqual([])
  })
})
