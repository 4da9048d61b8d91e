/**
 * The action's inputs, read once into one typed object. The run inputs go through the
 * core's parser (the same one the CLI uses); the action's own few go through the same
 * input table.
 */
import { UsageError, historyIdentity, inputTable, type Redactor, type RunReport, type RunSettings } from '../core/index.js'
import { ActionInput } from './constants.js'

/** When to upload the trace artifact: the values of the `upload-trace` row. */
export type UploadTrace = inputTable.InputValue<'upload-trace'>

/** When to write the job summary: the values of the `summary` row. */
export type SummaryWhen = inputTable.InputValue<'summary'>

/** Whether `value` is one of the `upload-trace` row's values (for state read back as text). */
export function isUploadTrace(value: string): value is UploadTrace {
  const { kind } = inputTable.inputSpec('upload-trace')
  return kind.type === 'choice' && kind.values.includes(value)
}

/** What the action reads in either mode. */
interface CommonSettings {
  /** The command's identity, as every run's report names it. */
  identity: RunReport['identity']
  scope: string
  historyKey: string
  captureBeforeRetry?: string
  cacheReceipts: boolean
  /** Lists the history's cache entries; '' when not given. Masked, never printed. */
  githubToken: string
  uploadTrace: UploadTrace
  summary: SummaryWhen
  traceRetentionDays?: number
  stateDir: string
  /** The repository, owner/name: the target receipts are compared within. */
  target: string
  workspace: string
}

/** Verify mode: what to run. */
export interface VerifySettings extends CommonSettings {
  mode: 'verify'
  run: RunSettings
}

/** Capture mode: which run to capture, and the note; nothing runs. */
export interface CaptureSettings extends CommonSettings {
  mode: 'capture'
  capture: { ref: string; note: string }
}

/** The action's settings, one mode or the other. */
export type ActionSettings = VerifySettings | CaptureSettings

/** Reads one input by name; '' when not given. */
export type InputReader = (name: string) => string

/** The runner's environment the action depends on. */
export interface RunnerEnv {
  GITHUB_REPOSITORY?: string
  GITHUB_WORKSPACE?: string
  RUNNER_TEMP?: string
  [name: string]: string | undefined
}

/** Inputs the action reads whether it runs a verify or records a capture. */
const MODE_INPUTS = [...Object.values(ActionInput), 'state-dir', 'command', 'scope', 'redact', 'capture-before-retry'] as const

// Inputs that are only text and reach disk (receipts, the cache): redacted before anything else
const STORED_TEXT_INPUTS = ['scope', 'capture-note'] as const

/** The inputs that hold secrets, as readSecretInputs read them. */
export interface SecretInputs {
  /** `redact` as given, one value a line. */
  redact: string
  /** `redact`'s values: each line trimmed, blank lines dropped. */
  redactValues: string[]
  /** `github-token`, trimmed; '' when not given. */
  githubToken: string
}

/**
 * Reads the inputs that hold secrets, the one way both steps read them: the main step masks
 * them and builds its redactor from them before any other input is read (so nothing is
 * validated yet: an error line could quote a secret); the post step builds its redactor
 * from them. readActionSettings validates them with the rest.
 */
export function readSecretInputs(input: InputReader): SecretInputs {
  const redact = input('redact')
  return { redact, redactValues: inputTable.inputLines(redact), githubToken: input('github-token').trim() }
}

/**
 * Reads and validates every input; throws UsageError naming the first bad one. With a
 * redactor, `scope` and `capture-note` are redacted as they are read, before validation,
 * so a secret in them never reaches a receipt, the cache or a message. The secret inputs
 * are taken from `secrets` (readSecretInputs), not read again.
 */
export function readActionSettings(
  input: InputReader,
  env: RunnerEnv,
  cwd: string,
  redactor?: Redactor,
  secrets: SecretInputs = readSecretInputs(input)
): ActionSettings {
  const read: Record<string, string> = { redact: secrets.redact, 'github-token': secrets.githubToken }
  const raw: Record<string, string> = {}
  for (const name of inputTable.inputsOf('action')) raw[name] = read[name] ?? input(name)
  if (redactor !== undefined) for (const name of STORED_TEXT_INPUTS) if (raw[name]) raw[name] = redactor.redact(raw[name])
  const workspace = env.GITHUB_WORKSPACE || cwd
  const target = env.GITHUB_REPOSITORY || workspace
  const place: inputTable.InputPlace = { front: 'action', base: workspace, runnerTemp: env.RUNNER_TEMP }
  const given = inputTable.parseInputs(raw, MODE_INPUTS, place)
  const stateDir = inputTable.resolveStateDir(given['state-dir'], place).path

  const scope = given.scope ?? ''
  let mode: { mode: 'verify'; run: RunSettings } | { mode: 'capture'; capture: CaptureSettings['capture'] }
  if (given.capture !== undefined) {
    // Capture mode runs nothing: only the command and scope matter, to find its history.
    if (!historyIdentity(given.command, target, scope).named) {
      throw new UsageError('command: required in capture mode too; give the same command (and scope) as the failing step')
    }
    mode = { mode: 'capture', capture: { ref: given.capture, note: given['capture-note'] ?? '' } }
  } else {
    mode = { mode: 'verify', run: inputTable.parseRunSettings({ ...raw, 'state-dir': stateDir }, workspace, { path: env.PATH }) }
  }
  const { identity, historyKey } = historyIdentity(mode.mode === 'verify' ? mode.run.script : given.command, target, scope)
  return {
    ...mode,
    identity,
    scope,
    historyKey,
    captureBeforeRetry: given['capture-before-retry'],
    cacheReceipts: given['cache-receipts'],
    // Outside a runner nobody expands the default `${{ github.token }}`: that is no token.
    githubToken: /^\$\{\{.*\}\}$/.test(given['github-token'] ?? '') ? '' : (given['github-token'] ?? ''),
    uploadTrace: given['upload-trace'],
    summary: given.summary,
    ...(given['trace-retention-days'] !== undefined && { traceRetentionDays: given['trace-retention-days'] }),
    stateDir,
    target,
    workspace
  }
}
