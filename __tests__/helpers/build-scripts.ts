/**
 * The build's own scripts (scripts/*.mjs) as the unit tier tests them: a script's exports,
 * and code such a script rewrote, run as an ES module from a scratch folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { REPO_ROOT } from './cli.js'

/** The exports of `scripts/<name>`. */
export async function buildScript<T>(name: string): Promise<T> {
  return (await import(pathToFileURL(join(REPO_ROOT, 'scripts', name)).href)) as T
}

/** Runs `code` as a module of its own (a new file each time) and answers its exports; the folder goes when the tests end. */
export function moduleRunner<T>(prefix: string): (code: string) => Promise<T> {
  const scratch = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  let serial = 0
  return async code => {
    const file = join(scratch, `module-${serial++}.mjs`)
    writeFileSync(file, code)
    return (await import(pathToFileURL(file).href)) as T
  }
}
