/**
 * Whether `command` is the test runner alone (docs/design.md §1 "Rerunning only the failed
 * tests", the contract's §11). A rerun stands in for the runner only: a command that does
 * more (`&&`, `;`, a pipe, more lines, a package script that runs more than the runner)
 * would pass on a rerun that skipped the rest. The script is cut into simple commands the
 * way the guardrail cuts it; a package script call (`npm test`, `yarn run x`, `pnpm x`) is
 * read through the scripts of the working directory's package.json, with its `pre`/`post`
 * scripts, a few levels deep.
 */
import { printable } from '../base/printable.js'
import { programName } from '../guardrail/launchers.js'
import { splitScript, type SimpleCommand } from '../guardrail/script-splitter.js'
import { tokenize, type ShellToken } from '../shell/tokenize.js'

/** A package.json's scripts, as reruns/package-scripts.ts reads them. */
export type PackageScripts =
  { kind: 'absent' } | { kind: 'scripts'; scripts: Readonly<Record<string, string>> } | { kind: 'unreadable'; why: string }

/** One simple command of the script; a package script call also holds the commands it runs. */
export interface CommandPart {
  /** The command as written, whitespace collapsed. */
  text: string
  /** For a package script call: the commands of its `pre` script, the script and its `post` script. */
  runs?: CommandPart[]
  /** For a package script call: what stands around the one command of its script, when something does. */
  around?: string
}

/** The command's shape: the runner alone, or more, in words and parts. */
export type CommandShape = { kind: 'runner' } | { kind: 'more'; what: string; parts: CommandPart[]; carriable: boolean }

/** How deep package scripts calling package scripts are followed. */
export const MAX_SCRIPT_DEPTH = 4

/** A shape problem that no template can carry (reverify cannot tell what runs). */
class Unknowable extends Error {}

/** Whether `script` is one simple command that runs the tests, and if not, what more it does. */
export function commandShape(script: string, scripts: PackageScripts): CommandShape {
  let parts: CommandPart[]
  let around: string | undefined
  try {
    ;({ parts, around } = readScript(script, scripts, 0))
  } catch (error) {
    if (!(error instanceof Unknowable)) throw error
    return { kind: 'more', what: error.message, parts: [], carriable: false }
  }
  const commands = leaves(parts)
  if (commands <= 1 && around === undefined) return { kind: 'runner' }
  // The command comes from the checkout's workflow or a flag: shown cut and escaped.
  const label = printable(collapse(script), 80)
  const what =
    parts.length > 1 || commands === 0
      ? `${label}: ${parts.length} commands`
      : commands > 1
        ? `${label} runs ${commands} commands through package.json: ${leafTexts(parts)
            .map(text => printable(text, 60))
            .join('; ')}`
        : `${label}: ${around}`
  return { kind: 'more', what, parts, carriable: true }
}

/**
 * The simple commands of the shape that `template` does not carry: a part is carried when
 * one of the template's own simple commands is the same (whitespace collapsed); a package
 * script call that is not, by each command it runs. A template may leave out one: the
 * runner, which it stands in for.
 */
export function uncarried(parts: readonly CommandPart[], template: string): string[] {
  const own = new Set(splitScript(template).map(command => partText(command)))
  const missing = (list: readonly CommandPart[]): string[] =>
    list.flatMap(part => (own.has(part.text) ? [] : part.runs !== undefined ? missing(part.runs) : [part.text]))
  return missing(parts)
}

/** A simple command's words as written, comments and continuations out, whitespace collapsed. */
function partText(command: SimpleCommand): string {
  return collapse(command.substitutions.length === 0 ? command.text : command.raw)
}

function collapse(text: string): string {
  return text.replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim()
}

function leaves(parts: readonly CommandPart[]): number {
  return parts.reduce((sum, part) => sum + (part.runs === undefined ? 1 : leaves(part.runs)), 0)
}

function leafTexts(parts: readonly CommandPart[]): string[] {
  return parts.flatMap(part => (part.runs === undefined ? [part.text] : leafTexts(part.runs)))
}

/**
 * The script's parts, and what stands around a lone command when it is more than the
 * command (a subshell, a background `&`). Comment lines and a final `;` are nothing.
 */
function readScript(script: string, scripts: PackageScripts, depth: number): { parts: CommandPart[]; around?: string } {
  const all = splitScript(script)
  const commands = all.filter(command => command.text.trim() !== '')
  const parts = commands.map(command => commandPart(command, scripts, depth))
  if (commands.length !== 1) return { parts }
  const around = surroundings(script, all, commands[0]!) ?? parts[0]!.around
  return { parts, ...(around !== undefined && { around }) }
}

