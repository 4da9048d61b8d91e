/**
 * A small, strict command-line parser: `--name value`, `--name=value`, boolean switches,
 * positionals. Unknown or repeated flags are usage errors (exit 2), never ignored.
 */
import { UsageError } from '../core/errors.js'

/** How a flag takes its value. */
export interface FlagSpec {
  /** 'string' takes a value; 'switch' is true when present (or `--x=true|false`). */
  kind: 'string' | 'switch'
  /** Repeats are joined with newlines (e.g. several --command). */
  repeatable?: boolean
}

/** Parsed command line. */
export interface ParsedArgs {
  flags: Record<string, string>
  positionals: string[]
}

/** Parses argv against the allowed flags of one subcommand. */
export function parseArgs(argv: readonly string[], specs: Record<string, FlagSpec>, usage: string): ParsedArgs {
  const flags: Record<string, string> = {}
  const positionals: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (!arg.startsWith('--') || arg === '-') {
      if (arg.startsWith('-') && arg !== '-' && arg !== '-h') {
        throw new UsageError(`unknown flag ${arg}; see ${usage}`)
      }
      if (arg === '-h') {
        flags.help = 'true'
        continue
      }
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = arg.slice(2, eq === -1 ? undefined : eq)
    const spec = specs[name]
    if (spec === undefined) throw new UsageError(`unknown flag --${name}; see ${usage}`)
    let value: string
    if (spec.kind === 'switch') {
      value = eq === -1 ? 'true' : arg.slice(eq + 1)
    } else if (eq !== -1) {
      value = arg.slice(eq + 1)
    } else {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value; see ${usage}`)
      value = argv[++i]!
    }
    if (name in flags) {
      if (!spec.repeatable) throw new UsageError(`--${name} given more than once; see ${usage}`)
      flags[name] = `${flags[name]}\n${value}`
    } else {
      flags[name] = value
    }
  }
  return { flags, positionals }
}
