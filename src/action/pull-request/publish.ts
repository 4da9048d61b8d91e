/**
 * The check run (docs/design.md §5 "The pull request: a check run and one comment"): one
 * create, `in_progress` with the title and summary and no annotation, then one update per
 * batch of at most 50 annotations (GitHub's limit per request), the last also `completed`
 * with the conclusion. 30 annotations are 1 create + 1 update; none, 1 create + 1 update.
 * A failed update still tries to complete the run without its annotations, so no check
 * run is left spinning; every failure is one line for the caller to warn with.
 */
import { z } from 'zod'
import type { CheckRunPlan } from './check-run-plan.js'
import type { GitHubApi } from './github-api.js'

/** The check run made, or the first failure. */
export type CheckRunOutcome =
  { kind: 'published'; id: number; url: string; problem?: string } | { kind: 'failed'; line: string; id?: number; url?: string }

/** Which repository and commit, under which name. */
export interface CheckRunTarget {
  owner: string
  repo: string
  headSha: string
  name: string
}

const CheckRun = z.object({ id: z.number().int().positive(), html_url: z.string().max(2000) }).passthrough()

/** Creates the check run and sends every batch of the plan; never throws. */
export async function publishCheckRun(api: GitHubApi, target: CheckRunTarget, plan: CheckRunPlan): Promise<CheckRunOutcome> {
  const { owner, repo } = target
  const output = { title: plan.title, summary: plan.summary }
  const created = await api.call(
    'POST /repos/{owner}/{repo}/check-runs',
    { owner, repo, name: target.name, head_sha: target.headSha, status: 'in_progress', output },
    CheckRun,
    'checks: write'
  )
  if (!created.ok) return { kind: 'failed', line: `could not create the check run: ${created.line}` }
  const { id, html_url: url } = created.data
  const batches = plan.batches.length === 0 ? [[]] : plan.batches
  const update = (fields: Record<string, unknown>) =>
    api.call(
      'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
      { owner, repo, check_run_id: id, ...fields },
      CheckRun,
      'checks: write'
    )
  const completion = { status: 'completed', conclusion: plan.conclusion }
  let before = 0
  for (const [index, annotations] of batches.entries()) {
    const last = index === batches.length - 1
    const sent = await update({ output: { ...output, annotations }, ...(last && completion) })
    before += annotations.length
    if (sent.ok) continue
    const what =
      annotations.length === 0
        ? 'complete the check run'
        : `send annotations ${before - annotations.length + 1}-${before} of ${plan.annotationCount} to the check run`
    const problem = `could not ${what}: ${sent.line}`
    // Complete it all the same, with what was sent, so the check does not stay in progress.
    const closed = last ? sent : await update({ output, ...completion })
    return closed.ok ? { kind: 'published', id, url, problem } : { kind: 'failed', line: problem, id, url }
  }
  return { kind: 'published', id, url }
}
