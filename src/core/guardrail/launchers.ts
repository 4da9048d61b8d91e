/**
 * Launchers: programs that run the rest of their words as a command (`sudo`, `env`, `xargs`,
 * `docker exec`, …). Unwrapping a chain of them finds the program that finally runs.
 */
import { MAX_NESTING } from './context.js'
import { invocationsOf } from './invocations.js'
import {
  CHRT_OPTIONS,
  COMPOSE_OPTIONS,
  CONTAINER_EXEC_OPTIONS,
  CONTAINER_RUN_FLAGS,
  CONTAINER_RUN_VALUED,
  CONTAINER_TOOLS,
  ENV_LONG_VALUED,
  ENV_VALUED,
  LAUNCHER_OPTIONS,
  SHELL_KEYWORDS,
  SWITCH_USER_LONG_VALUED,
  SWITCH_USER_VALUED,
  type OptionSpec
} from './tables.js'

/** A word list and the index of the word that is the program. */
export interface Position {
  words: string[]
  at: number
}

/** Where the wrapped command starts, or undefined when the program runs nothing else. */
type Launcher = (words: string[], at: number) => Position | undefined

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/

/** The command a launcher chain finally runs (`sudo env X=1 nice rm …` → `rm …`). */
export function unwrap(words: string[]): Position | undefined {
  let current: Position = { words, at: 0 }
  let rewrites = 0
  while (true) {
    const word = current.words[current.at]
    if (word === undefined) return undefined
    if (ASSIGNMENT.test(word) || SHELL_KEYWORDS.has(word)) {
      current = { words: current.words, at: current.at + 1 }
      continue
    }
    const launcher = LAUNCHERS.get(programName(word))
    const next = launcher?.(current.words, current.at + 1)
    if (next === undefined) return current
    // `env -S` builds a new word list; bounding those rebuilds keeps the work linear
    if (next.words !== current.words && ++rewrites > MAX_NESTING) return current
    current = next
  }
}

/** The name a program is known by: `/usr/bin/git`, `\rm` and `git.exe` are `git`, `rm` and `git`. */
export function programName(word: string): string {
  const base = word.slice(word.lastIndexOf('/') + 1).toLowerCase()
  return base.endsWith('.exe') ? base.slice(0, -4) : base
}

/** Index of the first word after the options (and operands) described by `spec`. */
export function skipOptions(words: string[], from: number, spec: OptionSpec): number {
  let i = from
  while (i < words.length) {
    const word = words[i] ?? ''
    if (word === '--') {
      i++
      break
    }
    if (!word.startsWith('-') || word === '-') break
    i++
    if (word.startsWith('--')) {
      if (!word.includes('=') && spec.longValued?.includes(word.slice(2))) i++
      continue
    }
    for (let j = 1; j < word.length; j++) {
      const letter = word.charAt(j)
      if (spec.attached?.includes(letter)) break
      if (spec.valued?.includes(letter)) {
        if (j === word.length - 1) i++
        break
      }
    }
  }
  return i + (spec.operands ?? 0)
}

function options(spec: OptionSpec): Launcher {
  return (words, at) => ({ words, at: skipOptions(words, at, spec) })
}

const launchEnv: Launcher = (words, at) => {
  let i = at
  while (i < words.length) {
    const word = words[i] ?? ''
    if (word === '--') return { words, at: i + 1 }
    if (!word.startsWith('-')) break
    i++
    if (word.startsWith('--')) {
      const [name, value] = splitLongOption(word)
      const needsNext = value === undefined && ENV_LONG_VALUED.includes(name)
      const operand = needsNext ? words[i++] : value
      if (name === 'split-string' && operand !== undefined) return splitString(operand, words, i)
      continue
    }
    for (let j = 1; j < word.length; j++) {
      const letter = word.charAt(j)
      if (!ENV_VALUED.includes(letter)) continue
      const attached = word.slice(j + 1)
      const operand = attached !== '' ? attached : words[i++]
      if (letter === 'S' && operand !== undefined) return splitString(operand, words, i)
      break
    }
  }
  return { words, at: i }
}