/** What stands around the one command of `script` beyond blanks, comments, its heredocs and a final `;`. */
function surroundings(script: string, all: readonly SimpleCommand[], only: SimpleCommand): string | undefined {
  let cursor = 0
  let at = 0
  for (const command of all) {
    const found = script.indexOf(command.raw, cursor)
    // Never so (each raw is a slice of the script), but not knowing is not the runner alone.
    if (found === -1) return 'reverify cannot tell what stands around it'
    if (command === only) at = found
    cursor = found + command.raw.length
  }
  const before = script.slice(0, at)
  const after = script.slice(at + only.raw.length)
  const firstBreak = after.indexOf('\n')
  const restOfLine = (firstBreak === -1 ? after : after.slice(0, firstBreak)).trim()
  let later = firstBreak === -1 ? '' : after.slice(firstBreak + 1)
  for (const body of only.heredocs) {
    // The body, then its closing line.
    const bodyLines = body === '' ? 0 : body.split('\n').length - 1
    later = later
      .split('\n')
      .slice(bodyLines + 1)
      .join('\n')
  }
  const stray = [...before.split('\n'), restOfLine === ';' ? '' : restOfLine, ...later.split('\n')]
    .map(line => line.trim())
    .find(line => line !== '' && !line.startsWith('#'))
  if (stray === undefined) return undefined
  if (/[()]/.test(stray)) return 'it runs in a subshell'
  if (stray.startsWith('&')) return 'it runs in the background'
  return `it stands next to ${printable(stray, 20)}`
}

/** A simple command as a part; a package script call with the parts of what it runs. */
function commandPart(command: SimpleCommand, scripts: PackageScripts, depth: number): CommandPart {
  const part: CommandPart = { text: partText(command) }
  const name = scriptCalled(tokenize(command.text)?.tokens ?? [])
  if (name === undefined || scripts.kind === 'absent') return part
  if (scripts.kind === 'unreadable')
    throw new Unknowable(`${printable(part.text, 60)} runs a package script, and package.json ${scripts.why}`)
  const body = scriptOf(scripts.scripts, name)
  if (body === undefined) return part
  if (depth >= MAX_SCRIPT_DEPTH) {
    throw new Unknowable(`${printable(part.text, 60)} calls package scripts more than ${MAX_SCRIPT_DEPTH} levels deep`)
  }
  const read = readScript(body, scripts, depth + 1)
  // npm runs `pre<name>` before the script and `post<name>` after it: they are more than the runner too.
  const before = scriptOf(scripts.scripts, `pre${name}`)
  const after = scriptOf(scripts.scripts, `post${name}`)
  const runs = [
    ...(before === undefined ? [] : readScript(before, scripts, depth + 1).parts),
    ...read.parts,
    ...(after === undefined ? [] : readScript(after, scripts, depth + 1).parts)
  ]
  return { ...part, runs, ...(read.around !== undefined && { around: read.around }) }
}

function scriptOf(scripts: Readonly<Record<string, string>>, name: string): string | undefined {
  return Object.hasOwn(scripts, name) ? scripts[name] : undefined
}

const NPM_TEST = new Set(['test', 't', 'tst'])
const NPM_RUN = new Set(['run', 'run-script', 'rum', 'urn'])

/**
 * The package script a command calls: `npm test` (`t`, `tst`), `npm run <x>` (`run-script`),
 * `yarn <x>`, `yarn run <x>`, `pnpm <x>`, `pnpm run <x>`; leading `NAME=value` words and
 * options before the script's name are passed over. Undefined for anything else.
 */
export function scriptCalled(tokens: readonly ShellToken[]): string | undefined {
  const words: string[] = []
  for (const token of tokens) {
    if (token.kind !== 'word') break
    if (token.parts.length !== 1 || !('literal' in token.parts[0]!)) {
      if (words.length === 0 && isAssignment(token)) continue
      break
    }
    words.push(token.parts[0].literal)
  }
  while (words.length > 0 && /^[A-Za-z_]\w*=/.test(words[0]!)) words.shift()
  const [program, ...rest] = words
  const manager = program === undefined ? undefined : programName(program)
  if (manager !== 'npm' && manager !== 'yarn' && manager !== 'pnpm') return undefined
  const args = rest.filter(word => !word.startsWith('-'))
  const [first, second] = args
  if (first === undefined) return undefined
  if (manager === 'npm') return NPM_TEST.has(first) ? 'test' : NPM_RUN.has(first) ? second : undefined
  return first === 'run' ? second : first
}

function isAssignment(token: Extract<ShellToken, { kind: 'word' }>): boolean {
  const first = token.parts[0]
  return first !== undefined && 'literal' in first && /^[A-Za-z_]\w*=/.test(first.literal)
}

/**
 * Why `rerun-failed-tests` cannot stand in for the runner of this command, or undefined when
 * it can: a preset needs the runner alone; a template of one's own must carry every other
 * command (reruns/command-shape.ts). `command` is the input's name as the front spells it.
 */
export function rerunShapeProblem(
  setting: { kind: 'preset' | 'template'; template: string },
  shape: CommandShape,
  command: string
): string | undefined {
  if (shape.kind === 'runner') return undefined
  const more = `${command} runs more than the test runner (${shape.what})`
  const fix = 'move the other commands to a step of their own, or give a rerun template that runs them too'
  if (!shape.carriable) return `${more}, so a rerun of the failed tests could skip the rest; ${fix}`
  if (setting.kind === 'preset') return `${more}, and a rerun of the failed tests would skip the rest; ${fix}`
  const missing = uncarried(shape.parts, setting.template)
  if (missing.length <= 1) return undefined
  const shown =
    missing
      .slice(0, 3)
      .map(text => printable(text, 60))
      .join('; ') + (missing.length > 3 ? '; …' : '')
  return `${more}, and the template leaves out ${shown}: every command but the runner must be in it, or a rerun skips them; ${fix}`
}
