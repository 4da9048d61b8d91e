/**
 * The CLI's own code cache (cli/script-cache.ts; docs/design.md §9 "Start-up"): a CommonJS
 * script run through V8 with the code an earlier run compiled, on real files. The process's
 * exit is stood in for by collecting what would run then.
 */
import { closeSync, fstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { codeCacheName, runWithCodeCache, type ScriptIdentity } from '../../src/cli/script-cache.js'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-script-cache-'))
  dirs.push(dir)
  return dir
}

/** Runs `file` with the cache in `cache`; answers its exports and what it left for the exit. */
function run(file: string, cache: string | undefined): { exports: unknown; atExit: (() => void)[] } {
  const atExit: (() => void)[] = []
  const exports = runWithCodeCache(file, cache, save => atExit.push(save))
  return { exports, atExit }
}

/** The name the cache of `file` has now. */
function nameOf(file: string): string {
  const fd = openSync(file, 'r')
  try {
    const { size, ino, ctimeNs, mtimeNs } = fstatSync(fd, { bigint: true })
    return codeCacheName({ script: 'main.cjs', version: process.version, arch: process.arch, size, ino, ctimeNs, mtimeNs })
  } finally {
    closeSync(fd)
  }
}

/**
 * A script that requires a file beside it and reports what CommonJS gave it. Its folder is in
 * its text: V8 keeps what one process compiled in memory by source, and would not look at a
 * cache for a source it compiled before.
 */
function writeScript(dir: string, word: string): string {
  writeFileSync(join(dir, 'helper.cjs'), 'module.exports = 40\n')
  const file = join(dir, 'main.cjs')
  writeFileSync(
    file,
    `// ${dir}\nconst helper = require('./helper.cjs')\nmodule.exports = { sum: helper + 2, word: '${word}', file: __filename, dir: __dirname, same: this === exports }\n`
  )
  return file
}

test('a script runs as CommonJS, with require, __filename, __dirname and module.exports, and without a cache writes none', () => {
  const dir = tempDir()
  const file = writeScript(dir, 'alpha')
  const { exports, atExit } = run(file, undefined)
  expect(exports).toEqual({ sum: 42, word: 'alpha', file, dir, same: true })
  expect(atExit).toEqual([])
})

test('the first run writes the cache as the process exits; the next finds it and writes nothing', () => {
  const dir = tempDir()
  const cache = join(dir, 'cache')
  const file = writeScript(dir, 'alpha')
  const first = run(file, cache)
  expect(first.atExit).toHaveLength(1)
  first.atExit[0]!()
  expect(readdirSync(cache)).toEqual([nameOf(file)])
  const second = run(file, cache)
  expect(second.atExit).toEqual([])
  expect(second.exports).toEqual(first.exports)
})

test('a cache V8 rejects is written afresh, and the script runs all the same', () => {
  const dir = tempDir()
  const cache = join(dir, 'cache')
  const file = writeScript(dir, 'alpha')
  mkdirSync(cache)
  writeFileSync(join(cache, nameOf(file)), 'not a code cache')
  const rejected = run(file, cache)
  expect(rejected.exports).toMatchObject({ sum: 42, word: 'alpha' })
  expect(rejected.atExit).toHaveLength(1)
  rejected.atExit[0]!()
  expect(readFileSync(join(cache, nameOf(file))).length).toBeGreaterThan(100)
})

test('a script rewritten with the same size finds no cache by its name, runs its new code, and its old cache goes', () => {
  const dir = tempDir()
  const cache = join(dir, 'cache')
  const file = writeScript(dir, 'alpha')
  run(file, cache).atExit[0]!()
  const old = nameOf(file)
  // Another runtime's cache of the same script, and a file that is not a cache, stay.
  writeFileSync(join(cache, 'main.cjs-v0.0.0-x64-1-2-3-4.v8cache'), '')
  writeFileSync(join(cache, 'notes.txt'), '')
  writeScript(dir, 'omega')
  expect(nameOf(file)).not.toBe(old)
  const changed = run(file, cache)
  expect(changed.exports).toMatchObject({ word: 'omega' })
  changed.atExit[0]!()
  expect(readdirSync(cache).sort()).toEqual(['main.cjs-v0.0.0-x64-1-2-3-4.v8cache', nameOf(file), 'notes.txt'].sort())
})

test('a cache folder that cannot be made leaves the run as it was', () => {
  const dir = tempDir()
  const blocked = join(dir, 'file')
  writeFileSync(blocked, '')
  const file = writeScript(dir, 'alpha')
  const { exports, atExit } = run(file, join(blocked, 'cache'))
  expect(exports).toMatchObject({ sum: 42 })
  expect(() => atExit[0]!()).not.toThrow()
})

test("a cache's name changes with the runtime and with the file's size, inode and times", () => {
  const id: ScriptIdentity = { script: 'cli.bundle.cjs', version: 'v20.20.2', arch: 'x64', size: 10n, ino: 7n, ctimeNs: 100n, mtimeNs: 90n }
  const name = codeCacheName(id)
  expect(name).toBe('cli.bundle.cjs-v20.20.2-x64-10-7-100-90.v8cache')
  const changes: Partial<ScriptIdentity>[] = [
    { version: 'v20.20.3' },
    { arch: 'arm64' },
    { size: 11n },
    { ino: 8n },
    { ctimeNs: 101n },
    { mtimeNs: 91n }
  ]
  for (const change of changes) expect(codeCacheName({ ...id, ...change })).not.toBe(name)
})
