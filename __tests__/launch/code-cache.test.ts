/**
 * reverify's own code cache (launch/code-cache.ts; docs/design.md §9 "Start-up"): a CommonJS
 * script, and the chunks beside it that it requires, run through V8 with the code an earlier
 * run compiled, on real files. The process's exit is stood in for by collecting what would
 * run then.
 */
import { closeSync, fstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { buildSync } from 'esbuild'
import { codeCacheName, partialCacheName, placeOf, runWithCodeCache, type ScriptIdentity } from '../../src/launch/code-cache.js'
import { REPO_ROOT } from '../helpers/cli.js'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-script-cache-'))
  dirs.push(dir)
  return dir
}

/**
 * Runs `file` with the cache in `cache`, as a process that did the work its entry point is for
 * or (`complete` false) one that did not; answers its exports and what it left for the exit.
 */
function run(file: string, cache: string | undefined, complete: () => boolean = () => true): { exports: unknown; atExit: (() => void)[] } {
  const atExit: (() => void)[] = []
  const exports = runWithCodeCache(file, cache, { atExit: save => atExit.push(save), complete })
  return { exports, atExit }
}

/** Runs every save collected for the exit. */
function exit(saves: (() => void)[]): void {
  for (const save of saves) save()
}

/** The name the cache of `file` has now. */
function nameOf(file: string): string {
  const fd = openSync(file, 'r')
  try {
    const { size, ino, ctimeNs, mtimeNs } = fstatSync(fd, { bigint: true })
    return codeCacheName({
      script: basename(file),
      place: placeOf(file),
      version: process.version,
      arch: process.arch,
      size,
      ino,
      ctimeNs,
      mtimeNs
    })
  } finally {
    closeSync(fd)
  }
}

/**
 * A script that requires a chunk beside it and reports what CommonJS gave it. Its folder is in
 * its text (the chunk's too): V8 keeps what one process compiled in memory by source, and
 * would not look at a cache for a source it compiled before.
 */
