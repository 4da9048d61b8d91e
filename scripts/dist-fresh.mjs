// jest's globalSetup for the tiers that run the built bundle (docs/design.md §9): they would
// otherwise test whatever an older build left in dist/. dist/ counts as stale when any file
// under src/ was modified after the oldest of the bundle's files was written. `npm test`
// builds right before jest, so its dist/ is always newer; after a clone or a checkout git may
// have written dist/ before src/, and the check then asks for a build too.
import { readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The files the bundle tests run. */
export const BUNDLE_FILES = ['dist/cli.js', 'dist/index.js', 'dist/post.js', 'dist/report.js']

/** The newest modification time (ms) of the files under dir, or 0 when it holds none. */
function newestFileTime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestFileTime(path))
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

/** What is wrong with root's dist/ for the bundle tests, in one line, or undefined when it is fresh. */
export function distProblem(root) {
  const times = []
  for (const file of BUNDLE_FILES) {
    try {
      times.push(statSync(join(root, file)).mtimeMs)
    } catch {
      return `${file} is missing: run \`npm run build\` first (or \`npm run test:unit\`, which needs no build)`
    }
  }
  if (newestFileTime(join(root, 'src')) > Math.min(...times)) {
    return 'dist/ is older than src/: run `npm run build` first (or `npm run test:unit`, which needs no build)'
  }
  return undefined
}

/** Stops the jest run with the one line when dist/ will not do. */
export default function checkDistFresh() {
  const problem = distProblem(join(dirname(fileURLToPath(import.meta.url)), '..'))
  if (problem === undefined) return
  const error = new Error(problem)
  error.stack = problem
  throw error
}
