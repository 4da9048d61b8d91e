/**
 * Entry point of dist/report.js, report/action.yml (docs/design.md §9 "Start-up"): turns the
 * compile cache on, then loads the report's bundle (dist/report.bundle.js, from
 * action/report-entry.ts), so that the bundle is compiled with the cache, not before it.
 */
import { actionCompileCacheDir, enableCompileCache } from './compile-cache.js'

enableCompileCache(actionCompileCacheDir(process.env))
await import(new URL('./report.bundle.js', import.meta.url).href)
