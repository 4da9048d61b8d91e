/**
 * The one place where raw inputs (action inputs or CLI flags, both strings under the same
 * names) become a validated RunSettings. Everything after this sees typed values only.
 */
import { statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { UsageError } from './errors.js'
import { splitCommandList } from './command-list.js'

/** How a command is handed to a shell (SPEC §1 `shell`). */
export type ShellSpec =
  | { kind: 'bash' }
  | { kind: 'sh' }
  | { kind: 'template'; template: string }

/** What an attempt must satisfy; at least one is set. */
export interface Expectations {
  exit?: number
  stdout?: string
  file?: string
  check?: string
}

/** Everything the engine needs to run one verify. */
export interface RunSettings {
  commands: string[]
  expectations: Expectations
  maxRetries: number
  timeoutSeconds: number
  retryWaitSeconds: number
  retryBackoff: 'fixed' | 'exponential'
  retryOnExitCodes?: number[]
  retryOnOutput?: RegExp
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
}

/** Raw input values by their SPEC names (`expect-exit`, …); empty strings mean "not given". */
export type RawInputs = Readonly<Record<string, string | undefined>>

/** Input names of a verify run, as in SPEC §1 and §3. */
export const RUN_INPUT_NAMES = [
  'command',
  'expect-exit',
  'expect-stdout',
  'expect-file',
  'expect-check',
  'max-retries',
  'timeout-seconds',
  'retry-wait-seconds',
  'retry-backoff',
  'retry-on-exit-codes',
  'retry-on-output',
  'shell',
  'working-directory',
  'name',
  'allow-destructive',
  'capture-before-retry',
  'scope',
  'redact',
  'keep-receipts',
  'state-dir'
] as const

export const NOTHING_TO_VERIFY =
  'nothing to verify against: give expect-exit, expect-stdout, expect-file or expect-check'

const DEFAULT_LOG_CAP_BYTES = 10 * 1024 * 1024

/** Shows a user value in a message: quoted, control characters escaped, long ones cut. */
export function showValue(value: string): string {
  const escaped = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
  return `'${escaped.slice(1, -1).replace(/'/g, "\\'")}'`
}

function given(raw: RawInputs, name: string): string | undefined {
  const value = raw[name]
  return value === undefined || value.trim() === '' ? undefined : value
}

function integer(raw: RawInputs, name: string, min: number, max: number, fallback: number): number
function integer(raw: RawInputs, name: string, min: number, max: number): number | undefined
function integer(raw: RawInputs, name: string, min: number, max: number, fallback?: number) {
  const value = given(raw, name)
  if (value === undefined) return fallback
  const text = value.trim()
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${name}: ${showValue(value)} is not allowed; expected a whole number from ${min} to ${max}`)
  }
  return Number(text)
}

function oneOf<T extends string>(raw: RawInputs, name: string, allowed: readonly T[], fallback: T): T {
  const value = given(raw, name)
  if (value === undefined) return fallback
  const text = value.trim().toLowerCase()
  const match = allowed.find(option => option === text)
  if (match === undefined) {
    throw new UsageError(`${name}: ${showValue(value)} is not allowed; expected one of ${allowed.join(', ')}`)
  }
  return match
}

/** The YAML 1.2 core booleans, as @actions/core's getBooleanInput accepts them. */
export function parseBoolean(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback
  const text = value.trim()
  if (['true', 'True', 'TRUE'].includes(text)) return true
  if (['false', 'False', 'FALSE'].includes(text)) return false
  throw new UsageError(`${name}: ${showValue(value)} is not allowed; expected true or false`)
}

function exitCodeList(raw: RawInputs): number[] | undefined {
  const value = given(raw, 'retry-on-exit-codes')
  if (value === undefined) return undefined
  const parts = value.split(',').map(part => part.trim())
  if (parts.some(part => !/^\d+$/.test(part) || Number(part) > 255)) {
    throw new UsageError(
      `retry-on-exit-codes: ${showValue(value)} is not allowed; expected a comma-separated list of exit codes from 0 to 255`
    )
  }
  return parts.map(Number)
}

/** Longest regular expression accepted (V8 also refuses some long ones only when first run). */
const MAX_PATTERN_CHARS = 1000

function regex(raw: RawInputs, name: string): RegExp | undefined {
  const value = given(raw, name)
  if (value === undefined) return undefined
  if (value.length > MAX_PATTERN_CHARS) {
    throw new UsageError(`${name}: a pattern of ${value.length} characters is too long; at most ${MAX_PATTERN_CHARS}`)
  }
  try {
    const pattern = new RegExp(value)
    pattern.test('') // some patterns only fail when first executed
    return pattern
  } catch (error) {
    // V8 repeats the whole pattern in its message: keep only the reason.
    const text = error instanceof Error ? error.message : 'invalid'
    const reason = text.replace(/^Invalid regular expression: /, '').replace(/^\/[\s\S]*\/[a-z]*: /, '').slice(0, 120)
    throw new UsageError(`${name}: ${showValue(value)} is not a valid regular expression (${reason})`)
  }
}

/** Inputs may not hold NUL: no shell, path or environment can carry one. */
function rejectNul(raw: RawInputs): void {
  for (const [name, value] of Object.entries(raw)) {
    if (value?.includes('\0')) throw new UsageError(`${name}: contains a NUL character, which no command, path or pattern may hold`)
  }
}

/** A state directory path the file system can hold. */
function checkStateDir(path: string | undefined): void {
  if (path === undefined) return
  if (path.length > 1024 || path.split(/[\\/]/).some(part => Buffer.byteLength(part) > 255)) {
    throw new UsageError(`state-dir: ${showValue(path)} is too long; at most 1024 characters, 255 bytes per folder name`)
  }
}

function shell(raw: RawInputs): ShellSpec {
  const value = given(raw, 'shell')
  if (value === undefined) return { kind: 'bash' }
  const text = value.trim()
  if (text === 'bash' || text === 'sh') return { kind: text }
  if (text.includes('{0}')) return { kind: 'template', template: text }
  throw new UsageError(
    `shell: ${showValue(value)} is not allowed; expected bash, sh, or a command template containing {0} (e.g. "python {0}")`
  )
}

function workingDirectory(raw: RawInputs, cwd: string): string {
  const value = given(raw, 'working-directory')
  const dir = value === undefined ? cwd : isAbsolute(value.trim()) ? value.trim() : resolve(cwd, value.trim())
  let isDir = false
  try {
    isDir = statSync(dir).isDirectory()
  } catch {
    isDir = false
  }
  if (!isDir) {
    throw new UsageError(`working-directory: ${showValue(value ?? dir)} is not an existing directory`)
  }
  return dir
}

function label(raw: RawInputs): string {
  const value = given(raw, 'name')
  if (value === undefined) return 'verify'
  const text = value.trim()
  // The name becomes a directory of the trace layout: keep it to a safe, portable set.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(text)) {
    throw new UsageError(
      `name: ${showValue(value)} is not allowed; expected 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`
    )
  }
  return text
}

/**
 * Size limits, so every run fits its receipt (whose schema bounds what it accepts from an
 * untrusted store) with room for normalization and redaction markers.
 */
export const INPUT_LIMITS = { commands: 100, commandChars: 8192, pathChars: 4096, scopeChars: 1024, redactValues: 200 } as const

function tooLong(name: string, what: string): never {
  throw new UsageError(`${name}: ${what}`)
}

function checkSizes(settings: RunSettings): void {
  const { commands, expectations, scope, redact } = settings
  if (commands.length > INPUT_LIMITS.commands) tooLong('command', `${commands.length} commands is too many; at most ${INPUT_LIMITS.commands}`)
  const longest = commands.find(command => command.length > INPUT_LIMITS.commandChars)
  if (longest !== undefined) tooLong('command', `a command of ${longest.length} characters is too long; at most ${INPUT_LIMITS.commandChars} (put a long script in a file)`)
  for (const [name, value, max] of [
    ['expect-stdout', expectations.stdout, INPUT_LIMITS.commandChars],
    ['expect-check', expectations.check, INPUT_LIMITS.commandChars],
    ['expect-file', expectations.file, INPUT_LIMITS.pathChars],
    ['scope', scope, INPUT_LIMITS.scopeChars]
  ] as const) {
    if (value !== undefined && value.length > max) tooLong(name, `${value.length} characters is too long; at most ${max}`)
  }
  if (redact.length > INPUT_LIMITS.redactValues) tooLong('redact', `${redact.length} values is too many; at most ${INPUT_LIMITS.redactValues}`)
}

/** Validates every run input; throws UsageError with one line naming the first bad one. */
export function parseRunSettings(raw: RawInputs, cwd: string = process.cwd()): RunSettings {
  rejectNul(raw)
  const commandText = raw.command ?? ''
  const commands = splitCommandList(commandText)
  if (commands.length === 0) {
    throw new UsageError('command: required; give one or more commands, one per line')
  }
  const expectations: Expectations = {
    exit: integer(raw, 'expect-exit', 0, 255),
    stdout: given(raw, 'expect-stdout'),
    file: given(raw, 'expect-file')?.trim(),
    check: given(raw, 'expect-check')?.trim()
  }
  for (const key of Object.keys(expectations) as (keyof Expectations)[]) {
    if (expectations[key] === undefined) delete expectations[key]
  }
  const settings: RunSettings = {
    commands,
    expectations,
    maxRetries: integer(raw, 'max-retries', 0, 100, 2),
    timeoutSeconds: integer(raw, 'timeout-seconds', 0, 7 * 24 * 3600, 0),
    retryWaitSeconds: integer(raw, 'retry-wait-seconds', 0, 3600, 0),
    retryBackoff: oneOf(raw, 'retry-backoff', ['fixed', 'exponential'] as const, 'fixed'),
    retryOnExitCodes: exitCodeList(raw),
    retryOnOutput: regex(raw, 'retry-on-output'),
    shell: shell(raw),
    workingDirectory: workingDirectory(raw, cwd),
    name: label(raw),
    allowDestructive: parseBoolean(raw['allow-destructive'], 'allow-destructive', false),
    scope: raw.scope?.trim() ?? '',
    redact: (raw.redact ?? '')
      .split(/\r?\n/)
      .map(line => line.trim())
      .filter(line => line !== ''),
    captureBeforeRetry: given(raw, 'capture-before-retry'),
    keepReceipts: integer(raw, 'keep-receipts', 1, 100000, 20),
    stateDir: given(raw, 'state-dir')?.trim(),
    logCapBytes: DEFAULT_LOG_CAP_BYTES
  }
  checkSizes(settings)
  if (settings.retryOnExitCodes === undefined) delete settings.retryOnExitCodes
  if (settings.retryOnOutput === undefined) delete settings.retryOnOutput
  if (Object.keys(expectations).length === 0) throw new UsageError(NOTHING_TO_VERIFY)
  if (settings.stateDir !== undefined && !isAbsolute(settings.stateDir)) {
    settings.stateDir = resolve(cwd, settings.stateDir)
  }
  checkStateDir(settings.stateDir)
  return settings
}

/**
 * The inputs that reproduce these settings when parsed again (for resuming a run from
 * disk). `redact` and `state-dir` are left out: the first never reaches disk, the second
 * is where the record lives.
 */
export function toRawInputs(settings: RunSettings): Record<string, string> {
  const { exit, stdout, file, check } = settings.expectations
  const raw: Record<string, string> = {
    command: settings.commands.join('\n'),
    'max-retries': String(settings.maxRetries),
    'timeout-seconds': String(settings.timeoutSeconds),
    'retry-wait-seconds': String(settings.retryWaitSeconds),
    'retry-backoff': settings.retryBackoff,
    shell: settings.shell.kind === 'template' ? settings.shell.template : settings.shell.kind,
    'working-directory': settings.workingDirectory,
    name: settings.name,
    'allow-destructive': String(settings.allowDestructive),
    scope: settings.scope,
    'keep-receipts': String(settings.keepReceipts)
  }
  if (exit !== undefined) raw['expect-exit'] = String(exit)
  if (stdout !== undefined) raw['expect-stdout'] = stdout
  if (file !== undefined) raw['expect-file'] = file
  if (check !== undefined) raw['expect-check'] = check
  if (settings.retryOnExitCodes !== undefined) raw['retry-on-exit-codes'] = settings.retryOnExitCodes.join(',')
  if (settings.retryOnOutput !== undefined) raw['retry-on-output'] = settings.retryOnOutput.source
  return raw
}
