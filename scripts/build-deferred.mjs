// Modules the bundles load when first used instead of at start (docs/design.md §9 "The
// build"). Webpack evaluates an imported module before its importer, so a client that
// imports a package for one rarely used call makes every step evaluate all of it:
// @actions/http-client imports undici for the ProxyAgent a fetch through a proxy needs, and
// @actions/github for Octokit's fetch; @actions/artifact imports unzip-stream to download,
// never to upload, and the zip writer it uploads with (archiver) imports glob for an
// `archive.glob()` it never calls. Here each `var name = require(id)` of such a package's
// entry module, in ncc's output, becomes an object whose getters require it on first use (a
// require in any other form is left as it is). The rewrite is refused, and the build stops,
// unless every use of the name is a property read (`name.ProxyAgent`): a getter can stand in
// for nothing else.
import { createRequire } from 'node:module'
import { sep } from 'node:path'
import { parse } from 'acorn'

/** Packages whose entry module is required on first use. */
export const DEFERRED_PACKAGES = ['undici', 'unzip-stream', 'glob']

const require = createRequire(import.meta.url)

/** The entry module of `pkg` as installed, within its folder (`index.js`, `unzip.js`). */
function entryOf(pkg) {
  const entry = require.resolve(pkg).split(sep).join('/')
  const folder = `/node_modules/${pkg}/`
  return entry.slice(entry.lastIndexOf(folder) + folder.length)
}

export class DeferError extends Error {}

/** The webpack ids of the deferred packages' entry modules in one ncc build (its stats), each with its package. */
export function deferredIds(stats, packages = DEFERRED_PACKAGES.map(pkg => [pkg, entryOf(pkg)])) {
  const ids = new Map()
  for (const { id, name } of stats.toJson({ all: false, modules: true, ids: true }).modules ?? []) {
    for (const [pkg, entry] of packages) {
      if (typeof name === 'string' && name.endsWith(`node_modules/${pkg}/${entry}`) && typeof id === 'number') ids.set(id, pkg)
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
    // Nothing read of it: the rewrite would only drop the module's evaluation, which is not what it is for.
    if (members.size === 0) throw new DeferError(`${file}: ${node.id.name} (a deferred module) has no property read; cannot defer it`)
    const load = code.slice(init.start, init.end)
    const getters = [...members].map(member => `get ${member}() { return ${load}.${member}; }`)
    edits.push({ start: init.start, end: init.end, text: `{ ${getters.join(', ')} }` })
  })
  let deferred = code
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
    deferred = deferred.slice(0, start) + text + deferred.slice(end)
  return deferred
}

/**
 * The properties read of the declared name within `scope`; a use of any other kind stops the
 * build. A function or block that declares the name again (`const unzip = zlib.createGunzip()`)
 * is another binding, and is not looked into.
 */
function propertiesRead(file, scope, declarator) {
  const name = declarator.id.name
  const members = new Set()
  visit(scope, [], (node, ancestors) => {
    if (node !== scope && binds(node, name, declarator)) return false
    if (node.type !== 'Identifier' || node.name !== name || node === declarator.id) return true
    const parent = ancestors.at(-1)
    if (parent.type === 'MemberExpression' && parent.object === node && !parent.computed && parent.property.type === 'Identifier') {
      members.add(parent.property.name)
    } else if (!isNameOnly(node, parent)) {
      throw new DeferError(
        `${file}: ${name} (a deferred module) is used other than by reading a property, at offset ${node.start}; cannot defer it`
      )
    }
    return true
  })
  return members
}

/**
 * Whether `node` opens a scope that declares `name` again, by a declaration other than
 * `own` (the deferred require's): its parameters, its `var`s, a block's `let`, `const` or class.
 */
function binds(node, name, own) {
  const declares = pattern => namesIn(pattern).includes(name)
  const declaresOther = declaration => declaration !== own && declares(declaration.id)
  if (isFunction(node)) {
    if (node.type === 'FunctionExpression' && node.id?.name === name) return true
    return node.params.some(declares) || (node.body.type === 'BlockStatement' && hoists(node.body, declaresOther))
  }
  if (node.type === 'ClassExpression') return node.id?.name === name
  if (node.type === 'CatchClause') return node.param !== null && declares(node.param)
  if (node.type === 'BlockStatement' || node.type === 'StaticBlock') return declaresLexically(node.body, name, declaresOther)
  if (node.type === 'SwitchStatement') return node.cases.some(branch => declaresLexically(branch.consequent, name, declaresOther))
  if (node.type === 'ForStatement' || node.type === 'ForInStatement' || node.type === 'ForOfStatement') {
    const head = node.type === 'ForStatement' ? node.init : node.left
    return head?.type === 'VariableDeclaration' && head.kind !== 'var' && head.declarations.some(declaresOther)
  }
  return false
}

/** Whether statements declare `name` for their block: `let`, `const` (a declarator `declaresOther` accepts), a class or a function. */
function declaresLexically(statements, name, declaresOther) {
  return statements.some(
    statement =>
      (statement.type === 'VariableDeclaration' && statement.kind !== 'var' && statement.declarations.some(declaresOther)) ||
      ((statement.type === 'ClassDeclaration' || statement.type === 'FunctionDeclaration') && statement.id?.name === name)
  )
}

/** Whether a function's body has a `var` declarator `declaresOther` accepts, outside its nested functions. */
function hoists(body, declaresOther) {
  let found = false
  visit(body, [], node => {
    if (found || isFunction(node)) return false
    if (node.type === 'VariableDeclaration' && node.kind === 'var') found = node.declarations.some(declaresOther)
    return !found
  })
  return found
}

/** The names a binding pattern declares. */
function namesIn(pattern) {
  switch (pattern?.type) {
    case 'Identifier':
      return [pattern.name]
    case 'ObjectPattern':
      return pattern.properties.flatMap(property => namesIn(property.type === 'RestElement' ? property.argument : property.value))
    case 'ArrayPattern':
      return pattern.elements.flatMap(element => namesIn(element))
    case 'RestElement':
      return namesIn(pattern.argument)
    case 'AssignmentPattern':
      return namesIn(pattern.left)
    default:
      return []
  }
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

/** Calls `enter` on every node under `node`, with its ancestors (nearest last); `false` from it skips the node's children. */
export function visit(node, ancestors, enter) {
  if (enter(node, ancestors) === false) return
  ancestors.push(node)
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (child !== null && typeof child?.type === 'string') visit(child, ancestors, enter)
    } else if (value !== null && typeof value?.type === 'string' && value !== node) visit(value, ancestors, enter)
  }
  ancestors.pop()
}
