/**
 * The action's main step, as a script of named steps: read inputs, restore the receipt
 * history, apply captures, check capture-before-retry and run the verify (or capture),
 * then report (outputs, annotations, job summary) and persist (cache, artifact).
 * Error policy: bad input, a block and a failed verification fail the step; cache and
 * artifact problems only warn.
 */
import * as core from '@actions/core'
import { getExecOutput } from '@actions/exec'
import { readFile } from 'node:fs/promises'
import type { ConsoleStream } from '../core/attempt.js'
import { applyCaptureTrailers, captureRun, parseCaptureTrailers } from '../core/capture.js'
import { readConfig, resolveCaptureMode, type CaptureMode } from '../core/config-file.js'
import { describeError, isUserError } from '../core/errors.js'
import { createRedactor, type Redactor } from '../core/redaction.js'
import { ReceiptStore } from '../core/receipt-store.js'
import { ensureStateDir } from '../core/state-dir.js'
import { systemClock } from '../core/clock.js'
import { processRunner } from '../core/process-runner.js'
import type { RunReport } from '../core/run/report.js'
import { verifyRun } from '../core/run/verify-run.js'
import { VERSION } from '../core/version.js'
import { trailersFromEvent } from './capture-sources.js'
import { Output, State } from './constants.js'
import { reportRun, type TraceUpload } from './report.js'
import { logProgress } from './run-log.js'
import { newHistoryKey, restoreHistory, saveHistory, type CacheClient, type HistoryOptions } from './receipt-history.js'
import { readActionSettings, type ActionSettings } from './settings.js'
import { shouldUpload, uploadTrace, type ArtifactClient } from './trace-artifact.js'

/** What main needs from the outside world; index.ts passes the real ones. */
export interface MainDeps {
  cache: CacheClient
  artifact: () => ArtifactClient
  env: NodeJS.ProcessEnv
  cwd: string
  stdout: ConsoleStream
  stderr: ConsoleStream
  signal?: AbortSignal
  interruptReason?: () => string | undefined
}

function ciContext(env: NodeJS.ProcessEnv) {
  if (env.GITHUB_ACTIONS !== 'true') return undefined
  const attempt = Number(env.GITHUB_RUN_ATTEMPT)
  return {
    ...(env.GITHUB_RUN_ID && { run_id: env.GITHUB_RUN_ID }),
    ...(Number.isInteger(attempt) && attempt > 0 && { run_attempt: attempt }),
    ...(env.GITHUB_WORKFLOW && { workflow: env.GITHUB_WORKFLOW }),
    ...(env.GITHUB_JOB && { job: env.GITHUB_JOB }),
    ...(env.GITHUB_SHA && { sha: env.GITHUB_SHA }),
    ...(env.GITHUB_REF && { ref: env.GITHUB_REF }),
    ...(env.GITHUB_EVENT_NAME && { event: env.GITHUB_EVENT_NAME }),
    ...(env.GITHUB_ACTOR && { actor: env.GITHUB_ACTOR })
  }
}

/** The checked-out HEAD's commit message, when git and a checkout are there. */
async function headMessage(cwd: string): Promise<string | undefined> {
  try {
    const result = await getExecOutput('git', ['log', '-1', '--format=%B'], { cwd, silent: true, ignoreReturnCode: true })
    return result.exitCode === 0 ? result.stdout : undefined
  } catch {
    return undefined
  }
}

/** Applies Reverify-Capture trailers from the event payload and HEAD (SPEC §3). */
async function applyTrailers(settings: ActionSettings, store: ReceiptStore, deps: MainDeps, redactor: Redactor): Promise<void> {
  const sources = []
  if (deps.env.GITHUB_EVENT_PATH) {
    try {
      const text = await readFile(deps.env.GITHUB_EVENT_PATH, 'utf8')
      sources.push(...trailersFromEvent(JSON.parse(text.slice(0, 25 * 1024 * 1024))))
    } catch (error) {
      core.debug(`reverify: event payload not read: ${describeError(error)}`)
    }
  }
  const head = await headMessage(settings.workspace)
  if (head) {
    const trailers = parseCaptureTrailers(head)
    if (trailers.length > 0) sources.push({ source: 'HEAD commit', trailers })
  }
  for (const { source, trailers } of sources) {
    const outcome = await applyCaptureTrailers(store, trailers, {
      target: settings.target,
      source,
      by: deps.env.GITHUB_ACTOR || 'unknown'
    })
    for (const runId of outcome.applied) core.info(`reverify: captured ${runId} from ${source}`)
    for (const notice of outcome.notices) core.notice(redactor.redact(notice))
  }
}

function historyOptions(settings: ActionSettings, store: ReceiptStore, deps: MainDeps): HistoryOptions {
  return {
    client: deps.cache,
    store,
    stateDir: settings.stateDir,
    historyKey: settings.historyKey,
    target: settings.target,
    scope: settings.scope,
    identityHash: settings.identity.hash,
    warn: message => core.warning(message),
    info: message => core.info(message)
  }
}

