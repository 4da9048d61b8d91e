/**
 * The report's event (docs/design.md §5 "The pull request: a check run and one comment"),
 * read from a real event file: a workflow_run names the triggering run and its pull
 * requests; anything else is this run; a payload of the wrong shape is never trusted.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readReportEvent } from '../../src/action/pull-request/report-event.js'
import { HEAD_SHA, WORKFLOW_PATH, workflowRunEvent } from '../helpers/report-workflow.js'

const dir = mkdtempSync(join(tmpdir(), 'reverify-event-'))
let files = 0

function envFor(name: string, payload: unknown, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const path = join(dir, `event-${++files}.json`)
  writeFileSync(path, typeof payload === 'string' ? payload : JSON.stringify(payload))
  return {
    GITHUB_EVENT_NAME: name,
    GITHUB_EVENT_PATH: path,
    GITHUB_REPOSITORY: 'octo/widgets',
    GITHUB_RUN_ID: '777',
    GITHUB_SHA: 'b'.repeat(40),
    ...extra
  }
}

test('a workflow_run event: the triggering run, its head, its pull requests still on that head, the fork owner and branch', () => {
  const payload = workflowRunEvent({ pullRequests: [7], headOwner: 'someone', headBranch: 'patch-1', conclusion: 'failure' }) as any
  payload.workflow_run.pull_requests.push({ number: 8, head: { sha: 'd'.repeat(40) } }, { number: 'nine' })
  expect(readReportEvent(envFor('workflow_run', payload))).toEqual({
    source: 'workflow_run',
    runId: 424242,
    owner: 'octo',
    repo: 'widgets',
    headSha: HEAD_SHA,
    pullRequests: [7],
    headOwner: 'someone',
    headBranch: 'patch-1',
    workflowPath: WORKFLOW_PATH,
    runConclusion: 'failure'
  })
})

test('a workflow_run whose path climbs out, or is absolute, has no fallback path', () => {
  for (const path of ['../../etc/passwd', '/etc/passwd', 'a\\b.yml']) {
    const payload = workflowRunEvent() as any
    payload.workflow_run.path = path
    expect(readReportEvent(envFor('workflow_run', payload)).workflowPath).toBeUndefined()
  }
})

test('a workflow_run payload of the wrong shape is not trusted: the report is about this run', () => {
  const payload = workflowRunEvent() as any
  payload.workflow_run.head_sha = 'not a sha; rm -rf /'
  const event = readReportEvent(envFor('workflow_run', payload))
  expect(event).toMatchObject({ source: 'this-run', runId: 777, headSha: 'b'.repeat(40), pullRequests: [] })
  expect(readReportEvent(envFor('workflow_run', '{ not json'))).toMatchObject({ source: 'this-run', runId: 777 })
  expect(readReportEvent({ GITHUB_EVENT_NAME: 'workflow_run', GITHUB_REPOSITORY: 'octo/widgets' })).toMatchObject({
    source: 'this-run',
    runId: 0,
    headSha: ''
  })
})

test("a pull_request event: this run, on the pull request's head commit; a push: GITHUB_SHA", () => {
  const pull = { pull_request: { number: 5, head: { sha: 'C'.repeat(40) } } }
  const workflowRef = { GITHUB_WORKFLOW_REF: 'octo/widgets/.github/workflows/ci.yml@refs/pull/5/merge' }
  expect(readReportEvent(envFor('pull_request', pull, workflowRef))).toEqual({
    source: 'this-run',
    runId: 777,
    owner: 'octo',
    repo: 'widgets',
    headSha: 'c'.repeat(40),
    pullRequests: [5],
    workflowPath: '.github/workflows/ci.yml'
  })
  expect(readReportEvent(envFor('push', pull))).toMatchObject({ headSha: 'b'.repeat(40), pullRequests: [] })
})
