/**
 * Entry point of dist/cli.js (docs/design.md §9 "Start-up"): runs the CLI's bundle
 * (dist/cli.bundle.cjs, from cli/index.ts) and the chunks it loads with the code cache kept
 * under the user's cache folder (cli/compile-cache.ts, launch/code-cache.ts).
 */
import { homedir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { cliCompileCacheDir } from './compile-cache.js'
import { runWithCodeCache } from '../launch/code-cache.js'

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
// NODE_DISABLE_COMPILE_CACHE, which turns Node's compile cache off, turns this one off too.
// The caches are whole when the process ran a verify, the work they are for; else partial.
// Asked as the process exits; one that exits while the bundle loads has not (code-cache.ts).
const exported = runWithCodeCache(bundle, process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : cacheDir, {
  complete: () => exported.verifyRan?.() === true
}) as { verifyRan?: () => boolean }
