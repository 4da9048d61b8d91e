/**
 * The pull request the report comments on (docs/design.md §5 "The pull request: a check run
 * and one comment"): the event's, else — a fork's pull request, which the workflow_run
 * event does not list — the open pull requests whose head is the run's commit
 * (`GET /repos/{o}/{r}/commits/{sha}/pulls`), else those of the head branch
 * (`GET /repos/{o}/{r}/pulls?state=open&head=<owner>:<branch>`). Only an open pull request
 * whose head SHA is the run's counts, so a comment never lands on a later commit's page.
 */
import { z } from 'zod'
import type { GitHubApi } from './github-api.js'
import type { ReportEvent } from './report-event.js'

/** The pull request found, none, or why the search failed (one line). */
export type FoundPullRequest = { kind: 'found'; number: number } | { kind: 'none' } | { kind: 'failed'; line: string }

const Pulls = z
  .array(
    z
      .object({
        number: z.number().int().positive(),
        state: z.string(),
        head: z.object({ sha: z.string() }).passthrough()
      })
      .passthrough()
  )
  .max(1000)

/** The lowest-numbered open pull request on the run's head commit. */
function openOnHead(pulls: z.infer<typeof Pulls>, headSha: string): number | undefined {
  const numbers = pulls.filter(pull => pull.state === 'open' && pull.head.sha.toLowerCase() === headSha).map(pull => pull.number)
  return numbers.length === 0 ? undefined : Math.min(...numbers)
}

/** Finds the pull request of the event's run; asks the API only when the event names none. */
export async function findPullRequest(api: GitHubApi, event: ReportEvent): Promise<FoundPullRequest> {
  const [fromEvent] = event.pullRequests
  if (fromEvent !== undefined) return { kind: 'found', number: fromEvent }
  const { owner, repo } = event
  const byCommit = await api.call(
    'GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls',
    { owner, repo, commit_sha: event.headSha, per_page: 100 },
    Pulls,
    'pull-requests: write'
  )
  if (!byCommit.ok) return { kind: 'failed', line: byCommit.line }
  const found = openOnHead(byCommit.data, event.headSha)
  if (found !== undefined) return { kind: 'found', number: found }
  if (event.headOwner === undefined || event.headBranch === undefined) return { kind: 'none' }
  const byBranch = await api.call(
    'GET /repos/{owner}/{repo}/pulls',
    { owner, repo, state: 'open', head: `${event.headOwner}:${event.headBranch}`, per_page: 100 },
    Pulls,
    'pull-requests: write'
  )
  if (!byBranch.ok) return { kind: 'failed', line: byBranch.line }
  const onBranch = openOnHead(byBranch.data, event.headSha)
  return onBranch === undefined ? { kind: 'none' } : { kind: 'found', number: onBranch }
}