/** `env -S 'a b'` runs `a b` followed by the words after it. */
function splitString(operand: string, words: string[], rest: number): Position {
  const split = invocationsOf(operand)[0]?.words ?? []
  return { words: [...split, ...words.slice(rest)], at: 0 }
}

function splitLongOption(word: string): [string, string | undefined] {
  const equals = word.indexOf('=')
  if (equals === -1) return [word.slice(2), undefined]
  return [word.slice(2, equals), word.slice(equals + 1)]
}

const launchCommand: Launcher = (words, at) => {
  const end = skipOptions(words, at, {})
  // `command -v rm` only looks the name up
  const lookup = words.slice(at, end).some(word => /^-[pvV]*[vV]/.test(word))
  return { words, at: lookup ? words.length : end }
}

/** `docker exec|run [opts] ctr cmd…`, `docker compose exec|run [opts] svc cmd…`, and podman's. */
const launchContainerExec: Launcher = (words, at) => {
  let i = at
  const group = words[i]?.toLowerCase()
  if (group === 'compose') i = skipOptions(words, i + 1, COMPOSE_OPTIONS)
  else if (group === 'container') i++
  const subcommand = words[i]?.toLowerCase()
  if (subcommand === 'exec') return { words, at: skipOptions(words, i + 1, CONTAINER_EXEC_OPTIONS) + 1 }
  if (subcommand === 'run') return { words, at: skipContainerRunOptions(words, i + 1) + 1 }
  return undefined
}

/** `docker run`'s options: a few are flags, every other long option takes a value. */
function skipContainerRunOptions(words: string[], from: number): number {
  let i = from
  while (i < words.length) {
    const word = words[i] ?? ''
    if (word === '--') return i + 1
    if (!word.startsWith('-') || word === '-') return i
    i++
    if (word.startsWith('--')) {
      if (!word.includes('=') && !CONTAINER_RUN_FLAGS.has(word.slice(2))) i++
    } else if (CONTAINER_RUN_VALUED.includes(word.charAt(word.length - 1))) i++
  }
  return i
}

/** A launcher that may instead run a shell line: `-c CMD` (of `flock FILE -c`, `script -c`, `npx -c`) becomes `sh -c CMD`. */
function shellLine(command: string): Position {
  return { words: ['sh', '-c', command], at: 0 }
}

/** `flock [opts] FILE cmd…` or `flock [opts] FILE -c 'cmd'`; `flock [opts] FD` runs nothing. */
const launchFlock: Launcher = (words, at) => {
  const file = skipOptions(words, at, { valued: 'wE', longValued: ['timeout', 'conflict-exit-code'] })
  const next = words[file + 1]
  if (next === '-c' || next === '--command') return shellLine(words[file + 2] ?? '')
  if (next?.startsWith('--command=')) return shellLine(next.slice(10))
  return { words, at: file + 1 }
}

/** `script [opts] [file]` runs a shell; `script -c CMD` (also `-qc CMD`, `--command=CMD`) runs CMD. */
const launchScript: Launcher = (words, at) => {
  for (let i = at; i < words.length; i++) {
    const word = words[i] ?? ''
    if (!word.startsWith('-') || word === '--') break
    if (word === '--command') return shellLine(words[i + 1] ?? '')
    if (word.startsWith('--command=')) return shellLine(word.slice(10))
    if (word.startsWith('--')) continue
    const letter = word.indexOf('c')
    if (letter !== -1) return shellLine(letter === word.length - 1 ? (words[i + 1] ?? '') : word.slice(letter + 1))
    if (/[EIOBTm]$/.test(word)) i++
  }
  return { words, at: words.length }
}

/** `taskset [opts] MASK cmd…`; `taskset -p …` changes a running process and runs nothing. */
const launchTaskset: Launcher = (words, at) => {
  const end = skipOptions(words, at, {})
  const byPid = words.slice(at, end).some(word => word === '--pid' || /^-[a-z]*p/.test(word))
  return { words, at: byPid ? words.length : end + 1 }
}

