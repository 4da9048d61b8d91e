/**
 * The one place where raw inputs (action inputs or CLI flags, both strings under the same
 * names) become a validated RunSettings, through the input table's parser (inputs/).
 * Everything after this sees typed values only. `RunSettings` is derived from the table:
 * each run input's row names the field it fills (`setting`), its kind gives the field's
 * type, and parsing and `toRawInputs` both walk the table, so adding an input is one row
 * plus its behaviour (docs/design.md §8 "Adding an input").
 */
import { UsageError } from '../base/errors.js'
import type { ExitCodeList } from './kinds.js'
import type { InputKind } from './table.js'
import { parseInputs, type InputValue, type RawInputs } from './parse.js'
import { inputLabel, type InputPlace } from './resolve.js'
import { inputSpec, inputsOf, type INPUTS, type InputName } from './table.js'
import { identityLines } from '../shell/script-lines.js'
import { findProgram, shellProgram, SHELL_NAMES, type ShellSpec } from '../shell/script-shell.js'

import type { RerunSetting } from '../reruns/presets.js'
import { quotingFor } from '../reruns/template.js'
import { commandShape, rerunShapeProblem } from '../reruns/command-shape.js'
import { readPackageScripts } from '../reruns/package-scripts.js'
import { showValue } from '../base/printable.js'

export { showValue }
export { INPUT_LIMITS } from './table.js'
export type { RawInputs } from './parse.js'

export type { ShellSpec } from '../shell/script-shell.js'
export type { ExitCodeList } from './kinds.js'

/** The name of an input of a verify run. */
export type RunInputName = {
  [N in InputName]: 'run' extends (typeof INPUTS)[N]['fronts'][number] ? N : never
}[InputName]

/** The settings field a run input fills, as its row's `setting` names it. */
type FieldOf<N extends RunInputName> = (typeof INPUTS)[N] extends { setting: infer F extends string } ? F : never

/** The run inputs whose field sits in the group `G` (`expectations.exit`), or at the top level when G is ''. */
type InputsIn<G extends string> = {
  [N in RunInputName]: G extends ''
    ? FieldOf<N> extends `${string}.${string}`
      ? never
      : N
    : FieldOf<N> extends `${G}.${string}`
      ? N
      : never
}[RunInputName]

/** The field's name within its group. */
type KeyOf<N extends RunInputName, G extends string> = G extends '' ? FieldOf<N> : FieldOf<N> extends `${G}.${infer K}` ? K : never

/** Fields from rows: one that always has a value is required, one that may be unset is optional. */
type FieldsFrom<G extends string> = {
  [N in InputsIn<G> as undefined extends InputValue<N> ? never : KeyOf<N, G>]: InputValue<N>
} & {
  [N in InputsIn<G> as undefined extends InputValue<N> ? KeyOf<N, G> : never]?: Exclude<InputValue<N>, undefined>
}

/** What an attempt must satisfy (the `expect-*` inputs); at least one is set. */
export type Expectations = FieldsFrom<'expectations'>

/** Everything the verify loop needs to run one verify: the run inputs' fields, and the log cap. */
export type RunSettings = FieldsFrom<''> & {
  expectations: Expectations
  /** Largest attempt log kept whole (not an input). */
  logCapBytes: number
}

/** Input names of a verify run, as in docs/design.md §1 and §3 (the `reverify run` flags). */
export const RUN_INPUT_NAMES: readonly RunInputName[] = inputsOf('run') as RunInputName[]

/** The one-line error of a run given no expectation (docs/design.md §1), naming inputs or flags as the front spells them. */
export function nothingToVerify(front: InputPlace['front']): string {
  const names = ['expect-exit', 'expect-stdout', 'expect-no-output', 'expect-file', 'expect-check'].map(name => inputLabel(name, front))
  return `nothing to verify against: give ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`
}

const DEFAULT_LOG_CAP_BYTES = 10 * 1024 * 1024

