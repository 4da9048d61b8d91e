// Bundles each entry point with ncc into dist/<name>.js. ncc is run per entry into
// memory, so the outputs (and the package.json marking dist/ as ESM) cannot overwrite
// each other.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ncc from '@vercel/ncc'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const entries = {
  cli: 'src/cli/index.ts',
  index: 'src/action/index.ts',
  post: 'src/action/post.ts'
}

await rm(dist, { recursive: true, force: true })
await mkdir(dist, { recursive: true })
for (const [name, entry] of Object.entries(entries)) {
  const { code, assets } = await ncc(join(root, entry), {
    minify: false,
    sourceMap: false,
    quiet: true,
    target: 'es2022',
    transpileOnly: false
  })
  const body = name === 'cli' && !code.startsWith('#!') ? `#!/usr/bin/env node\n${code}` : code
  await writeFile(join(dist, `${name}.js`), body, { mode: name === 'cli' ? 0o755 : 0o644 })
  for (const [file, asset] of Object.entries(assets ?? {})) {
    if (file === 'package.json') continue
    const target = join(dist, file)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, asset.source)
  }
}
await writeFile(join(dist, 'package.json'), '{\n  "type": "module"\n}\n')
