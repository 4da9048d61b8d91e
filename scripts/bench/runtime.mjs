// The runtime the bench measures (BENCHMARKS.md "Reproduce"): `--node BIN` or `--runtime
// MAJOR` (fetched from the npm registry by scripts/fetch-node.mjs). The bench then runs
// itself on that node, with its folder first on PATH, so every row's node children — dist/cli.js
// through its `#!/usr/bin/env -S node` line, npx, the baselines' `node -e 0` — start the
// same binary as `process.execPath`.
import { spawnSync } from 'node:child_process'
import { existsSync, realpathSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'

/** Set in the relaunched bench, so it never relaunches again. */
const RELAUNCHED = 'REVERIFY_BENCH_RUNTIME'

/** `PATH` with the folder of `nodeBinary` first (and not again later). */
export function pathWithNodeFirst(nodeBinary, path = '') {
  const folder = dirname(nodeBinary)
  return [folder, ...path.split(delimiter).filter(entry => entry !== '' && entry !== folder)].join(delimiter)
}

/** The label of a runtime's block of figures in BENCHMARKS.md, e.g. `node24` for `v24.22.3`. */
export function runtimeLabel(version) {
  return `node${version.replace(/^v/, '').split('.')[0]}`
}

/** The major version of the node running the bench. */
export function runtimeMajor(version = process.version) {
  return Number(version.replace(/^v/, '').split('.')[0])
}

/** The node binary `--node`/`--runtime` ask for; undefined when neither is given. */
export function chosenNode({ node, runtime }, root) {
  if (node !== undefined) {
    if (!existsSync(node)) throw new Error(`--node: ${node} does not exist`)
    return realpathSync(node)
  }
  if (runtime === undefined) return undefined
  const fetched = spawnSync(process.execPath, [join(root, 'scripts', 'fetch-node.mjs'), runtime], { encoding: 'utf8' })
  if (fetched.status !== 0) throw new Error(`--runtime ${runtime}: ${fetched.stderr.trim().split('\n').at(-1) ?? 'fetch failed'}`)
  return fetched.stdout.trim()
}

/**
 * Runs the bench again on `nodeBinary` when that is not the node running it, with that
 * node's folder first on PATH; resolves to its exit code, or undefined when this process is
 * already the one to measure (its PATH is then set to lead to its own node).
 */
export function relaunchOn(nodeBinary, script, argv) {
  const current = realpathSync(process.execPath)
  if (nodeBinary !== undefined && nodeBinary !== current && process.env[RELAUNCHED] === undefined) {
    const env = { ...process.env, PATH: pathWithNodeFirst(nodeBinary, process.env.PATH), [RELAUNCHED]: nodeBinary }
    const child = spawnSync(nodeBinary, [script, ...argv], { stdio: 'inherit', env })
    if (child.error) throw new Error(`--node: cannot start ${nodeBinary}: ${child.error.message}`)
    return child.status ?? 1
  }
  process.env.PATH = pathWithNodeFirst(current, process.env.PATH)
  return undefined
}
