/**
 * The rules, one per program: which arguments make `rm`, `git`, `kubectl`, `helm` and
 * `truncate` destructive. Programs that carry SQL or run other code have their rules in
 * sql-rules.ts, code-rules.ts, carrier-rules.ts and nested-rules.ts; `PROGRAMS` maps every
 * judged program to its rule.
 */
import { Stdin, type Check, type Context, type Finding } from './context.js'
import { CARRIER_PROGRAMS } from './carrier-rules.js'
import { CODE_PROGRAMS } from './code-rules.js'
import { checkEval, checkFind, checkShell, checkSource, checkSsh, checkTrap } from './nested-rules.js'
import { checkDrop, checkSqlClient } from './sql-rules.js'
import { GIT_VALUED, HELM_UNINSTALL, HELM_VALUED, KUBECTL_VALUED, PUSH_VALUED, SHELLS, SQL_CLIENTS } from './tables.js'

/** The arguments before `--`, where options end. */
function optionWords(args: string[]): string[] {
  const end = args.indexOf('--')
  return end === -1 ? args : args.slice(0, end)
}

/** Index of the subcommand after global options (`valued` ones take the next word). */
function subcommandAt(args: string[], valued: ReadonlySet<string>): number {
  let i = 0
  let arg = args[0]
  while (arg !== undefined && arg.startsWith('-')) {
    i += valued.has(arg) ? 2 : 1
    arg = args[i]
  }
  return i
}

const checkRm: Check = args => {
  let recursive = false
  let force = false
  for (const arg of optionWords(args)) {
    if (!arg.startsWith('-') || arg === '-') continue
    const lower = arg.toLowerCase()
    if (lower.startsWith('--')) {
      // GNU rm accepts any unambiguous abbreviation: `--rec`, `--f`
      const name = lower.slice(2)
      if ('recursive'.startsWith(name)) recursive = true
      if ('force'.startsWith(name)) force = true
    } else {
      if (lower.includes('r')) recursive = true
      if (lower.includes('f')) force = true
    }
  }
  return recursive && force ? { rule: 'rm -rf' } : undefined
}

const checkGit: Check = (args, context) => {
  const at = subcommandAt(args, GIT_VALUED)
  const rest = optionWords(args.slice(at + 1))
  switch (args[at]?.toLowerCase()) {
    case 'submodule':
      return checkSubmoduleForeach(args.slice(at + 1), context)
    case 'push':
      return isForcePush(rest) ? { rule: 'git push --force' } : undefined
    case 'reset':
      return rest.some(arg => isAbbreviation(arg.toLowerCase(), '--hard', 4)) ? { rule: 'git reset --hard' } : undefined
    case 'clean':
      return isForcedClean(rest, !requiresForce(args.slice(0, at))) ? { rule: 'git clean -fdx' } : undefined
    case 'branch':
      return isForcedBranchDelete(rest) ? { rule: 'git branch -D' } : undefined
    default:
      return undefined
  }
}

/**
 * Whether `arg` names the long `option`: git accepts any unambiguous abbreviation of a long
 * option (`--forc`, `--mir`), so any prefix at least `shortest` characters long counts.
 */
function isAbbreviation(arg: string, option: string, shortest: number): boolean {
  const name = arg.split('=', 1)[0] ?? arg
  return name.length >= shortest && option.startsWith(name)
}

function isForcePush(args: string[]): boolean {
  let force = false
  let dryRun = false
  for (let i = 0; i < args.length; i++) {
    const arg = (args[i] ?? '').toLowerCase()
    if (arg.startsWith('--')) {
      // --force-with-lease and --force-if-includes still overwrite; --mirror implies --force
      if (arg.startsWith('--force') || isAbbreviation(arg, '--force', 4) || isAbbreviation(arg, '--mirror', 3)) force = true
      else if (isAbbreviation(arg, '--dry-run', 4)) dryRun = true
      else if (PUSH_VALUED.has(arg)) i++
    } else if (arg.startsWith('-')) {
      const letters = arg.slice(1)
      const valued = letters.indexOf('o')
      const flags = valued === -1 ? letters : letters.slice(0, valued)
      if (flags.includes('f')) force = true
      if (flags.includes('n')) dryRun = true
      if (valued !== -1 && valued === letters.length - 1) i++
    } else if (arg.startsWith('+')) force = true // a `+refspec` forces that update
  }
  // `--dry-run` (`-n`) sends nothing, whatever else is asked
  return force && !dryRun
}

/**
 * `git submodule [opts] foreach [--recursive] CMD…` runs CMD in every submodule: one word is a
 * shell line, several are a command (whose first word git hands to a shell when it holds any
 * shell syntax).
 */
function checkSubmoduleForeach(args: string[], context: Context): Finding | undefined {
  let at = 0
  while (args[at]?.startsWith('-')) at++
  if (args[at]?.toLowerCase() !== 'foreach') return undefined
  at++
  while (args[at]?.startsWith('-')) at++
  const command = args.slice(at)
  const first = command[0]
  if (first === undefined) return undefined
  return context.script(first) ?? (command.length > 1 ? context.command(command, new Stdin()) : undefined)
}

