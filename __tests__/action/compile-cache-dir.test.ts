/** Where the action keeps its code cache (docs/design.md §9 "Start-up"). */
import { actionCompileCacheDir } from '../../src/action/compile-cache.js'

test("under the job's RUNNER_TEMP, and nowhere without an absolute one", () => {
  expect(actionCompileCacheDir({ RUNNER_TEMP: '/home/runner/work/_temp' })).toBe('/home/runner/work/_temp/reverify-compile-cache')
  expect(actionCompileCacheDir({})).toBeUndefined()
  expect(actionCompileCacheDir({ RUNNER_TEMP: '' })).toBeUndefined()
  expect(actionCompileCacheDir({ RUNNER_TEMP: '_temp' })).toBeUndefined()
})
