/**
 * Puts a receipt history into the local results service the way an earlier job would have:
 * the receipts are written into the transfer folder under a scratch workspace and saved by
 * the real @actions/cache client, in a child process working there (the client resolves the
 * relative path against its working directory, and spawnSync would block the service).
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Receipt } from '../../src/core/receipts/receipt.js'
import { REPO_ROOT } from './cli.js'
import type { ResultsService } from './results-service.js'

const SAVE_SCRIPT = `
const cache = await import(process.env.SEED_CACHE_MODULE)
const id = await cache.saveCache([process.env.SEED_PATH], process.env.SEED_KEY)
if (id === -1) process.exit(1)
`

/**
 * Saves `receipts` as the history `historyKey` under the cache key `key`; `files` adds other
 * files to the entry, by path inside the history's folder (`known-tests/<history-key>.json`).
 */
export async function seedHistory(
  service: ResultsService,
  historyKey: string,
  key: string,
  receipts: readonly Receipt[],
  files: Record<string, string> = {}
): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'reverify-seed-'))
  const workspace = join(root, 'workspace')
  const relative = `.reverify-history/${historyKey}`
  for (const receipt of receipts) {
    const dir = join(workspace, relative, 'runs', receipt.run_id)
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'receipt.json'), JSON.stringify(receipt))
  }
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(workspace, relative, path)), { recursive: true })
    await writeFile(join(workspace, relative, path), text)
  }
  await mkdir(join(root, 'temp'))
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...service.env(),
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: join(root, 'temp'),
    SEED_CACHE_MODULE: pathToFileURL(join(REPO_ROOT, 'node_modules/@actions/cache/lib/cache.js')).href,
    SEED_PATH: relative,
    SEED_KEY: key
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', SAVE_SCRIPT], {
        cwd: workspace,
        env,
        stdio: ['ignore', 'pipe', 'pipe']
      })
      let output = ''
      child.stdout.on('data', chunk => (output += chunk))
      child.stderr.on('data', chunk => (output += chunk))
      child.on('error', reject)
      child.on('close', code => (code === 0 ? resolve() : reject(new Error(`seeding the cache failed (${code}): ${output.slice(-2000)}`))))
    })
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}
