/**
 * The import graph of a TypeScript tree, for the architecture rules (docs/design.md §8):
 * which file imports which (type-only imports and re-exports included, since a type cycle
 * is still a cycle for a reader), the cycles in it, and the front ends' imports of the core.
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
