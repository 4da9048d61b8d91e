/**
 * The runtimes a compile-cache test runs the bundle on (docs/design.md §9 "Start-up"): the
 * node running the tests, and a Node with `module.enableCompileCache` named by
 * REVERIFY_NODE24 (CI fetches one; without it those cases are skipped and say why).
 */
import module from 'node:module'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** A node binary to run the bundle with, and whether it has the compile cache. */
export interface Runtime {
  label: string
  node: string
  hasCompileCache: boolean
}

/** The node running the tests (Node 20 here: no compile cache). */
export const TEST_RUNTIME: Runtime = {
  label: `the test runner's node ${process.version}`,
  node: process.execPath,
  hasCompileCache: typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function'
}

/** The Node ≥ 22.8 named by REVERIFY_NODE24, when set. */
export const NODE24: Runtime | undefined = process.env.REVERIFY_NODE24
  ? { label: 'REVERIFY_NODE24', node: process.env.REVERIFY_NODE24, hasCompileCache: true }
  : undefined

/** `test`, or `test.skip` with the reason in its name when REVERIFY_NODE24 is not set. */
export function withNode24(name: string, body: (runtime: Runtime) => Promise<void>, timeout: number): void {
  if (NODE24 === undefined) test.skip(`${name} (skipped: set REVERIFY_NODE24 to a node ≥ 22.8 binary)`, () => undefined)
  else test(name, () => body(NODE24), timeout)
}

/** Every file under dir, as paths relative to it; [] when dir does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath, entry.name).slice(dir.length + 1))
}
