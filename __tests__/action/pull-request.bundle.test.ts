/**
 * The pull request's check run and comment, end to end (docs/design.md §5 "The pull request:
 * a check run and one comment"): legs run by the bundled action (dist/index.js) against the
 * local service, then the report entry point (dist/report.js) as a second workflow on
 * `workflow_run`, reading the legs through the REST API and talking to the stand-in's
 * check runs, comments and pulls endpoints.
 */
import { commentMarker } from '../../src/action/pull-request/comment-body.js'
import {
  failingLeg,
  flakyLeg,
  HEAD_SHA,
  LEGS_RUN,
  reportOnWorkflowRun,
  requestsTo,
  testNames,
  warnings,
  WORKFLOW_PATH
} from '../helpers/report-workflow.js'
import { ResultsService } from '../helpers/results-service.js'
import type { StepResult } from '../helpers/runner.js'

const ALL_GRANTS = { actionsRead: true, checksWrite: true, pullRequestsWrite: true }
const MARKER = commentMarker('reverify', LEGS_RUN)

const ours = (service: ResultsService, issue: number) =>
  service.github.comments().filter(comment => comment.issue === issue && comment.body.startsWith('<!-- reverify:comment check=reverify '))

describe('a leg with 30 failed tests', () => {
  let service: ResultsService
  let first: StepResult
  let second: StepResult
  let fromSecond: number

  beforeAll(async () => {
    service = await ResultsService.start()
    const leg = await failingLeg(service, 'node-22', testNames(30))
    expect(leg.outputs.outcome).toBe('failure')
    const token = service.apiToken(ALL_GRANTS)
    first = await reportOnWorkflowRun(service, { 'github-token': token }, { pullRequests: [7] })
    fromSecond = service.requests.length
    second = await reportOnWorkflowRun(service, { 'github-token': token }, { pullRequests: [7] })
  }, 300_000)
  afterAll(async () => service?.stop())

  test('one check run on the head commit: 30 annotations in 1 create + 1 update, conclusion failure', () => {
    expect(first.code).toBe(0)
    expect(warnings(first)).toEqual([])
    const [run] = service.github.checkRuns
    expect(run).toMatchObject({ name: 'reverify', head_sha: HEAD_SHA, status: 'completed', conclusion: 'failure' })
    expect(run!.annotations).toHaveLength(30)
    // Without annotations.json a failed test lands on the legs' workflow file, line 1.
    expect(run!.annotations).toContainEqual(expect.objectContaining({ path: WORKFLOW_PATH, start_line: 1, annotation_level: 'failure' }))
    expect(run!.output.summary!.length).toBeLessThanOrEqual(65_535)
    expect(run!.output.title).toContain('30 tests failed')
    expect(requestsTo(service, 'CreateCheckRun', 0, fromSecond)).toHaveLength(1)
    expect(requestsTo(service, 'UpdateCheckRun', 0, fromSecond)).toHaveLength(1)
    expect(first.outputs['check-run-id']).toBe(String(run!.id))
    expect(first.outputs['check-run-url']).toBe(run!.html_url)
  })

  test('the legs came from the triggering run, through the REST API', () => {
    expect(requestsTo(service, 'ListRunArtifacts', 0, fromSecond).map(request => request.path)).toEqual([
      expect.stringContaining(`/actions/runs/${LEGS_RUN}/artifacts`)
    ])
    expect(requestsTo(service, 'DownloadArtifactZip', 0, fromSecond)).toHaveLength(1)
    expect(first.outputs.legs).toBe('1')
    // A leg's trace is linked in the run that made it; the combined report in the report's own run.
    const links = [...first.summary.matchAll(/\((https:\/\/github\.com\/[^)]*\/artifacts\/\d+)\)/g)].map(match => match[1]!)
    const legLinks = links.filter(url => !url.includes(`/artifacts/${first.outputs['report-artifact-id']}`))
    expect(legLinks).toEqual([expect.stringContaining(`/actions/runs/${LEGS_RUN}/artifacts/`)])
  })

  test('one comment with the marker on the pull request, naming the failures', () => {
    const [comment, ...more] = ours(service, 7)
    expect(more).toEqual([])
    expect(comment!.body.startsWith(`${MARKER}\n**reverify** · ❌`)).toBe(true)
    expect(comment!.body).toContain('| api case 01 |')
    expect(first.outputs['comment-id']).toBe(String(comment!.id))
  })

  test('a second report run updates the same comment and makes a check run of its own', () => {
    expect(second.code).toBe(0)
    expect(warnings(second)).toEqual([])
    expect(ours(service, 7)).toHaveLength(1)
    expect(second.outputs['comment-id']).toBe(first.outputs['comment-id'])
    expect(requestsTo(service, 'CreateComment', fromSecond)).toEqual([])
    expect(requestsTo(service, 'UpdateComment', fromSecond)).toHaveLength(1)
    expect(service.github.checkRuns).toHaveLength(2)
  })

  test("a fork's pull request, which the event does not list, is found by the head commit", async () => {
    service.github.addPull({
      number: 9,
      state: 'open',
      head: { sha: HEAD_SHA, ref: 'patch-1', repo: { full_name: 'someone/widgets', owner: { login: 'someone' } } }
    })
    const from = service.requests.length
    const fork = await reportOnWorkflowRun(
      service,
      { 'github-token': service.apiToken(ALL_GRANTS), 'check-run': 'off' },
      { headOwner: 'someone', headBranch: 'patch-1' }
    )
    expect(fork.code).toBe(0)
    expect(warnings(fork)).toEqual([])
    expect(requestsTo(service, 'PullsForCommit', from)).toHaveLength(1)
    expect(ours(service, 9)).toHaveLength(1)
    expect(requestsTo(service, 'CreateCheckRun', from)).toEqual([])
  }, 120_000)

  test('comment: off posts nothing and reads no comment', async () => {
    const from = service.requests.length
    const off = await reportOnWorkflowRun(service, { 'github-token': service.apiToken(ALL_GRANTS), comment: 'off' }, { pullRequests: [11] })
    expect(off.code).toBe(0)
    expect(ours(service, 11)).toEqual([])
    expect(requestsTo(service, 'ListComments', from)).toEqual([])
    expect(off.outputs['comment-id']).toBe('')
    expect(off.outputs['check-run-id']).not.toBe('')
  }, 120_000)

  test('a token without checks: write or pull-requests: write: one warning per surface naming the grant, exit 0', async () => {
    const before = service.github.comments().length
    const refused = await reportOnWorkflowRun(service, { 'github-token': service.apiToken({ actionsRead: true }) }, { pullRequests: [12] })
    expect(refused.code).toBe(0)
    expect(warnings(refused)).toEqual([
      'reverify: could not create the check run: 403 Resource not accessible by integration (the report workflow needs `checks: write`)',
      'reverify: could not comment on pull request #12: 403 Resource not accessible by integration (the report workflow needs `pull-requests: write`)'
    ])
    expect(service.github.comments()).toHaveLength(before)
    expect(refused.outputs).toMatchObject({ legs: '1', 'check-run-id': '', 'comment-id': '' })
  })

  test('a rate limit says so, and the token is never printed', async () => {
    const token = service.apiToken(ALL_GRANTS)
    service.injectFault('CreateCheckRun', {
      status: 403,
      body: '{"message":"API rate limit exceeded"}',
      headers: { 'x-ratelimit-remaining': '0' }
    })
    const limited = await reportOnWorkflowRun(service, { 'github-token': token, comment: 'off' }, { pullRequests: [7] })
    expect(limited.code).toBe(0)
    expect(warnings(limited)).toEqual([
      'reverify: could not create the check run: 403 API rate limit exceeded (rate limited; no requests left until the limit resets)'
    ])
    // Only the mask command names it, so the runner hides it from the log.
    const lines = `${limited.stdout}\n${limited.stderr}`.split('\n').filter(line => line.includes(token))
    expect(lines).toEqual([`::add-mask::${token}`])
  })

  test('an API that never answers costs one deadline and one warning, not the step', async () => {
    service.injectFault('CreateCheckRun', { hang: true })
    const hung = await reportOnWorkflowRun(
      service,
      { 'github-token': service.apiToken(ALL_GRANTS), comment: 'off' },
      { pullRequests: [7] },
      { REVERIFY_API_DEADLINE_MS: '2000' }
    )
    expect(hung.code).toBe(0)
    expect(warnings(hung)).toEqual(['reverify: could not create the check run: no answer within 2 s'])
  })
})

