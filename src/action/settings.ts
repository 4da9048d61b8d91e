/**
 * The action's inputs, read once into one typed object. The run inputs go through the
 * core's parser (the same one the CLI uses); the action adds its own few.
 */
import { join, resolve } from 'node:path'
import { UsageError } from '../core/errors.js'
import { commandIdentity, historyKey, type CommandIdentity } from '../core/identity.js'
import { requireRunId } from '../core/run-id.js'
import { parseBoolean, parseRunSettings, RUN_INPUT_NAMES, showValue, type RunSettings } from '../core/settings.js'
import { splitCommandList } from '../core/command-list.js'
import { ActionInput } from './constants.js'

/** When to upload the trace artifact. */
export type UploadTrace = 'always' | 'on-failure' | 'never'

/** Everything the action was asked to do. */
export interface ActionSettings {
  /** Verify mode: what to run. Absent in capture mode. */
  run?: RunSettings
  /** Capture mode: which run to capture, and the note. */
  capture?: { ref: string; note: string }
  identity: CommandIdentity
  scope: string
  historyKey: string
  captureBeforeRetry?: string
  cacheReceipts: boolean
  uploadTrace: UploadTrace
  traceRetentionDays?: number
  stateDir: string
  /** The repository, owner/name: the target receipts are compared within. */
  target: string
  workspace: string
  redact: string[]
}

/** Reads one input by name; '' when not given. */
export type InputReader = (name: string) => string

/** The runner's environment the action depends on. */
export interface RunnerEnv {
  GITHUB_REPOSITORY?: string
  GITHUB_WORKSPACE?: string
  RUNNER_TEMP?: string
  [name: string]: string | undefined
}

/** Reads and validates every input; throws UsageError naming the first bad one. */
export function readActionSettings(input: InputReader, env: RunnerEnv, cwd: string): ActionSettings {
  const raw: Record<string, string> = {}
  for (const name of RUN_INPUT_NAMES) raw[name] = input(name)
  const workspace = env.GITHUB_WORKSPACE || cwd
  const target = env.GITHUB_REPOSITORY || workspace
  const tempRoot = env.RUNNER_TEMP
  const stateDirInput = raw['state-dir']?.trim()
  if (!stateDirInput && !tempRoot) throw new UsageError('state-dir: RUNNER_TEMP is not set; give state-dir explicitly')
  // Never inside the workspace by default: the state is not part of the checkout.
  const stateDir = stateDirInput ? resolve(workspace, stateDirInput) : join(tempRoot!, 'reverify')

  const uploadTrace = input(ActionInput.UploadTrace).trim().toLowerCase() || 'always'
  if (!['always', 'on-failure', 'never'].includes(uploadTrace)) {
    throw new UsageError(`upload-trace: ${showValue(input(ActionInput.UploadTrace))} is not allowed; expected one of always, on-failure, never`)
  }
  const retentionText = input(ActionInput.TraceRetentionDays).trim()
  if (retentionText !== '' && (!/^\d+$/.test(retentionText) || Number(retentionText) < 1 || Number(retentionText) > 90)) {
    throw new UsageError(`trace-retention-days: ${showValue(retentionText)} is not allowed; expected a whole number from 1 to 90`)
  }
  const cacheReceipts = parseBoolean(input(ActionInput.CacheReceipts), 'cache-receipts', true)
  const captureRef = input(ActionInput.Capture).trim()
  const scope = raw.scope?.trim() ?? ''

  let run: RunSettings | undefined
  let capture: ActionSettings['capture']
  let commands: string[]
  if (captureRef !== '') {
    // Capture mode runs nothing: only the command and scope matter, to find its history.
    if (captureRef !== 'latest') requireRunId(captureRef, 'capture')
    commands = splitCommandList(raw.command ?? '')
    if (commands.length === 0) {
      throw new UsageError('command: required in capture mode too; give the same command (and scope) as the failing step')
    }
    capture = { ref: captureRef, note: input(ActionInput.CaptureNote).trim() }
  } else {
    run = parseRunSettings({ ...raw, 'state-dir': stateDir }, workspace)
    commands = run.commands
  }
  const identity = commandIdentity(commands)
  return {
    run,
    capture,
    identity,
    scope,
    historyKey: historyKey(target, scope, identity.hash),
    captureBeforeRetry: raw['capture-before-retry']?.trim() || undefined,
    cacheReceipts,
    uploadTrace: uploadTrace as UploadTrace,
    ...(retentionText !== '' && { traceRetentionDays: Number(retentionText) }),
    stateDir,
    target,
    workspace,
    redact: (raw.redact ?? '').split(/\r?\n/).map(line => line.trim()).filter(Boolean)
  }
}
