/**
 * The one parser of raw inputs: a zod object schema built from the table for the inputs a
 * front end asked for. A bad value is a UsageError of one line naming the input the way
 * that front end spells it (`--expect-exit: …` on the CLI, `expect-exit: …` in the action).
 */
import { z } from 'zod'
import { UsageError } from '../base/errors.js'
import type { RerunSetting } from '../reruns/presets.js'
import type { ShellSpec } from '../shell/script-shell.js'
import { kindSchema, unsetText, type ExitCodeList } from './kinds.js'
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

/** One input's schema: NUL refused, "not given" replaced by its default, then its kind's rules. */
function fieldSchema(name: InputName, place: InputPlace) {
  const spec = inputSpec(name)
  return z
    .string()
    .optional()
    .refine(value => !value?.includes('\0'), { error: NUL_REFUSAL, abort: true })
    .transform(value => (value === undefined || value.trim() === '' ? (spec.default ?? unsetText(spec.kind, place)) : value))
    .pipe(kindSchema(spec.kind, place).optional())
}

/** Parses the named inputs; throws a UsageError naming the first bad one (in table order). */
export function parseInputs<N extends InputName>(raw: RawInputs, names: readonly N[], place: InputPlace): InputValues<N> {
  const shape: Record<string, z.ZodType> = {}
  const given: Record<string, string | undefined> = {}
  // Table order, so which of several bad inputs is named first does not depend on the caller.
  for (const name of INPUT_NAMES.filter(name => names.includes(name as N))) {
    shape[name] = fieldSchema(name, place)
    given[name] = raw[name]
  }
  const result = z.object(shape).safeParse(given)
  if (result.success) return result.data as InputValues<N>
  const issue = result.error.issues[0]
  const name = String(issue?.path[0] ?? 'input')
  throw new UsageError(`${inputLabel(name, place.front)}: ${issue?.message ?? 'is not allowed'}`)
}
