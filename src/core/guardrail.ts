/**
 * The destructive-command guardrail (SPEC §1). A command line is cut into simple commands
 * the way a POSIX shell would (quotes, operators, subshells, substitutions, heredocs); each
 * is stripped of its launchers (sudo, env, xargs, …) and the program it finally runs is
 * judged by that program's rule. Text a shell would only print or store is data; text handed
 * to another shell or to a database client is judged too. docs/guardrail.md lists the rules,
 * the variants caught and the blind spots.
 */
import {
  afterClose, breaksWord, closingParen, closingQuote, closingSingleQuote, lineEnd, opensComment
} from './shell/lexer.js'
import { tokenize, type WordPart } from './shell/tokenize.js'

/** Which rule a command tripped, and the part of the command that tripped it. */
export interface GuardrailHit {
  /** The SPEC's name for the rule, e.g. `rm -rf` or `git push --force`. */
  rule: string
  /** The offending simple command as written (trimmed, capped at 200 characters). */
  excerpt: string
}

/** The first destructive operation in a shell command line, or undefined when it is safe. */
export function findDestructive(command: string): GuardrailHit | undefined {
  return checkScript(command.replace(/\r\n?/g, '\n'), 0)
}

// Scripts nested deeper than this (sh -c inside $( ) inside eval …) are not inspected: real
// commands never come close, and the cap bounds the work on a hostile 1 MB line.
const MAX_NESTING = 5
const EXCERPT_LIMIT = 200
// Stands in for a $( ) or backtick substitution inside the command that holds it: what it
// prints is only known at run time (the substitution itself is checked separately).
const SUBSTITUTED = '__substituted__'

// ---------------------------------------------------------------------------------------
// Cutting a script into simple commands

/** One simple command of a script. */
interface SimpleCommand {
  /** As written, for the excerpt. */
  raw: string
  /** What shell-quote reads: substitutions replaced, continuations and comments removed. */
  text: string
  /** Bodies of the $( ) and backtick substitutions inside it; they run before it. */
  substitutions: string[]
  /** Bodies of its heredocs: its standard input. */
  heredocs: string[]
  /** Commands joined by `|` share this number. */
  pipeline: number
}

interface PendingHeredoc {
  delimiter: string
  stripTabs: boolean
  expands: boolean
  command: SimpleCommand
}

function newCommand(pipeline: number): SimpleCommand {
  return { raw: '', text: '', substitutions: [], heredocs: [], pipeline }
}

