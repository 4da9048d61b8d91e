/**
 * The V8 compile cache of the action's steps (docs/design.md §9 "Start-up"): under the job's
 * RUNNER_TEMP, so the post step, the report step and later reverify steps of the same job
 * find what the first one compiled. A convenience only: whatever goes wrong, the step goes on
 * without it.
 */
import module from 'node:module'
import { isAbsolute, join } from 'node:path'

/** The job's compile cache folder, or undefined without an absolute RUNNER_TEMP. */
export function actionCompileCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  const runnerTemp = env.RUNNER_TEMP
  return runnerTemp && isAbsolute(runnerTemp) ? join(runnerTemp, 'reverify-compile-cache') : undefined
}

type EnableCompileCache = (directory: string) => unknown

/**
 * Turns on Node's on-disk compile cache in `directory`, for every module compiled from now
 * on, where the runtime has it (Node ≥ 22.8). Node keeps it silent itself (a folder it cannot
 * make is a status, not an exception), honours NODE_COMPILE_CACHE (set, it is on already) and
 * NODE_DISABLE_COMPILE_CACHE; anything thrown is swallowed here.
 */
export function enableCompileCache(directory: string | undefined): void {
  const enable = (module as { enableCompileCache?: EnableCompileCache }).enableCompileCache
  if (directory === undefined || typeof enable !== 'function') return
  try {
    enable(directory)
  } catch {
    // A cache is never a reason to fail a step.
  }
}
