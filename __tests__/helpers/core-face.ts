/**
 * The core's face (docs/design.md §8): the names `core/index.ts` exports to the front ends,
 * read from its text — values and types alike, a renamed export by the name it is shown as.
 */
import { readFileSync } from 'node:fs'

/** The names an index module exports, sorted; comments are not read. */
export function faceNames(indexPath: string): string[] {
  const text = readFileSync(indexPath, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
  const names = new Set<string>()
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
      if (name) names.add(name)
    }
  }
  for (const match of text.matchAll(/export\s+(?:const|function|class|interface|type|async\s+function)\s+(\w+)/g)) names.add(match[1]!)
  for (const match of text.matchAll(/export\s+\*\s+(?:as\s+(\w+)\s+)?from/g)) names.add(match[1] ?? '*')
  return [...names].sort()
}
