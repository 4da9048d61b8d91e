/**
 * The runtimes a code-cache test runs the bundle on (docs/design.md §9 "Start-up"): the node
 * running the tests, and the Node 24 named by REVERIFY_NODE24 (CI fetches one; without it
 * the tests run on the first only).
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** A node binary to run the bundle with. */
export interface Runtime {
  label: string
  node: string
}

/** The node running the tests (Node 20 here). */
export const TEST_RUNTIME: Runtime = { label: `the test runner's node ${process.version}`, node: process.execPath }

/** The Node 24 named by REVERIFY_NODE24, when set. */
export const NODE24: Runtime | undefined = process.env.REVERIFY_NODE24
  ? { label: 'REVERIFY_NODE24', node: process.env.REVERIFY_NODE24 }
  : undefined

/** Every file under dir, as paths relative to it; [] when dir does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath, entry.name).slice(dir.length + 1))
}

/** The dist/ scripts a code cache folder holds a cache of (`<script>.cjs-<place>-v<runtime>-…`): every script a process that wrote it ran. */
export function scriptsCachedIn(dir: string): string[] {
  return readdirSync(dir).map(name => /^(.+\.cjs)-[0-9a-f]{8}-v\d/.exec(name)![1]!)
}
