/**
 * The files `test-results` names (docs/design.md §1 "Test results"): globs relative to the working
 * directory with `*`, `?`, `[abc]`, `{a,b}` and `**`, matched by a small walker of our own
 * rather than a glob library, because the walk needs limits a library does not have: no
 * symbolic link is followed or returned (not even a linked folder in a pattern's fixed part),
 * `**` skips dot-folders and node_modules, and the number of folders read and files returned
 * is capped.
 */
import type { Dirent } from 'node:fs'
import { promises as fsp } from 'node:fs'
import { lstatOrUndefined } from '../base/atomic-file.js'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { compareCodeUnits } from '../base/plain-text.js'

/** How much one attempt's search may cost. */
export interface GlobLimits {
  maxFiles: number
  maxEntries: number
  maxDepth: number
}

/** The limits used unless a test asks for others. */
export const GLOB_LIMITS: GlobLimits = { maxFiles: 100, maxEntries: 50_000, maxDepth: 32 }

/** A pattern that was not searched because its fixed part leads through a symbolic link. */
export interface RefusedPattern {
  pattern: string
  /** The linked folder, as the pattern names it (`linked`, `out/linked`). */
  link: string
}

/** What the patterns matched: absolute paths of regular files, sorted; `truncated` when a limit cut the search. */
export interface GlobResult {
  files: string[]
  truncated: boolean
  refused: RefusedPattern[]
}

/**
 * The first folder on the way from `base` to `path` that is a symbolic link, relative to
 * `base`; undefined when every folder on the way is a real one (or does not exist). `path`
 * is already resolved, so `..` is lexical. Folders above `base` (a pattern may start with
 * `../`) are checked from the first one the pattern names.
 */
async function linkedFolder(base: string, path: string): Promise<string | undefined> {
  const rel = relative(base, path)
  if (rel === '' || isAbsolute(rel)) return undefined
  const parts = rel.split(sep)
  const up = parts.findIndex(part => part !== '..')
  if (up === -1) return undefined
  // Every part but the last is a folder the kernel would pass through.
  for (let i = up; i < parts.length - 1; i++) {
    const stats = lstatOrUndefined(join(base, ...parts.slice(0, i + 1)))
    if (stats === undefined) return undefined
    if (stats.isSymbolicLink()) return parts.slice(0, i + 1).join('/')
  }
  return undefined
}

const GLOB_CHARS = /[*?[{]/

/** One path segment of a pattern as an anchored regular expression. */
export function segmentPattern(segment: string): RegExp {
  let source = ''
  let inBraces = false
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i]!
    if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '[') {
      const close = segment.indexOf(']', i + 2)
      if (close === -1) source += '\\['
      else {
        const body = segment.slice(i + 1, close)
        const negated = body.startsWith('!') || body.startsWith('^')
        source += `[${negated ? '^' : ''}${(negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&')}]`
        i = close
      }
    } else if (char === '{' && !inBraces && segment.indexOf('}', i) !== -1) {
      source += '(?:'
      inBraces = true
    } else if (char === '}' && inBraces) {
      source += ')'
      inBraces = false
    } else if (char === ',' && inBraces) source += '|'
    else source += char.replace(/[.+^${}()|\\/]/g, '\\$&')
  }
  // A dot-file is matched only by a pattern that starts with a dot.
  const dotGuard = segment.startsWith('.') ? '' : '(?!\\.)'
  return new RegExp(`^${dotGuard}(?:${source})$`)
}

/** Finds the regular files the patterns match under `base`. */
export async function findFiles(patterns: readonly string[], base: string, limits: GlobLimits = GLOB_LIMITS): Promise<GlobResult> {
  const found = new Set<string>()
  const refused: RefusedPattern[] = []
  let entries = 0
  let truncated = false

  const full = (): boolean => {
    if (found.size >= limits.maxFiles || entries >= limits.maxEntries) truncated = true
    return truncated
  }

  const list = async (dir: string): Promise<Dirent[]> => {
    try {
      const items = await fsp.readdir(dir, { withFileTypes: true })
      entries += items.length
      return items.sort((a, b) => compareCodeUnits(a.name, b.name))
    } catch {
      return []
    }
  }

  const walk = async (dir: string, segments: readonly string[], index: number, depth: number): Promise<void> => {
    if (full() || depth > limits.maxDepth) return
    const segment = segments[index]!
    const last = index === segments.length - 1
    if (segment === '**') {
      if (last) return walk(dir, [...segments, '*'], index, depth)
      await walk(dir, segments, index + 1, depth)
      for (const item of await list(dir)) {
        if (full()) return
        if (item.isDirectory() && !item.name.startsWith('.') && item.name !== 'node_modules') {
          await walk(join(dir, item.name), segments, index, depth + 1)
        }
      }
      return
    }
    const pattern = segmentPattern(segment)
    for (const item of await list(dir)) {
      if (full()) return
      if (!pattern.test(item.name)) continue
      const path = join(dir, item.name)
      if (last) {
        if (item.isFile()) found.add(path)
      } else if (item.isDirectory()) await walk(path, segments, index + 1, depth + 1)
    }
  }

  for (const raw of patterns) {
    const segments = raw.replace(/\\/g, '/').split('/')
    const firstGlob = segments.findIndex(segment => GLOB_CHARS.test(segment))
    if (firstGlob === -1) {
      // A plain path: it counts when it is a regular file (a link is not followed).
      const path = resolve(base, raw)
      const link = await linkedFolder(base, path)
      if (link !== undefined) {
        refused.push({ pattern: raw, link })
        continue
      }
      const stats = lstatOrUndefined(path)
      if (stats?.isFile() && !full()) found.add(path)
      continue
    }
    const root = resolve(base, segments.slice(0, firstGlob).join('/') || '.')
    // The root itself is checked below (it must be a real folder); the folders above it here.
    const link = await linkedFolder(base, join(root, '_'))
    if (link !== undefined) {
      refused.push({ pattern: raw, link })
      continue
    }
    const rootStats = lstatOrUndefined(root)
    if (!rootStats?.isDirectory()) continue
    await walk(
      root,
      segments.slice(firstGlob).filter(segment => segment !== ''),
      0,
      0
    )
  }
  return { files: [...found].sort(), truncated, refused }
}