/** How parseRunSettings names inputs in its messages. */
export interface RunParseOptions {
  /** `cli` names flags (`--expect-exit: …`); the default, `action`, names inputs (`expect-exit: …`). */
  front?: InputPlace['front']
  /** The PATH the script will run with, where its shell must be found: the front end's (undefined when it has none). */
  path: string | undefined
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

/** Why `rerun-failed-tests` cannot work with the other inputs, or undefined when it can. */
function rerunProblem(rerun: RerunSetting, input: RerunInputs, front: InputPlace['front']): string | undefined {
  if (rerun.kind === 'off') return undefined
  if (input.testResults.length === 0) return 'needs test-results: the JUnit files the runner writes, where the failed tests are read from'
  if (quotingFor(input.shell) === undefined)
    return `needs a shell whose quoting protects test names (bash, sh or pwsh), not ${input.shell.kind}`
  // A rerun stands in for the runner only (reruns/command-shape.ts).
  const shape = commandShape(input.command, readPackageScripts(input.workingDirectory))
  return rerunShapeProblem(rerun, shape, inputLabel('command', front))
}

/**
 * Why early flake detection cannot work with the other inputs (docs/design.md §1 "Early
 * flake detection"), as the one line naming the input, or undefined when it can: the
 * repeats run through the rerun template, and need some time to run in.
 */
function newTestProblem(repeats: number, budgetSeconds: number, rerun: RerunSetting, front: InputPlace['front']): string | undefined {
  if (repeats === 0) return undefined
  if (rerun.kind === 'off') {
    return `${inputLabel('new-test-repeats', front)}: ${repeats} needs ${inputLabel('rerun-failed-tests', front)} (a preset or a template): the repeats of new tests run through it; set it, or give 0 to turn the repeats off`
  }
  if (budgetSeconds === 0) {
    return `${inputLabel('new-test-budget-seconds', front)}: 0 leaves no time for the repeats ${inputLabel('new-test-repeats', front)} asks for; expected a whole number from 1 to 86400`
  }
  return undefined
}

/** What rerunProblem reads of the other inputs. */
interface RerunInputs {
  command: string
  testResults: readonly string[]
  shell: ShellSpec
  workingDirectory: string
}

/** Validates every run input; throws UsageError with one line naming the first bad one. */
export function parseRunSettings(raw: RawInputs, cwd: string, options: RunParseOptions): RunSettings {
  const front = options.front ?? 'action'
  const input = parseInputs(raw, RUN_INPUT_NAMES, { front, base: cwd })
  if (identityLines(input.command).length === 0) {
    throw new UsageError(`${inputLabel('command', front)}: required; give a script of one or more lines (not only comments)`)
  }
  // Each input's value into the field its row names.
  const settings: Record<string, unknown> = { logCapBytes: DEFAULT_LOG_CAP_BYTES }
  const expectations: Record<string, unknown> = {}
  for (const name of RUN_INPUT_NAMES) {
    const value = input[name]
    const field = inputSpec(name).setting
    if (value === undefined || field === undefined) continue
    if (field.startsWith('expectations.')) expectations[field.slice('expectations.'.length)] = value
    else settings[field] = value
  }
  if (Object.keys(expectations).length === 0) throw new UsageError(nothingToVerify(front))
  const rerunIssue = rerunProblem(
    input['rerun-failed-tests'],
    { command: input.command, testResults: input['test-results'], shell: input.shell, workingDirectory: input['working-directory'] },
    front
  )
  if (rerunIssue !== undefined) throw new UsageError(`${inputLabel('rerun-failed-tests', front)}: ${rerunIssue}`)
  const repeatIssue = newTestProblem(input['new-test-repeats'], input['new-test-budget-seconds'], input['rerun-failed-tests'], front)
  if (repeatIssue !== undefined) throw new UsageError(repeatIssue)
  // A shell that cannot start is a usage error before anything exists (docs/design.md §1).
  const shellIssue = shellProblem(input.shell, options.path, input['working-directory'])
  if (shellIssue !== undefined) throw new UsageError(`${inputLabel('shell', front)}: ${shellIssue}`)
  return { ...settings, expectations } as RunSettings
}

/** A parsed value as the raw input that parses to it again. */
function rawValue(kind: InputKind, value: unknown): string {
  switch (kind.type) {
    case 'lines':
      return (value as string[]).join('\n')
    case 'regex':
      return (value as RegExp).source
    case 'exit-codes':
      return (value as ExitCodeList).text
    case 'shell': {
      const shell = value as ShellSpec
      return shell.kind === 'template' ? shell.template : shell.kind
    }
    case 'rerun': {
      const rerun = value as RerunSetting
      return rerun.kind === 'off' ? 'off' : rerun.kind === 'preset' ? rerun.preset : rerun.template
    }
    default:
      return String(value)
  }
}

/**
 * The inputs that reproduce these settings when parsed again (for resuming a run from
 * disk). `redact` and `state-dir` are left out: the first never reaches disk, the second
 * is where the record lives.
 */
export function toRawInputs(settings: RunSettings): Record<string, string> {
  const raw: Record<string, string> = {}
  const fields = settings as unknown as Record<string, unknown>
  const expectations = settings.expectations as Record<string, unknown>
  for (const name of RUN_INPUT_NAMES) {
    const spec = inputSpec(name)
    if (spec.setting === undefined || spec.notRecorded) continue
    const value = spec.setting.startsWith('expectations.') ? expectations[spec.setting.slice('expectations.'.length)] : fields[spec.setting]
    if (value === undefined) continue
    const text = rawValue(spec.kind, value)
    // An empty list is "not given": it parses back to the same empty list.
    if (text !== '' || spec.kind.type !== 'lines') raw[name] = text
  }
  return raw
}