function writeScript(dir: string, word: string): string {
  writeFileSync(join(dir, 'helper.cjs'), `// ${dir}\nmodule.exports = 40\n`)
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

test('the first run writes the caches of the script and its chunk as the process exits; the next finds them and writes nothing', () => {
  const dir = tempDir()
  const cache = join(dir, 'cache')
  const file = writeScript(dir, 'alpha')
  const first = run(file, cache)
  expect(first.atExit).toHaveLength(2)
  exit(first.atExit)
  expect(readdirSync(cache).sort()).toEqual([nameOf(file), nameOf(join(dir, 'helper.cjs'))].sort())
  const second = run(file, cache)
  expect(second.atExit).toEqual([])
  expect(second.exports).toEqual(first.exports)
})

test('a process that did not do the work leaves partial caches; the next that did replaces them; one that did not leaves them as they are', () => {
  const dir = tempDir()
  const cache = join(dir, 'cache')
  const file = writeScript(dir, 'alpha')
  const chunk = join(dir, 'helper.cjs')
  const notDone = () => false
  exit(run(file, cache, notDone).atExit)
  const partials = [partialCacheName(nameOf(file)), partialCacheName(nameOf(chunk))]
  expect(readdirSync(cache).sort()).toEqual(partials.sort())
  const written = () =>
    partials.map(name => {
      const { ino, mtimeNs, ctimeNs } = statSync(join(cache, name), { bigint: true })
      return { ino, mtimeNs, ctimeNs }
    })
  const before = written()
  // Another process that did not do it runs with them and leaves them as they are.
  const again = run(file, cache, notDone)
  expect(again.exports).toMatchObject({ sum: 42, word: 'alpha' })
  exit(again.atExit)
  expect(written()).toEqual(before)
  // The first that did replaces them with whole caches (one whose answer throws did not).
  exit(
    run(file, cache, () => {
      throw new Error('no answer')
    }).atExit
  )
  expect(readdirSync(cache).sort()).toEqual(partials.sort())
  exit(run(file, cache).atExit)
  expect(readdirSync(cache).sort()).toEqual([nameOf(file), nameOf(chunk)].sort())
  // Which every process after keeps, whatever it did.
  expect(run(file, cache, notDone).atExit).toEqual([])
  expect(run(file, cache).atExit).toEqual([])
})

test('a cache V8 rejects is written afresh, and the script runs all the same', () => {
  const dir = tempDir()
  const cache = join(dir, 'cache')
  const file = writeScript(dir, 'alpha')
  const chunk = join(dir, 'helper.cjs')
  mkdirSync(cache)
  for (const script of [file, chunk]) writeFileSync(join(cache, nameOf(script)), 'not a code cache')
  const rejected = run(file, cache)
  expect(rejected.exports).toMatchObject({ sum: 42, word: 'alpha' })
  expect(rejected.atExit).toHaveLength(2)
  exit(rejected.atExit)
  for (const script of [file, chunk]) expect(readFileSync(join(cache, nameOf(script))).length).toBeGreaterThan(100)
})

test('a script rewritten with the same size finds no cache by its name, runs its new code, and its old cache goes', () => {
  const dir = tempDir()
  const cache = join(dir, 'cache')
  const file = writeScript(dir, 'alpha')
  exit(run(file, cache).atExit)
  const old = nameOf(file)
  // Another runtime's cache of the same script, and a file that is not a cache, stay.
  writeFileSync(join(cache, `main.cjs-${placeOf(file)}-v0.0.0-x64-1-2-3-4.v8cache`), '')
  writeFileSync(join(cache, 'notes.txt'), '')
  writeScript(dir, 'omega')
  expect(nameOf(file)).not.toBe(old)
  const changed = run(file, cache)
  expect(changed.exports).toMatchObject({ word: 'omega' })
  exit(changed.atExit)
  const chunk = nameOf(join(dir, 'helper.cjs'))
  expect(readdirSync(cache).sort()).toEqual(
    [`main.cjs-${placeOf(file)}-v0.0.0-x64-1-2-3-4.v8cache`, nameOf(file), chunk, 'notes.txt'].sort()
  )
})

test('a cache folder that cannot be made leaves the run as it was', () => {
  const dir = tempDir()
  const blocked = join(dir, 'file')
  writeFileSync(blocked, '')
  const file = writeScript(dir, 'alpha')
  const { exports, atExit } = run(file, join(blocked, 'cache'))
  expect(exports).toMatchObject({ sum: 42 })
  expect(() => exit(atExit)).not.toThrow()
})

test("a cache's name changes with the runtime, the script's folder and the file's size, inode and times", () => {
  const id: ScriptIdentity = {
    script: 'cli.bundle.cjs',
    place: '0a1b2c3d',
    version: 'v20.20.2',
    arch: 'x64',
    size: 10n,
    ino: 7n,
    ctimeNs: 100n,
    mtimeNs: 90n
  }
  const name = codeCacheName(id)
  expect(name).toBe('cli.bundle.cjs-0a1b2c3d-v20.20.2-x64-10-7-100-90.v8cache')
  const changes: Partial<ScriptIdentity>[] = [
    { place: '0a1b2c3e' },
    { version: 'v20.20.3' },
    { arch: 'arm64' },
    { size: 11n },
    { ino: 8n },
    { ctimeNs: 101n },
    { mtimeNs: 91n }
  ]
  for (const change of changes) expect(codeCacheName({ ...id, ...change })).not.toBe(name)
  // The place is the folder's: every script of one install shares it, another install has its own.
  expect(placeOf('/opt/a/lib/cli.bundle.cjs')).toBe(placeOf('/opt/a/lib/271.cli.cjs'))
  expect(placeOf('/opt/a/lib/cli.bundle.cjs')).not.toBe(placeOf('/opt/b/lib/cli.bundle.cjs'))
  expect(placeOf('/opt/a/lib/cli.bundle.cjs')).toMatch(/^[0-9a-f]{8}$/)
})

test('two installs sharing one cache folder keep a cache each: running one leaves the other as it was', () => {
  const cache = join(tempDir(), 'cache')
  const first = writeScript(tempDir(), 'alpha')
  const second = writeScript(tempDir(), 'omega')
  exit(run(first, cache).atExit)
  exit(run(second, cache).atExit)
  expect(readdirSync(cache)).toEqual(expect.arrayContaining([nameOf(first), nameOf(second)]))
})

/** A chunk that appends a line to `runs` each time it runs. */
function countingChunk(dir: string, name: string, body: string): string {
  const runs = join(dir, `${name}.runs`)
  writeFileSync(join(dir, name), `// ${dir}\nrequire('node:fs').appendFileSync(${JSON.stringify(runs)}, 'x')\n${body}\n`)
  return runs
}

test('a chunk beside the script runs once, however often it is required, with the same exports', () => {
  const dir = tempDir()
  const runs = countingChunk(dir, 'count.cjs', 'module.exports = { id: 7 }')
  const file = join(dir, 'main.cjs')
  writeFileSync(
    file,
    `// ${dir}\nconst a = require('./count.cjs')\nconst b = require('./count.cjs')\nmodule.exports = { same: a === b, id: a.id }\n`
  )
  expect(run(file, join(dir, 'cache')).exports).toEqual({ same: true, id: 7 })
  expect(readFileSync(runs, 'utf8')).toBe('x')
})

test("what is not a .cjs file right beside the script is Node's to load, and gets no cache", () => {
  const dir = tempDir()
  const cache = join(dir, 'cache')
  mkdirSync(join(dir, 'sub'))
  writeFileSync(join(dir, 'sub', 'deep.cjs'), 'module.exports = 1\n')
  writeFileSync(join(dir, 'data.json'), '{ "two": 2 }\n')
  const file = join(dir, 'main.cjs')
  writeFileSync(
    file,
    `// ${dir}\nmodule.exports = [require('./sub/deep.cjs'), require('./data.json').two, require('node:path').sep, typeof require.resolve]\n`
  )
  const { exports, atExit } = run(file, cache)
  expect(exports).toEqual([1, 2, '/', 'function'])
  exit(atExit)
  expect(readdirSync(cache)).toEqual([nameOf(file)])
})

test('a chunk that is missing fails its require; one that throws is run again by the next require', () => {
  const dir = tempDir()
  const runs = countingChunk(
    dir,
    'flaky.cjs',
    `if (require('node:fs').readFileSync(${JSON.stringify(join(dir, 'flaky.cjs.runs'))}, 'utf8') === 'x') throw new Error('first load fails')\nmodule.exports = 'loaded'`
  )
  const file = join(dir, 'main.cjs')
  writeFileSync(
    file,
    `// ${dir}\nconst tries = []\nfor (const name of ['./gone.cjs', './flaky.cjs', './flaky.cjs']) { try { tries.push(require(name)) } catch (error) { tries.push(error.code ?? error.message) } }\nmodule.exports = tries\n`
  )
  expect(run(file, undefined).exports).toEqual(['ENOENT', 'first load fails', 'loaded'])
  expect(readFileSync(runs, 'utf8')).toBe('xx')
})

test('in a process of its own, a script that loads a dozen chunks writes every cache as it exits, and prints nothing', () => {
  const dir = tempDir()
  // The loader as the launchers bundle it, run by a node of its own: its exit is real here.
  const loader = join(dir, 'code-cache.mjs')
  buildSync({
    entryPoints: [join(REPO_ROOT, 'src', 'launch', 'code-cache.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: loader,
    logLevel: 'silent'
  })
  const scripts = join(dir, 'bundle')
  mkdirSync(scripts)
  for (let chunk = 1; chunk <= 12; chunk++) writeFileSync(join(scripts, `${chunk}.main.cjs`), `module.exports = ${chunk}\n`)
  // The script listens for the exit itself too, as the bundles do.
  writeFileSync(
    join(scripts, 'main.cjs'),
    "process.on('exit', () => undefined)\nlet sum = 0\nfor (let chunk = 1; chunk <= 12; chunk++) sum += require(`./${chunk}.main.cjs`)\nconsole.log(sum)\n"
  )
  const cache = join(dir, 'cache')
  const launcher = join(dir, 'launch.mjs')
  writeFileSync(
    launcher,
    `import { runWithCodeCache } from './code-cache.mjs'\nrunWithCodeCache(${JSON.stringify(join(scripts, 'main.cjs'))}, ${JSON.stringify(cache)})\n`
  )
  const result = spawnSync(process.execPath, [launcher], { encoding: 'utf8' })
  expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({ status: 0, stdout: '78\n', stderr: '' })
  expect(readdirSync(cache)).toHaveLength(13)
})
