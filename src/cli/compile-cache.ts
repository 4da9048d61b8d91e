/**
 * The V8 compile cache of the CLI (docs/design.md §9 "Start-up"): where it lives, and turning
 * it on where the runtime has it. A convenience only: whatever goes wrong, the run goes on
 * without it.
 */
import module from 'node:module'
import { isAbsolute, join } from 'node:path'

/** What picks the CLI's cache folder: the environment, the OS, the user's home. */
export interface CacheDirPlace {
  env: NodeJS.ProcessEnv
  platform: NodeJS.Platform
  home: string
}

/**
 * The user's cache folder for reverify's compile cache, as each OS keeps per-user caches
 * (XDG on Linux and the other Unixes, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows),
 * or undefined when there is none to use. Never the state directory: it is per repository,
 * and a fresh one would start cold.
 */
export function cliCompileCacheDir({ env, platform, home }: CacheDirPlace): string | undefined {
  const absolute = (path: string | undefined) => (path && isAbsolute(path) ? path : undefined)
  let base: string | undefined
  if (platform === 'win32') base = absolute(env.LOCALAPPDATA) ?? (absolute(home) && join(home, 'AppData', 'Local'))
  else if (platform === 'darwin') base = absolute(home) && join(home, 'Library', 'Caches')
  // The XDG spec ignores a relative XDG_CACHE_HOME.
  else base = absolute(env.XDG_CACHE_HOME) ?? (absolute(home) && join(home, '.cache'))
  return base && join(base, 'reverify', 'compile-cache')
}

type EnableCompileCache = (directory: string) => unknown

/**
 * Turns on Node's on-disk compile cache in `directory`, for every module compiled from now
 * on, where the runtime has it (Node ≥ 22.8; Node 20 has not), and answers whether it has:
 * without it, the CLI keeps a code cache of its own (cli/script-cache.ts). Node keeps it
 * silent itself (a folder it cannot make is a status, not an exception), honours
 * NODE_COMPILE_CACHE (set, it is on already) and NODE_DISABLE_COMPILE_CACHE; anything thrown
 * is swallowed here.
 */
export function enableCompileCache(directory: string | undefined): boolean {
  const enable = (module as { enableCompileCache?: EnableCompileCache }).enableCompileCache
  if (typeof enable !== 'function') return false
  if (directory === undefined) return true
  try {
    enable(directory)
  } catch {
    // A cache is never a reason to fail a run.
  }
  return true
}
