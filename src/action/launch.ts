/**
 * Entry point of dist/index.js, the action's main step, and through dist/post.js of its post
 * step (docs/design.md §9 "Start-up"): turns the compile cache on, then loads the action's
 * bundle (dist/index.bundle.js, from action/index.ts), so that the bundle is compiled with the
 * cache, not before it. The bundle tells the steps apart by the script the runner started.
 */
import { actionCompileCacheDir, enableCompileCache } from './compile-cache.js'

enableCompileCache(actionCompileCacheDir(process.env))
await import(new URL('./index.bundle.js', import.meta.url).href)
