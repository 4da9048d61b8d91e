/**
 * The action's main step, as a script of named steps: read inputs, restore the receipt
 * history, apply captures, check capture-before-retry and run the verify (or capture),
 * then report (outputs, annotations, job summary) and persist (cache, artifact).
 * Error policy: bad input, a block and a failed verification fail the step; cache and
 * artifact problems only warn.
 */
import { print } from './workflow-commands.js'
import {
  VERSION,
  createRedactor,
  captureModeOf,
  createRunPorts,
  describeError,
  ensureStateDir,
  commandHistory,
  isUserError,
  otlpHeaderValues,
  scriptLines,
  unsupportedPlatform,
  verifyRun,
  type CaptureMode,
  type ConsoleStream,
  type HistoryFacts,
  type MachinePorts,
  type ReceiptStore,
  type Redactor,
  type RunProgress,
  type RunReport
} from '../core/index.js'
import { runCaptureMode } from './capture-mode.js'
import { savePostState } from './post-state.js'
import { createCacheListing } from './persistence/cache-listing.js'
import type { CacheStore } from './persistence/cache-store.js'
import { deadlinesFrom } from './persistence/deadline.js'
import { persistRun, type PersistOptions } from './persistence/persist-run.js'
import { restoreHistory, type HistoryOptions, type RestoreStatus } from './persistence/receipt-history.js'
import { isPullRequest, reportRun, type TraceUpload } from './report.js'
import type { AnnotationFacts } from './annotations.js'
import { legAnnotations } from './persistence/leg-annotations.js'
import { RunLog, verdictLine } from './run-log.js'
import { readActionSettings, readSecretInputs, type ActionSettings, type VerifySettings } from './settings.js'
import type { ArtifactClient } from './persistence/trace-artifact.js'
import { applyTrailers, findTrailers } from './trailers.js'
import { reportStart, timed } from './phase-timer.js'
import type { Toolkit } from './toolkit.js'

