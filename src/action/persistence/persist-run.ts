/**
 * What is kept of a run once it is over, from the main step or from the post step: the
 * receipt history goes to the cache and the trace to an artifact, side by side. After a
 * cancel both have to fit in the runner's grace period, and neither can fail the other (or
 * the step): each only warns.
 */
import { copyReceiptIntoSession, describeError, type LegAnnotation } from '../../core/index.js'
import { writeRunAnnotations } from './leg-annotations.js'
import { newHistoryKey, saveHistory, type HistoryOptions } from './receipt-history.js'
import type { UploadTrace } from '../settings.js'
import { shouldUpload, uploadTrace, type ArtifactClient } from './trace-artifact.js'
import { deadlineText, withinDeadline } from './deadline.js'
import { timed } from '../phase-timer.js'

/** The run whose trace may be uploaded; upload-trace `on-failure` looks at its outcome. */
export interface RunToPersist {
  runId?: string
  sessionDir?: string
  /** The run's state directory: its receipt is copied into the session folder, so the artifact carries it. */
  stateDir?: string
  outcome: string
  /**
   * Every annotation of the run (leg-annotations.ts), made only when the trace goes up and
   * written into the session folder as annotations.json; absent (a refusal, the post step): none.
   */
  annotations?: () => readonly LegAnnotation[]
}

/** Where to persist the run, and how. */
export interface PersistOptions {
  /** The history to save; undefined when cache-receipts is off or there is nothing to save. */
  history: HistoryOptions | undefined
  uploadTrace: UploadTrace
  traceRetentionDays?: number
  /** The artifact client, made (and its module loaded) only when a trace is uploaded. */
  artifact: () => ArtifactClient | Promise<ArtifactClient>
  /** The runner's env, for the new history key (run, attempt, job). */
  env: NodeJS.ProcessEnv
  /** Milliseconds the upload may take (persistence/deadline.ts); the save's is in `history`. */
  uploadDeadlineMs: number
  warn: (message: string) => void
}

/** What became of the history and the trace: an artifact id, or a note saying why there is none. */
export interface PersistOutcome {
  historySaved: boolean
  artifact: { id: number } | { note: string }
}

/**
 * Saves the history and uploads the trace side by side; never throws. The upload starts once
 * the history is staged for the cache client (a few local files): zipping the trace would
 * otherwise hold up the staging, and the cache client's own work would wait for the upload.
 * Each of the two that happens has its duration logged (phase-timer.ts: `save`, `upload`).
 */
export async function persistRun(run: RunToPersist, options: PersistOptions): Promise<PersistOutcome> {
  const history = options.history
  let staged: () => void = () => undefined
  const stagedOrDone = new Promise<void>(resolve => (staged = resolve))
  const saving = history
    ? timed('save', () => saveHistory(history, newHistoryKey(history.historyKey, options.env), staged))
    : Promise.resolve(false)
  if (!history) staged()
  const uploading: Promise<PersistOutcome['artifact']> = willUpload(run, options.uploadTrace)
    ? stagedOrDone.then(() => timed('upload', () => uploadRunTrace(run, options)))
    : Promise.resolve({ note: `not uploaded (upload-trace: ${options.uploadTrace})` })
  const [historySaved, artifact] = await Promise.all([saving, uploading])
  return { historySaved, artifact }
}

/** Whether this run's trace goes up: it has a session, and upload-trace allows it for its outcome. */
function willUpload(run: RunToPersist, mode: UploadTrace): run is RunToPersist & { runId: string; sessionDir: string } {
  return Boolean(run.runId && run.sessionDir) && shouldUpload(mode, run.outcome)
}

async function uploadRunTrace(
  run: RunToPersist & { runId: string; sessionDir: string },
  options: PersistOptions
): Promise<PersistOutcome['artifact']> {
  if (run.stateDir !== undefined) await copyReceipt(run.stateDir, run.runId, run.sessionDir, options.warn)
  if (run.annotations !== undefined) await writeRunAnnotations(run.sessionDir, run.annotations, options.warn)
  const uploading = uploadTrace({
    client: options.artifact,
    runId: run.runId,
    sessionDir: run.sessionDir,
    retentionDays: options.traceRetentionDays,
    warn: options.warn
  })
  const raced = await withinDeadline(() => uploading, options.uploadDeadlineMs)
  if (raced.late) {
    const waited = deadlineText(options.uploadDeadlineMs)
    options.warn(`reverify: could not upload the trace artifact: the artifact service did not answer within ${waited}; the verdict stands`)
    return { note: `upload abandoned after ${waited}` }
  }
  const id = raced.value
  return id !== undefined ? { id } : { note: 'upload failed (see the warning above)' }
}

/**
 * The matrix report (docs/design.md §5 "One summary for a matrix") reads a leg's receipt
 * from its artifact: a copy that cannot be made only warns, and the upload goes ahead.
 */
async function copyReceipt(stateDir: string, runId: string, sessionDir: string, warn: (message: string) => void): Promise<void> {
  try {
    if (!(await copyReceiptIntoSession(stateDir, runId, sessionDir)))
      warn(`reverify: run ${runId} has no receipt to put in its trace artifact`)
  } catch (error) {
    warn(`reverify: could not put the receipt in the trace artifact: ${describeError(error)}`)
  }
}
