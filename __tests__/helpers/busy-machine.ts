/**
 * Set up before every test file (docs/design.md §9, "Tests on a busy machine"). A timeout a
 * test file writes as a number (`test(name, fn, 60_000)`, `beforeAll(fn, 30_000)`, the same
 * through `.each`, `.concurrent`, `.only`) is what it needs on an idle 2-core machine; jest
 * gets that times REVERIFY_TEST_SLOWDOWN (default 5), as it gets the run's default timeout
 * from jest.config.js. A limit only ends a test that hangs, so a generous one costs nothing.
 */
import { withScaledTimeouts, type Callable } from './scaled-timeouts.js'

const globals = globalThis as unknown as Record<string, Callable | undefined>
for (const [name, at] of [
  ['test', 2],
  ['it', 2],
  ['fit', 2],
  ['xit', 2],
  ['xtest', 2],
  ['beforeAll', 1],
  ['beforeEach', 1],
  ['afterAll', 1],
  ['afterEach', 1]
] as const) {
  const api = globals[name]
  if (api !== undefined) globals[name] = withScaledTimeouts(api, at)
}