/** The simple commands of a script, in the order they appear. */
function splitScript(script: string): SimpleCommand[] {
  const commands: SimpleCommand[] = []
  const pending: PendingHeredoc[] = []
  let lines: LineIndex | undefined
  let pipeline = 0
  let current = newCommand(pipeline)
  let chunks: string[] = []
  let start = 0
  let copied = 0

  const cut = (from: number, to: number, replacement = ''): void => {
    chunks.push(script.slice(copied, from), replacement)
    copied = to
  }
  const finish = (end: number, next: number, piped: boolean): void => {
    chunks.push(script.slice(copied, end))
    current.raw = script.slice(start, end)
    current.text = chunks.join('')
    if (current.raw.trim() !== '') commands.push(current)
    if (!piped) pipeline++
    current = newCommand(pipeline)
    chunks = []
    start = copied = next
  }
  const takeParens = (at: number): number => {
    const close = closingParen(script, at + 2)
    current.substitutions.push(script.slice(at + 2, close))
    const after = Math.min(close + 1, script.length)
    cut(at, after, SUBSTITUTED)
    return after
  }
  const takeBackticks = (at: number): number => {
    const close = closingBacktick(script, at + 1)
    current.substitutions.push(unescapeBackticks(script.slice(at + 1, close)))
    const after = Math.min(close + 1, script.length)
    cut(at, after, SUBSTITUTED)
    return after
  }
  const scanDoubleQuoted = (from: number): number => {
    let i = from
    while (i < script.length) {
      const char = script[i]
      if (char === '"') return i + 1
      if (char === '\\') {
        if (script[i + 1] === '\n') cut(i, i + 2)
        i += 2
      } else if (char === '`') i = takeBackticks(i)
      else if (char === '$' && script[i + 1] === '(') i = takeParens(i)
      else i++
    }
    return i
  }
  const noteHeredoc = (from: number): number => {
    let i = from
    const stripTabs = script[i] === '-'
    if (stripTabs) i++
    while (script[i] === ' ' || script[i] === '\t') i++
    const word = readDelimiter(script, i)
    if (word.text !== '') {
      pending.push({ delimiter: word.text, stripTabs, expands: !word.quoted, command: current })
    }
    return word.end
  }
  const takeHeredocBodies = (from: number): number => {
    let i = from
    for (const heredoc of pending.splice(0)) {
      lines ??= new LineIndex(script)
      const close = lines.find(heredoc.delimiter, i, heredoc.stripTabs)
      // No closing line: it was not a heredoc (`1 << 2` in arithmetic); read on as commands
      if (close === undefined) continue
      const body = script.slice(i, close)
      heredoc.command.heredocs.push(body)
      if (heredoc.expands) heredoc.command.substitutions.push(...substitutionsIn(body))
      i = Math.min(lineEnd(script, close) + 1, script.length)
    }
    return i
  }

  let i = 0
  while (i < script.length) {
    const char = script[i]
    const next = script[i + 1]
    if (char === '\\') {
      if (next === '\n') cut(i, i + 2)
      i += 2
    } else if (char === "'") {
      i = afterClose(script, closingSingleQuote(script, i + 1))
    } else if (char === '"') {
      i = scanDoubleQuoted(i + 1)
    } else if (char === '`') {
      i = takeBackticks(i)
    } else if (char === '$' && next === '(') {
      i = takeParens(i)
    } else if (char === '$' && next === "'") {
      i = afterClose(script, closingQuote(script, i + 2, "'"))
    } else if (char === '#' && opensComment(script, i)) {
      const end = lineEnd(script, i)
      cut(i, end)
      i = end
    } else if (char === '<' && next === '<') {
      // `<<<` is a here-string, which shell-quote reads; `<<` opens a heredoc
      i = script[i + 2] === '<' ? i + 3 : noteHeredoc(i + 2)
    } else if (char === '\n') {
      finish(i, i + 1, false)
      i = takeHeredocBodies(i + 1)
      start = copied = i
    } else if (char === ';' || char === '(' || char === ')') {
      finish(i, i + 1, false)
      i++
    } else if (char === '&') {
      // `2>&1`, `<&3` and `&> file` are redirections, not separators
      if (script[i - 1] === '>' || script[i - 1] === '<' || next === '>') i++
      else {
        const width = next === '&' ? 2 : 1
        finish(i, i + width, false)
        i += width
      }
    } else if (char === '|') {
      if (script[i - 1] === '>') i++ // `>| file`
      else if (next === '|') {
        finish(i, i + 2, false)
        i += 2
      } else {
        const width = next === '&' ? 2 : 1
        finish(i, i + width, true)
        i += width
      }
    } else i++
  }
  finish(script.length, script.length, false)
  return commands
}

/** Index of the backtick closing one opened just before `from` (or the end of `text`). */
function closingBacktick(text: string, from: number): number {
  const close = closingQuote(text, from, '`')
  return close === -1 ? text.length : close
}

