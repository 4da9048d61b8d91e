/**
 * A restored cache entry is attacker-controllable (docs/design.md §4, §5): every file of it is
 * validated before it joins the store; a poisoned one is skipped with a one-line warning,
 * never followed through a link, never read past a size cap, never allowed to block.
 * The cache client here plants real files where the real client would extract them, behind
 * the same adapter the action puts over the real one.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createCacheStore, type CacheClient } from '../../src/action/persistence/cache-store.js'
import { restoreHistory, historyKeyPrefix, type HistoryOptions } from '../../src/action/persistence/receipt-history.js'
import { historyKey } from '../../src/core/receipts/identity.js'
import type { Receipt } from '../../src/core/receipts/receipt.js'
import { MAX_RECEIPT_BYTES, ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { listTree } from '../helpers/fuzz.js'
import { makeReceipt } from '../helpers/receipts.js'

const TARGET = 'octo/widgets'
const GOOD = makeReceipt({ target: TARGET })
const IDENTITY = GOOD.identity_hash
const HISTORY = historyKey(TARGET, '', IDENTITY)

/** A file to plant: text, a symlink to a target, a FIFO, or a directory. */
type Plant = string | { link: string } | { fifo: true } | { directory: true }

/**
 * A cache client whose restore plants `files` (relative to the restored path, which is
 * relative to the workspace `base` as for the real client) and reports `key`.
 */
function plantingClient(files: Record<string, Plant>, key: string | undefined): CacheClient & { restores: string[][]; base: string } {
  const restores: string[][] = []
  return {
    restores,
    base: '',
    async restoreCache(paths, primaryKey) {
      restores.push([...paths, primaryKey])
      for (const [name, plant] of Object.entries(files)) {
        const path = join(this.base, paths[0]!, name)
        await mkdir(dirname(path), { recursive: true })
        if (typeof plant === 'string') await writeFile(path, plant)
        else if ('link' in plant) await symlink(plant.link, path)
        else if ('fifo' in plant) execFileSync('mkfifo', [path])
        else await mkdir(path, { recursive: true })
      }
      return key
    },
    async saveCache() {
      return 1
    }
  }
}

interface Scene {
  root: string
  stateDir: string
  outside: string
  warnings: string[]
  options: HistoryOptions
  store: ReceiptStore
}

async function scene(client: CacheClient): Promise<Scene> {
  const root = await mkdtemp(join(tmpdir(), 'reverify-poison-'))
  const stateDir = join(root, 'state')
  const workspace = join(root, 'workspace')
  await mkdir(workspace)
  if ('base' in client) client.base = workspace
  const outside = join(root, 'outside')
  await mkdir(stateDir)
  await mkdir(join(outside, 'runs'), { recursive: true })
  const warnings: string[] = []
  const store = new ReceiptStore(stateDir, { warn: message => warnings.push(message), now: () => new Date() })
  const options: HistoryOptions = {
    cache: createCacheStore(client),
    store,
    workspace,
    deadlines: { restoreMs: 60_000, saveMs: 120_000 },
    historyKey: HISTORY,
    target: TARGET,
    scope: '',
    identityHash: IDENTITY,
    warn: message => warnings.push(message),
    info: () => undefined
  }
  return { root, stateDir, outside, warnings, options, store }
}

const json = (value: unknown) => JSON.stringify(value)
const receiptAt = (overrides: Partial<Receipt> = {}) => makeReceipt({ target: TARGET, ...overrides })
const key = `${historyKeyPrefix(HISTORY)}1-1-verify-abcd`

