// Entry points' bundles, in a worker thread of scripts/build.mjs: ncc bundles each
// transpiled entry of `workerData.entries` ([name, file] pairs) in turn, in one process so
// the later ones reuse what ncc resolved for the first, and writes `<name>.bundle.cjs` and its
// chunks into `workerData.out`. A failure is posted as one line and the worker exits 1.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import ncc from '@vercel/ncc'
import { transform } from 'esbuild'
import { AskedOnceError, askOnce, requireAskedOnce } from './build-asked-once.mjs'
import { DeferError, deferRequires, deferredIds } from './build-deferred.mjs'

const { entries, out } = workerData

class BuildError extends Error {}

/** A build error, or one of the deferral's, as one line. */
const isBuildError = error => error instanceof BuildError || error instanceof DeferError || error instanceof AskedOnceError

/**
 * The chunk file names of entry `name`: `<id>.<name>.<extension>`, in its loader and its
 * assets (ncc names them `<id>.index.js` for every entry). The loader builds a chunk's file
 * name from its id and the one string literal ".index.js" (minified or not); anything else
 * means ncc changed, and the build stops.
 */
function chunkNaming(name, extension, code, assets) {
  const chunk = /^(\d+)\.index\.js$/
  const hasChunks = Object.keys(assets ?? {}).some(file => chunk.test(file))
  if (!hasChunks) return { code, file: file => file }
  const literal = /(["'])\.index\.js\1/g
  const found = code.match(literal)?.length ?? 0
  if (found !== 1) throw new BuildError(`${name}: cannot rename its chunks (the chunk loader changed shape)`)
  return {
    code: code.replace(literal, (_, quote) => `${quote}.${name}.${extension}${quote}`),
    file: file => file.replace(chunk, `$1.${name}.${extension}`)
  }
}

/**
 * Every bundle and its chunks are written as CommonJS (`<name>.bundle.cjs`, `<id>.<name>.cjs`):
 * a script, unlike a module, can be compiled with a V8 code cache made after it ran
 * (`vm.Script`'s `cachedData`, on every runtime), which is how each launcher starts its
 * bundle warm (docs/design.md §9 "Start-up"). ncc bundles the ES modules as ever; esbuild
 * turns its output into CommonJS here: strict, as modules are, `import.meta.url` the file's
 * own URL, and the loader's `import()` of a chunk a `require`.
 */
const COMMONJS = {
  format: 'cjs',
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__bundleUrl', FormData: '__formData' },
  // Strict, as the ES modules it came from were (esbuild does not say so for CommonJS).
  banner: '"use strict";const __bundleUrl=require("node:url").pathToFileURL(__filename).href;'
}
const EXTENSION = 'cjs'

/**
 * What the bundles' free references to the global `FormData` name instead (COMMONJS.define;
 * a module's own `FormData` binding is left alone). The Azure storage SDK inside the cache and
 * artifact clients asks `typeof FormData` and `body instanceof FormData` of every request, and
 * Node builds that global on first access with its whole fetch implementation: about 110
 * modules, 13 ms of a step on Node 20 and 20 to 30 ms on Node 24 (docs/design.md §9
 * "Start-up"). The stand-in answers `instanceof` by the object's tag, which every FormData
 * carries, and `new` with the real one, so only code that makes a FormData pays for it.
 */
const FORM_DATA_STAND_IN =
  'const __formData=class FormData{static[Symbol.hasInstance](value){return Object.prototype.toString.call(value)==="[object FormData]"}' +
  'constructor(...entries){return new globalThis.FormData(...entries)}};'

/**
 * Every bundle and its lazily loaded chunks are minified, by esbuild: the action's (the cache
 * and artifact clients, 7 MB as written) load about 100 ms sooner at the start of every step,
 * and the CLI's 1.08 MB becomes 0.46 MB that every run reads and decodes (docs/design.md §9
 * "Start-up"). ncc's own minifier (terser) took 40 of the build's 50 seconds; esbuild takes
 * well under one. What users read is unchanged: messages are strings, errors carry their
 * names as strings (core/base/errors.ts), and a stack is printed only with REVERIFY_DEBUG.
 */
async function minified(file, source, options) {
  let code
  try {
    ;({ code } = await transform(String(source), { minify: true, target: 'es2022', legalComments: 'none', ...options }))
  } catch (error) {
    throw new BuildError(`${file}: cannot minify: ${String(error?.message ?? error).split('\n')[0]}`)
  }
  if (code.includes('__formData')) {
    if (!code.startsWith(options.banner)) throw new BuildError(`${file}: the banner is not where the FormData stand-in goes`)
    code = options.banner + FORM_DATA_STAND_IN + code.slice(options.banner.length)
  }
  return asciiOnly(file, code)
}

/**
 * The code with every non-ASCII character written as a `\uXXXX` escape. esbuild escapes them
 * in strings, but not in regular expressions (`/^\s*● (.+)$/`) or tagged templates (the
 * report's markup``), and one such character makes the whole file a two-byte string when
 * node reads it: twice the memory, and 1.5 ms (the CLI's 0.46 MB) to 3.4 ms (the action's
 * 1.07 MB) more to decode on every start (docs/design.md §9 "The build"). The escape means
 * the same in a string, a regular expression and a template's cooked text (markup``
 * reads only that); a character outside the Basic Multilingual Plane would become two
 * escapes, which a `u` regular expression reads differently, so the build refuses it.
 */
function asciiOnly(file, code) {
  const astral = /[\uD800-\uDFFF]/.exec(code)
  if (astral !== null) {
    throw new BuildError(
      `${file}: a character outside the Basic Multilingual Plane at offset ${astral.index}; write it as an escape in the source`
    )
  }
  // An escaped non-ASCII character (`\●`, an identity escape) would turn into `\\u25cf`.
  const escaped = /(?<!\\)(?:\\\\)*\\[^\x00-\x7F]/.exec(code)
  if (escaped !== null) throw new BuildError(`${file}: a backslash before a non-ASCII character at offset ${escaped.index}`)
  return code.replace(/[^\x00-\x7F]/g, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

async function build(name, entry) {
  let bundled
  try {
    bundled = await ncc(entry, {
      // Minified below, faster than ncc would.
      minify: false,
      sourceMap: false,
      quiet: true,
      target: 'es2022',
      // The entry is JavaScript already (scripts/build.mjs transpiled it): nothing to check.
      transpileOnly: true,
      // No cache on disk: writing it (150 MB a build, kept under ~/.cache/ncc) costs more than
      // it saves, and a build from a fresh clone has none to read.
      cache: false
    })
  } catch (error) {
    // ncc's errors carry a minified stack: keep the message only.
    throw new BuildError(
      `${name}: ${String(error?.message ?? error)
        .split('\n')
        .slice(0, 3)
        .join(' ')}`
    )
  }
  const { assets } = bundled
  // undici and the like, required when first used (build-deferred.mjs).
  const deferred = deferredIds(bundled.stats)
  // What a client asks the machine more than once, answered once (build-asked-once.mjs).
  const rewritten = new Map()
  const rewrite = (file, source) => {
    const once = askOnce(file, deferRequires(file, source, deferred))
    for (const [asked, count] of once.rewritten) rewritten.set(asked, (rewritten.get(asked) ?? 0) + count)
    return once.code
  }
  const code = rewrite(`${name}.bundle.${EXTENSION}`, bundled.code)
  const chunks = Object.entries(assets ?? {}).map(([file, asset]) => [
    file,
    file.endsWith('.js') ? rewrite(file, String(asset.source)) : asset.source
  ])
  requireAskedOnce(name, bundled.stats, rewritten)
  // ncc names every entry's lazily loaded chunks `<id>.index.js` (what is imported only when
  // needed: a subcommand, a parser, the artifact client, the OpenTelemetry exporter): each
  // entry gets names of its own, so the bundles' chunks cannot overwrite each other.
  const chunkNames = chunkNaming(name, EXTENSION, code, assets)
  // `<name>.bundle.cjs`: `<name>.js` is the entry point's launcher (scripts/build.mjs),
  // which runs the bundle with its code cache (docs/design.md §9 "Start-up").
  const bundle = `${name}.bundle.${EXTENSION}`
  await writeFile(join(out, bundle), await minified(bundle, chunkNames.code, COMMONJS))
  for (const [file, source] of chunks) {
    if (file === 'package.json') continue
    const target = join(out, chunkNames.file(file))
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, file.endsWith('.js') ? await minified(file, source, COMMONJS) : source)
  }
}

try {
  for (const [name, entry] of entries) await build(name, entry)
} catch (error) {
  parentPort.postMessage({ error: isBuildError(error) ? error.message : String(error?.stack ?? error) })
  process.exitCode = 1
}