/**
 * Whether `git clean` still needs `-f`, given git's global options: `-c clean.requireForce=false`
 * (or `=no`, `=off`, `=0`, an empty value) lets it delete without one, and a value taken from
 * the environment (`--config-env`) is not known here, so it counts as false.
 */
function requiresForce(globals: string[]): boolean {
  let required = true
  for (let i = 0; i < globals.length; i++) {
    const arg = globals[i] ?? ''
    const fromEnv = arg.startsWith('--config-env')
    const setting = arg === '-c' || arg === '--config-env' ? globals[++i] : fromEnv ? arg.slice(arg.indexOf('=') + 1) : undefined
    if (setting === undefined) continue
    const equals = setting.indexOf('=')
    const key = (equals === -1 ? setting : setting.slice(0, equals)).toLowerCase()
    if (key !== 'clean.requireforce') continue
    const value = equals === -1 ? 'true' : setting.slice(equals + 1).toLowerCase()
    required = !fromEnv && !['false', 'no', 'off', '0', ''].includes(value)
  }
  return required
}

function isForcedClean(args: string[], forced = false): boolean {
  let force = forced
  let wide = false
  let dryRun = false
  for (let i = 0; i < args.length; i++) {
    const arg = (args[i] ?? '').toLowerCase()
    if (isAbbreviation(arg, '--force', 3)) force = true
    else if (isAbbreviation(arg, '--dry-run', 3)) dryRun = true
    else if (isAbbreviation(arg, '--exclude', 3)) i += arg.includes('=') ? 0 : 1
    else if (arg.startsWith('-') && !arg.startsWith('--')) {
      const letters = arg.slice(1)
      const valued = letters.indexOf('e')
      const flags = valued === -1 ? letters : letters.slice(0, valued)
      if (flags.includes('f')) force = true
      // -d reaches into directories, -x/-X into ignored files (lower-cased: both count)
      if (flags.includes('d') || flags.includes('x')) wide = true
      if (flags.includes('n')) dryRun = true
      if (valued !== -1 && valued === letters.length - 1) i++
    }
  }
  return force && wide && !dryRun
}

function isForcedBranchDelete(args: string[]): boolean {
  let remove = false
  let force = false
  for (const arg of args) {
    if (arg.startsWith('--')) {
      // --for could still be --format; --forc is --force
      const lower = arg.toLowerCase()
      if (isAbbreviation(lower, '--delete', 4)) remove = true
      if (isAbbreviation(lower, '--force', 6)) force = true
    } else if (arg.startsWith('-')) {
      // Case matters here: -d refuses to drop unmerged work, -D does not
      const letters = arg.slice(1)
      if (letters.includes('D')) return true
      if (letters.includes('d')) remove = true
      if (letters.includes('f')) force = true
    }
  }
  return remove && force
}

// Values of `--dry-run=` that mean a dry run: kubectl's modes and Go's true booleans; anything
// else (`none`, `false`, `0`, `f`, a typo) deletes for real
const DRY_RUN_VALUES: ReadonlySet<string> = new Set(['client', 'server', 'true', 't', '1'])

function isDryRun(args: string[]): boolean {
  return args.some(arg => {
    const lower = arg.toLowerCase()
    if (lower === '--dry-run') return true
    return lower.startsWith('--dry-run=') && DRY_RUN_VALUES.has(lower.slice(10))
  })
}

const checkKubectl: Check = (args, context) => {
  const at = subcommandAt(args, KUBECTL_VALUED)
  const rest = args.slice(at + 1)
  const subcommand = args[at]?.toLowerCase()
  if (subcommand === 'delete') return isDryRun(rest) ? undefined : { rule: 'kubectl delete' }
  if (subcommand !== 'exec') return undefined
  const dashes = rest.indexOf('--')
  if (dashes === -1) return undefined
  return context.command(rest.slice(dashes + 1), context.stdin)
}

const checkHelm: Check = args => {
  const at = subcommandAt(args, HELM_VALUED)
  const removes = HELM_UNINSTALL.has(args[at]?.toLowerCase() ?? '')
  return removes && !isDryRun(args.slice(at + 1)) ? { rule: 'helm uninstall' } : undefined
}

// coreutils `truncate -s 0 file`, and the SQL statement `TRUNCATE x` given as the command
const checkTruncate: Check = args => (args.some(arg => arg !== '--help' && arg !== '--version') ? { rule: 'truncate' } : undefined)

/** Every judged program (by its base name, lower-cased) and its rule. */
export const PROGRAMS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['rm', checkRm],
  ['git', checkGit],
  ['kubectl', checkKubectl],
  ['helm', checkHelm],
  ['truncate', checkTruncate],
  ['drop', checkDrop],
  ['eval', checkEval],
  ['ssh', checkSsh],
  ['find', checkFind],
  ['source', checkSource],
  ['.', checkSource],
  ['trap', checkTrap],
  ...CODE_PROGRAMS,
  ...CARRIER_PROGRAMS,
  ...SHELLS.map((name): [string, Check] => [name, checkShell]),
  ...SQL_CLIENTS.map((name): [string, Check] => [name, checkSqlClient])
])
