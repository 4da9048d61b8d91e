/**
 * A bundle run as a CommonJS script with a V8 code cache of reverify's own (docs/design.md §9
 * "Start-up"), on every runtime, for every entry point (the CLI, the action's steps, the
 * report step): V8 deserialises the code it compiled on an earlier run instead of compiling
 * the bundle again, and the bundle's chunks, which it loads with `require`, go the same way.
 * Each cache is written as the process exits, so it holds every function the run called, not
 * only what was compiled as the script loaded. A process that did not do the work its entry
 * point is for (the CLI printing `--help` rather than running a verify) writes a partial
 * cache, which the next process that does replaces, instead of leaving every later run a
 * cache without its code. A convenience only: a cache that is missing, stale, rejected or
 * unwritable leaves the run as it was.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { Script } from 'node:vm'

/** What names one build of a script, installed in one place, on one runtime. */
export interface ScriptIdentity {
  script: string
  /** The folder the script is installed in, as a short hash (placeOf). */
  place: string
  version: string
  arch: string
  size: bigint
  ino: bigint
  /** Change and modification times, in nanoseconds. */
  ctimeNs: bigint
  mtimeNs: bigint
}

/**
 * A short hash of the folder `file` is in (32-bit FNV-1a, in hex): two installs of reverify
 * in different folders keep caches of their own in one cache folder instead of replacing each
 * other's on every run. A name only, never a check (V8 and the name's other parts are);
 * written here, as node:crypto would cost a run that prints `--version` its loading.
 */
export function placeOf(file: string): string {
  let hash = 0x811c9dc5
  for (const char of dirname(file)) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0
  return hash.toString(16).padStart(8, '0')
}

/**
 * The cache file's name: the script, its place, the runtime, and the file as it is now: its size, inode
 * and times to the nanosecond, which a rewrite, a copy or a new install does not keep (the
 * change time cannot be set back). V8 checks a code cache against the source's length, not
 * its bytes, so an edited bundle of the same size must not find the old code by its name.
 */
export function codeCacheName(id: ScriptIdentity): string {
  return `${codeCachePrefix(id)}${id.size}-${id.ino}-${id.ctimeNs}-${id.mtimeNs}.v8cache`
}

/** The name of the partial cache of the same build: one written by a process that did not do the work (see above). */
export function partialCacheName(name: string): string {
  return name.replace(/\.v8cache$/, '.partial.v8cache')
}

/** The part of the name one script in one place on one runtime shares with its older builds there. */
function codeCachePrefix(id: ScriptIdentity): string {
  return `${id.script}-${id.place}-${id.version}-${id.arch}-`
}

/** The source of `file`, and what identifies it, from one open file. */
function readScript(file: string): { source: string; id: ScriptIdentity } {
  const fd = openSync(file, 'r')
  try {
    const { size, ino, ctimeNs, mtimeNs } = fstatSync(fd, { bigint: true })
    const source = readFileSync(fd, 'utf8')
    const id = { script: basename(file), place: placeOf(file), version: process.version, arch: process.arch, size, ino, ctimeNs, mtimeNs }
    return { source, id }
  } finally {
    closeSync(fd)
  }
}

function readCache(file: string | undefined): Buffer | undefined {
  if (file === undefined) return undefined
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/**
 * Writes what V8 compiled by now (the bundle's top level and every function a run called) to
 * `file` under a temporary name, renamed into place so a run starting meanwhile reads a whole
 * file or none, and drops every other file of the same script and runtime: the older builds',
 * and the partial cache a complete one replaces.
 */
function saveCodeCache(script: Script, file: string, prefix: string): void {
  try {
    const directory = dirname(file)
    mkdirSync(directory, { recursive: true, mode: 0o700 })
    const temporary = `${file}.${process.pid}.tmp`
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 })
    renameSync(temporary, file)
    for (const name of readdirSync(directory)) {
      if (name.startsWith(prefix) && name.endsWith('.v8cache') && name !== basename(file)) rmSync(join(directory, name), { force: true })
    }
  } catch {
    // A cache is never a reason to fail a run.
  }
}

/** The saves the process's exit will run, in the order the scripts were compiled. */
const savesAtExit: (() => void)[] = []

