/**
 * How a preset starts its runner (docs/design.md §1 "Rerunning only the failed tests"): the
 * way the first attempt's command started it, where that command shows it — `python3 -m
 * pytest`, `uv run pytest`, `pnpm vitest`, `npx --no-install jest`, `./node_modules/.bin/jest`,
 * or a package script (`npm test`) whose script does one of these. A host with only
 * `python3`, or a project that runs its tests through pnpm, then reruns them the same way.
 * When the command shows nothing, the preset starts as written (through the project's own
 * `node_modules/.bin` for an `npx` preset, reruns/local-bin.ts).
 */
import { programName } from '../guardrail/launchers.js'
import { splitScript } from '../guardrail/script-splitter.js'
import { tokenize, type ShellToken } from '../shell/tokenize.js'
import { MAX_SCRIPT_DEPTH, scriptCalled, type PackageScripts } from './command-shape.js'
import { withLocalBin } from './local-bin.js'
import { PRESETS, type PresetName, type RerunSetting } from './presets.js'

/** How each preset's template starts its runner, and the runner a command may start. */
const STARTS: Partial<Record<PresetName, { start: string; runner: string }>> = {
  jest: { start: 'npx jest', runner: 'jest' },
  vitest: { start: 'npx vitest', runner: 'vitest' },
  mocha: { start: 'npx mocha', runner: 'mocha' },
  playwright: { start: 'npx playwright', runner: 'playwright' },
  pytest: { start: 'python -m pytest', runner: 'pytest' }
}

/** A word that means the same to every shell as written: taken over into the rerun as it is. */
const PLAIN_WORD = /^[\w@%+=:,./-]+$/

/** Launchers that run a JavaScript package's binary: `npx jest`, `pnpm exec vitest`, `yarn dlx mocha`, `npm exec -- jest`. */
const JS_LAUNCHERS: Record<string, readonly string[]> = {
  npx: [],
  bunx: [],
  pnpm: ['exec', 'dlx'],
  yarn: ['exec', 'dlx'],
  npm: ['exec', 'x']
}

/** Python project tools that run a command in the project's environment: `uv run pytest`. */
const PYTHON_RUNNERS = new Set(['uv', 'poetry', 'pipenv', 'pdm', 'hatch'])

/**
 * The command a rerun with `setting` fills in: a template as written; a preset starting its
 * runner the way `command` did (read through `scripts` for a package script call), else as
 * written, through the project's own binary when it has one.
 */
export function rerunTemplate(
  setting: Exclude<RerunSetting, { kind: 'off' }>,
  command: string,
  scripts: PackageScripts,
  workingDirectory: string
): string {
  if (setting.kind === 'template') return setting.template
  const launch = inferredLauncher(setting.preset, command, scripts)
  const template = launch === undefined ? setting.template : `${launch}${setting.template.slice(STARTS[setting.preset]!.start.length)}`
  return withLocalBin(template, workingDirectory)
}

/** How `command` starts the preset's runner (`python3 -m pytest`), when it shows it; undefined when it does not. */
export function inferredLauncher(preset: PresetName, command: string, scripts: PackageScripts): string | undefined {
  const spec = STARTS[preset]
  if (spec === undefined || !PRESETS[preset].startsWith(spec.start)) return undefined
  const words = runnerWords(command, scripts, 0)
  if (words === undefined) return undefined
  const launch = spec.runner === 'pytest' ? pythonLauncher(words) : jsLauncher(words, spec.runner)
  return launch === undefined || !launch.every(word => PLAIN_WORD.test(word)) ? undefined : launch.join(' ')
}

/**
 * The words of the one simple command that runs the runner: `command` itself, or the
 * script a package script call runs (followed as command-shape.ts follows it). Leading
 * `NAME=value` words are passed over; the words end at the first that is not plain text.
 */
function runnerWords(script: string, scripts: PackageScripts, depth: number): string[] | undefined {
  const commands = splitScript(script).filter(command => command.text.trim() !== '')
  if (commands.length !== 1) return undefined
  const tokens = tokenize(commands[0]!.text)?.tokens ?? []
  const called = scriptCalled(tokens)
  if (called !== undefined && scripts.kind === 'scripts' && Object.hasOwn(scripts.scripts, called)) {
    return depth >= MAX_SCRIPT_DEPTH ? undefined : runnerWords(scripts.scripts[called]!, scripts, depth + 1)
  }
  const words = literalWords(tokens)
  while (words.length > 0 && /^[A-Za-z_]\w*=/.test(words[0]!)) words.shift()
  return words
}

function literalWords(tokens: readonly ShellToken[]): string[] {
  const words: string[] = []
  for (const token of tokens) {
    if (token.kind !== 'word' || token.parts.length !== 1 || !('literal' in token.parts[0]!)) break
    words.push(token.parts[0].literal)
  }
  return words
}

/** The words of the first that is not an option, from `from`; `--` passed over. */
function firstOperand(words: readonly string[], from: number): number {
  let at = from
  while (at < words.length && words[at]!.startsWith('-')) at++
  return at
}

/**
 * A JavaScript runner started by a path to its binary (`./node_modules/.bin/jest`) or through
 * a launcher (`npx --no-install jest`, `pnpm vitest`, `bunx vitest`). A bare `jest` is not a
 * way to start it outside a package script (npm puts `node_modules/.bin` on the PATH): the
 * preset's own start stands.
 */
function jsLauncher(words: readonly string[], runner: string): string[] | undefined {
  const [program] = words
  if (program === undefined) return undefined
  if (program.includes('/') && programName(program) === runner) return [program]
  const subcommands = JS_LAUNCHERS[programName(program)]
  if (subcommands === undefined) return undefined
  let at = firstOperand(words, 1)
  if (subcommands.includes(words[at] ?? '')) at = firstOperand(words, at + 1)
  else if (programName(program) === 'npm') return undefined
  return words[at] === runner ? words.slice(0, at + 1) : undefined
}

/** pytest started as `python3 -m pytest` (any python, by path too), `pytest`, `py.test`, or through `uv run` and the like. */
function pythonLauncher(words: readonly string[]): string[] | undefined {
  const [program] = words
  if (program === undefined) return undefined
  const name = programName(program)
  if (name === 'pytest' || name === 'py.test') return [program]
  if (/^python[\d.]*$/.test(name)) return words[1] === '-m' && words[2] === 'pytest' ? words.slice(0, 3) : undefined
  if (PYTHON_RUNNERS.has(name) && words[1] === 'run') {
    const at = firstOperand(words, 2)
    const inner = pythonLauncher(words.slice(at))
    return inner === undefined ? undefined : [...words.slice(0, at), ...inner]
  }
  return undefined
}
