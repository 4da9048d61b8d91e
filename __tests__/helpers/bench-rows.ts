/**
 * What the bench's row builders return (scripts/bench/rows.mjs and its neighbours), for the
 * tests that check a section's rows against its targets, and how those tests load a bench
 * module (plain JavaScript, imported by URL).
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { REPO_ROOT } from './cli.js'

/** One row of the bench's report table. */
export interface Row {
  row: string
  what: string
  median?: string
  ratio?: string
  target?: string
  result?: string
}

/** `import()` of scripts/bench/<file>. */
export async function loadBenchModule<Module>(file: string): Promise<Module> {
  return (await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'bench', file)).href)) as Module
}
