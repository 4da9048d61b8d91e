/**
 * The CLI's code cache (docs/design.md §9 "Start-up"): dist/cli.js, started through its
 * shebang, runs the bundle, and the chunks it loads, with a V8 code cache of reverify's own
 * under the user's cache folder (XDG_CACHE_HOME/reverify), one file per script, on every
 * runtime. A folder it cannot use, a stale or broken cache, changes nothing a user sees.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compileFunction } from 'node:vm'
import { CLI_BUNDLE, REPO_ROOT, scratchRepo, spawnCli } from '../helpers/cli.js'
import { filesUnder, NODE24, TEST_RUNTIME, type Runtime } from '../helpers/compile-cache.js'

const scratch: string[] = []
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
})

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  scratch.push(dir)
  return dir
}

type Started = Awaited<ReturnType<typeof spawnCli>>

/** Starts `cli` as a user's shell would (its shebang picks `node` from PATH) on `runtime`. */
function startCli(runtime: Runtime, argv: string[], cwd: string, env: Record<string, string>, cli = CLI_BUNDLE): Promise<Started> {
  return spawnCli(argv, cwd, { throughShebang: true, node: runtime.node, cli, env })
}

/** A cache home and a scratch repository, both new. */
async function freshPlace(prefix: string): Promise<{ cacheHome: string; repo: string }> {
  const cacheHome = tempDir('reverify-xdg-')
  const repo = await scratchRepo(prefix)
  scratch.push(repo)
  return { cacheHome, repo }
}

/** A trivial passing run with a fresh state directory. */
async function trivialRun(runtime: Runtime, env: Record<string, string>): Promise<Started> {
  const repo = await scratchRepo('reverify-compile-cache-')
  scratch.push(repo)
  return startCli(runtime, ['run', '--command', 'true', '--expect-exit', '0', '--state-dir', join(repo, 'state')], repo, env)
}

/** What a run printed, without the figures that change from run to run (times, ids, paths). */
function shape(result: Started): { code: number | null; stdout: string[]; stderr: string } {
  return {
    code: result.code,
    stdout: result.stdout.split('\n').map(line => line.replace(/\d+/g, 'N').split(':')[0]!),
    stderr: result.stderr
  }
}

/**
 * A copy of dist/ to edit: its launcher, the version its bundle prints, and `bump()`, which
 * rewrites the bundle to print another version in the same number of bytes.
 */
function distCopy(): { dist: string; cli: string; version: string; bump: () => string } {
  const dist = join(tempDir('reverify-dist-copy-'), 'dist')
  cpSync(join(REPO_ROOT, 'dist'), dist, { recursive: true })
  const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string
  const bump = () => {
    const bundle = join(dist, 'cli.bundle.cjs')
    const other = version.replace(/\d/, digit => String((Number(digit) + 1) % 10))
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replaceAll(`"${version}"`, `"${other}"`))
    return other
  }
  return { dist, cli: join(dist, 'cli.js'), version, bump }
}

const runtimes = [TEST_RUNTIME, ...(NODE24 ? [NODE24] : [])]
const cacheRoot = (cacheHome: string) => join(cacheHome, 'reverify', 'compile-cache')
/** The code cache files under a cache home. */
const ownCache = (cacheHome: string) => filesUnder(cacheRoot(cacheHome)).filter(file => file.endsWith('.v8cache'))
/** The name of a script's cache file on a runtime, as a pattern; `.partial` when a process that ran no verify wrote it. */
const cacheFileOf = (script: string, version: string, kind: 'whole' | 'partial' = 'whole') =>
  new RegExp(
    `^${script.replace(/\./g, '\\.')}-[0-9a-f]{8}-${version.replace(/\./g, '\\.')}-${process.arch}-\\d+-\\d+-\\d+-\\d+${kind === 'partial' ? '\\.partial' : ''}\\.v8cache$`
  )
/** Each runtime as `test.each` takes it. */
const eachRuntime = runtimes.map(runtime => [runtime.label, runtime] as const)

