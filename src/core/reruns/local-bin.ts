/**
 * A preset's runner started from the project's own `node_modules/.bin`, as npx would find
 * it, without npx: npx costs a third of a second or more before the runner starts, which is
 * a good part of a rerun of two tests (BENCHMARKS.md row l). Looked up from the working
 * directory upwards (a workspace's packages share the root's `node_modules`); when there is
 * none (Yarn Plug'n'Play, a global install) the preset runs through npx as written.
 */
import { statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'

/** `npx <bin>` at the start of a preset. */
const NPX_START = /^npx ([a-z][\w-]*)(?= )/

/** The preset's template with `npx <bin>` replaced by the path of the project's own binary, when it has one. */
export function withLocalBin(template: string, workingDirectory: string): string {
  const match = NPX_START.exec(template)
  if (match === null) return template
  const bin = match[1]!
  for (let dir = workingDirectory; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '.bin', bin)
    if (isExecutableFile(candidate)) {
      const path = relative(workingDirectory, candidate).split(sep).join('/')
      return `${path}${template.slice(match[0].length)}`
    }
    if (dirname(dir) === dir) return template
  }
}

function isExecutableFile(path: string): boolean {
  try {
    const info = statSync(path)
    return info.isFile() && (info.mode & 0o111) !== 0
  } catch {
    return false
  }
}