/** A backtick body as the inner shell reads it. */
function unescapeBackticks(body: string): string {
  return body.replace(/\\([\\`$])/g, '$1')
}

/** Bodies of the substitutions in text that expands them (an unquoted heredoc). */
function substitutionsIn(text: string): string[] {
  const bodies: string[] = []
  let i = 0
  while (i < text.length) {
    const char = text[i]
    if (char === '\\') i += 2
    else if (char === '$' && text[i + 1] === '(') {
      const close = closingParen(text, i + 2)
      bodies.push(text.slice(i + 2, close))
      i = close + 1
    } else if (char === '`') {
      const close = closingBacktick(text, i + 1)
      bodies.push(unescapeBackticks(text.slice(i + 1, close)))
      i = close + 1
    } else i++
  }
  return bodies
}

/** The heredoc delimiter word starting at `from`, unquoted; quoting stops expansion. */
function readDelimiter(text: string, from: number): { text: string; quoted: boolean; end: number } {
  let word = ''
  let quoted = false
  let i = from
  while (i < text.length && !breaksWord(text[i])) {
    const char = text[i]
    if (char === "'" || char === '"') {
      const close = text.indexOf(char, i + 1)
      const end = close === -1 ? text.length : close
      word += text.slice(i + 1, end)
      quoted = true
      i = end + 1
    } else if (char === '\\') {
      word += text[i + 1] ?? ''
      quoted = true
      i += 2
    } else {
      word += char
      i++
    }
  }
  return { text: word, quoted, end: Math.min(i, text.length) }
}

/** Finds heredoc closing lines without rescanning the script for every heredoc. */
class LineIndex {
  private readonly exact = new Map<string, number[]>()
  private readonly tabless = new Map<string, number[]>()

  constructor(script: string) {
    let start = 0
    while (start <= script.length) {
      const end = lineEnd(script, start)
      const line = script.slice(start, end)
      append(this.exact, line, start)
      append(this.tabless, line.replace(/^\t+/, ''), start)
      start = end + 1
    }
  }

  /** Start of the first line at or after `from` that reads `text`. */
  find(text: string, from: number, ignoreLeadingTabs: boolean): number | undefined {
    const starts = (ignoreLeadingTabs ? this.tabless : this.exact).get(text)
    if (starts === undefined) return undefined
    let low = 0
    let high = starts.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (starts[middle] < from) low = middle + 1
      else high = middle
    }
    return starts[low]
  }
}

function append(index: Map<string, number[]>, key: string, value: number): void {
  const list = index.get(key)
  if (list === undefined) index.set(key, [value])
  else list.push(value)
}

// ---------------------------------------------------------------------------------------
// Words of one simple command

/** The words of one invocation, and the here-strings (`<<<`) fed to it. */
interface Invocation {
  words: string[]
  hereStrings: string[]
}

const PLAIN_TEXT = /^[\w\s.,:=@%+/-]*$/
const REDIRECTIONS = new Set(['<', '>', '>>', '>&', '<&', '&>', '&>>', '>|', '<<', '<<-', '<>'])

/** Tokenizes a simple command with shell-quote, keeping `$VAR` references literal. */
function invocationsOf(text: string): Invocation[] {
  // Text without quotes, escapes, expansions, globs or operators tokenizes the same by
  // whitespace; skipping shell-quote there keeps a 1 MB line of short commands fast
  if (PLAIN_TEXT.test(text)) {
    const words = text.split(/\s+/).filter((word) => word !== '')
    return words.length === 0 ? [] : [{ words, hereStrings: [] }]
  }
  const tokenized = tokenize(text)
  if (tokenized === undefined) return [{ words: whitespaceWords(text), hereStrings: [] }]
  const tokens = tokenized.tokens
  const invocations: Invocation[] = []
  let current: Invocation = { words: [], hereStrings: [] }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token.kind === 'word') {
      current.words.push(wordText(token.parts))
      continue
    }
    if (token.kind === 'comment') break
    const op = token.op
    if (op === '<<<') {
      const target = tokens[++i]
      if (target?.kind === 'word' && !target.glob) current.hereStrings.push(wordText(target.parts))
    } else if (REDIRECTIONS.has(op)) {
      // In `2>file` the descriptor belongs to the redirection, not to the command
      const last = current.words[current.words.length - 1]
      if (last !== undefined && /^\d+$/.test(last)) current.words.pop()
      i++
    } else {
      invocations.push(current)
      current = { words: [], hereStrings: [] }
    }
  }
  invocations.push(current)
  return invocations.filter((one) => one.words.length > 0 || one.hereStrings.length > 0)
}

/** A word as the rules read it: references written back as `$NAME`, never expanded. */
function wordText(parts: WordPart[]): string {
  return parts.map((part) => ('literal' in part ? part.literal : '$' + part.variable)).join('')
}