/** The version a node binary reports (`v24.1.0`). */
function versionOf(runtime: Runtime): string {
  return execFileSync(runtime.node, ['-p', 'process.version'], { encoding: 'utf8' }).trim()
}

test("every entry point's bundle and chunks are CommonJS in strict mode, as the modules they were built from", () => {
  const dist = join(REPO_ROOT, 'dist')
  const files = readdirSync(dist).filter(file => /^(\w+\.bundle|\d+\.\w+)\.cjs$/.test(file))
  for (const bundle of ['cli.bundle.cjs', 'index.bundle.cjs', 'report.bundle.cjs']) expect(files).toContain(bundle)
  expect(files.filter(file => /^\d+\.cli\.cjs$/.test(file)).length).toBeGreaterThan(1)
  expect(files.filter(file => /^\d+\.index\.cjs$/.test(file)).length).toBeGreaterThan(1)
  // No module left beside them: a `.js` file in dist/ is a launcher.
  expect(
    readdirSync(dist)
      .filter(file => file.endsWith('.js'))
      .sort()
  ).toEqual(['cli.js', 'index.js', 'post.js', 'report.js'])
  for (const file of files) expect(`${file}: ${readFileSync(join(dist, file), 'utf8').slice(0, 13)}`).toBe(`${file}: "use strict";`)
})

test('the launchers are CommonJS scripts too: Node starts them without its ES module loader', () => {
  const dist = join(REPO_ROOT, 'dist')
  // dist/package.json decides how Node reads a `.js` file there; the root's says "module".
  expect(JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' })
  for (const launcher of ['cli.js', 'index.js', 'post.js', 'report.js']) {
    // As Node's CommonJS loader compiles a file: its source as a function's body; an import statement would not compile.
    const source = readFileSync(join(dist, launcher), 'utf8').replace(/^#!.*/, '')
    expect(() => compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: launcher })).not.toThrow()
    expect(`${launcher}: ${source.trimStart().slice(0, 13)}`).toBe(`${launcher}: "use strict";`)
  }
})

test.each(eachRuntime)(
  'on %s, a run leaves one code cache file per script it ran under XDG_CACHE_HOME/reverify, and the next run says the same',
  async (_label, runtime) => {
    const cacheHome = tempDir('reverify-xdg-')
    const first = await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome })
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^outcome: success/m)
    // The bundle, for this runtime and this build of it.
    expect(ownCache(cacheHome)).toEqual([expect.stringMatching(cacheFileOf('cli.bundle.cjs', versionOf(runtime)))])
    // Nothing else of reverify's goes there, and the next run, with the cache, says the same.
    expect(filesUnder(cacheHome).every(file => file.startsWith(join('reverify', 'compile-cache')))).toBe(true)
    expect(shape(await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome }))).toEqual(shape(first))
  },
  60_000
)

test.each(eachRuntime)(
  "on %s, a chunk the CLI loads gets a cache of its own beside the bundle's",
  async (_label, runtime) => {
    const { cacheHome, repo } = await freshPlace('reverify-compile-cache-chunk-')
    // `reverify receipts` loads its subcommand from a chunk (and, running no verify, leaves partial caches).
    const listed = await startCli(runtime, ['receipts', 'list', '--state-dir', join(repo, 'state')], repo, { XDG_CACHE_HOME: cacheHome })
    expect(listed.code).toBe(0)
    const version = versionOf(runtime)
    const cached = ownCache(cacheHome)
    expect(cached).toContainEqual(expect.stringMatching(cacheFileOf('cli.bundle.cjs', version, 'partial')))
    expect(cached.filter(file => /^\d+\.cli\.cjs-/.test(file)).length).toBeGreaterThan(0)
  },
  60_000
)

