/**
 * What the action tells about a finished verify (docs/design.md §5): the step outputs,
 * the annotations (built in annotations.ts) and the job summary — all worded
 * here from the core's report, redacted before anything is printed.
 */
import * as core from '@actions/core'
import type { CaptureMode } from '../core/config-file.js'
import { describeError } from '../core/errors.js'
import type { Redactor } from '../core/redaction.js'
import type { RunReport } from '../core/run/report.js'
import type { LocationBase } from '../core/run/source-location.js'
import { annotateRun } from './annotations.js'
import { Output } from './constants.js'
import { fitSummary, verifySummary } from './job-summary.js'
import { captureRemedy } from './run-log.js'
import { artifactUrl } from './trace-artifact.js'

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

function setOutputs(run: RunReport, artifact: TraceUpload | undefined): void {
  const completed = run.kind === 'completed' ? run : undefined
  core.setOutput(Output.Outcome, outcomeOutput(run))
  core.setOutput(Output.Attempts, String(completed?.attempts.length ?? 0))
  core.setOutput(Output.ExitCode, completed ? String(completed.exitCode) : '')
  core.setOutput(Output.Flaky, String(completed?.flaky ?? false))
  core.setOutput(Output.RunId, run.kind === 'blocked' ? '' : run.runId)
  core.setOutput(Output.SessionId, run.kind === 'blocked' ? '' : run.session.id)
  core.setOutput(Output.TraceDir, run.kind === 'blocked' ? '' : run.session.dir)
  core.setOutput(Output.ArtifactId, artifact?.id !== undefined ? String(artifact.id) : '')
  core.setOutput(Output.Captured, 'false')
}

/** Outputs, annotations and the job summary of a verify run. */
export async function reportRun(
  run: RunReport,
  facts: {
    commands: readonly string[]
    captureMode: CaptureMode
    redactor: Redactor
    env: NodeJS.ProcessEnv
    artifact?: TraceUpload
    /** The step's name and where its output's file names are looked up, for the annotations. */
    stepName: string
    location: LocationBase
  }
): Promise<void> {
  const { redactor, artifact } = facts
  setOutputs(run, artifact)
  annotateRun(run, { stepName: facts.stepName, commands: facts.commands, redactor, location: facts.location })
  const uncaptured = run.kind === 'blocked' ? run.failedRunId : run.capture.uncapturedRunId
  const markdown = verifySummary(run, {
    commands: facts.commands,
    captureMode: facts.captureMode,
    ...(uncaptured !== undefined && { remediation: captureRemedy(uncaptured).join('\n') }),
    ...(artifact?.id !== undefined && { artifactUrl: artifactUrl(facts.env, artifact.id) }),
    ...(artifact?.note !== undefined && { artifactNote: artifact.note })
  })
  try {
    // Cut after redaction, which can lengthen the text (a one-character secret becomes ***).
    await core.summary.addRaw(fitSummary(redactor.redact(markdown))).write()
  } catch (error) {
    core.warning(`reverify: could not write the job summary: ${describeError(error)}`)
  }
}
