/**
 * Hostile trace artifacts for the pull request's surfaces (docs/design.md §5 "One summary for a
 * matrix"): the legs a pull request's own code could upload — workflow commands, markup,
 * links and mentions in test names and leg labels, 5 MiB fields, `file`s outside the
 * workspace, a zip whose entries climb out — and the `workflow_run` event and permissions the
 * report workflow runs with.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { relabel, type CraftedLeg } from './crafted-artifact.js'
import { ResultsService } from './results-service.js'
import type { FakeRunner, StepResult } from './runner.js'

/** The legs' workflow run (the stand-in's REST listing shows its artifacts) and the report's own. */
export const LEGS_RUN_ID = 424242
export const REPORT_RUN_ID = '515253'
export const HEAD_SHA = '0123456789abcdef0123456789abcdef01234567'
export const WORKFLOW_PATH = '.github/workflows/tests.yml'
export const PULL = 7
export const FIVE_MIB = 5 * 1024 * 1024
/** Every forged workflow command and markup below carries this word, so a line that starts one is found. */
export const TAG = 'FORGED'

/** Test names as the pull request's code could make its runner report them. */
export const HOSTILE_NAMES = [
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
export const LABELS = {
  names: `\n::error::${TAG} label %0A::add-mask::${TAG} <b>[x](https://evil.example/l)</b> @octocat`,
  big: `::set-output name=${TAG}::label | \`x\` <script>alert(1)</script>`,
  meta: 'leg with a 5 MiB meta.json',
  slip: 'leg with a zip that climbs out'
}
/**
 * An artifact's name is the pull request's too: GitHub refuses `":<>|*?\r\n\\/` in it, not
 * `@`, `#`, `%` or spaces. Its receipt is another run's, so the leg is a problem naming it.
 */
export const HOSTILE_ARTIFACT = `reverify-trace-@octocat fixes #1 %0A ${TAG} [x](y)`
/** Someone's comment on the pull request that starts with the marker of a newer run. */
export const SPOOFED_COMMENT = `<!-- reverify:comment check=reverify run=999999999 --> ${TAG}: not reverify's`

/** `file`s an annotations.json may name: only the first is a place in the workspace. */
export const FILES = [
  'src/api.test.ts',
  '/etc/passwd',
  '../../../etc/shadow',
  'src/../../outside.ts',
  'src\\..\\win.ini',
  'C:\\Windows\\win.ini',
  'C:/Windows/win.ini',
  '//server/share/x.ts',
  'src/./../../x.ts'
]

const escapeName = (depth: number): string => `escape-${TAG}-${depth}.txt`
export const absoluteDir = mkdtempSync(join(tmpdir(), 'reverify-absolute-'))

export function namesLeg(leg: CraftedLeg): void {
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

export function bigLeg(leg: CraftedLeg): void {
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

export function slipLeg(leg: CraftedLeg): void {
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
export async function startService(): Promise<ResultsService> {
  const service = await ResultsService.start()
  service.github.addPull({
    number: PULL,
    state: 'open',
    head: { sha: HEAD_SHA, ref: 'feature', repo: { full_name: 'octo/widgets', owner: { login: 'octo' } } }
  })
  return service
}

/** Runs the bundled report in a workflow_run workflow of the same repository, with the report workflow's permissions. */
export function runReport(service: ResultsService, runner: FakeRunner, inputs: Record<string, string> = {}): Promise<StepResult> {
  const token = service.apiToken({ actionsRead: true, checksWrite: true, pullRequestsWrite: true })
  return runner.report({ 'github-token': token, ...inputs }, { eventName: 'workflow_run', event: workflowRunEvent('failure') })
}

/**
 * `count` copies of `leg`, each another run (its id in the receipt and meta.json), with a
 * label and 100 failed and 100 flaky names made of the characters that grow most when escaped.
 */
export function wideLegs(leg: CraftedLeg, count: number): CraftedLeg[] {
  return Array.from({ length: count }, (_, index) => {
    const copy = structuredClone(leg)
    const runId = `${leg.runId.slice(0, -6)}${index.toString(16).padStart(6, '0')}`
    copy.runId = runId
    copy.receipt.run_id = runId
    copy.meta.run_id = runId
    relabel(copy, `${'<&>|'.repeat(23)} leg ${index}`)
    const names = (kind: string) => Array.from({ length: 100 }, (_, name) => `${'<&>|'.repeat(118)} ${kind} ${index}.${name}`)
    copy.receipt.tests = { total: 200, failed: names('failed'), flaky: names('flaky') }
    return copy
  })
}