test.each(eachRuntime)(
  'on %s, a first command that runs no verify leaves a partial cache, which the first run replaces, and a later --help leaves as it is',
  async (_label, runtime) => {
    const { cacheHome, repo } = await freshPlace('reverify-compile-cache-partial-')
    const version = versionOf(runtime)
    const printed = await startCli(runtime, ['--version'], repo, { XDG_CACHE_HOME: cacheHome })
    expect(printed.code).toBe(0)
    expect(ownCache(cacheHome)).toEqual([expect.stringMatching(cacheFileOf('cli.bundle.cjs', version, 'partial'))])
    const partial = statSync(join(cacheRoot(cacheHome), ownCache(cacheHome)[0]!)).size
    // The first verify writes what it compiled, its own code with it, in its place.
    expect((await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome })).code).toBe(0)
    const [whole] = ownCache(cacheHome)
    expect(ownCache(cacheHome)).toEqual([expect.stringMatching(cacheFileOf('cli.bundle.cjs', version))])
    const written = statSync(join(cacheRoot(cacheHome), whole!))
    expect(written.size).toBeGreaterThan(partial)
    // Which a command that runs none leaves as it is.
    expect((await startCli(runtime, ['--help'], repo, { XDG_CACHE_HOME: cacheHome })).code).toBe(0)
    expect(ownCache(cacheHome)).toEqual([whole])
    expect(statSync(join(cacheRoot(cacheHome), whole!)).mtimeMs).toBe(written.mtimeMs)
  },
  60_000
)

test.each(eachRuntime)(
  'on %s, the cache is used as it is, and one V8 rejects (broken bytes) is written afresh',
  async (_label, runtime) => {
    const cacheHome = tempDir('reverify-xdg-')
    const first = await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome })
    const [file] = ownCache(cacheHome)
    const path = join(cacheRoot(cacheHome), file!)
    const written = statSync(path)
    // Accepted: the next run reads it and writes nothing.
    expect(shape(await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome }))).toEqual(shape(first))
    expect(statSync(path)).toMatchObject({ ino: written.ino, mtimeMs: written.mtimeMs, size: written.size })
    // Broken: V8 refuses it, the run is the same, and a whole cache takes its place.
    writeFileSync(path, 'not a code cache')
    expect(shape(await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome }))).toEqual(shape(first))
    expect(ownCache(cacheHome)).toEqual([file])
    // What V8 compiled differs a little from run to run; a code cache is hundreds of KB.
    expect(statSync(path).size).toBeGreaterThan(100_000)
  },
  60_000
)

test.each(eachRuntime)(
  'on %s, a bundle changed after the CLI cached it (same size, other bytes) is compiled afresh, and its old cache goes',
  async (_label, runtime) => {
    const { dist, cli, version, bump } = distCopy()
    const cacheHome = tempDir('reverify-xdg-')
    expect((await startCli(runtime, ['--version'], dist, { XDG_CACHE_HOME: cacheHome }, cli)).stdout).toContain(version)
    const [before] = ownCache(cacheHome)
    expect(before).toBeDefined()
    const other = bump()
    const changed = await startCli(runtime, ['--version'], dist, { XDG_CACHE_HOME: cacheHome }, cli)
    expect(changed.code).toBe(0)
    expect(changed.stdout).toContain(other)
    const after = ownCache(cacheHome)
    expect(after).toHaveLength(1)
    expect(after[0]).not.toBe(before)
  },
  60_000
)

test.each(eachRuntime)(
  'on %s, a cache folder that cannot be made, or NODE_DISABLE_COMPILE_CACHE, leaves the run as it was, with no cache',
  async (_label, runtime) => {
    const usable = await trivialRun(runtime, { XDG_CACHE_HOME: tempDir('reverify-xdg-') })
    expect(usable.code).toBe(0)
    // A regular file where the folder would go: even root cannot make a folder under it.
    const blocked = join(tempDir('reverify-xdg-blocked-'), 'file')
    writeFileSync(blocked, '')
    expect(shape(await trivialRun(runtime, { XDG_CACHE_HOME: blocked }))).toEqual(shape(usable))
    const disabledHome = tempDir('reverify-xdg-disabled-')
    expect(shape(await trivialRun(runtime, { XDG_CACHE_HOME: disabledHome, NODE_DISABLE_COMPILE_CACHE: '1' }))).toEqual(shape(usable))
    expect(filesUnder(disabledHome)).toEqual([])
  },
  60_000
)
