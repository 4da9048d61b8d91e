/**
 * The report's surfaces on the pull request (docs/design.md §5 "The pull request: a check
 * run and one comment"): the check run first (its page goes into the comment), then the
 * comment. Each is at most one warning, and the step's exit code never depends on them;
 * the outputs `check-run-id`, `check-run-url`, `comment-id`, `comment-url` are set either
 * way (empty when there is none).
 */
import type { readReportInputs } from '../../core/index.js'
import type { MatrixRead } from '../matrix-summary.js'
import type { Toolkit } from '../toolkit.js'
import { print } from '../workflow-commands.js'
import { checkRunPlan } from './check-run-plan.js'
import { commentBody } from './comment-body.js'
import { findPullRequest } from './find-pull-request.js'
import type { GitHubApi } from './github-api.js'
import { publishCheckRun } from './publish.js'
import type { ReportEvent } from './report-event.js'
import { keepStickyComment } from './sticky-comment.js'

/** Step outputs of the pull request's surfaces. */
export const SurfaceOutput = {
  CheckRunId: 'check-run-id',
  CheckRunUrl: 'check-run-url',
  CommentId: 'comment-id',
  CommentUrl: 'comment-url'
} as const

/** Where an annotation without a file goes when the event names no workflow file. */
const DEFAULT_FALLBACK_PATH = '.github'

/** The report's settings (the core's face names the parser, not its type). */
type ReportSettings = ReturnType<typeof readReportInputs>

/** What the surfaces need. */
export interface SurfaceInputs {
  matrix: MatrixRead
  event: ReportEvent
  settings: Pick<ReportSettings, 'checkName' | 'checkRun' | 'comment'>
  /** Undefined when there is no token: nothing is published. */
  api: GitHubApi | undefined
  reportUrl?: string
  toolkit: Toolkit
}

const warn = (line: string) => print.warning(`reverify: ${line}`)

async function checkRun(inputs: SurfaceInputs, api: GitHubApi): Promise<string | undefined> {
  const { event, matrix } = inputs
  if (!/^[0-9a-f]{40}$/.test(event.headSha)) {
    warn(`could not create the check run: the head commit ${JSON.stringify(event.headSha.slice(0, 64))} is not a commit SHA`)
    return undefined
  }
  const plan = checkRunPlan(matrix, {
    fallbackPath: event.workflowPath ?? DEFAULT_FALLBACK_PATH,
    ...(inputs.reportUrl !== undefined && { reportUrl: inputs.reportUrl }),
    ...(event.runConclusion !== undefined && { runConclusion: event.runConclusion })
  })
  const outcome = await publishCheckRun(
    api,
    { owner: event.owner, repo: event.repo, headSha: event.headSha, name: inputs.settings.checkName },
    plan
  )
  if (outcome.kind === 'failed' || outcome.problem !== undefined) warn(outcome.kind === 'failed' ? outcome.line : outcome.problem!)
  if (outcome.id === undefined) return undefined
  inputs.toolkit.setOutput(SurfaceOutput.CheckRunId, String(outcome.id))
  inputs.toolkit.setOutput(SurfaceOutput.CheckRunUrl, outcome.url ?? '')
  print.info(`reverify: check run ${inputs.settings.checkName}: ${plan.conclusion}, ${plan.annotationCount} annotations`)
  return outcome.url
}

async function comment(inputs: SurfaceInputs, api: GitHubApi, checkRunUrl: string | undefined): Promise<void> {
  const { event, settings } = inputs
  const found = await findPullRequest(api, event)
  if (found.kind === 'failed') return warn(`could not find the pull request of commit ${event.headSha}: ${found.line}`)
  if (found.kind === 'none') return print.info(`reverify: no open pull request has commit ${event.headSha} as its head: no comment`)
  const { body, passed } = commentBody(inputs.matrix, {
    checkName: settings.checkName,
    runId: event.runId,
    ...(inputs.reportUrl !== undefined && { reportUrl: inputs.reportUrl }),
    ...(checkRunUrl !== undefined && { checkRunUrl }),
    ...(event.runConclusion !== undefined && { runConclusion: event.runConclusion })
  })
  const target = {
    owner: event.owner,
    repo: event.repo,
    pullRequest: found.number,
    checkName: settings.checkName,
    runId: event.runId,
    body,
    passed
  }
  const outcome = await keepStickyComment(api, target, settings.comment)
  if (outcome.kind === 'failed') return warn(outcome.line)
  if (outcome.kind === 'untouched')
    return print.info(`reverify: left the comment of pull request #${found.number} as it is: ${outcome.reason}`)
  inputs.toolkit.setOutput(SurfaceOutput.CommentId, String(outcome.id))
  inputs.toolkit.setOutput(SurfaceOutput.CommentUrl, outcome.url)
  print.info(`reverify: ${outcome.action} the comment of pull request #${found.number}`)
}

/** Publishes the check run and the comment the settings ask for; never throws, never fails the step. */
export async function publishPullRequestSurfaces(inputs: SurfaceInputs): Promise<void> {
  for (const name of Object.values(SurfaceOutput)) inputs.toolkit.setOutput(name, '')
  const { settings, api } = inputs
  if (!settings.checkRun && settings.comment === 'off') return
  if (api === undefined) return warn('no github-token, so no check run and no pull request comment (the report workflow needs a token)')
  const url = settings.checkRun ? await checkRun(inputs, api) : undefined
  if (settings.comment !== 'off') await comment(inputs, api, url)
}
