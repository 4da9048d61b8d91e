/**
 * Where the CLI keeps its V8 code cache (docs/design.md §9 "Start-up"; launch/code-cache.ts
 * writes it). A convenience only: whatever goes wrong, the run goes on without it.
 */
import { isAbsolute, join } from 'node:path'

/** What picks the CLI's cache folder: the environment, the OS, the user's home. */
export interface CacheDirPlace {
  env: NodeJS.ProcessEnv
  platform: NodeJS.Platform
  home: string
}

/**
 * The user's cache folder for reverify's code cache, as each OS keeps per-user caches
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
