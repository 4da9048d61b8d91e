/**
 * The report entry point's one step (docs/design.md §5 "One summary for a matrix"): list
 * the artifacts of this workflow run (or, on workflow_run, of the run that triggered it),
 * download those whose name matches `name-pattern`, read each leg through the core, write
 * one job summary, upload one combined report.html, then create the check run and keep the
 * pull request's comment ("The pull request: a check run and one comment"). Nothing here
 * fails the step but bad inputs: an artifact that cannot be downloaded or read is a warning
 * of one line, and so are a summary, an upload or a GitHub call that did not go through.
 */
import { promises as fsp } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeError, readMatrix, readReportInputs } from '../core/index.js'
import { ARTIFACT_PREFIX } from './constants.js'
import { matrixSummary, type CombinedReportNote } from './matrix-summary.js'
import { artifactUrl } from './persistence/trace-artifact.js'
import type { Toolkit } from './toolkit.js'
import { print } from './workflow-commands.js'
import type { GitHubApi } from './pull-request/github-api.js'
import { publishPullRequestSurfaces } from './pull-request/pull-request-surfaces.js'
import { readReportEvent, type ReportEvent } from './pull-request/report-event.js'

/** Another workflow run's artifacts, through the REST API (@actions/artifact's `findBy`). */
export interface FindBy {
  token: string
  workflowRunId: number
  repositoryOwner: string
  repositoryName: string
}

/** The calls of @actions/artifact the report makes: in this workflow run, or another's with `findBy`. */
export interface MatrixArtifactClient {
  listArtifacts(options?: { latest?: boolean; findBy?: FindBy }): Promise<{ artifacts: { id: number; name: string; size: number }[] }>
  downloadArtifact(
    id: number,
    options?: { path?: string; skipDecompress?: boolean; findBy?: FindBy }
  ): Promise<{ downloadPath?: string; digestMismatch?: boolean }>
  uploadArtifact(name: string, files: string[], rootDirectory: string): Promise<{ id?: number }>
}

/** What the step needs from outside. */
export interface MatrixReportDeps {
  artifact: () => MatrixArtifactClient
  /** The REST client for the check run and the comment, with this token. */
  api: (token: string) => GitHubApi
  env: NodeJS.ProcessEnv
  /** The inputs, the outputs and the summary (toolkit.ts). */
  toolkit: Toolkit
}

const TITLE = 'One report for the matrix'

/** Step outputs of the report entry point. */
const ReportOutput = { Legs: 'legs', FailedLegs: 'failed-legs', FlakyLegs: 'flaky-legs', ReportArtifactId: 'report-artifact-id' } as const

async function uploadReport(
  client: MatrixArtifactClient,
  report: { file: string; html: string },
  name: string,
  deps: MatrixReportDeps,
  root: string
): Promise<CombinedReportNote> {
  try {
    const dir = join(root, 'combined')
    await fsp.mkdir(dir)
    const file = join(dir, report.file)
    await fsp.writeFile(file, report.html, { mode: 0o600 })
    const { id } = await client.uploadArtifact(name, [file], dir)
    if (id !== undefined) deps.toolkit.setOutput(ReportOutput.ReportArtifactId, String(id))
    return { name, ...(id !== undefined && { url: artifactUrl(deps.env, id) }) }
  } catch (error) {
    const message = `could not upload the combined report as ${name}: ${describeError(error)}`
    print.warning(`reverify: ${message}`)
    return { note: message }
  }
}

/** The report's settings from the step's inputs, or undefined when one is bad (the step has failed, saying why). */
function reportSettings(toolkit: Toolkit) {
  try {
    return readReportInputs(name => toolkit.input(name))
  } catch (error) {
    toolkit.fail(`reverify: ${describeError(error)}`)
    return undefined
  }
}

/** On workflow_run the legs are the triggering run's artifacts, found through the REST API with the token. */
function otherRun(event: ReportEvent, token: string): FindBy | undefined {
  if (event.source !== 'workflow_run') return undefined
  return { token, workflowRunId: event.runId, repositoryOwner: event.owner, repositoryName: event.repo }
}

/** The report entry point: never throws; only bad inputs fail the step. */
export async function runMatrixReport(deps: MatrixReportDeps): Promise<void> {
  const settings = reportSettings(deps.toolkit)
  if (settings === undefined) return
  if (settings.githubToken !== '') deps.toolkit.setSecret(settings.githubToken)
  const event = readReportEvent(deps.env)
  const findBy = otherRun(event, settings.githubToken)
  const root = await fsp.mkdtemp(join(deps.env.RUNNER_TEMP || tmpdir(), 'reverify-matrix-'))
  try {
    // A leg's artifact belongs to the run that made it: on workflow_run, the triggering run.
    const legsRunEnv = findBy === undefined ? deps.env : { ...deps.env, GITHUB_RUN_ID: String(event.runId) }
    const link = (row: { artifactId: number }): string | undefined => artifactUrl(legsRunEnv, row.artifactId)
    let client: MatrixArtifactClient | undefined
    const { view, counts, report } = await readMatrix({
      open: () => {
        const made = deps.artifact()
        client = made
        return {
          list: async () => (await made.listArtifacts({ latest: true, ...(findBy && { findBy }) })).artifacts,
          download: (id, dir) => made.downloadArtifact(id, { path: dir, skipDecompress: true, ...(findBy && { findBy }) })
        }
      },
      settings,
      namePrefix: ARTIFACT_PREFIX,
      workDir: root,
      link,
      title: TITLE,
      fetching: work => print.group("reverify: downloading the legs' trace artifacts", work)
    })
    for (const problem of view.problems) print.warning(`reverify: ${problem}`)
    const uploaded: CombinedReportNote =
      client === undefined
        ? { note: 'not uploaded (no artifact client)' }
        : await uploadReport(client, report, settings.reportArtifact, deps, root)
    deps.toolkit.setOutput(ReportOutput.Legs, String(view.rows.length))
    deps.toolkit.setOutput(ReportOutput.FailedLegs, String(counts.failed + counts.other))
    deps.toolkit.setOutput(ReportOutput.FlakyLegs, String(counts.flaky))
    try {
      await deps.toolkit.writeSummary(
        matrixSummary({ view, counts }, { title: TITLE, link, report: uploaded, pattern: settings.namePattern.text })
      )
    } catch (error) {
      print.warning(`reverify: could not write the job summary: ${describeError(error)}`)
    }
    print.info(
      `reverify: ${view.rows.length} legs — ${counts.failed} failed, ${counts.flaky} flaky, ${counts.passed} passed; ${view.problems.length} not shown`
    )
    await publishPullRequestSurfaces({
      matrix: { view, counts },
      event,
      settings,
      api: settings.githubToken === '' ? undefined : deps.api(settings.githubToken),
      ...('url' in uploaded && uploaded.url !== undefined && { reportUrl: uploaded.url }),
      toolkit: deps.toolkit
    })
  } finally {
    await fsp.rm(root, { recursive: true, force: true })
  }
}
