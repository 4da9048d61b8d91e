/**
 * The rules, one per program: which arguments make `rm`, `git`, `kubectl`, `helm` and
 * `truncate` destructive. Programs that carry SQL or run other code have their rules in
 * sql-rules.ts and nested-rules.ts; `PROGRAMS` maps every judged program to its rule.
 */
import type { Check } from './context.js'
import { checkEval, checkFind, checkShell, checkSsh } from './nested-rules.js'
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

const checkGit: Check = args => {
  const at = subcommandAt(args, GIT_VALUED)
  const rest = optionWords(args.slice(at + 1))
  switch (args[at]?.toLowerCase()) {
    case 'push':
      return isForcePush(rest) ? { rule: 'git push --force' } : undefined
    case 'reset':
      return rest.some(arg => isAbbreviation(arg.toLowerCase(), '--hard', 4)) ? { rule: 'git reset --hard' } : undefined
    case 'clean':
      return isForcedClean(rest) ? { rule: 'git clean -fdx' } : undefined
    case 'branch':
      return isForcedBranchDelete(rest) ? { rule: 'git branch -D' } : undefined
    default:
      return undefined
  }
}

function isAbbreviation(arg: string, option: string, shortest: number): boolean {
  return arg.length >= shortest && option.startsWith(arg)
}

function isForcePush(args: string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = (args[i] ?? '').toLowerCase()
    // --force-with-lease and --force-if-includes still overwrite; --mirror implies --force
    if (arg.startsWith('--force') || arg === '--mirror') return true
    if (arg.startsWith('--')) {
      if (PUSH_VALUED.has(arg)) i++
    } else if (arg.startsWith('-')) {
      const letters = arg.slice(1)
      const valued = letters.indexOf('o')
      if ((valued === -1 ? letters : letters.slice(0, valued)).includes('f')) return true
      if (valued !== -1 && valued === letters.length - 1) i++
    } else if (arg.startsWith('+')) return true // a `+refspec` forces that update
  }
  return false
}

function isForcedClean(args: string[]): boolean {
  let force = false
  let wide = false
  let dryRun = false
  for (let i = 0; i < args.length; i++) {
    const arg = (args[i] ?? '').toLowerCase()
    if (arg === '--force') force = true
    else if (arg === '--dry-run') dryRun = true
    else if (arg === '--exclude') i++
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
      const lower = arg.toLowerCase()
      if (lower === '--delete') remove = true
      if (lower === '--force') force = true
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

function isDryRun(args: string[]): boolean {
  return args.some(arg => {
    const lower = arg.toLowerCase()
    if (lower === '--dry-run') return true
    return lower.startsWith('--dry-run=') && !['none', 'false'].includes(lower.slice(10))
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
  ...SHELLS.map((name): [string, Check] => [name, checkShell]),
  ...SQL_CLIENTS.map((name): [string, Check] => [name, checkSqlClient])
])
