/**
 * The CLI's compile cache (docs/design.md §9 "Start-up"): dist/cli.js, started through its
 * shebang, turns Node's on-disk compile cache on under the user's cache folder
 * (XDG_CACHE_HOME/reverify) before it loads the bundle, where the runtime has it; a folder it
 * cannot use, or a runtime without it, changes nothing a user sees.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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

const runtimes = [TEST_RUNTIME, ...(NODE24 ? [NODE24] : [])]

test.each(runtimes.map(runtime => [runtime.label, runtime] as const))(
  'on %s, a run leaves a compile cache under XDG_CACHE_HOME/reverify exactly when the runtime has one',
  async (_label, runtime) => {
    const cacheHome = tempDir('reverify-xdg-')
    const first = await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome })
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^outcome: success/m)
    const cached = filesUnder(join(cacheHome, 'reverify', 'compile-cache'))
    if (runtime.hasCompileCache) expect(cached.length).toBeGreaterThan(0)
    else expect(cached).toEqual([])
    // Nothing else of reverify's goes there, and the next run, with the cache, says the same.
    expect(filesUnder(cacheHome).every(file => file.startsWith(join('reverify', 'compile-cache')))).toBe(true)
    expect(shape(await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome }))).toEqual(shape(first))
  },
  60_000
)

withNode24(
  'a cache folder that cannot be made, or NODE_DISABLE_COMPILE_CACHE, leaves the run as it was, with no cache',
  async runtime => {
    const cacheHome = tempDir('reverify-xdg-')
    const usable = await trivialRun(runtime, { XDG_CACHE_HOME: cacheHome })
    expect(usable.code).toBe(0)
    // A regular file where the folder would go: even root cannot make a folder under it.
    const blocked = join(tempDir('reverify-xdg-blocked-'), 'file')
    writeFileSync(blocked, '')
    const unusable = await trivialRun(runtime, { XDG_CACHE_HOME: blocked })
    expect(shape(unusable)).toEqual(shape(usable))
    const disabledHome = tempDir('reverify-xdg-disabled-')
    const disabled = await trivialRun(runtime, { XDG_CACHE_HOME: disabledHome, NODE_DISABLE_COMPILE_CACHE: '1' })
    expect(shape(disabled)).toEqual(shape(usable))
    expect(filesUnder(disabledHome)).toEqual([])
  },
  60_000
)

withNode24(
  'a bundle changed after it was cached is compiled afresh: the cache is a miss, never an old answer',
  async runtime => {
    const dist = join(tempDir('reverify-dist-copy-'), 'dist')
    cpSync(join(REPO_ROOT, 'dist'), dist, { recursive: true })
    const cacheHome = tempDir('reverify-xdg-')
    const cli = join(dist, 'cli.js')
    const env = { XDG_CACHE_HOME: cacheHome, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }
    const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string
    const before = await startCli(runtime, ['--version'], dist, env, cli)
    expect(before.stdout).toContain(version)
    const again = await startCli(runtime, ['--version'], dist, env, cli)
    expect(again.stderr).toMatch(/code cache for ESM \S+cli\.bundle\.js was accepted/)
    // Same size, other bytes: the version the bundle prints.
    const bundle = join(dist, 'cli.bundle.js')
    const other = version.replace(/\d/, digit => String((Number(digit) + 1) % 10))
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replaceAll(`"${version}"`, `"${other}"`))
    const changed = await startCli(runtime, ['--version'], dist, env, cli)
    expect(changed.code).toBe(0)
    expect(changed.stdout).toContain(other)
    expect(changed.stderr).not.toMatch(/code cache for ESM \S+cli\.bundle\.js was accepted/)
  },
  60_000
)