/** What main needs from the outside world; index.ts passes the real ones. */
export interface MainDeps {
  cache: CacheStore
  /**
   * Starts loading the cache client's module once the inputs say a history will be restored,
   * so its file is read while the state directory is prepared. Optional.
   */
  preloadCache?: () => void
  /** The artifact client; its module may be loaded on this first call. */
  artifact: () => ArtifactClient | Promise<ArtifactClient>
  /**
   * Starts loading the artifact client's module, when a trace will surely be uploaded, so
   * the load uses the command's run (its first process has started) instead of following
   * it. Optional.
   */
  preloadArtifact?: () => void
  env: NodeJS.ProcessEnv
  cwd: string
  stdout: ConsoleStream
  stderr: ConsoleStream
  signal?: AbortSignal
  interruptReason?: () => string | undefined
  /** `process.platform` unless a test says otherwise. */
  platform?: string
  /** The inputs, the post step's state, the outputs, the summary and the outcome (toolkit.ts). */
  toolkit: Toolkit
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

/**
 * The run's machine (`createRunPorts`): a fresh store in the state directory, its warnings
 * redacted. Only a verify loads the run seal: a capture runs nothing.
 */
async function openMachine(settings: ActionSettings, deps: MainDeps, redactor: Redactor): Promise<MachinePorts> {
  await ensureStateDir(settings.stateDir, { gitignore: false })
  const warn = (message: string) => print.warning(redactor.redact(message))
  return createRunPorts({ env: deps.env, stateDir: settings.stateDir, warn, sealed: settings.mode === 'verify' })
}

/** What the post step needs to close the run if main does not finish. */
function saveStateForPost(settings: ActionSettings, toolkit: Toolkit): void {
  savePostState(toolkit, {
    stateDir: settings.stateDir,
    historyKey: settings.historyKey,
    cacheReceipts: settings.cacheReceipts,
    uploadTrace: settings.uploadTrace,
    traceRetentionDays: settings.traceRetentionDays
  })
}

function historyOptions(settings: ActionSettings, machine: MachinePorts, deps: MainDeps, redactor: Redactor): HistoryOptions {
  const { store, pause } = machine
  const repository = deps.env.GITHUB_REPOSITORY
  const ci = ciContext(deps.env)
  return {
    cache: deps.cache,
    store,
    workspace: settings.workspace,
    deadlines: deadlinesFrom(deps.env),
    ...(settings.githubToken !== '' &&
      repository && {
        listing: createCacheListing({
          apiUrl: deps.env.GITHUB_API_URL || 'https://api.github.com',
          repository,
          token: settings.githubToken
        })
      }),
    ...(ci && { here: { runId: ci.run_id, runAttempt: ci.run_attempt } }),
    historyKey: settings.historyKey,
    target: settings.target,
    scope: settings.scope,
    identityHash: settings.identity.hash,
    warn: message => print.warning(redactor.redact(message)),
    info: message => print.info(redactor.redact(message)),
    ...(pause !== undefined && { pause })
  }
}

/** Runs the summary's history of the command counts (docs/design.md §5 "Job summary"): as deep as the release rule reads. */
const HISTORY_RUNS = 100

/** The receipt history of this command, merged into the store (cache-receipts on); its chatter grouped. */
async function restoreIfCached(settings: ActionSettings, history: HistoryOptions): Promise<RestoreStatus> {
  if (!settings.cacheReceipts) return { status: 'none' }
  return await timed('restore', () => print.group('reverify: restoring the receipt history', () => restoreHistory(history)))
}

/** The command's last runs for the summary, and the quarantine entries they suggest; a store that cannot be read only costs that section. */
async function summaryHistory(settings: VerifySettings, store: ReceiptStore): Promise<HistoryFacts | undefined> {
  try {
    const receipts = await store.history(settings.target, settings.scope, settings.identity.hash)
    const quarantine = { shown: settings.run.quarantine, root: settings.workspace }
    return await commandHistory(receipts, { limit: HISTORY_RUNS, quarantine, now: new Date() })
  } catch (error) {
    print.warning(`reverify: could not read the receipt history for the summary: ${describeError(error)}`)
    return undefined
  }
}

/**
 * Saves the history and uploads the trace of a run that created them (a block created
 * nothing), grouped; a completed run's trace carries every annotation of the run.
 */
async function persistIfCreated(
  run: RunReport,
  stateDir: string,
  options: PersistOptions,
  annotationFacts: AnnotationFacts
): Promise<TraceUpload | undefined> {
  if (run.kind === 'blocked') return undefined
  const outcome = run.kind === 'refused' ? 'aborted' : run.outcome
  const annotations = run.kind === 'completed' ? { annotations: () => legAnnotations(run, annotationFacts) } : {}
  const persisted = await print.group('reverify: saving the receipt history and uploading the trace', () =>
    persistRun({ runId: run.runId, sessionDir: run.session.dir, stateDir, outcome, ...annotations }, options)
  )
  return persisted.artifact
}

/**
 * The capture-before-retry mode this run can honour. A failed restore is not "no history":
 * the check could not be made, so `block` goes down to `warn`, and the log says so.
 */
function checkableMode(mode: CaptureMode, restored: RestoreStatus): CaptureMode {
  if (restored.status !== 'failed' || mode === 'off') return mode
  print.warning(`reverify: the receipt history could not be restored (${restored.reason}); capture-before-retry could not check this run`)
  return mode === 'block' ? 'warn' : mode
}

/** Where and how main persists a finished run. */
function persistOptions(settings: ActionSettings, history: HistoryOptions, deps: MainDeps, redactor: Redactor): PersistOptions {
  return {
    history: settings.cacheReceipts ? history : undefined,
    uploadTrace: settings.uploadTrace,
    traceRetentionDays: settings.traceRetentionDays,
    artifact: deps.artifact,
    env: deps.env,
    uploadDeadlineMs: deadlinesFrom(deps.env).uploadMs,
    warn: message => print.warning(redactor.redact(message))
  }
}

/**
 * Tells the runner to mask a `redact` value. @actions/core escapes CR and LF in it, not
 * U+2028, U+2029 or NEL, which some readers take for line breaks; a value holding one is
 * masked piece by piece, so the `::add-mask::` line is one line for every reader.
 */
function registerMask(value: string, toolkit: Toolkit): void {
  for (const piece of value.split(/[\u2028\u2029\u0085]/)) if (piece.trim() !== '') toolkit.setSecret(piece)
}

/** The inputs, with every secret masked and a redactor built before any other input is read. */
async function readInputs(deps: MainDeps): Promise<{ redactor: Redactor; settings?: ActionSettings; mode?: CaptureMode }> {
  // Masks and the redactor come first: a secret inside any other input, valid or not, is
  // redacted before it is validated, stored or quoted in an error line.
  const { toolkit } = deps
  const secrets = readSecretInputs(name => toolkit.input(name))
  for (const value of secrets.redactValues) registerMask(value, toolkit)
  // The token is a secret too, whatever the other inputs turn out to be.
  if (secrets.githubToken !== '') registerMask(secrets.githubToken, toolkit)
  // So are the OTLP headers (an API key): the runner masks them in the live log too.
  for (const { value } of otlpHeaderValues(deps.env)) if (value.trim().length >= 6) registerMask(value, toolkit)
  const redactor = createRedactor({ values: secrets.redactValues, env: deps.env })
  try {
    const settings = readActionSettings(name => toolkit.input(name), deps.env, deps.cwd, redactor, secrets)
    return { redactor, settings, mode: await captureModeOf(settings.captureBeforeRetry, settings.workspace) }
  } catch (error) {
    toolkit.fail(redactor.redact(isUserError(error) ? describeError(error) : `reverify: internal error: ${describeError(error)}`))
    return { redactor }
  }
}

/** Runs the verify through the core, its progress worded in the log and its run id saved for the post step. */
async function runVerify(
  settings: VerifySettings,
  mode: CaptureMode,
  machine: MachinePorts,
  deps: MainDeps,
  redactor: Redactor,
  onceStarted?: () => void
): Promise<RunReport> {
  const ci = ciContext(deps.env)
  let whenStarted = onceStarted
  const log = new RunLog(scriptLines(settings.run.script), redactor, deps.stdout, deps.stderr)
  const request = {
    settings: settings.run,
    target: settings.target,
    captureMode: mode,
    version: VERSION,
    redactor,
    ...(ci && { ci }),
    env: deps.env,
    signal: deps.signal,
    interruptReason: deps.interruptReason,
    front: 'action' as const,
    // The quarantine file is found from the repository root, wherever working-directory points.
    quarantineRoot: settings.workspace
  }
  const ports = {
    ...machine,
    log: (progress: RunProgress) => {
      if (progress.kind === 'run-created') savePostState(deps.toolkit, { runId: progress.runId, sessionDir: progress.sessionDir })
      if (progress.kind === 'process-started' && whenStarted !== undefined) {
        // After the engine's own work on the spawn: the load waits for its listeners to be set.
        setImmediate(whenStarted)
        whenStarted = undefined
      }
      log.progress(progress)
    },
    console: { stdout: log.stdout, stderr: log.stderr }
  }
  try {
    return await verifyRun(request, ports)
  } finally {
    log.closeAttempt()
  }
}

/** Fails the step unless the run succeeded, and prints the verdict last. */
function finish(run: RunReport, settings: VerifySettings, redactor: Redactor, toolkit: Toolkit): void {
  if (run.kind !== 'completed' || run.outcome !== 'success') {
    if (run.kind === 'completed' && run.interrupted) {
      const by = run.interruptReason ? ` by ${run.interruptReason}` : ''
      toolkit.fail(`reverify: interrupted${by}: the command was stopped, the trace closed and the receipt marked interrupted`)
    } else {
      // A block, a guardrail refusal and a failure have had their titled error annotation
      // already; a failure's line would add a second, untitled one.
      toolkit.failSilently()
    }
  }
  print.info(redactor.redact(verdictLine(run, settings.run.name)))
}

/** Runs the main step; never throws. */
export async function runMain(deps: MainDeps): Promise<void> {
  // Before any input is read or anything runs: one line and a failed step.
  const { toolkit } = deps
  const unsupported = unsupportedPlatform(deps.platform ?? process.platform)
  if (unsupported !== undefined) {
    toolkit.fail(unsupported)
    return savePostState(toolkit, { mainFinished: true })
  }
  reportStart()
  const { redactor, settings, mode } = await readInputs(deps)
  if (settings === undefined || mode === undefined) return savePostState(toolkit, { mainFinished: true })
  if (settings.cacheReceipts) deps.preloadCache?.()
  try {
    const machine = await openMachine(settings, deps, redactor)
    const { store } = machine
    saveStateForPost(settings, toolkit)
    const history = historyOptions(settings, machine, deps, redactor)
    // The trailers are read (event payload, `git log`) while the history is restored; they
    // are applied to the store once it holds the restored receipts.
    const finding = findTrailers(settings.workspace, deps.env)
    const restored = await restoreIfCached(settings, history)
    await applyTrailers(await finding, settings, store, deps.env, redactor)
    if (settings.mode === 'capture') {
      await runCaptureMode(settings, store, history, { env: deps.env, redactor, toolkit })
      return savePostState(toolkit, { mainFinished: true })
    }
    const effectiveMode = checkableMode(mode, restored)
    // A verify that uploads whatever its outcome loads the artifact client while its command
    // runs: the client's chunk takes tens of milliseconds, which would otherwise delay the
    // restore before it or the upload after it.
    const preload = settings.uploadTrace === 'always' ? deps.preloadArtifact : undefined
    const run = await timed('run', () => runVerify(settings, effectiveMode, machine, deps, redactor, preload))
    const location = { workspace: settings.workspace, workingDirectory: settings.run.workingDirectory }
    const annotationFacts = {
      stepName: settings.run.name,
      commands: scriptLines(settings.run.script),
      redactor,
      location,
      pullRequest: isPullRequest(deps.env)
    }
    const artifact = await persistIfCreated(run, settings.stateDir, persistOptions(settings, history, deps, redactor), annotationFacts)
    await timed('report', async () =>
      reportRun(run, {
        name: settings.run.name,
        commands: scriptLines(settings.run.script),
        captureMode: effectiveMode,
        summary: settings.summary,
        redactor,
        env: deps.env,
        toolkit,
        ...(settings.summary !== 'never' && { history: await summaryHistory(settings, store) }),
        ...(artifact && { artifact }),
        location
      })
    )
    finish(run, settings, redactor, toolkit)
    savePostState(toolkit, { mainFinished: true })
  } catch (error) {
    // Whatever was left open is the post step's to close: main-finished stays unset.
    toolkit.fail(redactor.redact(isUserError(error) ? describeError(error) : `reverify: internal error: ${describeError(error)}`))
  }
}