/** `npx [opts] cmd…` (also `bunx`, `pnpx`), and `npx -c 'cmd'` which runs a shell line. */
const launchNpx: Launcher = (words, at) => {
  for (let i = at; i < words.length; i++) {
    const word = words[i] ?? ''
    if (word === '--') return { words, at: i + 1 }
    if (!word.startsWith('-')) return { words, at: i }
    if (word === '-c' || word === '--call') return shellLine(words[i + 1] ?? '')
    if (word.startsWith('--call=')) return shellLine(word.slice(7))
    if (word === '-p' || word === '--package') i++
  }
  return { words, at: words.length }
}

/** `chrt [opts] [PRIORITY] cmd…`; `chrt -p …` changes a running process and `chrt -m` prints limits: neither runs anything. */
const launchChrt: Launcher = (words, at) => {
  const end = skipOptions(words, at, CHRT_OPTIONS)
  const options = words.slice(at, end)
  if (options.some(word => word === '--pid' || word === '--max' || /^-[a-zA-Z]*[pm]/.test(word))) return { words, at: words.length }
  return { words, at: /^\d+$/.test(words[end] ?? '') ? end + 1 : end }
}

/**
 * `runuser -u USER [--] cmd…` runs cmd; `runuser`/`su [opts] [-] [USER] -c CMD` runs CMD with
 * the user's shell, and so do the arguments after `--` (`su bob -- -c CMD`).
 */
const launchSwitchUser: Launcher = (words, at) => {
  let byUser = false
  for (let i = at; i < words.length; i++) {
    const word = words[i] ?? ''
    if (word === '--') return byUser ? { words, at: i + 1 } : { words: ['sh', ...words.slice(i + 1)], at: 0 }
    if (word === '-' || !word.startsWith('-')) {
      // su's `-` (a login shell) and the user's name; with -u the first such word is the command
      if (byUser) return { words, at: i }
      continue
    }
    const [option, operand] = optionValue(words, i)
    if (operand !== undefined && operand.consumed) i++
    if (option === 'c' || option === 'command' || option === 'session-command') return shellLine(operand?.value ?? '')
    if (option === 'u' || option === 'user') byUser = true
  }
  return { words, at: words.length }
}

/** The option a word of su/runuser names and its value, if it takes one (`consumed` when the value is the next word). */
function optionValue(words: string[], i: number): [string, { value: string; consumed: boolean } | undefined] {
  const word = words[i] ?? ''
  if (word.startsWith('--')) {
    const [name, value] = splitLongOption(word)
    if (value !== undefined) return [name, { value, consumed: false }]
    return SWITCH_USER_LONG_VALUED.includes(name) ? [name, { value: words[i + 1] ?? '', consumed: true }] : [name, undefined]
  }
  for (let j = 1; j < word.length; j++) {
    const letter = word.charAt(j)
    if (!SWITCH_USER_VALUED.includes(letter)) continue
    const attached = word.slice(j + 1)
    return [letter, attached !== '' ? { value: attached, consumed: false } : { value: words[i + 1] ?? '', consumed: true }]
  }
  return ['', undefined]
}

/** `bundle exec [opts] cmd…` runs cmd with the bundle's gems; other bundle commands run nothing. */
const launchBundle: Launcher = (words, at) =>
  words[at]?.toLowerCase() === 'exec' ? { words, at: skipOptions(words, at + 1, { longValued: ['gemfile'] }) } : undefined

/** `function NAME { …` and `coproc [NAME] { …` / `coproc cmd…`: the name is not a program. */
const launchDefinition: Launcher = (words, at) => {
  const named = words[at - 1]?.toLowerCase() === 'function' || words[at + 1] === '{'
  return { words, at: named ? at + 1 : at }
}

const LAUNCHERS = new Map<string, Launcher>([
  ...[...LAUNCHER_OPTIONS].map(([name, spec]): [string, Launcher] => [name, options(spec)]),
  ['env', launchEnv],
  ['command', launchCommand],
  ['flock', launchFlock],
  ['script', launchScript],
  ['taskset', launchTaskset],
  ['chrt', launchChrt],
  ['runuser', launchSwitchUser],
  ['su', launchSwitchUser],
  ['bundle', launchBundle],
  ['function', launchDefinition],
  ['coproc', launchDefinition],
  ...['npx', 'bunx', 'pnpx'].map((name): [string, Launcher] => [name, launchNpx]),
  ...CONTAINER_TOOLS.map((name): [string, Launcher] => [name, launchContainerExec])
])
