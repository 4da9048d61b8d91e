/**
 * What the action tells about a finished verify (docs/design.md §5): the step outputs,
 * the annotations (built in annotations.ts) and the job summary — all worded
 * here from the core's report, redacted before anything is printed.
 */
import { print } from './workflow-commands.js'
import { describeError, redactDeep, type CaptureMode, type HistoryFacts, type Redactor, type RunReport } from '../core/index.js'
import { annotateRun, type PathBase } from './annotations.js'
import { Output } from './constants.js'
import { fitSummary, verifySummary } from './job-summary.js'
import { excusedPass } from './quarantine-summary.js'
import type { SummaryWhen } from './settings.js'
import { artifactUrl } from './persistence/trace-artifact.js'
import type { Toolkit } from './toolkit.js'

/** What became of the trace artifact, for the outputs and the summary. */
export interface TraceUpload {
  id?: number
  note?: string
}

/** The `outcome` output: a blocked run is a failure to the workflow. */
function outcomeOutput(run: RunReport): string {
  if (run.kind === 'blocked') return 'failure'
  if (run.kind === 'refused') return 'aborted'
  return run.outcome
}

function setOutputs(run: RunReport, artifact: TraceUpload | undefined, toolkit: Toolkit): void {
  const completed = run.kind === 'completed' ? run : undefined
  toolkit.setOutput(Output.Outcome, outcomeOutput(run))
  toolkit.setOutput(Output.Attempts, String(completed?.attempts.length ?? 0))
  toolkit.setOutput(Output.ExitCode, completed ? String(completed.exitCode) : '')
  toolkit.setOutput(Output.Flaky, String(completed?.flaky ?? false))
  toolkit.setOutput(Output.RunId, run.kind === 'blocked' ? '' : run.runId)
  toolkit.setOutput(Output.SessionId, run.kind === 'blocked' ? '' : run.session.id)
  toolkit.setOutput(Output.TraceDir, run.kind === 'blocked' ? '' : run.session.dir)
  toolkit.setOutput(Output.ArtifactId, artifact?.id !== undefined ? String(artifact.id) : '')
  toolkit.setOutput(Output.Captured, 'false')
  const excused = completed !== undefined && excusedPass(completed) ? (completed.quarantine?.excused.length ?? 0) : 0
  toolkit.setOutput(Output.Quarantined, String(excused))
}

/** Whether the `summary` input asks for a summary of this run (on-failure: anything but a success, flaky or not). */
export function wantsSummary(when: SummaryWhen, run: RunReport): boolean {
  if (when === 'never') return false
  return when === 'always' || run.kind !== 'completed' || run.outcome !== 'success'
}

/** What reportRun needs beyond the run report. */
export interface ReportFacts {
  /** The step's `name`. */
  name: string
  commands: readonly string[]
  captureMode: CaptureMode
  summary: SummaryWhen
  redactor: Redactor
  env: NodeJS.ProcessEnv
  /** Where the outputs and the summary go (toolkit.ts). */
  toolkit: Toolkit
  history?: HistoryFacts
  /** Where file names in the output are looked up, for the annotations' file and line. */
  location: PathBase
  artifact?: TraceUpload
}

/**
 * The texts of the facts a person reads, redacted before anything escapes them for markdown
 * or a workflow command (the run report comes redacted from the core, shown-report.ts).
 */
function shownFacts(facts: ReportFacts): ReportFacts {
  const { redactor } = facts
  return {
    ...facts,
    name: redactor.redact(facts.name),
    commands: facts.commands.map(command => redactor.redact(command)),
    ...(facts.history !== undefined && { history: redactDeep(facts.history, redactor) })
  }
}

/** The run is a pull request's: a new test is new in it (docs/design.md §5 "Annotations"). */
export function isPullRequest(env: NodeJS.ProcessEnv): boolean {
  return env.GITHUB_EVENT_NAME === 'pull_request' || env.GITHUB_EVENT_NAME === 'pull_request_target'
}

/** Outputs, annotations and the job summary of a verify run. */
export async function reportRun(run: RunReport, given: ReportFacts): Promise<void> {
  const facts = shownFacts(given)
  const { redactor, artifact } = facts
  setOutputs(run, artifact, facts.toolkit)
  const pullRequest = isPullRequest(facts.env)
  annotateRun(run, {
    stepName: facts.name,
    commands: facts.commands,
    redactor,
    location: facts.location,
    pullRequest,
    ...(facts.history !== undefined && { history: facts.history })
  })
  if (!wantsSummary(facts.summary, run)) return
  const markdown = verifySummary(run, {
    name: facts.name,
    commands: facts.commands,
    captureMode: facts.captureMode,
    pullRequest,
    ...(facts.history !== undefined && { history: facts.history }),
    ...(artifact?.id !== undefined && { artifactUrl: artifactUrl(facts.env, artifact.id) }),
    ...(artifact?.note !== undefined && { artifactNote: artifact.note })
  })
  try {
    // Redacted once more as a whole, for a secret the run's texts only spell together; cut after
    // redaction, which can lengthen the text (a one-character secret becomes a marker).
    await facts.toolkit.writeSummary(fitSummary(redactor.redact(markdown)))
  } catch (error) {
    print.warning(`reverify: could not write the job summary: ${describeError(error)}`)
  }
}
