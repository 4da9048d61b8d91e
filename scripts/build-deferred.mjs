// Modules the bundles load when first used instead of at start (docs/design.md §9 "The
// build"). @actions/http-client imports undici for one thing, the ProxyAgent a fetch through
// a proxy needs, and @actions/github for the same fetch; neither is used by a step that
// restores, saves and uploads, yet webpack evaluates an imported module before its importer,
// so every action step evaluated undici whole (about 20 ms on Node 24). Here each
// `var name = require(id)` of such a module, in ncc's output, becomes an object whose getters
// require it on first use. The rewrite is refused, and the build stops, unless every use of
// the name is a property read (`name.ProxyAgent`): a getter can stand in for nothing else.
import { parse } from 'acorn'

/** Packages whose entry module is required on first use. */
export const DEFERRED_PACKAGES = ['undici']

export class DeferError extends Error {}

/** The webpack ids of the deferred packages' entry modules in one ncc build (its stats), each with its package. */
export function deferredIds(stats) {
  const ids = new Map()
  for (const { id, name } of stats.toJson({ all: false, modules: true, ids: true }).modules ?? []) {
    for (const pkg of DEFERRED_PACKAGES) {
      if (typeof name === 'string' && name.endsWith(`node_modules/${pkg}/index.js`) && typeof id === 'number') ids.set(id, pkg)
    }
  }
  return ids
}

const REQUIRE = /^__(?:nccwpck|webpack)_require__$/

/** `code` (one file of ncc's output) with every require of a module in `ids` deferred as above. */
export function deferRequires(file, code, ids) {
  if (ids.size === 0 || !new RegExp(`_require__\\((?:${[...ids.keys()].join('|')})\\)`).test(code)) return code
  let ast
  try {
    ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' })
  } catch (error) {
    throw new DeferError(`${file}: cannot parse ncc's output to defer ${[...ids.values()].join(', ')}: ${error.message}`)
  }
  const edits = []
  visit(ast, [], (node, ancestors) => {
    const init = node.type === 'VariableDeclarator' && node.id.type === 'Identifier' ? node.init : undefined
    if (init?.type !== 'CallExpression' || init.callee.type !== 'Identifier' || !REQUIRE.test(init.callee.name)) return
    const [argument, ...rest] = init.arguments
    if (rest.length > 0 || argument?.type !== 'Literal' || !ids.has(argument.value)) return
    const scope = ancestors.findLast(isFunction) ?? ast
    const members = propertiesRead(file, scope, node)
    const load = code.slice(init.start, init.end)
    const getters = [...members].map(member => `get ${member}() { return ${load}.${member}; }`)
    edits.push({ start: init.start, end: init.end, text: `{ ${getters.join(', ')} }` })
  })
  let deferred = code
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
    deferred = deferred.slice(0, start) + text + deferred.slice(end)
  return deferred
}

/** The properties read of the declared name within `scope`; a use of any other kind stops the build. */
function propertiesRead(file, scope, declarator) {
  const name = declarator.id.name
  const members = new Set()
  visit(scope, [], (node, ancestors) => {
    if (node.type !== 'Identifier' || node.name !== name || node === declarator.id) return
    const parent = ancestors.at(-1)
    if (parent.type === 'MemberExpression' && parent.object === node && !parent.computed && parent.property.type === 'Identifier') {
      members.add(parent.property.name)
    } else if (!isNameOnly(node, parent)) {
      throw new DeferError(
        `${file}: ${name} (a deferred module) is used other than by reading a property, at offset ${node.start}; cannot defer it`
      )
    }
  })
  return members
}

/** Whether the identifier is a name and not a reference: a property key, a member's property, a label. */
function isNameOnly(node, parent) {
  if (parent.type === 'MemberExpression') return parent.property === node && !parent.computed
  if (parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') {
    return parent.key === node && !parent.computed && !parent.shorthand
  }
  return parent.type === 'LabeledStatement' || parent.type === 'BreakStatement' || parent.type === 'ContinueStatement'
}

function isFunction(node) {
  return node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression'
}

/** Calls `enter` on every node under `node`, with its ancestors (nearest last). */
function visit(node, ancestors, enter) {
  enter(node, ancestors)
  ancestors.push(node)
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (child !== null && typeof child?.type === 'string') visit(child, ancestors, enter)
    } else if (value !== null && typeof value?.type === 'string' && value !== node) visit(value, ancestors, enter)
  }
  ancestors.pop()
}
