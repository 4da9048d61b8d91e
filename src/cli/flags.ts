/**
 * The CLI's flags, declared by the input table and read with node:util's parseArgs. The
 * strict checks are made here on parseArgs' tokens rather than by its strict mode, so that
 * each mistake is one line naming the flag, a boolean flag stays a switch that also takes
 * `=true|false` (and says it takes no other value: `--fail-on-flaky true` is a mistake, not
 * a stray argument), and a value starting with '-' (`--max-retries -1`) is still a value.
 */
import { parseArgs } from 'node:util'
import { UsageError, inputTable, printable } from '../core/index.js'

/** A parsed command line. */
export interface CommandLine {
  /** Raw values by input name: repeats of a repeatable flag joined as lines, a bare switch 'true'. */
  flags: Record<string, string>
  positionals: string[]
  /** For each positional, the switch written right before it (`--json` in `--json x`), if any. */
  switchBefore: (string | undefined)[]
  /** `--help` or `-h` was given. */
  help: boolean
}

/** Words that read as a value for a switch (`--fail-on-flaky true`); a positional never is one of them. */
const SWITCH_VALUE = /^(?:true|yes|on|1|false|no|off|0)$/i
const FALSE_VALUE = /^(?:false|no|off|0)$/i
/** What a switch's `=` form takes besides nothing; the input's own parser then reads it. */
const SWITCH_INLINE_VALUE = /^(?:true|false)$/i

/** The one line for a value given to a switch: how to write it instead. */
export function switchTakesNoValue(flag: string, value: string): UsageError {
  const instead = FALSE_VALUE.test(value.trim()) ? `leave it out, or write ${flag}=false` : `write ${flag}`
  return new UsageError(`${flag} takes no value (${instead})`)
}

/** Boolean inputs are switches: `--json` alone means true. */
function isSwitch(name: inputTable.InputName): boolean {
  return inputTable.inputSpec(name).kind.type === 'boolean'
}

/** The flags a subcommand takes (`config` takes none but --help). */
export function flagsOf(command: inputTable.CliCommand | 'config'): inputTable.InputName[] {
  return command === 'config' ? [] : inputTable.inputsOf(command)
}

/** The edit distance between two strings (insertions, deletions and substitutions). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)))
    }
    previous = current
  }
  return previous[b.length]!
}

/**
 * The known flag an unknown one most likely meant: one it begins (`--timeout` for
 * `--timeout-seconds`) or that begins it, else the nearest by edit distance when close
 * enough to be a typo; undefined when none is.
 */
export function closestFlag(given: string, known: readonly string[]): string | undefined {
  const lower = given.toLowerCase()
  if (lower.length < 2) return undefined
  const prefixed = known.filter(name => name.startsWith(lower) || lower.startsWith(name))
  const pool = prefixed.length > 0 ? prefixed : known
  let best: { name: string; distance: number } | undefined
  for (const name of pool) {
    const distance = editDistance(lower, name)
    if (best === undefined || distance < best.distance) best = { name, distance }
  }
  if (best === undefined) return undefined
  return prefixed.length > 0 || best.distance <= Math.max(1, Math.floor(lower.length / 3)) ? best.name : undefined
}

/** Parses argv against a subcommand's flags; a mistake is a UsageError pointing at `usage`. */
export function parseCommandLine(argv: readonly string[], command: inputTable.CliCommand | 'config', usage: string): CommandLine {
  const names = flagsOf(command)
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } }
  for (const name of names) options[name] = { type: isSwitch(name) ? 'boolean' : 'string' }
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true })
  const flags: Record<string, string> = {}
  const positionals: string[] = []
  const switchBefore: (string | undefined)[] = []
  let help = false
  // The switch the previous word was, written alone (`--json`, not `--json=true`).
  let bareSwitch: string | undefined
  for (const token of tokens) {
    const previous = bareSwitch
    bareSwitch = undefined
    if (token.kind === 'positional') {
      if (previous !== undefined && SWITCH_VALUE.test(token.value)) throw switchTakesNoValue(previous, token.value)
      positionals.push(token.value)
      switchBefore.push(previous)
    }
    if (token.kind !== 'option') continue
    if (token.name === 'help') {
      help = true
      continue
    }
    const shown = printable(token.rawName)
    const name = names.find(candidate => candidate === token.name)
    if (name === undefined) {
      const near = closestFlag(token.name, names)
      throw new UsageError(`unknown flag ${shown}${near === undefined ? '' : ` (did you mean --${near}?)`}; see ${usage}`)
    }
    if (isSwitch(name) && token.value === undefined) bareSwitch = shown
    if (isSwitch(name) && token.value !== undefined && !SWITCH_INLINE_VALUE.test(token.value)) throw switchTakesNoValue(shown, token.value)
    const value = token.value ?? (isSwitch(name) ? 'true' : undefined)
    if (value === undefined) throw new UsageError(`${shown} needs a value; see ${usage}`)
    const earlier = flags[name]
    if (earlier !== undefined && !inputTable.inputSpec(name).repeatable) throw new UsageError(`${shown} given more than once; see ${usage}`)
    flags[name] = earlier === undefined ? value : `${earlier}\n${value}`
  }
  return { flags, positionals, switchBefore, help }
}
