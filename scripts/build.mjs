// Bundles each entry point with ncc into dist/<name>.js (dist/post.js reuses index.js;
// dist/report.js is the second entry point, report/action.yml). ncc is run per entry into
// memory, so the outputs (and the package.json marking dist/ as ESM) cannot overwrite
// each other.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ncc from '@vercel/ncc'
import { minify } from 'terser'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const entries = {
  cli: 'src/cli/index.ts',
  index: 'src/action/index.ts',
  report: 'src/action/report-entry.ts'
}

/** ncc's errors carry a minified stack: keep the message only. */
async function bundle(entry, options) {
  try {
    return await ncc(join(root, entry), options)
  } catch (error) {
    console.error(
      `build: ${entry}: ${String(error?.message ?? error)
        .split('\n')
        .slice(0, 3)
        .join(' ')}`
    )
    process.exit(1)
  }
}

/**
 * The chunk file names of entry `name`: `<id>.<name>.js`, in its loader and its assets. The
 * loader builds a chunk's file name from its id and the one string literal ".index.js"
 * (minified or not); anything else means ncc changed, and the build stops.
 */
function chunkNaming(name, code, assets) {
  const chunk = /^(\d+)\.index\.js$/
  const hasChunks = Object.keys(assets ?? {}).some(file => chunk.test(file))
  if (name === 'index' || !hasChunks) return { code, file: file => file }
  const literal = /(["'])\.index\.js\1/g
  const found = code.match(literal)?.length ?? 0
  if (found !== 1) {
    console.error(`build: ${name}: cannot rename its chunks (the chunk loader changed shape)`)
    process.exit(1)
  }
  return {
    code: code.replace(literal, (_, quote) => `${quote}.${name}.js${quote}`),
    file: file => file.replace(chunk, `$1.${name}.js`)
  }
}

/**
 * ncc minifies an entry file but writes its lazily loaded chunks as webpack emits them: the
 * action's chunks (the artifact client's code, 2.8 MB as written) are minified here like the
 * bundle they belong to, so loading one costs what loading it inside the bundle would.
 */
async function minifiedChunk(file, source) {
  if (!file.endsWith('.js')) return source
  try {
    const { code } = await minify(String(source), { module: true, compress: true, mangle: true })
    return code
  } catch (error) {
    console.error(`build: ${file}: cannot minify: ${String(error?.message ?? error).split('\n')[0]}`)
    process.exit(1)
  }
}

await rm(dist, { recursive: true, force: true })
await mkdir(dist, { recursive: true })
for (const [name, entry] of Object.entries(entries)) {
  const { code, assets } = await bundle(entry, {
    // The action bundles carry the cache and artifact clients (7 MB as written); minified they
    // load about 100 ms sooner at the start of every step. The CLI stays readable.
    minify: name !== 'cli',
    sourceMap: false,
    quiet: true,
    target: 'es2022',
    // ncc type-checks as it bundles (transpile-only mode would treat the sources as CommonJS).
    transpileOnly: false
  })
  // ncc names every entry's lazily loaded chunks `<id>.index.js` (what is imported only when
  // needed: a subcommand, a parser, the artifact client, the OpenTelemetry exporter): each
  // entry but index gets its own names, so the bundles' chunks cannot overwrite each other.
  const chunkNames = chunkNaming(name, code, assets)
  // The CLI runs with a small young generation: V8 otherwise grows it under the steady
  // allocation of a long output stream, and peak memory would follow the output's size.
  const body =
    name === 'cli' ? `#!/usr/bin/env -S node --max-semi-space-size=1\n${chunkNames.code.replace(/^#!.*\n/, '')}` : chunkNames.code
  await writeFile(join(dist, `${name}.js`), body, { mode: name === 'cli' ? 0o755 : 0o644 })
  for (const [file, asset] of Object.entries(assets ?? {})) {
    if (file === 'package.json') continue
    const target = join(dist, chunkNames.file(file))
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, name === 'cli' ? asset.source : await minifiedChunk(file, asset.source))
  }
}
// The post step runs the same bundle as main (it picks the step from its script name).
await writeFile(join(dist, 'post.js'), "// The action's post step: the same bundle as the main step.\nimport './index.js'\n")
await writeFile(join(dist, 'package.json'), '{\n  "type": "module"\n}\n')