/** Uploads the run's session directory when upload-trace asks for it; never throws. */
async function uploadRunTrace(settings: ActionSettings, run: Exclude<RunReport, { kind: 'blocked' }>, deps: MainDeps): Promise<TraceUpload> {
  if (!shouldUpload(settings.uploadTrace, run.kind === 'refused' ? 'aborted' : run.outcome)) {
    return { note: `not uploaded (upload-trace: ${settings.uploadTrace})` }
  }
  const id = await uploadTrace({
    client: deps.artifact(),
    runId: run.runId,
    sessionDir: run.session.dir,
    retentionDays: settings.traceRetentionDays,
    warn: message => core.warning(message)
  })
  return id !== undefined ? { id } : { note: 'upload failed (see the warning above)' }
}

/** Runs the main step; never throws. */
export async function runMain(deps: MainDeps): Promise<void> {
  let settings: ActionSettings
  let mode: CaptureMode
  try {
    settings = readActionSettings(name => core.getInput(name), deps.env, deps.cwd)
    mode = resolveCaptureMode(settings.captureBeforeRetry, await readConfig(settings.workspace))
  } catch (error) {
    core.setFailed(isUserError(error) ? describeError(error) : `reverify: internal error: ${describeError(error)}`)
    core.saveState(State.MainFinished, 'true')
    return
  }
  for (const value of settings.redact) core.setSecret(value)
  const redactor = createRedactor({ values: settings.redact, env: deps.env })
  try {
    await ensureStateDir(settings.stateDir, { gitignore: false })
    const store = new ReceiptStore(settings.stateDir, { warn: message => core.warning(redactor.redact(message)) })
    core.saveState(State.StateDir, settings.stateDir)
    core.saveState(State.HistoryKey, settings.historyKey)
    core.saveState(State.CacheReceipts, String(settings.cacheReceipts))
    core.saveState(State.UploadTrace, settings.uploadTrace)
    if (settings.traceRetentionDays !== undefined) core.saveState(State.TraceRetentionDays, String(settings.traceRetentionDays))
    const history = historyOptions(settings, store, deps)

    let restored: Awaited<ReturnType<typeof restoreHistory>> = { status: 'none' }
    if (settings.cacheReceipts) restored = await restoreHistory(history)
    await applyTrailers(settings, store, deps, redactor)

    if (settings.capture) {
      const receipt = await captureRun(store, settings.capture.ref, {
        note: settings.capture.note,
        source: 'action',
        by: deps.env.GITHUB_ACTOR || 'unknown',
        target: settings.target,
        scope: settings.scope,
        identityHash: settings.identity.hash
      })
      core.info(`reverify: captured ${receipt.run_id}${settings.capture.note ? `: ${settings.capture.note}` : ''}`)
      core.setOutput(Output.RunId, receipt.run_id)
      core.setOutput(Output.Captured, 'true')
      if (settings.cacheReceipts) await saveHistory(history, newHistoryKey(settings.historyKey, deps.env))
      await core.summary.addRaw(redactor.redact(`### reverify: captured \`${receipt.run_id}\`\n\n${settings.capture.note || '(no note)'}\n`)).write().catch(() => undefined)
      core.saveState(State.MainFinished, 'true')
      return
    }

    let effectiveMode = mode
    if (restored.status === 'failed' && mode !== 'off') {
      core.warning(`reverify: the receipt history could not be restored (${restored.reason}); capture-before-retry could not check this run`)
      effectiveMode = mode === 'block' ? 'warn' : mode
    }
    const ci = ciContext(deps.env)
    const run = await verifyRun(
      {
        settings: settings.run!,
        target: settings.target,
        captureMode: effectiveMode,
        version: VERSION,
        redactor,
        ...(ci && { ci }),
        env: deps.env,
        signal: deps.signal,
        interruptReason: deps.interruptReason
      },
      {
        clock: systemClock,
        processes: processRunner,
        store,
        log: progress => logProgress(progress, redactor),
        console: { stdout: deps.stdout, stderr: deps.stderr }
      }
    )

    let artifact: TraceUpload | undefined
    if (run.kind !== 'blocked') {
      // Side by side: after a cancel both have to fit in the runner's grace period, and
      // neither can fail the other (each only warns).
      const saving = settings.cacheReceipts ? saveHistory(history, newHistoryKey(settings.historyKey, deps.env)) : Promise.resolve(false)
      const [, uploaded] = await Promise.all([saving, uploadRunTrace(settings, run, deps)])
      artifact = uploaded
    }
    await reportRun(run, { commands: settings.run!.commands, captureMode: effectiveMode, redactor, env: deps.env, ...(artifact && { artifact }) })
    if (run.kind !== 'completed' || run.outcome !== 'success') {
      if (run.kind === 'completed' && run.interrupted) {
        const by = run.interruptReason ? ` by ${run.interruptReason}` : ''
        core.setFailed(`reverify: interrupted${by}: the command was stopped, the trace closed and the receipt marked interrupted`)
      } else {
        // A block, a guardrail refusal and a failure have had their titled error annotation
        // already; setFailed would add a second, untitled one.
        process.exitCode = 1
      }
    }
    core.saveState(State.MainFinished, 'true')
  } catch (error) {
    // Whatever was left open is the post step's to close: main-finished stays unset.
    core.setFailed(isUserError(error) ? describeError(error) : `reverify: internal error: ${describeError(error)}`)
  }
}
