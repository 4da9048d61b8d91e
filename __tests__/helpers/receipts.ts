/** Receipts and state directories for the receipt-store tests. */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { commandIdentity } from '../../src/core/receipts/identity.js'
import type { Receipt } from '../../src/core/receipts/receipt.js'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { loadRunSeal, sealKeyPath, sealReceipt } from '../../src/core/receipts/run-seal.js'

/** A fresh empty directory under the system temp dir. */
export async function scratchDir(prefix = 'reverify-receipts-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix))
}

/** A store in a fresh scratch state directory, its warnings collected. */
export async function scratchStore(): Promise<{ stateDir: string; warnings: string[]; store: ReceiptStore }> {
  const stateDir = join(await scratchDir(), '.reverify')
  const warnings: string[] = []
  const store = new ReceiptStore(stateDir, { warn: message => warnings.push(message), now: () => new Date() })
  return { stateDir, warnings, store }
}

/** The start time the receipt-store tests count from. */
export const T0 = '2026-11-30T07:51:00.000Z'

let counter = 0

/** A run id for a start time, with a distinct suffix per call. */
export function runIdAt(startedAt: Date): string {
  counter = (counter + 1) % 0x1000000
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return `${stamp}-verify-${counter.toString(16).padStart(6, '0')}`
}

/** A valid finished receipt of `commands`, overridable field by field. */
export function makeReceipt(overrides: Partial<Receipt> & { commands_run?: string[] } = {}): Receipt {
  const { commands_run, ...fields } = overrides
  const commands = commands_run ?? ['npm test']
  const startedAt = new Date(overrides.started_at ?? '2026-11-30T07:51:00.000Z')
  const { identity, hash } = commandIdentity(commands)
  return {
    schema_version: 1,
    run_id: runIdAt(startedAt),
    target: 'octo/widgets',
    scope: '',
    identity,
    identity_hash: hash,
    status: 'failed',
    flaky: false,
    started_at: startedAt.toISOString(),
    ended_at: new Date(startedAt.getTime() + 1000).toISOString(),
    attempts: 3,
    max_attempts: 3,
    commands: commands.map(command => ({ command, exit_code: 1, signal: null, timed_out: false, duration_ms: 12 })),
    expectations: { 'expect-exit': 0 },
    session: { id: '01JDQ3Z8X5K9V7M2N4P6R8T0W1', dir: '/tmp/sessions/x' },
    host: 'builder',
    pid: 4242,
    ...fields
  }
}

/** The same start time plus `seconds`, as an ISO string. */
export function secondsAfter(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString()
}

/** Writes a receipt file straight to disk, the way a restored cache would put it there. */
export async function plantReceipt(stateDir: string, receipt: Receipt | string, runId?: string): Promise<string> {
  const id = runId ?? (typeof receipt === 'string' ? undefined : receipt.run_id)
  if (id === undefined) throw new Error('plantReceipt needs a run id for raw text')
  const directory = join(stateDir, 'runs', id)
  await mkdir(directory, { recursive: true })
  const path = join(directory, 'receipt.json')
  await writeFile(path, typeof receipt === 'string' ? receipt : JSON.stringify(receipt))
  return path
}

/**
 * The receipt sealed with this machine's key, as the reverify that owned it would have
 * written it: a test that rewrites a real receipt into its crashed state (a dead pid) seals
 * it again, or resume rightly refuses it as not this machine's (docs/design.md §6).
 */
export async function sealedHere<T extends object>(receipt: T): Promise<T> {
  const seal = await loadRunSeal(sealKeyPath(process.env))
  if (seal === undefined) throw new Error('no seal key could be made under HOME')
  return sealReceipt(receipt as unknown as Receipt, seal) as unknown as T
}
