/** Where the CLI keeps its state: the repository's top level (or cwd), and .reverify/ in it. */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/** The git top level containing dir (a folder holding .git), else dir itself. */
export function findTargetRoot(dir: string): string {
  let current = resolve(dir)
  for (;;) {
    if (existsSync(join(current, '.git'))) return current
    const parent = dirname(current)
    if (parent === current) return resolve(dir)
    current = parent
  }
}

/** The CLI's default state directory for a target root. */
export function defaultStateDir(root: string): string {
  return join(root, '.reverify')
}
