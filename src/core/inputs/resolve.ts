/**
 * Inputs that depend on where they were given: relative paths, the state directory's
 * default, and how a message names an input. The CLI and the action both resolve here.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { UsageError } from '../base/errors.js'

/** The front end an input was given to, and what its relative paths and defaults hang on. */
export interface InputPlace {
  front: 'cli' | 'action'
  /** Relative paths are taken from here: the current directory (CLI) or the workspace (action). */
  base: string
  /** The action's `${RUNNER_TEMP}`, home of its default state directory. */
  runnerTemp?: string
}

/** A resolved state directory, and whether it is the front end's default. */
export interface StateDir {
  path: string
  /** The CLI's default `.reverify/` is the one place reverify writes a `.gitignore`. */
  isDefault: boolean
}

/** How messages name an input: `--expect-exit` on the CLI, `expect-exit` in the action. */
export function inputLabel(name: string, front: InputPlace['front']): string {
  return front === 'cli' ? `--${name}` : name
}

/**
 * The target of a run whose working directory is dir (docs/design.md §3 "Identity"): the git
 * top level containing dir (a folder holding .git), else dir itself. The CLI asks with the
 * working directory, never the current directory, which may be anywhere else.
 */
export function findTargetRoot(dir: string): string {
  let current = resolve(dir)
  for (;;) {
    if (existsSync(join(current, '.git'))) return current
    const parent = dirname(current)
    if (parent === current) return resolve(dir)
    current = parent
  }
}

/** The CLI's default state directory for a target root. */
export function defaultStateDir(root: string): string {
  return join(root, '.reverify')
}

/**
 * The state directory (docs/design.md §4): the given path, trimmed and taken from the place's base;
 * when none is given, `<target>/.reverify` (CLI: `root`, the target of the working directory,
 * else the one of the place's base) or `${RUNNER_TEMP}/reverify` (action: never inside the workspace).
 */
export function resolveStateDir(given: string | undefined, place: InputPlace, root?: string): StateDir {
  const text = given?.trim()
  if (text) return { path: resolve(place.base, text), isDefault: false }
  if (place.front === 'cli') return { path: defaultStateDir(root ?? findTargetRoot(place.base)), isDefault: true }
  if (!place.runnerTemp) throw new UsageError('state-dir: RUNNER_TEMP is not set; give state-dir explicitly')
  return { path: join(place.runnerTemp, 'reverify'), isDefault: true }
}

/** Why the file system could not hold this state directory path, if it could not. */
export function stateDirProblem(path: string): string | undefined {
  if (path.length > 1024 || path.split(/[\\/]/).some(part => Buffer.byteLength(part) > 255)) {
    return 'is too long; at most 1024 characters, 255 bytes per folder name'
  }
  return undefined
}
