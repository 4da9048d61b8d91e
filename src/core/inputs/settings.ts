/**
 * The one place where raw inputs (action inputs or CLI flags, both strings under the same
 * names) become a validated RunSettings, through the input table's parser (inputs/).
 * Everything after this sees typed values only.
 */
import { UsageError } from '../base/errors.js'
import type { ExitCodeList } from './kinds.js'
import { parseInputs, type RawInputs } from './parse.js'
import { inputLabel, type InputPlace } from './resolve.js'
import { inputsOf, type INPUTS, type InputName } from './table.js'
import { identityLines } from '../shell/script-lines.js'
import { findProgram, shellProgram, SHELL_NAMES, type ShellSpec } from '../shell/script-shell.js'

import { showValue } from '../base/printable.js'

export { showValue }
export { INPUT_LIMITS } from './table.js'
export type { RawInputs } from './parse.js'

export type { ShellSpec } from '../shell/script-shell.js'
export type { ExitCodeList } from './kinds.js'

/** What an attempt must satisfy; at least one is set. */
export interface Expectations {
  exit?: number
  stdout?: string
  file?: string
  check?: string
}

/** Everything the engine needs to run one verify. */
export interface RunSettings {
  /** The `command` input: one script, run as written (docs/design.md §1). */
  script: string
  expectations: Expectations
  maxRetries: number
  timeoutSeconds: number
  retryWaitSeconds: number
  retryBackoff: 'fixed' | 'exponential'
  /** Which failures may be retried at all: any, a failure that did not time out, or only a timeout. */
  retryOn: 'any' | 'error' | 'timeout'
  retryOnExitCodes?: ExitCodeList
  retryOnOutput?: RegExp
  /** A command run after a failed attempt, before the next one (never after the last or a pass). */
  onRetry?: string
  shell: ShellSpec
  workingDirectory: string
  name: string
  allowDestructive: boolean
  scope: string
  redact: string[]
  /** The capture-before-retry flag as given; resolved against the config file later. */
  captureBeforeRetry?: string
  keepReceipts: number
  stateDir?: string
  logCapBytes: number
  /** `test-results`: globs of JUnit XML files, relative to workingDirectory (docs/design.md §1 "Test results"). */
  testResults?: string[]
}

/** The name of an input of a verify run. */
export type RunInputName = {
  [N in InputName]: 'run' extends (typeof INPUTS)[N]['fronts'][number] ? N : never
}[InputName]

/** Input names of a verify run, as in docs/design.md §1 and §3 (the `reverify run` flags). */
export const RUN_INPUT_NAMES: readonly RunInputName[] = inputsOf('run') as RunInputName[]

/** The one-line error of a run given no expectation (docs/design.md §1). */
export const NOTHING_TO_VERIFY = 'nothing to verify against: give expect-exit, expect-stdout, expect-file or expect-check'

const DEFAULT_LOG_CAP_BYTES = 10 * 1024 * 1024

/** How parseRunSettings names inputs in its messages. */
export interface RunParseOptions {
  /** `cli` names flags (`--expect-exit: …`); the default, `action`, names inputs (`expect-exit: …`). */
  front?: InputPlace['front']
  /** The PATH the script will run with, where its shell must be found (default: this process's). */
  path?: string
}

/**
 * Why the shell cannot be started from `cwd` with this PATH, or undefined when it can: a
 * named shell or a template's first word that is not an executable file on PATH (or, for a
 * path, where it points). A template that runs `{0}` itself is not checked.
 */
export function shellProblem(shell: ShellSpec, path: string | undefined, cwd: string): string | undefined {
  const program = shellProgram(shell)
  const shown = shell.kind === 'template' ? showValue(shell.template) : shell.kind
  const allowed = `expected ${SHELL_NAMES.join(', ')}, or a template containing {0} whose first word is a program on PATH`
  if (program === undefined) return `${shown} names no program; ${allowed}`
  if (program.includes('{0}') || findProgram(program, { PATH: path }, cwd) !== undefined) return undefined
  const where = /[\\/]/.test(program) ? 'is not an executable file' : 'is not on PATH'
  return `${shown} cannot run: ${showValue(program)} ${where}; ${allowed}`
}