test('each kind of poisoned receipt is skipped with a one-line warning; valid ones are imported', async () => {
  const extraFields = receiptAt()
  const otherTarget = receiptAt({ target: 'evil/other' })
  const otherIdentity = receiptAt({ identity_hash: 'f'.repeat(64) })
  const otherScope = receiptAt({ scope: 'matrix-2' })
  const renamed = receiptAt()
  const notJson = receiptAt()
  const wrongSchema = receiptAt()
  const huge = receiptAt()
  const oversizedField = receiptAt()
  const linkedFile = receiptAt()
  const linkedDir = receiptAt()
  const fifo = receiptAt()
  const directory = receiptAt()
  const bad = {
    [`runs/${otherTarget.run_id}/receipt.json`]: json(otherTarget),
    [`runs/${otherIdentity.run_id}/receipt.json`]: json(otherIdentity),
    [`runs/${otherScope.run_id}/receipt.json`]: json(otherScope),
    // A receipt claiming another run's id than the directory it came in.
    [`runs/${renamed.run_id}/receipt.json`]: json({ ...renamed, run_id: GOOD.run_id.replace(/.{6}$/, 'ffffff') }),
    [`runs/${notJson.run_id}/receipt.json`]: '{"schema_version": 1, "run_id": ',
    [`runs/${wrongSchema.run_id}/receipt.json`]: json({ ...wrongSchema, status: 'passed-honest', attempts: -1 }),
    [`runs/${huge.run_id}/receipt.json`]: json({ ...huge, padding: 'x'.repeat(MAX_RECEIPT_BYTES) }),
    [`runs/${oversizedField.run_id}/receipt.json`]: json({ ...oversizedField, host: 'h'.repeat(100_000) }),
    [`runs/${linkedFile.run_id}/receipt.json`]: { link: '/etc/passwd' },
    [`runs/${linkedDir.run_id}`]: { link: '../../../outside/runs/real' },
    [`runs/${fifo.run_id}/receipt.json`]: { fifo: true as const },
    [`runs/${directory.run_id}/receipt.json`]: { directory: true as const },
    'runs/not-a-run-id/receipt.json': json(receiptAt()),
    'runs/20261130-075100-verify-3FA9C2/receipt.json': json(receiptAt()),
    ['runs/' + 'a'.repeat(200)]: { directory: true as const },
    // A name that would start a second line in the log (or a forged annotation).
    ['runs/x\n::error::forged/receipt.json']: json(receiptAt())
  }
  const client = plantingClient(
    {
      [`runs/${GOOD.run_id}/receipt.json`]: json(GOOD),
      [`runs/${extraFields.run_id}/receipt.json`]: json({
        ...extraFields,
        injected: { admin: true },
        session: { ...extraFields.session, extra: 1 }
      }),
      ...bad
    },
    key
  )
  const { options, warnings, store, outside, root, stateDir } = await scene(client)
  await mkdir(join(outside, 'runs', 'real'), { recursive: true })
  await writeFile(join(outside, 'runs', 'real', 'receipt.json'), json(linkedDir))
  const outsideBefore = listTree(outside)

  const status = await restoreHistory(options)

  expect(status).toEqual({ status: 'restored', key, imported: 2 })
  expect(client.restores).toEqual([[`.reverify-history/${HISTORY}`, historyKeyPrefix(HISTORY)]])
  expect(warnings).toHaveLength(Object.keys(bad).length)
  for (const warning of warnings) {
    expect(warning).toMatch(/^reverify: skipped cached receipt /)
    expect(warning).not.toContain('\n')
    expect(warning.length).toBeLessThan(600)
  }
  const kept = await store.history(TARGET, '', IDENTITY)
  expect(kept.map(receipt => receipt.run_id).sort()).toEqual([GOOD.run_id, extraFields.run_id].sort())
  const stored = JSON.parse(await readFile(join(stateDir, 'runs', extraFields.run_id, 'receipt.json'), 'utf8'))
  expect(stored.injected).toBeUndefined()
  expect(stored.session.extra).toBeUndefined()
  expect(listTree(outside)).toEqual(outsideBefore)
  expect(
    listTree(root)
      .filter(path => path.startsWith('state/runs/'))
      .every(path => !path.includes('..'))
  ).toBe(true)
})

test('a `runs` folder that is a link to another directory is not followed', async () => {
  const elsewhere = receiptAt()
  const client = plantingClient({ runs: { link: '../../../outside/runs' } }, key)
  const { options, outside, store } = await scene(client)
  await mkdir(join(outside, 'runs', elsewhere.run_id))
  await writeFile(join(outside, 'runs', elsewhere.run_id, 'receipt.json'), json(elsewhere))

  const status = await restoreHistory(options)

  expect(status.status === 'restored' ? status.imported : 0).toBe(0)
  expect(await store.history(TARGET, '', IDENTITY)).toEqual([])
})

test("an entry restored under a key outside reverify's prefix is not imported", async () => {
  const client = plantingClient({ [`runs/${GOOD.run_id}/receipt.json`]: json(GOOD) }, 'node-modules-linux-x64')
  const { options, store } = await scene(client)

  const status = await restoreHistory(options)

  expect(status).toEqual({ status: 'failed', reason: 'unexpected cache key node-modules-linux-x64' })
  expect(await store.history(TARGET, '', IDENTITY)).toEqual([])
})

test('a cache client that throws or reports a failure is a failed restore, not a crash', async () => {
  const throwing: CacheClient = {
    restoreCache: async () => {
      throw new Error('cache service unreachable\nwith a second line')
    },
    saveCache: async () => -1
  }
  const first = await scene(throwing)
  const status = await restoreHistory(first.options)
  expect(status.status).toBe('failed')
  expect(first.warnings).toEqual(['reverify: could not restore the receipt history: cache service unreachable'])
})
