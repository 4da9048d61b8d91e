/**
 * What the action tells about a finished verify (docs/design.md §5): the step outputs,
 * the annotations (failure, flaky pass, block, refusal) and the job summary — all worded
 * here from the core's report, redacted before anything is printed.
 */
import * as core from '@actions/core'
import type { CaptureMode } from '../core/config-file.js'
import { describeError } from '../core/errors.js'
import type { Redactor } from '../core/redaction.js'
import type { HistoryFacts } from '../core/run/history-facts.js'
import type { RunReport } from '../core/run/report.js'
import { refusalNote } from '../core/run/verify-run.js'
import { Output } from './constants.js'
import { fitSummary, verifySummary } from './job-summary.js'
import { AnnotationTitle, captureMessage, describeCommand } from './run-log.js'
import type { SummaryWhen } from './settings.js'
import { artifactUrl } from './trace-artifact.js'

/** What became of the trace artifact, for the outputs and the summary. */
export interface TraceUpload {
  id?: number
  note?: string
}

/** Annotation bodies are cut by GitHub at 4,096 characters; stay under it. */
const MAX_ANNOTATION = 4000

function clip(text: string): string {
  return text.length > MAX_ANNOTATION ? `${text.slice(0, MAX_ANNOTATION - 1)}…` : text
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

function annotate(run: RunReport, commands: readonly string[], redactor: Redactor): void {
  if (run.kind === 'blocked') {
    core.error(redactor.redact(captureMessage('block', run.failedRunId)), { title: AnnotationTitle.blocked })
    return
  }
  if (run.kind === 'refused') {
    core.error(redactor.redact(refusalNote(run.guardrail)), { title: AnnotationTitle.refused })
    return
  }
  if (run.outcome === 'failure') {
    core.error(clip(redactor.redact(`${run.summary}\n${run.excerpt}`)), {
      title: redactor.redact(`reverify: ${describeCommand(commands)} failed after ${run.attempts.length}/${run.maxAttempts} attempts`)
    })
  }
  const first = run.attempts[0]
  if (run.flaky && first !== undefined) {
    const failed =
      first.checks
        .filter(check => !check.ok)
        .map(check => check.detail)
        .join('; ') || 'not verified'
    core.warning(clip(redactor.redact(`${run.summary}; attempt 1 failed: ${failed}`)), {
      title: redactor.redact(`reverify: flaky pass of ${describeCommand(commands)}`)
    })
  }
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
  history?: HistoryFacts
  artifact?: TraceUpload
}

/** Outputs, annotations and the job summary of a verify run. */
export async function reportRun(run: RunReport, facts: ReportFacts): Promise<void> {
  const { redactor, artifact } = facts
  setOutputs(run, artifact)
  annotate(run, facts.commands, redactor)
  if (!wantsSummary(facts.summary, run)) return
  const markdown = verifySummary(run, {
    name: facts.name,
    commands: facts.commands,
    captureMode: facts.captureMode,
    ...(facts.history !== undefined && { history: facts.history }),
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
