/**
 * The V8 compile cache of the action's steps (docs/design.md §9 "Start-up"): under the job's
 * RUNNER_TEMP, so the post step, the report step and later reverify steps of the same job
 * find what the first one compiled. A convenience only: whatever goes wrong, the step goes on
 * without it.
 */
import { isAbsolute, join } from 'node:path'

/** The job's compile cache folder, or undefined without an absolute RUNNER_TEMP. */
export function actionCompileCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  const runnerTemp = env.RUNNER_TEMP
  return runnerTemp && isAbsolute(runnerTemp) ? join(runnerTemp, 'reverify-compile-cache') : undefined
}

/**
 * Turning the cache on is the CLI's own function (cli/compile-cache.ts): the same few lines
 * for every entry point, kept in one place. It imports nothing but node's own modules, so a
 * launcher that uses it loads nothing of either bundle before the cache is on.
 */
export { enableCompileCache } from '../cli/compile-cache.js'
