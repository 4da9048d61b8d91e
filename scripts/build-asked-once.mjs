// Questions a bundled client asks of the machine more than once in a process, answered once
// (docs/design.md §9 "The build"). @actions/cache decides between zstd and gzip by starting
// `zstd --quiet --version` (getCompressionMethod), on every restore and again on every save:
// the action's main step, which does both, started it twice. A process costs the step more
// than it seems: Node forks the whole step to start one (5-10 ms at the step's 80-100 MB on a
// slow runner). The answer cannot change in between for the step's own archives (a command
// that installs zstd meanwhile would otherwise have the save use another compression than
// the restore read), so the build makes the function keep its first answer: the declaration is
// renamed, and a function of the old name returns the first call's promise ever after. The
// rewrite is refused, and the build stops, unless the bundle that holds the client has
// exactly one such declaration, the one that asks zstd.
import { parse } from 'acorn'
import { visit } from './build-deferred.mjs'

/** The functions answered once: their package, their name in ncc's output, and what their body holds (a string literal). */
export const ASKED_ONCE = [{ pkg: '@actions/cache', name: 'getCompressionMethod', asks: /(["'])zstd\1/ }]

export class AskedOnceError extends Error {}

/**
 * `code` (one file of ncc's output) with each declaration of ASKED_ONCE answered once, and
 * how many of each name it rewrote. A file without the names is left as it is, unparsed.
 */
export function askOnce(file, code, functions = ASKED_ONCE) {
  const named = functions.filter(({ name }) => code.includes(`function ${name}(`))
  if (named.length === 0) return { code, rewritten: new Map() }
  let ast
  try {
    ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' })
  } catch (error) {
    throw new AskedOnceError(
      `${file}: cannot parse ncc's output to answer ${named.map(({ name }) => name).join(', ')} once: ${error.message}`
    )
  }
  const edits = []
  const counts = new Map()
  visit(ast, [], node => {
    if (node.type !== 'FunctionDeclaration' || node.generator) return
    const asked = named.find(({ name }) => node.id.name === name)
    if (asked === undefined || !asked.asks.test(code.slice(node.body.start, node.body.end))) return
    const { name } = asked
    if (node.params.length > 0) throw new AskedOnceError(`${file}: ${name} takes arguments; its answer cannot be kept`)
    counts.set(name, (counts.get(name) ?? 0) + 1)
    edits.push({ at: node.id.start, end: node.id.end, text: `${name}$asked` })
    edits.push({
      at: node.end,
      end: node.end,
      text: `\nvar ${name}$answer;\nfunction ${name}() { return ${name}$answer ??= ${name}$asked(); }`
    })
  })
  let rewritten = code
  for (const { at, end, text } of edits.sort((a, b) => b.at - a.at)) rewritten = rewritten.slice(0, at) + text + rewritten.slice(end)
  return { code: rewritten, rewritten: counts }
}

/**
 * Stops the build unless each function of ASKED_ONCE whose package one entry bundles was
 * rewritten exactly once across its files (`rewritten`: name → count); `stats` is ncc's.
 */
export function requireAskedOnce(entry, stats, rewritten, functions = ASKED_ONCE) {
  const names = (stats.toJson({ all: false, modules: true }).modules ?? []).map(({ name }) => String(name ?? ''))
  for (const { pkg, name } of functions) {
    if (!names.some(module => module.includes(`node_modules/${pkg}/`))) continue
    const count = rewritten.get(name) ?? 0
    if (count !== 1) {
      throw new AskedOnceError(
        `${entry}: bundles ${pkg} but ${count} declarations of ${name} were answered once (one expected); did ${pkg} change?`
      )
    }
  }
}
