/**
 * The CLI's code cache (docs/design.md §9 "Start-up"): dist/cli.js, started through its
 * shebang, turns a code cache on under the user's cache folder (XDG_CACHE_HOME/reverify)
 * before it loads the bundle: Node's compile cache where the runtime has it, the CLI's own
 * (one V8 code cache file for the bundle) where it has not (Node 20). A folder it cannot use,
 * a stale or broken cache, changes nothing a user sees.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLI_BUNDLE, REPO_ROOT, scratchRepo, spawnCli } from '../helpers/cli.js'
import { filesUnder, NODE24, TEST_RUNTIME, withNode24, type Runtime } from '../helpers/compile-cache.js'

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
/** The CLI's own cache files (a runtime without Node's compile cache). */
const ownCache = (cacheHome: string) => filesUnder(cacheRoot(cacheHome)).filter(file => file.endsWith('.v8cache'))
/** `test` on the test runner's node when it has no compile cache of its own (Node 20), else skipped saying why. */
const withoutNodeCache = TEST_RUNTIME.hasCompileCache
  ? (name: string) => test.skip(`${name} (skipped: the test runner's node has Node's compile cache)`, () => undefined)
  : (name: string, body: (runtime: Runtime) => Promise<void>, timeout: number) => test(name, () => body(TEST_RUNTIME), timeout)

test("the CLI's bundle and its chunks are CommonJS in strict mode, as the modules they were built from", () => {
  const dist = join(REPO_ROOT, 'dist')
  const files = readdirSync(dist).filter(file => /^(cli\.bundle|\d+\.cli)\.cjs$/.test(file))
  expect(files).toContain('cli.bundle.cjs')
  expect(files.length).toBeGreaterThan(1)
  for (const file of files) expect(`${file}: ${readFileSync(join(dist, file), 'utf8').slice(0, 13)}`).toBe(`${file}: "use strict";`)
})

test.each(runtimes.map(runtime => [runtime.label, runtime] as const))(
  "on %s, a run leaves a code cache under XDG_CACHE_HOME/reverify: Node's where the runtime has one, the CLI's own where not",
  async (_label, runtime) => {
    const cacheHome = tempDir('reverify-xdg-')
    const first = await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome })
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^outcome: success/m)
    const cached = filesUnder(cacheRoot(cacheHome))
    if (runtime.hasCompileCache) {
      expect(cached.length).toBeGreaterThan(0)
      expect(ownCache(cacheHome)).toEqual([])
    } else {
      // One file: the bundle, for this runtime and this build of it.
      expect(cached).toEqual([
        expect.stringMatching(
          new RegExp(`^cli\\.bundle\\.cjs-${process.version.replace(/\./g, '\\.')}-${process.arch}-\\d+-\\d+-\\d+-\\d+\\.v8cache$`)
        )
      ])
    }
    // Nothing else of reverify's goes there, and the next run, with the cache, says the same.
    expect(filesUnder(cacheHome).every(file => file.startsWith(join('reverify', 'compile-cache')))).toBe(true)
    expect(shape(await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome }))).toEqual(shape(first))
  },
  60_000
)

withoutNodeCache(
  "the CLI's own cache is used as it is, and one V8 rejects (broken bytes) is written afresh",
  async runtime => {
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

withoutNodeCache(
  'a bundle changed after the CLI cached it (same size, other bytes) is compiled afresh, and its old cache goes',
  async runtime => {
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

test.each(runtimes.map(runtime => [runtime.label, runtime] as const))(
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

withNode24(
  'a bundle changed after it was cached is compiled afresh: the cache is a miss, never an old answer',
  async runtime => {
    const { dist, cli, version, bump } = distCopy()
    const env = { XDG_CACHE_HOME: tempDir('reverify-xdg-'), NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }
    const before = await startCli(runtime, ['--version'], dist, env, cli)
    expect(before.stdout).toContain(version)
    const again = await startCli(runtime, ['--version'], dist, env, cli)
    expect(again.stderr).toMatch(/code cache for CommonJS \S+cli\.bundle\.cjs was accepted/)
    // Same size, other bytes: the version the bundle prints.
    const other = bump()
    const changed = await startCli(runtime, ['--version'], dist, env, cli)
    expect(changed.code).toBe(0)
    expect(changed.stdout).toContain(other)
    expect(changed.stderr).not.toMatch(/code cache for CommonJS \S+cli\.bundle\.cjs was accepted/)
  },
  60_000
)
