/**
 * The action's words for what happens during a run (docs/design.md §5): progress in the
 * log, the capture-before-retry warning as an annotation, and the state the post step
 * needs saved the moment it exists.
 */
import * as core from '@actions/core'
import { captureHeadline } from '../core/capture-policy.js'
import type { Redactor } from '../core/redaction.js'
import type { RunProgress } from '../core/run/ports.js'
import { State } from './constants.js'

/** Annotation titles, one per kind of finding. */
export const AnnotationTitle = {
  uncaptured: 'reverify: retrying an uncaptured failure',
  blocked: 'reverify: retry blocked until the failure is captured',
  refused: 'reverify: destructive command refused'
} as const

/** How to capture a failed run from Actions: a commit trailer, or this action's capture mode. */
export function captureRemedy(failedRunId: string): string[] {
  return [
    `Capture it with a commit: git commit --allow-empty -m "Capture verify failure ${failedRunId}" --trailer "Reverify-Capture: ${failedRunId} <what you found>"`,
    `or run this action once with capture: ${failedRunId} and capture-note: <what you found> (same command and scope).`
  ]
}

/** The capture-before-retry message with the Actions remedy. */
export function captureMessage(action: 'warn' | 'block', failedRunId: string): string {
  return [captureHeadline(action, failedRunId), ...captureRemedy(failedRunId)].join('\n')
}

/** Tells the log (and the post step's saved state) what the core reports as it happens. */
export function logProgress(progress: RunProgress, redactor: Redactor): void {
  switch (progress.kind) {
    case 'uncaptured-failure':
      core.warning(redactor.redact(captureMessage('warn', progress.failedRunId)), { title: AnnotationTitle.uncaptured })
      return
    case 'restarting':
      core.info(`reverify: interrupted run ${progress.interruptedRunId} cannot be resumed (${progress.reason}); starting a new run`)
      return
    case 'resumed':
    case 'attempt-failed':
      core.info(`reverify: ${redactor.redact(progress.note)}`)
      return
    case 'report-failed':
      core.warning(`reverify: run ${progress.runId}: ${redactor.redact(progress.error)}`)
      return
    case 'attempt-started':
      core.info(`reverify: attempt ${progress.attempt}/${progress.maxAttempts}`)
      return
    case 'run-created':
      core.saveState(State.RunId, progress.runId)
      core.saveState(State.SessionDir, progress.sessionDir)
      return
    case 'process-started':
      core.saveState(State.ProcessGroup, String(progress.pgid))
      return
  }
}