describe('a flaky pass', () => {
  let service: ResultsService
  let report: StepResult

  beforeAll(async () => {
    service = await ResultsService.start()
    const leg = await flakyLeg(service, 'node-20', ['net fetches config'])
    expect(leg.outputs.flaky).toBe('true')
    // The comment an earlier failing run left, and a person's comment beside it.
    service.github.addComment(
      7,
      `${commentMarker('reverify', LEGS_RUN - 1)}\n**reverify** · ❌ 1 of 1 legs failed\n\n| test | legs | rate |`,
      {
        login: 'github-actions[bot]',
        type: 'Bot'
      }
    )
    service.github.addComment(7, 'looks good to me')
    report = await reportOnWorkflowRun(
      service,
      { 'github-token': service.apiToken(ALL_GRANTS) },
      { pullRequests: [7], conclusion: 'success' }
    )
  }, 300_000)
  afterAll(async () => service?.stop())

  test('gives a successful check run with the flaky test as a warning annotation', () => {
    expect(report.code).toBe(0)
    expect(warnings(report)).toEqual([])
    const [run] = service.github.checkRuns
    expect(run).toMatchObject({ status: 'completed', conclusion: 'success' })
    expect(run!.annotations.length).toBeGreaterThanOrEqual(1)
    expect(run!.annotations).toEqual(run!.annotations.map(() => expect.objectContaining({ annotation_level: 'warning' })))
    expect(JSON.stringify(run!.annotations)).toContain('net fetches config')
  })

  test('turns the earlier comment into one green line, on-failure as it is by default; no other comment is touched', () => {
    const comments = service.github.comments()
    expect(comments).toHaveLength(2)
    const [bot, person] = comments
    expect(bot!.body).toMatch(new RegExp(`^${MARKER}\\n\\*\\*reverify\\*\\* · ✅ [^\\n]*\\n$`))
    expect(person!.body).toBe('looks good to me')
    expect(requestsTo(service, 'CreateComment')).toEqual([])
  })
})
