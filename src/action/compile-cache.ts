/**
 * The code cache of the action's steps (docs/design.md §9 "Start-up"): under the job's
 * RUNNER_TEMP, so the post step, the report step and later reverify steps of the same job
 * find what the first one compiled. A convenience only: whatever goes wrong, the step goes on
 * without it.
 */
import { isAbsolute, join } from 'node:path'

/**
 * The job's code cache folder, or undefined (no cache) without an absolute RUNNER_TEMP or
 * with NODE_DISABLE_COMPILE_CACHE set, which turns Node's compile cache off too.
 */
export function actionCompileCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  const runnerTemp = env.RUNNER_TEMP
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined
  return runnerTemp && isAbsolute(runnerTemp) ? join(runnerTemp, 'reverify-compile-cache') : undefined
}
