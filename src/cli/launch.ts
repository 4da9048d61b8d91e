/**
 * Entry point of dist/cli.js (docs/design.md §9 "Start-up"): turns the compile cache on,
 * then loads the CLI's bundle (dist/cli.bundle.js, from cli/index.ts), so that the bundle is
 * compiled with the cache, not before it.
 */
import { homedir } from 'node:os'
import { cliCompileCacheDir, enableCompileCache } from './compile-cache.js'

/** The user's home folder, or '' when the OS cannot tell (no HOME, no passwd entry). */
function home(): string {
  try {
    return homedir()
  } catch {
    return ''
  }
}

enableCompileCache(cliCompileCacheDir({ env: process.env, platform: process.platform, home: home() }))
await import(new URL('./cli.bundle.js', import.meta.url).href)
