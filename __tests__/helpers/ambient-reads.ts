/**
 * Where a source tree reads the process's ambient state of its own (docs/design.md §8): the
 * wall clock or a monotonic reading, the environment, the working directory, the host name.
 * The core gets each of these from its ports or from a parameter the front end fills; this
 * scan finds what slipped past that, for the architecture rule.
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { sourceFiles } from './import-graph.js'

/** Each kind of ambient read, and how its call is spelled in code. */
export const AMBIENT_READS: Readonly<Record<string, RegExp>> = {
  'Date.now(': /\bDate\.now\(/,
  'new Date()': /\bnew Date\(\s*\)/,
  'performance.now(': /\bperformance\.now\(/,
  'process.hrtime': /\bprocess\.hrtime\b/,
  'process.env': /\bprocess\.env\b/,
  'process.cwd(': /\bprocess\.cwd\(/,
  'hostname(': /\bhostname\(/
}

/** A file's text without its comments, so a doc comment that names `process.env` is no read. */
function codeOf(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

/**
 * Every ambient read under `root`, as `file: kind` (file relative to `root`), leaving out
 * the kinds `allowed` lets a file make.
 */
export function ambientReads(root: string, allowed: Readonly<Record<string, readonly string[]>> = {}): string[] {
  return sourceFiles(root).flatMap(path => {
    const file = relative(root, path)
    const code = codeOf(path)
    return Object.entries(AMBIENT_READS)
      .filter(([kind, pattern]) => pattern.test(code) && !(allowed[file] ?? []).includes(kind))
      .map(([kind]) => `${file}: ${kind}`)
  })
}
