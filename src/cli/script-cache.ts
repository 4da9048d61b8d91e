/**
 * The CLI's bundle run as a CommonJS script with a V8 code cache of its own, on a runtime
 * without Node's compile cache (Node 20; docs/design.md §9 "Start-up"): V8 deserialises the
 * code it compiled on an earlier run instead of compiling the bundle again. A convenience
 * only: a cache that is missing, stale, rejected or unwritable leaves the run as it was.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { Script } from 'node:vm'

/** What names one build of a script on one runtime. */
export interface ScriptIdentity {
  script: string
  version: string
  arch: string
  size: bigint
  ino: bigint
  /** Change and modification times, in nanoseconds. */
  ctimeNs: bigint
  mtimeNs: bigint
}

/**
 * The cache file's name: the script, the runtime, and the file as it is now: its size, inode
 * and times to the nanosecond, which a rewrite, a copy or a new install does not keep (the
 * change time cannot be set back). V8 checks a code cache against the source's length, not
 * its bytes, so an edited bundle of the same size must not find the old code by its name.
 */
export function codeCacheName(id: ScriptIdentity): string {
  return `${codeCachePrefix(id)}${id.size}-${id.ino}-${id.ctimeNs}-${id.mtimeNs}.v8cache`
}

/** The part of the name one script on one runtime shares with its older builds. */
function codeCachePrefix(id: ScriptIdentity): string {
  return `${id.script}-${id.version}-${id.arch}-`
}

/** The source of `file`, and what identifies it, from one open file. */
function readScript(file: string): { source: string; id: ScriptIdentity } {
  const fd = openSync(file, 'r')
  try {
    const { size, ino, ctimeNs, mtimeNs } = fstatSync(fd, { bigint: true })
    const source = readFileSync(fd, 'utf8')
    return { source, id: { script: basename(file), version: process.version, arch: process.arch, size, ino, ctimeNs, mtimeNs } }
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
 * file or none, and drops the older builds' files of the same script and runtime.
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

/** Runs `save` as the process exits. */
function atProcessExit(save: () => void): void {
  process.once('exit', save)
}

/**
 * Runs the CommonJS script `file` as Node would load it, compiled with the code cache kept in
 * `directory` (none when undefined), and answers its `module.exports`. A miss, or a cache V8
 * rejects, is written as the process exits (`atExit`), so it holds what the whole run compiled.
 */
export function runWithCodeCache(file: string, directory: string | undefined, atExit = atProcessExit): unknown {
  const { source, id } = readScript(file)
  const cacheFile = directory === undefined ? undefined : join(directory, codeCacheName(id))
  const cachedData = readCache(cacheFile)
  // Node's own CommonJS wrapper, on the source's first line so line numbers stay the file's.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n})`
  const script = new Script(wrapped, { filename: file, cachedData })
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    atExit(() => saveCodeCache(script, cacheFile, codeCachePrefix(id)))
  }
  const run = script.runInThisContext() as (...args: unknown[]) => void
  const module: { exports: unknown } = { exports: {} }
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file))
  return module.exports
}
