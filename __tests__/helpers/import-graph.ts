/**
 * The import graph of a TypeScript tree, for the architecture rules (docs/design.md §8):
 * which file imports which (type-only imports and re-exports included, since a type cycle
 * is still a cycle for a reader), the cycles in it, the front ends' imports of the core, and
 * the same graph one level up: the core's folders, their cycles and their floors.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Every `.ts` file under `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []
  )
}

/** Module specifiers of every import and re-export of a file. */
export function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  return [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)
  ].map(match => match[1]!)
}

/** The file a relative specifier names (`./x.js` is `./x.ts`), or undefined for a package. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const target = resolve(dirname(from), specifier).replace(/\.js$/, '.ts')
  return existsSync(target) ? target : undefined
}

/** Each file of `root` with the files of `root` it imports, as paths relative to `root`. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(root)) {
    const targets = importsOf(file).flatMap(specifier => {
      const target = resolveSpecifier(file, specifier)
      return target === undefined ? [] : [relative(root, target)]
    })
    graph.set(relative(root, file), [...new Set(targets)])
  }
  return graph
}

/** The import cycles of a graph: each strongly connected group of two or more files, or a file importing itself (Tarjan). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  let next = 0
  const visit = (node: string): void => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!))
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort())
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return cycles
}

/** Imports of a core module other than `core/index.ts` from the front ends (`cli/`, `action/`). */
export function frontEndReachIns(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const frontEnd = (path: string) => /^(cli|action)\//.test(path)
  return [...graph].flatMap(([file, targets]) =>
    frontEnd(file)
      ? targets.filter(target => target.startsWith('core/') && target !== 'core/index.ts').map(target => `${file} imports ${target}`)
      : []
  )
}

/** An import from one core folder into another: the folders, and the file that imports the other. */
export interface FolderImport {
  from: string
  to: string
  file: string
  target: string
}

/** The core folder of a path relative to the tree's root (`core/<folder>/…`); undefined for `core/index.ts` and anything outside the core. */
export function coreFolderOf(path: string): string | undefined {
  const parts = path.split('/')
  return parts[0] === 'core' && parts.length > 2 ? parts[1] : undefined
}

/** Every import of a graph that goes from one core folder into another (the core's face, `core/index.ts`, is no folder). */
export function folderImports(graph: ReadonlyMap<string, readonly string[]>): FolderImport[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = coreFolderOf(file)
    if (from === undefined) return []
    return targets.flatMap(target => {
      const to = coreFolderOf(target)
      return to === undefined || to === from ? [] : [{ from, to, file, target }]
    })
  })
}

/** The core's folders, each with the folders it imports (every folder is a key, even one that imports none). */
export function folderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>()
  for (const file of graph.keys()) {
    const folder = coreFolderOf(file)
    if (folder !== undefined && !folders.has(folder)) folders.set(folder, new Set())
  }
  for (const { from, to } of folderImports(graph)) folders.get(from)?.add(to)
  return new Map([...folders].sort(([a], [b]) => (a < b ? -1 : 1)).map(([folder, targets]) => [folder, [...targets].sort()]))
}

/**
 * The cycles between core folders, type-only imports included, one line each: the folders
 * of a strongly connected group, and one import that closes it — an import from the first
 * of them into a folder that leads back to it.
 */
export function folderCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const folders = folderGraph(graph)
  const imports = folderImports(graph)
  return importCycles(folders).map(group => {
    const [first] = group
    const back = imports.find(({ from, to }) => from === first && group.includes(to))!
    return `core folders ${group.join(', ')} import each other: ${back.file} imports ${back.target}`
  })
}

/**
 * The imports that run back up in a floor order (the core's folders from the bottom floor
 * up): from a folder into one on a higher floor. Zero for every import means each folder
 * stands above everything it imports. A folder missing from the order counts as the top floor.
 */
export function importsRunningUp(graph: ReadonlyMap<string, readonly string[]>, floors: readonly string[]): FolderImport[] {
  const floor = (folder: string) => (floors.includes(folder) ? floors.indexOf(folder) : floors.length)
  return folderImports(graph).filter(({ from, to }) => floor(from) < floor(to))
}
