/**
 * Entry point of dist/cli.js (docs/design.md §9 "Start-up"): turns a code cache on, then
 * loads the CLI's bundle (dist/cli.bundle.cjs, from cli/index.ts), so that the bundle is
 * compiled with the cache, not before it: Node's compile cache where the runtime has it, the
 * CLI's own (cli/script-cache.ts) where it has not.
 */
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { cliCompileCacheDir, enableCompileCache } from './compile-cache.js'
import { runWithCodeCache } from './script-cache.js'

/** The user's home folder, or '' when the OS cannot tell (no HOME, no passwd entry). */
function home(): string {
  try {
    return homedir()
  } catch {
    return ''
  }
}

const bundle = fileURLToPath(new URL('./cli.bundle.cjs', import.meta.url))
const cacheDir = cliCompileCacheDir({ env: process.env, platform: process.platform, home: home() })
if (enableCompileCache(cacheDir)) createRequire(import.meta.url)(bundle)
// NODE_DISABLE_COMPILE_CACHE turns the CLI's own cache off too.
else runWithCodeCache(bundle, process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : cacheDir)