/** Validates every run input; throws UsageError with one line naming the first bad one. */
export function parseRunSettings(raw: RawInputs, cwd: string = process.cwd(), options: RunParseOptions = {}): RunSettings {
  const front = options.front ?? 'action'
  const input = parseInputs(raw, RUN_INPUT_NAMES, { front, base: cwd })
  if (identityLines(input.command).length === 0) {
    throw new UsageError(`${inputLabel('command', front)}: required; give a script of one or more lines (not only comments)`)
  }
  const exit = input['expect-exit']
  const stdout = input['expect-stdout']
  const file = input['expect-file']
  const check = input['expect-check']
  const expectations: Expectations = {
    ...(exit !== undefined && { exit }),
    ...(stdout !== undefined && { stdout }),
    ...(file !== undefined && { file }),
    ...(check !== undefined && { check })
  }
  if (Object.keys(expectations).length === 0) throw new UsageError(NOTHING_TO_VERIFY)
  const retryOnExitCodes = input['retry-on-exit-codes']
  const retryOnOutput = input['retry-on-output']
  const onRetry = input['on-retry']
  // A shell that cannot start is a usage error before anything exists (docs/design.md §1).
  const shellIssue = shellProblem(input.shell, options.path ?? process.env.PATH, input['working-directory'])
  if (shellIssue !== undefined) throw new UsageError(`${inputLabel('shell', front)}: ${shellIssue}`)
  const testResults = input['test-results']
  return {
    script: input.command,
    expectations,
    maxRetries: input['max-retries'],
    timeoutSeconds: input['timeout-seconds'],
    retryWaitSeconds: input['retry-wait-seconds'],
    retryBackoff: input['retry-backoff'],
    retryOn: input['retry-on'],
    ...(retryOnExitCodes !== undefined && { retryOnExitCodes }),
    ...(retryOnOutput !== undefined && { retryOnOutput }),
    ...(onRetry !== undefined && { onRetry }),
    shell: input.shell,
    workingDirectory: input['working-directory'],
    name: input.name,
    allowDestructive: input['allow-destructive'],
    scope: input.scope ?? '',
    redact: input.redact,
    captureBeforeRetry: input['capture-before-retry'],
    keepReceipts: input['keep-receipts'],
    stateDir: input['state-dir'],
    logCapBytes: DEFAULT_LOG_CAP_BYTES,
    ...(testResults.length > 0 && { testResults })
  }
}

/**
 * The inputs that reproduce these settings when parsed again (for resuming a run from
 * disk). `redact` and `state-dir` are left out: the first never reaches disk, the second
 * is where the record lives.
 */
export function toRawInputs(settings: RunSettings): Record<string, string> {
  const { exit, stdout, file, check } = settings.expectations
  const { retryOnExitCodes, retryOnOutput, onRetry } = settings
  const raw = {
    command: settings.script,
    ...(exit !== undefined && { 'expect-exit': String(exit) }),
    ...(stdout !== undefined && { 'expect-stdout': stdout }),
    ...(file !== undefined && { 'expect-file': file }),
    ...(check !== undefined && { 'expect-check': check }),
    'max-retries': String(settings.maxRetries),
    'timeout-seconds': String(settings.timeoutSeconds),
    'retry-wait-seconds': String(settings.retryWaitSeconds),
    'retry-backoff': settings.retryBackoff,
    'retry-on': settings.retryOn,
    ...(retryOnExitCodes !== undefined && { 'retry-on-exit-codes': retryOnExitCodes.text }),
    ...(retryOnOutput !== undefined && { 'retry-on-output': retryOnOutput.source }),
    ...(onRetry !== undefined && { 'on-retry': onRetry }),
    shell: settings.shell.kind === 'template' ? settings.shell.template : settings.shell.kind,
    'working-directory': settings.workingDirectory,
    name: settings.name,
    'allow-destructive': String(settings.allowDestructive),
    scope: settings.scope,
    'keep-receipts': String(settings.keepReceipts),
    ...(settings.testResults !== undefined && { 'test-results': settings.testResults.join('\n') })
  } satisfies Partial<Record<RunInputName, string>>
  return raw
}
