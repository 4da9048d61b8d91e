/**
 * Entry point of dist/report.js, report/action.yml (docs/design.md §9 "Start-up"): runs the
 * report's bundle (dist/report.bundle.cjs, from action/report-entry.ts) with the job's code
 * cache (action/compile-cache.ts).
 */
import { fileURLToPath } from 'node:url'
import { runWithCodeCache } from '../launch/code-cache.js'
import { actionCompileCacheDir } from './compile-cache.js'

runWithCodeCache(fileURLToPath(new URL('./report.bundle.cjs', import.meta.url)), actionCompileCacheDir(process.env))
