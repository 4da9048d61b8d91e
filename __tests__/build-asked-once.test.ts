/**
 * The build's functions answered once (scripts/build-asked-once.mjs, docs/design.md §9 "The
 * build"): @actions/cache's getCompressionMethod, which starts `zstd --version`, runs once
 * per process however often the client asks, and the build stops when a bundle that holds
 * the client does not have exactly one declaration of it to rewrite.
 */
import { buildScript, moduleRunner } from './helpers/build-scripts.js'

interface Stats {
  toJson(options: unknown): { modules?: { name?: unknown }[] }
}

interface AskedOnceModule {
  askOnce(file: string, code: string): { code: string; rewritten: Map<string, number> }
  requireAskedOnce(entry: string, stats: Stats, rewritten: Map<string, number>): void
  AskedOnceError: new (message: string) => Error
}

const load = (): Promise<AskedOnceModule> => buildScript<AskedOnceModule>('build-asked-once.mjs')

/** The client's helpers as ncc writes them: each call of getCompressionMethod starts a process. */
const CLIENT = `
export const started = []
function getVersion(app) {
  started.push(app)
  return Promise.resolve(app === "zstd" ? "v1.5.4" : "")
}
function getCompressionMethod() {
  return (async () => ((await getVersion("zstd", ["--quiet"])) === "" ? "gzip" : "zstd-without-long"))()
}
export async function restoreCache() { return "restored with " + (await getCompressionMethod()) }
export async function saveCache() { return "saved with " + (await getCompressionMethod()) }
`

interface Client {
  started: string[]
  restoreCache(): Promise<string>
  saveCache(): Promise<string>
}

const evaluate = moduleRunner<Client>('reverify-asked-once-')

test('a restore and a save ask zstd once, with the same answer as before', async () => {
  const { askOnce } = await load()
  const before = await evaluate(CLIENT)
  expect([await before.restoreCache(), await before.saveCache()]).toEqual([
    'restored with zstd-without-long',
    'saved with zstd-without-long'
  ])
  expect(before.started).toEqual(['zstd', 'zstd'])

  const once = askOnce('142.index.js', CLIENT)
  expect(once.rewritten).toEqual(new Map([['getCompressionMethod', 1]]))
  const client = await evaluate(once.code)
  expect([await client.restoreCache(), await client.saveCache()]).toEqual([
    'restored with zstd-without-long',
    'saved with zstd-without-long'
  ])
  expect(client.started).toEqual(['zstd'])
})

test('a file without the function is left as it is; a function of that name asking something else is not rewritten', async () => {
  const { askOnce } = await load()
  const unrelated = 'export const x = 1\n'
  expect(askOnce('1.index.js', unrelated)).toEqual({ code: unrelated, rewritten: new Map() })
  const other = 'function getCompressionMethod() { return "brotli" }\nexport const y = getCompressionMethod()\n'
  expect(askOnce('2.index.js', other)).toEqual({ code: other, rewritten: new Map() })
})

test('a bundle holding the client stops the build unless exactly one declaration was rewritten; one without it needs none', async () => {
  const { requireAskedOnce, AskedOnceError } = await load()
  const stats = (...names: string[]): Stats => ({ toJson: () => ({ modules: names.map(name => ({ name })) }) })
  const withClient = stats('./node_modules/@actions/cache/lib/internal/cacheUtils.js', './src/action/index.js')
  expect(() => requireAskedOnce('index', withClient, new Map([['getCompressionMethod', 1]]))).not.toThrow()
  for (const count of [0, 2]) {
    expect(() => requireAskedOnce('index', withClient, new Map([['getCompressionMethod', count]]))).toThrow(AskedOnceError)
  }
  expect(() => requireAskedOnce('index', withClient, new Map())).toThrow(
    'index: bundles @actions/cache but 0 declarations of getCompressionMethod were answered once (one expected); did @actions/cache change?'
  )
  expect(() => requireAskedOnce('cli', stats('./src/cli/index.js'), new Map())).not.toThrow()
})

test('a function that takes arguments is refused: its answer could depend on them', async () => {
  const { askOnce, AskedOnceError } = await load()
  const code = 'function getCompressionMethod(app) { return getVersion("zstd", app) }\n'
  expect(() => askOnce('3.index.js', code)).toThrow(AskedOnceError)
})
