/**
 * One copy of the Azure storage SDK for the cache and the artifact clients (docs/design.md
 * §10): package.json's `overrides` holds both at the cache client's pin, so the action's
 * chunks carry the SDK once. Read from the lock file npm ci installs from.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './helpers/cli.js'

interface LockFile {
  packages: Record<string, { version?: string }>
}

test('the lock file installs @azure/storage-blob once, at the version both clients share', () => {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as LockFile
  const copies = Object.entries(lock.packages)
    .filter(([path]) => path.endsWith('node_modules/@azure/storage-blob'))
    .map(([path, entry]) => `${path}@${entry.version}`)
  expect(copies).toEqual([expect.stringMatching(/^node_modules\/@azure\/storage-blob@12\.31\.\d+$/)])
})
