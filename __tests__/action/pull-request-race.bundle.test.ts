/**
 * Two report runs of one pull request at once (docs/design.md §5 "The pull request: a check
 * run and one comment"): both list no comment, both create one; the first create is held so
 * the second run lists, creates and lists again meanwhile. After its create each run lists
 * again, keeps the oldest comment with the marker and deletes the others: one comment stays.
 */
import { budget } from '../helpers/budget.js'
import { failingLeg, reportOnWorkflowRun, requestsTo, testNames, warnings } from '../helpers/report-workflow.js'
import { ResultsService } from '../helpers/results-service.js'
import type { StepResult } from '../helpers/runner.js'

let service: ResultsService
let runs: StepResult[]

beforeAll(async () => {
  service = await ResultsService.start()
  await failingLeg(service, 'node-22', testNames(3))
  // The first create waits long enough for the other run to list, create and list again
  // (4 s on an idle machine, times the test slowdown); whichever run comes first is held.
  service.injectFault('CreateComment', { delayMs: budget(4_000) })
  const grants = { actionsRead: true, checksWrite: true, pullRequestsWrite: true }
  runs = await Promise.all(
    [1, 2].map(() => reportOnWorkflowRun(service, { 'github-token': service.apiToken(grants), 'check-run': 'off' }, { pullRequests: [7] }))
  )
}, 300_000)
afterAll(async () => service?.stop())

test('both runs created a comment: they raced', () => {
  expect(runs.map(run => run.code)).toEqual([0, 0])
  expect(requestsTo(service, 'CreateComment').map(request => request.status)).toEqual([201, 201])
})

test('exactly one comment with the marker is left, and both runs name it', () => {
  const left = service.github.comments().filter(comment => comment.body.startsWith('<!-- reverify:comment check=reverify '))
  expect(left).toHaveLength(1)
  expect(requestsTo(service, 'DeleteComment').length).toBeGreaterThanOrEqual(1)
  expect(runs.map(run => warnings(run))).toEqual([[], []])
  expect(runs.map(run => run.outputs['comment-id'])).toEqual([String(left[0]!.id), String(left[0]!.id)])
})