function whitespaceWords(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word.replace(/["']/g, ''))
}

// ---------------------------------------------------------------------------------------
// Judging

interface Finding {
  rule: string
  /** Set when the finding comes from a nested script with its own simple commands. */
  excerpt?: string
}

interface Context {
  depth: number
  stdin: Stdin
}

type Check = (args: string[], context: Context) => Finding | undefined

/** Text flowing into a pipeline stage: heredocs, here-strings, what earlier stages print. */
class Stdin {
  private readonly texts: string[] = []
  private judgedAsScript = 0
  private judgedAsSql = 0

  /** Adds text that later stages will read. */
  add(texts: string[]): void {
    this.texts.push(...texts)
  }

  /** Texts not yet judged as a shell script; each is handed out once. */
  forScript(): string[] {
    const fresh = this.texts.slice(this.judgedAsScript)
    this.judgedAsScript = this.texts.length
    return fresh
  }

  /** Texts not yet judged as SQL; each is handed out once. */
  forSql(): string[] {
    const fresh = this.texts.slice(this.judgedAsSql)
    this.judgedAsSql = this.texts.length
    return fresh
  }
}

function checkScript(script: string, depth: number): GuardrailHit | undefined {
  if (depth > MAX_NESTING) return undefined
  let pipeline = -1
  let stdin = new Stdin()
  for (const command of splitScript(script)) {
    if (command.pipeline !== pipeline) {
      pipeline = command.pipeline
      stdin = new Stdin()
    }
    for (const body of command.substitutions) {
      const hit = checkScript(body, depth + 1)
      if (hit) return hit
    }
    for (const invocation of invocationsOf(command.text)) {
      stdin.add([...command.heredocs, ...invocation.hereStrings])
      const finding = checkWords(invocation.words, { depth, stdin })
      if (finding) return { rule: finding.rule, excerpt: excerptOf(finding.excerpt ?? command.raw) }
      stdin.add(printedText(invocation.words))
    }
  }
  return undefined
}

function checkWords(words: string[], context: Context): Finding | undefined {
  if (context.depth > MAX_NESTING) return undefined
  const command = unwrap(words)
  if (command === undefined) return undefined
  const check = PROGRAMS.get(programName(command.words[command.at]))
  return check?.(command.words.slice(command.at + 1), context)
}

function checkNested(script: string, context: Context): Finding | undefined {
  return checkScript(script, context.depth + 1)
}

function excerptOf(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length <= EXCERPT_LIMIT) return trimmed
  return trimmed.slice(0, EXCERPT_LIMIT - 1) + '…'
}

/** What `echo`/`printf` write: data, which matters only when a shell or database reads it. */
function printedText(words: string[]): string[] {
  const command = unwrap(words)
  if (command === undefined) return []
  const name = programName(command.words[command.at])
  let first = command.at + 1
  if (name === 'echo') {
    while (first < command.words.length && /^-[neE]+$/.test(command.words[first])) first++
  } else if (name === 'printf') {
    if (command.words[first] === '-v') first += 2
  } else return []
  const args = command.words.slice(first)
  return args.length === 0 ? [] : [args.join(' ').replace(/\\n/g, '\n')]
}

function programName(word: string): string {
  const base = word.slice(word.lastIndexOf('/') + 1).toLowerCase()
  return base.endsWith('.exe') ? base.slice(0, -4) : base
}

// ---------------------------------------------------------------------------------------
// Launchers: programs that run the rest of their words as a command

interface Position {
  words: string[]
  at: number
}

/** Where the wrapped command starts, or undefined when the program runs nothing else. */
type Launcher = (words: string[], at: number) => Position | undefined

interface OptionSpec {
  /** Short options that take a value (attached or as the next word). */
  valued?: string
  /** Short options whose value can only be attached: they end the cluster. */
  attached?: string
  /** Long options that take the next word as their value when written without `=`. */
  longValued?: string[]
  /** Operands to skip after the options (the duration of `timeout`). */
  operands?: number
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/
const SHELL_KEYWORDS = new Set(
  ['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until']
)

/** The command a launcher chain finally runs (`sudo env X=1 nice rm …` → `rm …`). */
function unwrap(words: string[]): Position | undefined {
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

/** Index of the first word after the options (and operands) described by `spec`. */
function skipOptions(words: string[], from: number, spec: OptionSpec): number {
  let i = from
  while (i < words.length) {
    const word = words[i]
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
      if (spec.attached?.includes(word[j])) break
      if (spec.valued?.includes(word[j])) {
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
    const word = words[i]
    if (word === '--') return { words, at: i + 1 }
    if (!word.startsWith('-')) break
    i++
    if (word.startsWith('--')) {
      const [name, value] = splitLongOption(word)
      const needsNext = value === undefined && ['split-string', 'unset', 'chdir'].includes(name)
      const operand = needsNext ? words[i++] : value
      if (name === 'split-string' && operand !== undefined) return splitString(operand, words, i)
      continue
    }
    for (let j = 1; j < word.length; j++) {
      if (!'SuCP'.includes(word[j])) continue
      const attached = word.slice(j + 1)
      const operand = attached !== '' ? attached : words[i++]
      if (word[j] === 'S' && operand !== undefined) return splitString(operand, words, i)
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
  const lookup = words.slice(at, end).some((word) => /^-[pvV]*[vV]/.test(word))
  return { words, at: lookup ? words.length : end }
}

/** `docker exec [opts] ctr cmd…`, `docker compose exec [opts] svc cmd…`, and podman's. */
const launchContainerExec: Launcher = (words, at) => {
  let i = at
  const group = words[i]?.toLowerCase()
  if (group === 'compose') {
    i = skipOptions(words, i + 1, {
      valued: 'fp',
      longValued: [
        'file', 'project-name', 'profile', 'env-file', 'project-directory', 'ansi', 'progress'
      ]
    })
  } else if (group === 'container') i++
  if (words[i]?.toLowerCase() !== 'exec') return undefined
  i = skipOptions(words, i + 1, {
    valued: 'euw',
    longValued: ['env', 'env-file', 'user', 'workdir', 'detach-keys', 'index']
  })
  return { words, at: i + 1 }
}

const LAUNCHERS = new Map<string, Launcher>([
  [
    'sudo',
    options({
      valued: 'CDghprRtTuU',
      longValued: [
        'user', 'group', 'host', 'prompt', 'role', 'type', 'close-from', 'chdir', 'chroot',
        'command-timeout', 'other-user'
      ]
    })
  ],
  ['doas', options({ valued: 'uC' })],
  ['env', launchEnv],
  ['command', launchCommand],
  ['builtin', options({})],
  ['exec', options({ valued: 'a' })],
  ['nohup', options({})],
  ['setsid', options({})],
  ['busybox', options({})],
  ['time', options({ valued: 'fo', longValued: ['format', 'output'] })],
  ['nice', options({ valued: 'n', longValued: ['adjustment'] })],
  ['ionice', options({ valued: 'cnp', longValued: ['class', 'classdata', 'pid'] })],
  ['timeout', options({ valued: 'ks', longValued: ['kill-after', 'signal'], operands: 1 })],
  ['stdbuf', options({ valued: 'eio', longValued: ['error', 'input', 'output'] })],
  ['chroot', options({ longValued: ['userspec', 'groups'], operands: 1 })],
  [
    'xargs',
    options({
      valued: 'adEIJLnPRsS',
      attached: 'eil',
      longValued: [
        'arg-file', 'delimiter', 'max-args', 'max-chars', 'max-procs', 'process-slot-var'
      ]
    })
  ],
  ['docker', launchContainerExec],
  ['podman', launchContainerExec],
  ['docker-compose', launchContainerExec]
])

// ---------------------------------------------------------------------------------------
// Rules, one per program

/** The arguments before `--`, where options end. */
function optionWords(args: string[]): string[] {
  const end = args.indexOf('--')
  return end === -1 ? args : args.slice(0, end)
}

/** Index of the subcommand after global options (`valued` ones take the next word). */
function subcommandAt(args: string[], valued: Set<string>): number {
  let i = 0
  while (i < args.length && args[i].startsWith('-')) i += valued.has(args[i]) ? 2 : 1
  return i
}

const checkRm: Check = (args) => {
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

const GIT_VALUED = new Set(
  ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix']
)
const PUSH_VALUED = new Set(['--repo', '--receive-pack', '--exec', '--push-option'])

const checkGit: Check = (args) => {
  const at = subcommandAt(args, GIT_VALUED)
  const rest = optionWords(args.slice(at + 1))
  switch (args[at]?.toLowerCase()) {
    case 'push':
      return isForcePush(rest) ? { rule: 'git push --force' } : undefined
    case 'reset':
      return rest.some((arg) => isAbbreviation(arg.toLowerCase(), '--hard', 4))
        ? { rule: 'git reset --hard' }
        : undefined
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
    const arg = args[i].toLowerCase()
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
    const arg = args[i].toLowerCase()
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
  return args.some((arg) => {
    const lower = arg.toLowerCase()
    if (lower === '--dry-run') return true
    return lower.startsWith('--dry-run=') && !['none', 'false'].includes(lower.slice(10))
  })
}

const KUBECTL_VALUED = new Set([
  '-n', '--namespace', '--context', '--cluster', '--user', '-s', '--server', '--kubeconfig',
  '--token', '--as', '--as-group', '--as-uid', '--request-timeout', '--certificate-authority',
  '--client-certificate', '--client-key', '--tls-server-name', '--cache-dir', '--profile',
  '--profile-output', '-v', '--v', '--vmodule', '--log-file', '--username', '--password'
])

const checkKubectl: Check = (args, context) => {
  const at = subcommandAt(args, KUBECTL_VALUED)
  const rest = args.slice(at + 1)
  const subcommand = args[at]?.toLowerCase()
  if (subcommand === 'delete') return isDryRun(rest) ? undefined : { rule: 'kubectl delete' }
  if (subcommand !== 'exec') return undefined
  const dashes = rest.indexOf('--')
  if (dashes === -1) return undefined
  return checkWords(rest.slice(dashes + 1), { depth: context.depth + 1, stdin: context.stdin })
}

const HELM_VALUED = new Set([
  '-n', '--namespace', '--kube-context', '--kubeconfig', '--kube-apiserver', '--kube-as-user',
  '--kube-as-group', '--kube-token', '--kube-ca-file', '--kube-tls-server-name',
  '--registry-config', '--repository-cache', '--repository-config', '--burst-limit', '--qps',
  '--content-cache'
])
// `helm delete`, `del` and `un` are aliases of `uninstall`
const HELM_UNINSTALL = new Set(['uninstall', 'delete', 'del', 'un'])

const checkHelm: Check = (args) => {
  const at = subcommandAt(args, HELM_VALUED)
  const removes = HELM_UNINSTALL.has(args[at]?.toLowerCase() ?? '')
  return removes && !isDryRun(args.slice(at + 1)) ? { rule: 'helm uninstall' } : undefined
}

// coreutils `truncate -s 0 file`, and the SQL statement `TRUNCATE x` given as the command
const checkTruncate: Check = (args) =>
  args.some((arg) => arg !== '--help' && arg !== '--version') ? { rule: 'truncate' } : undefined

// The SQL statement `DROP TABLE x` given as the command (a SQL `shell` template, a heredoc)
const checkDrop: Check = (args) => {
  const found = sqlRule(['drop', ...args].join(' '))
  return found && { rule: found.rule }
}

const checkShell: Check = (args, context) => {
  let inline = false
  let fromStdin = false
  let i = 0
  for (; i < args.length; i++) {
    const arg = args[i]
    if (arg === '--' || arg === '-') {
      i++
      break
    }
    if (!arg.startsWith('-') && !arg.startsWith('+')) break
    if (arg.startsWith('--')) {
      if (arg === '--rcfile' || arg === '--init-file') i++
      continue
    }
    const letters = arg.slice(1)
    if (arg.startsWith('-') && letters.includes('c')) inline = true
    if (arg.startsWith('-') && letters.includes('s')) fromStdin = true
    if (letters.includes('o') || letters.includes('O')) i++ // `-o pipefail`
  }
  if (inline) return args[i] === undefined ? undefined : checkNested(args[i], context)
  // A script file is not read; a shell without one runs what it is fed
  if (!fromStdin && i < args.length) return undefined
  for (const text of context.stdin.forScript()) {
    const finding = checkNested(text, context)
    if (finding) return finding
  }
  return undefined
}

const checkEval: Check = (args, context) => checkNested(args.join(' '), context)

const SSH_VALUED = 'BbcDEeFIiJLlmOoPpQRSWw'

const checkSsh: Check = (args, context) => {
  // OpenSSH reads options both before and after the destination
  const host = skipOptions(args, 0, { valued: SSH_VALUED })
  const command = skipOptions(args, host + 1, { valued: SSH_VALUED })
  return command < args.length ? checkNested(args.slice(command).join(' '), context) : undefined
}

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir'])

const checkFind: Check = (args, context) => {
  for (let i = 0; i < args.length; i++) {
    if (!FIND_EXEC.has(args[i])) continue
    let end = i + 1
    while (end < args.length && args[end] !== ';' && args[end] !== '+') end++
    const nested = { depth: context.depth + 1, stdin: new Stdin() }
    const finding = checkWords(args.slice(i + 1, end), nested)
    if (finding) return finding
    i = end
  }
  return undefined
}

const checkSqlClient: Check = (args, context) => {
  for (const arg of args) {
    const found = sqlRule(sqlIn(arg))
    if (found) return { rule: found.rule }
  }
  for (const text of context.stdin.forSql()) {
    const found = sqlRule(text)
    if (found) return { rule: found.rule, excerpt: found.statement }
  }
  return undefined
}

/** The SQL an argument may carry: `-c SQL` as its own word, `--command=SQL`, `-cSQL`. */
function sqlIn(arg: string): string {
  if (!arg.startsWith('-')) return arg
  const equals = arg.indexOf('=')
  if (equals !== -1) return arg.slice(equals + 1)
  return arg.startsWith('--') ? '' : arg.slice(2)
}

/** The rule tripped by the first destructive statement of some SQL text, if any. */
function sqlRule(sql: string): { rule: string; statement: string } | undefined {
  for (const statement of sql.split(';')) {
    const rule = statementRule(leadingWords(statement, 3))
    if (rule) return { rule, statement: statement.trim() }
  }
  return undefined
}

function statementRule([first, second, third]: string[]): string | undefined {
  if (first === 'truncate') return second === undefined ? undefined : 'truncate'
  if (first !== 'drop') return undefined
  const object = second === 'temporary' || second === 'temp' ? third : second
  if (object === 'table') return 'drop table'
  // MySQL's DROP SCHEMA is DROP DATABASE by another name
  return object === 'database' || object === 'schema' ? 'drop database' : undefined
}

/** The first `count` blank-separated words of a statement, lower-cased, comments skipped. */
function leadingWords(sql: string, count: number): string[] {
  const words: string[] = []
  let i = 0
  while (i < sql.length && words.length < count) {
    if (/\s/.test(sql[i])) i++
    else if (sql.startsWith('--', i)) i = lineEnd(sql, i)
    else if (sql.startsWith('/*', i)) {
      const close = sql.indexOf('*/', i + 2)
      i = close === -1 ? sql.length : close + 2
    } else {
      let end = i
      while (end < sql.length && !/\s/.test(sql[end])) end++
      words.push(sql.slice(i, end).toLowerCase())
      i = end
    }
  }
  return words
}

const SHELLS = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish']
const SQL_CLIENTS = [
  'psql', 'pgcli', 'mysql', 'mariadb', 'mycli', 'sqlite3', 'duckdb', 'sqlcmd', 'clickhouse',
  'clickhouse-client', 'cqlsh', 'cockroach', 'usql', 'snowsql', 'trino', 'bq'
]

const PROGRAMS = new Map<string, Check>([
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