/**
 * Runs `save` as the process exits. One listener runs them all: a bundle that loads a dozen
 * chunks would otherwise pass Node's ten listeners and have it print a leak warning.
 */
function atProcessExit(save: () => void): void {
  if (savesAtExit.length === 0) process.once('exit', () => savesAtExit.splice(0).forEach(pending => pending()))
  savesAtExit.push(save)
}

/** When the caches of a process are written, and whether it did the work they are for. */
export interface CacheWriting {
  /** Runs a save as the process exits (atProcessExit). */
  atExit?: (save: () => void) => void
  /**
   * Asked as the process exits: whether it did the work its entry point is for, so that its
   * caches hold that work's code (always, when not given). A process that did not writes a
   * partial cache where there was none, and leaves a partial one as it found it.
   */
  complete?: () => boolean
}

/** How CommonJS calls a module's code. */
type ModuleBody = (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void

/**
 * Runs the CommonJS script `file` as Node would load it, compiled with the code cache kept in
 * `directory` (none when undefined), and answers its `module.exports`. A miss, a cache V8
 * rejects, or a partial cache in a process that did the work, is written as the process
 * exits, so it holds what the whole run compiled. What the script requires by a relative
 * name that is a `.cjs` file in its own folder (a bundle's chunk, `./142.index.cjs`) is run
 * the same way, once; anything else is Node's.
 */
export function runWithCodeCache(file: string, directory: string | undefined, writing: CacheWriting = {}): unknown {
  const options = { atExit: writing.atExit ?? atProcessExit, complete: writing.complete ?? (() => true) }
  const folder = dirname(file)
  const loaded = new Map<string, { exports: unknown }>()
  // One require for the script and its chunks: they share the folder it resolves from.
  const nodeRequire = createRequire(file)
  const require = Object.assign((id: string) => {
    const sibling = siblingChunk(folder, id)
    return sibling === undefined ? nodeRequire(id) : run(sibling)
  }, nodeRequire) as NodeJS.Require
  const run = (path: string): unknown => {
    const known = loaded.get(path)
    if (known !== undefined) return known.exports
    const module = { exports: {} as unknown }
    loaded.set(path, module)
    try {
      compiled(path, directory, options).call(module.exports, module.exports, require, module, path, folder)
    } catch (error) {
      // As Node's require: a script that failed is not kept as loaded.
      loaded.delete(path)
      throw error
    }
    return module.exports
  }
  return run(file)
}

/** The path of the chunk `id` names when it is a `.cjs` file right in `folder`, else undefined. */
function siblingChunk(folder: string, id: string): string | undefined {
  if (!id.startsWith('./') || !id.endsWith('.cjs')) return undefined
  const path = join(folder, id)
  return dirname(path) === folder ? path : undefined
}

/** What `complete` answers; false when it throws (the process is exiting: nothing may stop it). */
function didTheWork(complete: () => boolean): boolean {
  try {
    return complete()
  } catch {
    return false
  }
}

/** The script `file` compiled with its cache, as the function Node's CommonJS wrapper makes. */
function compiled(file: string, directory: string | undefined, writing: Required<CacheWriting>): ModuleBody {
  const { source, id } = readScript(file)
  const cacheFile = directory === undefined ? undefined : join(directory, codeCacheName(id))
  const partialFile = cacheFile === undefined ? undefined : partialCacheName(cacheFile)
  const complete = readCache(cacheFile)
  const cachedData = complete ?? readCache(partialFile)
  // Node's own CommonJS wrapper, on the source's first line so line numbers stay the file's.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n})`
  const script = new Script(wrapped, { filename: file, cachedData })
  const usable = cachedData !== undefined && script.cachedDataRejected !== true
  if (cacheFile !== undefined && partialFile !== undefined && (complete === undefined || !usable)) {
    writing.atExit(() => {
      // What this process compiled replaces a partial cache only when it did the work.
      const whole = didTheWork(writing.complete)
      if (!whole && usable) return
      saveCodeCache(script, whole ? cacheFile : partialFile, codeCachePrefix(id))
    })
  }
  return script.runInThisContext() as ModuleBody
}
