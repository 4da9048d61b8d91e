// Bundles each entry point with ncc into dist/<name>.bundle.cjs (CommonJS, its chunks
// dist/<id>.<name>.cjs), behind a launcher dist/<name>.js that runs it with a code cache
// (dist/post.js reuses index.js; dist/report.js is the second entry point,
// report/action.yml), in three steps (docs/design.md §9 "The build", "Start-up"):
//   1. every source file is transpiled on its own (esbuild, with tsconfig.json's compiler
//      options, as ES modules) into build/bundle/: types are checked by `npm run lint`
//      (tsc --noEmit), which `npm test` runs first, not once more per bundle;
//   2. each entry is bundled by ncc from that JavaScript, the three at once in worker
//      threads, and the bundles and their lazily loaded chunks are minified; each launcher
//      is bundled by esbuild meanwhile;
//   3. the new dist/ is written beside the old one and swapped in at the end, so a build
//      stopped half-way leaves the old dist/ whole.
//
//   node scripts/build.mjs [--out DIR]     (default: dist; the bench builds elsewhere)
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { build, transform } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
/**
 * The entry points, in two worker threads (the machines that build have two cores): the
 * action's main bundle alone, as the longest; the report and the CLI after one another, the
 * CLI reusing what ncc resolved for the report.
 */
const workers = [
  [['index', 'src/action/index.ts']],
  [
    ['report', 'src/action/report-entry.ts'],
    ['cli', 'src/cli/index.ts']
  ]
]

/**
 * The launchers: dist/<name>.js runs its bundle with a V8 code cache of its own
 * (docs/design.md §9 "Start-up"). The CLI's is the `bin`: its shebang
 * runs it with a small young generation, as V8 otherwise grows it under the steady
 * allocation of a long output stream, and peak memory would follow the output's size.
 */
const launchers = [
  { name: 'index', entry: 'src/action/launch.ts' },
  { name: 'report', entry: 'src/action/launch-report.ts' },
  { name: 'cli', entry: 'src/cli/launch.ts', shebang: '#!/usr/bin/env -S node --max-semi-space-size=1' }
]

function fail(message) {
  console.error(`build: ${message}`)
  process.exit(1)
}

function outputDir(argv) {
  if (argv.length === 0) return join(root, 'dist')
  if (argv.length === 2 && argv[0] === '--out' && argv[1] !== '') return resolve(argv[1])
  fail(`unknown arguments '${argv.join(' ')}'; usage: node scripts/build.mjs [--out DIR]`)
}

async function* sourceFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path
  }
}

/**
 * Writes src/**.ts as JavaScript (ES modules) under `into`, each file on its own, with the
 * compiler options of tsconfig.json that change what is emitted. The project compiles with
 * `isolatedModules`, which is TypeScript's promise that each file transpiles alone.
 */
async function transpileSources(into) {
  const { compilerOptions } = JSON.parse(await readFile(join(root, 'tsconfig.json'), 'utf8'))
  const tsconfigRaw = { compilerOptions }
  const files = []
  for await (const file of sourceFiles(join(root, 'src'))) files.push(file)
  await Promise.all(
    files.map(async file => {
      let code
      try {
        ;({ code } = await transform(await readFile(file, 'utf8'), {
          loader: 'ts',
          format: 'esm',
          target: 'es2022',
          tsconfigRaw,
          sourcefile: file
        }))
      } catch (error) {
        fail(`${relative(root, file)}: ${String(error?.message ?? error).split('\n')[0]}`)
      }
      const target = join(into, relative(root, file)).replace(/\.ts$/, '.js')
      await mkdir(dirname(target), { recursive: true })
      await writeFile(target, code)
    })
  )
}

/** Writes the launchers into `out`, each with the few lines it imports (its bundle stays a file of its own). */
async function writeLaunchers(from, out) {
  await Promise.all(
    launchers.map(async ({ name, entry, shebang }) => {
      const { outputFiles } = await build({
        entryPoints: [join(from, entry.replace(/\.ts$/, '.js'))],
        absWorkingDir: root,
        bundle: true,
        platform: 'node',
        // CommonJS: an ES module as the process's entry point costs Node its ESM loader first
        // (3 ms on Node 24, 7 on Node 20, to the launcher's first line, on every run and step).
        format: 'cjs',
        target: 'es2022',
        legalComments: 'none',
        define: { 'import.meta.url': 'launcherUrl' },
        banner: {
          js: `${shebang ? `${shebang}\n` : ''}"use strict";\nconst launcherUrl = require('node:url').pathToFileURL(__filename).href;`
        },
        write: false,
        logLevel: 'silent'
      })
      await writeFile(join(out, `${name}.js`), outputFiles[0].contents, { mode: shebang ? 0o755 : 0o644 })
    })
  )
}

/** Bundles entries in a worker thread (scripts/build-entry.mjs); resolves once it has written their files. */
function bundleInWorker(entries, out) {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('./build-entry.mjs', import.meta.url), { workerData: { entries, out } })
    let failed
    worker.on('message', message => (failed = message.error))
    worker.on('error', reject)
    worker.on('exit', code => (code === 0 && failed === undefined ? resolvePromise() : reject(new Error(failed ?? `exited ${code}`))))
  })
}

const dist = outputDir(process.argv.slice(2))
const work = join(root, 'build', 'bundle')
const next = `${dist}.next`
await rm(work, { recursive: true, force: true })
await rm(next, { recursive: true, force: true })
await transpileSources(work)
await mkdir(next, { recursive: true })
try {
  await Promise.all([
    ...workers.map(entries =>
      bundleInWorker(
        entries.map(([name, entry]) => [name, join(work, entry.replace(/\.ts$/, '.js'))]),
        next
      )
    ),
    writeLaunchers(work, next)
  ])
} catch (error) {
  await rm(next, { recursive: true, force: true })
  fail(String(error?.message ?? error))
}
// The post step runs the same launcher and bundle as main (the bundle picks the step from
// the script's name).
await writeFile(
  join(next, 'post.js'),
  "\"use strict\";\n// The action's post step: the same bundle as the main step.\nrequire('./index.js')\n"
)
// Every script in dist/ is CommonJS: the launchers (.js) by this, the bundles by their .cjs.
await writeFile(join(next, 'package.json'), '{\n  "type": "commonjs"\n}\n')
// Swapped in whole: the old dist/ is moved aside before the new one takes its name.
const old = `${dist}.old`
await rm(old, { recursive: true, force: true })
if (existsSync(dist)) await rename(dist, old)
await rename(next, dist)
await rm(old, { recursive: true, force: true })
await rm(work, { recursive: true, force: true })
