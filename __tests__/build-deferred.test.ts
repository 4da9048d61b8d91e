/**
 * The build's deferred modules (scripts/build-deferred.mjs, docs/design.md §9 "The build"):
 * a `require` of undici in ncc's output becomes getters that require it on first use, and
 * the build stops rather than defer a module whose name is used other than by reading a
 * property of it.
 */
import { buildScript, moduleRunner } from './helpers/build-scripts.js'

interface DeferredModule {
  deferRequires(file: string, code: string, ids: Map<number, string>): string
  deferredIds(stats: { toJson(options: unknown): { modules?: { id?: unknown; name?: unknown }[] } }): Map<number, string>
  DeferError: new (message: string) => Error
}

const load = (): Promise<DeferredModule> => buildScript<DeferredModule>('build-deferred.mjs')

/** A module as ncc writes one that imports undici for its ProxyAgent and its fetch. */
const IMPORTER = `
export const required = []
function __nccwpck_require__(id) {
  required.push(id)
  return { ProxyAgent: class ProxyAgent {}, fetch: () => 'fetched' }
}
var undici = __nccwpck_require__(46752);
var other = __nccwpck_require__(1);
export function agent() { return new undici.ProxyAgent() }
export function get() { return (0, undici.fetch)() }
export function label() { return { undici: 'a key, not a use' }.undici + other.fetch() }
// A CommonJS module as webpack wraps one: its require a const in the factory's own body.
export const commonjs = {}
;((module, __webpack_require__) => {
  const undici_1 = __webpack_require__(46752);
  module.agent = () => new undici_1.ProxyAgent()
})(commonjs, __nccwpck_require__)
`

interface Evaluated {
  required: number[]
  agent(): object
  get(): string
  label(): string
  commonjs: { agent(): object }
}

const evaluate = moduleRunner<Evaluated>('reverify-deferred-')

test('a deferred module is required when a property of it is first read, and not before', async () => {
  const { deferRequires } = await load()
  const deferred = await evaluate(deferRequires('index.bundle.cjs', IMPORTER, new Map([[46752, 'undici']])))
  // Only the module that is not deferred was required as the importer loaded.
  expect(deferred.required).toEqual([1])
  expect(deferred.label()).toBe('a key, not a usefetched')
  expect(deferred.required).toEqual([1])
  expect(deferred.agent().constructor.name).toBe('ProxyAgent')
  expect(deferred.get()).toBe('fetched')
  expect(deferred.commonjs.agent().constructor.name).toBe('ProxyAgent')
  expect(deferred.required).toEqual([1, 46752, 46752, 46752])
  // Without the rewrite the importers require it at once.
  expect((await evaluate(IMPORTER)).required).toEqual([46752, 1, 46752])
})

test('a function or block that declares the name again holds another binding, left as it is', async () => {
  const { deferRequires } = await load()
  const code = `${IMPORTER}
export function gunzip() { const undici = { pipe: () => 'piped' }; return [undici].length + undici.pipe() }
export function param(undici) { return undici }
export function block() { { let undici = 2; return undici } }
export function hoisted() { if (true) { var undici = 3 } return undici }
`
  const deferred = (await evaluate(deferRequires('report.bundle.cjs', code, new Map([[46752, 'undici']])))) as Evaluated & {
    gunzip(): string
    param(value: number): number
    block(): number
    hoisted(): number
  }
  expect([deferred.gunzip(), deferred.param(1), deferred.block(), deferred.hoisted()]).toEqual(['1piped', 1, 2, 3])
  expect(deferred.required).toEqual([1])
  expect(deferred.get()).toBe('fetched')
  expect(deferred.required).toEqual([1, 46752])
})

test('a file that does not require a deferred module is left as it is', async () => {
  const { deferRequires } = await load()
  expect(deferRequires('chunk.js', IMPORTER, new Map([[7, 'undici']]))).toBe(IMPORTER)
  expect(deferRequires('chunk.js', IMPORTER, new Map())).toBe(IMPORTER)
})

const MISUSED =
  /^index\.bundle\.cjs: undici \(a deferred module\) is used other than by reading a property, at offset \d+; cannot defer it$/

test.each([
  ['passed as a value', 'console.log(undici)', MISUSED],
  ['read by a computed key', "undici['fetch']()", MISUSED],
  ['assigned to', 'undici = null', MISUSED],
  ['in a shorthand property', 'const copy = { undici }', MISUSED],
  // The rewrite would only drop its evaluation.
  [
    'never read',
    'const undici = __nccwpck_require__(46752)',
    /^index\.bundle\.cjs: undici \(a deferred module\) has no property read; cannot defer it$/
  ]
])('the build stops rather than defer a module %s', async (_what, use, message) => {
  const { deferRequires, DeferError } = await load()
  const code = `${IMPORTER}\nexport function misuse() { ${use} }\n`
  const attempt = () => deferRequires('index.bundle.cjs', code, new Map([[46752, 'undici']]))
  expect(attempt).toThrow(DeferError)
  expect(attempt).toThrow(message)
})

test("a deferred package's id comes from ncc's stats: its entry module only, wherever it is installed", async () => {
  const { deferredIds } = await load()
  const stats = {
    toJson: () => ({
      modules: [
        { id: 46752, name: './node_modules/undici/index.js' },
        { id: 3, name: './node_modules/undici/lib/fetch/index.js' },
        { id: 9, name: './node_modules/@actions/github/node_modules/undici/index.js' },
        { id: 4, name: './node_modules/undici-types/index.js' },
        { id: 5, name: './node_modules/unzip-stream/unzip.js' },
        { id: 6, name: './node_modules/unzip-stream/lib/parser-stream.js' },
        { name: './node_modules/undici/index.js' }
      ]
    })
  }
  expect([...deferredIds(stats)]).toEqual([
    [46752, 'undici'],
    [9, 'undici'],
    [5, 'unzip-stream']
  ])
})
