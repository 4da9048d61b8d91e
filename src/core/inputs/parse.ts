/**
 * The one parser of raw inputs: each input the front end asked for, in table order, through
 * its kind's parser (kinds.ts). A bad value is a UsageError of one line naming the input the
 * way that front end spells it (`--expect-exit: …` on the CLI, `expect-exit: …` in the action).
 */
import { UsageError } from '../base/errors.js'
import type { RerunSetting } from '../reruns/presets.js'
import type { ShellSpec } from '../shell/script-shell.js'
import { kindParser, unsetText, type ExitCodeList } from './kinds.js'
import { inputLabel, type InputPlace } from './resolve.js'
import { INPUT_NAMES, inputSpec, type INPUTS, type InputName } from './table.js'

/** Raw input values by name; a missing, empty or all-whitespace value means "not given". */
export type RawInputs = Readonly<Record<string, string | undefined>>

type SpecOf<N extends InputName> = (typeof INPUTS)[N]

/** The typed value a kind of input parses to (see kinds.ts). */
type ValueOfKind<K> = K extends { type: 'lines' }
  ? string[]
  : K extends { type: 'integer' | 'fraction' }
    ? number
    : K extends { type: 'boolean' }
      ? boolean
      : K extends { type: 'exit-codes' }
        ? ExitCodeList
        : K extends { type: 'regex' }
          ? RegExp
          : K extends { type: 'shell' }
            ? ShellSpec
            : K extends { type: 'rerun' }
              ? RerunSetting
              : K extends { type: 'choice'; values: readonly (infer V)[] }
                ? V
                : string

/** Inputs that always have a value: a declared default, an empty list or text, or the base directory. */
type AlwaysSet<S> = S extends { default: string }
  ? true
  : S extends { kind: { type: 'script' | 'lines' | 'directory' } | { unsetEmpty: true } }
    ? true
    : false

/** The parsed value of one input; undefined when it was not given and has no default. */
export type InputValue<N extends InputName> =
  AlwaysSet<SpecOf<N>> extends true ? ValueOfKind<SpecOf<N>['kind']> : ValueOfKind<SpecOf<N>['kind']> | undefined

/** Parsed values of the inputs asked for, by name. */
export type InputValues<N extends InputName> = { [K in N]: InputValue<K> }

const NUL_REFUSAL = 'contains a NUL character, which no command, path or pattern may hold'

/** Parses the named inputs; throws a UsageError naming the first bad one (in table order). */
export function parseInputs<N extends InputName>(raw: RawInputs, names: readonly N[], place: InputPlace): InputValues<N> {
  const values: Record<string, unknown> = {}
  // Table order, so which of several bad inputs is named first does not depend on the caller.
  for (const name of INPUT_NAMES.filter(name => names.includes(name as N))) {
    const given = raw[name]
    const refuse = (message: string) => new UsageError(`${inputLabel(name, place.front)}: ${message}`)
    if (given?.includes('\0')) throw refuse(NUL_REFUSAL)
    // "Not given" stands for the input's default, or what its kind means by nothing.
    const spec = inputSpec(name)
    const text = given === undefined || given.trim() === '' ? (spec.default ?? unsetText(spec.kind, place)) : given
    if (text === undefined) {
      values[name] = undefined
      continue
    }
    const parsed = kindParser(spec.kind, place)(text)
    if (!parsed.ok) throw refuse(parsed.message)
    values[name] = parsed.value
  }
  return values as InputValues<N>
}
