/**
 * Where in the workspace an excerpt says a failure is (docs/design.md §5): the first
 * `path:line[:col]` it names of a file that exists there; and a text with the absolute paths
 * of workspace files it names written relative to the workspace. Paths come from command
 * output, so they are untrusted: one that leaves the workspace, by `..` or by a link, names nothing.
 */
import { realpathSync, statSync } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A place in a workspace file: `file` relative to the workspace with `/` separators; 1-based. */
export interface SourceLocation {
  file: string
  line: number
  column?: number
}

/** Where relative paths in the output are looked up. */
export interface LocationBase {
  /** The repository's checkout (GITHUB_WORKSPACE, the CLI's target): results are relative to it. */
  workspace: string
  /** Where the commands ran; tried before the workspace, since tools print paths relative to it. */
  workingDirectory?: string
}

// Each form gives the path in group 1, the line in 2 and the column, when there is one, in 3.
const FORMS: readonly RegExp[] = [
  /File "([^"]+)", line (\d+)/g, // python
  /([^\s()'"`<>]+)\((\d+),(\d+)\)/g, // tsc
  /([^\s()'"`<>[\]]+?):(\d+)(?::(\d+))?(?=$|[\s:),;\]])/g // path:line:col, bare or in parentheses
]
// Every candidate costs a stat: bound the work one excerpt can cause.
const MAX_CANDIDATES = 100

interface Candidate {
  index: number
  /** A python frame: tracebacks list the innermost call last. */
  python: boolean
  path: string
  line: number
  column?: number
}

function candidatesOf(line: string): Candidate[] {
  const found: Candidate[] = []
  for (const form of FORMS) {
    const python = form === FORMS[0]
    for (const match of line.matchAll(form)) {
      const lineNumber = Number(match[2])
      const column = match[3] === undefined ? undefined : Number(match[3])
      if (!(lineNumber >= 1)) continue
      found.push({ index: match.index, python, path: match[1]!, line: lineNumber, ...(column !== undefined && column >= 1 && { column }) })
    }
  }
  return found.sort((a, b) => a.index - b.index)
}

function realOrNothing(path: string): string | undefined {
  try {
    return realpathSync(path)
  } catch {
    return undefined
  }
}

function inside(root: string, path: string): string | undefined {
  const rel = relative(root, path)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : undefined
}

/** The workspace-relative name of a regular file the output's `path` names, if it is one inside. */
function workspaceFile(path: string, base: LocationBase, realWorkspace: string): string | undefined {
  let name = path
  if (name.startsWith('file://')) {
    try {
      name = fileURLToPath(name)
    } catch {
      return undefined
    }
  }
  // Never follow the output out of the workspace, even when it would come back in.
  if (name.includes('\0') || name.split(/[\\/]/).includes('..')) return undefined
  const workspace = resolve(base.workspace)
  const tries = isAbsolute(name) ? [name] : [resolve(base.workingDirectory ?? workspace, name), resolve(workspace, name)]
  for (const candidate of tries) {
    // An absolute path may be spelled through the workspace's real path (a linked temp dir).
    const rel = inside(workspace, candidate) ?? inside(realWorkspace, candidate)
    if (rel === undefined) continue
    const real = realOrNothing(candidate)
    if (real === undefined || inside(realWorkspace, real) === undefined) continue
    if (!statSync(real).isFile()) continue
    return rel.split(sep).join('/')
  }
  return undefined
}

/**
 * The first `path:line[:col]` in `text` naming a file inside the workspace (for a python
 * traceback, its last such frame: the innermost call); nothing if none does.
 */
export function locateInText(text: string, base: LocationBase): SourceLocation | undefined {
  const realWorkspace = realOrNothing(resolve(base.workspace))
  if (realWorkspace === undefined) return undefined
  let checked = 0
  let found: SourceLocation | undefined
  for (const line of text.split('\n')) {
    for (const candidate of candidatesOf(line)) {
      if (++checked > MAX_CANDIDATES) return found
      // Past a python frame, only later python frames can take its place.
      if (found !== undefined && !candidate.python) continue
      const file = workspaceFile(candidate.path, base, realWorkspace)
      if (file === undefined) continue
      found = { file, line: candidate.line, ...(candidate.column !== undefined && { column: candidate.column }) }
      if (!candidate.python) return found
    }
  }
  return found
}

/** The workspace-relative name of `path` (relative to the working directory or the workspace) when it is a regular file inside. */
export function findWorkspaceFile(path: string, base: LocationBase): string | undefined {
  const realWorkspace = realOrNothing(resolve(base.workspace))
  return realWorkspace === undefined ? undefined : workspaceFile(path, base, realWorkspace)
}

/** Most distinct paths one WorkspacePaths remembers; past it each is looked up again. */
const MAX_REMEMBERED_PATHS = 1_000

/**
 * Texts with the absolute paths (and `file://` URLs) of workspace files they name in
 * `path:line` form written relative to the workspace, as the runners' own output names them
 * (docs/design.md §1 "Test results"). A path outside the workspace, or of no regular file,
 * stays as written. Each distinct path is looked up once.
 */
export class WorkspacePaths {
  private readonly realWorkspace: string | undefined
  private readonly seen = new Map<string, string | undefined>()

  constructor(private readonly base: LocationBase) {
    this.realWorkspace = realOrNothing(resolve(base.workspace))
  }

  /** `text` with each absolute workspace path it names relative; the first 100 places looked at, as locateInText. */
  text(text: string): string {
    if (this.realWorkspace === undefined || !/[/\\]|file:/.test(text)) return text
    let checked = 0
    const lines = text.split('\n').map(line => {
      const edits: { at: number; length: number; file: string }[] = []
      for (const candidate of candidatesOf(line)) {
        if (!(isAbsolute(candidate.path) || candidate.path.startsWith('file://'))) continue
        if (++checked > MAX_CANDIDATES) break
        const at = line.indexOf(candidate.path, candidate.index)
        const last = edits[edits.length - 1]
        if (at < 0 || (last !== undefined && at < last.at + last.length)) continue
        const file = this.file(candidate.path)
        if (file !== undefined) edits.push({ at, length: candidate.path.length, file })
      }
      let out = line
      for (const edit of edits.reverse()) out = `${out.slice(0, edit.at)}${edit.file}${out.slice(edit.at + edit.length)}`
      return out
    })
    return lines.join('\n')
  }

  private file(path: string): string | undefined {
    if (this.seen.has(path)) return this.seen.get(path)
    const file = workspaceFile(path, this.base, this.realWorkspace!)
    if (this.seen.size < MAX_REMEMBERED_PATHS) this.seen.set(path, file)
    return file
  }
}
