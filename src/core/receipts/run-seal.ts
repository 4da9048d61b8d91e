/**
 * The run seal (docs/design.md §6): evidence that a run's receipt and run.json were written
 * by reverify on this machine, as this user. A state directory can arrive with a checkout
 * (`git add -f .reverify/runs/…`) and host names and clone paths are easy to guess, so a
 * `running` receipt alone proves nothing. Each receipt reverify opens, and each run.json,
 * carries an HMAC-SHA256 of the fields that tie it to its run, keyed by a secret kept
 * outside any work tree (`$XDG_STATE_HOME/reverify/seal-key`, else
 * `~/.local/state/reverify/seal-key`, created once with mode 0600). Resume only continues a
 * receipt whose seal holds and only reads inputs from a run.json whose seal holds; anything
 * else is restarted or refused, never replayed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { closeSync, constants, lstatSync, openSync, promises as fsp, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join } from 'node:path'
import type { Receipt } from './receipt.js'

/** Signs and checks seals with this machine's key. */
export interface RunSeal {
  sign(fields: readonly string[]): string
  holds(fields: readonly string[], seal: string | undefined): boolean
}

/** A seal as stored: sha256 HMAC, lowercase hex. */
export const SEAL_PATTERN = /^[0-9a-f]{64}$/

/** Builds the seal functions for a key. */
export function runSeal(key: Buffer): RunSeal {
  const sign = (fields: readonly string[]) => createHmac('sha256', key).update(JSON.stringify(fields)).digest('hex')
  return {
    sign,
    holds(fields, seal) {
      if (seal === undefined || !SEAL_PATTERN.test(seal)) return false
      return timingSafeEqual(Buffer.from(sign(fields), 'hex'), Buffer.from(seal, 'hex'))
    }
  }
}

/** What a receipt's seal covers: everything that ties it to one run, its session and its owner. */
function receiptFields(receipt: Receipt): string[] {
  const { run_id, target, scope, identity_hash, session, host, pid, started_at } = receipt
  return ['receipt', run_id, target, scope, identity_hash, session.id, session.dir, host, String(pid), started_at]
}

/** The receipt with this machine's seal (unchanged when there is no key). */
export function sealReceipt(receipt: Receipt, seal: RunSeal | undefined): Receipt {
  if (seal === undefined) return receipt
  return { ...receipt, seal: seal.sign(receiptFields(receipt)) }
}

/** Whether this machine's reverify wrote the receipt as it is (false without a key). */
export function receiptSealed(receipt: Receipt, seal: RunSeal | undefined): boolean {
  return seal !== undefined && seal.holds(receiptFields(receipt), receipt.seal)
}

/** Where the key lives: outside any work tree, per user (XDG base directory rules). */
export function sealKeyPath(env: NodeJS.ProcessEnv): string | undefined {
  const stateHome = env.XDG_STATE_HOME
  if (stateHome !== undefined && isAbsolute(stateHome)) return join(stateHome, 'reverify', 'seal-key')
  const home = env.HOME
  if (home === undefined || !isAbsolute(home)) return undefined
  return join(home, '.local', 'state', 'reverify', 'seal-key')
}

const KEY_TEXT = /^[0-9a-f]{64}\n?$/

/** Reads the key file if it is a regular file of ours holding a key; undefined otherwise. */
async function readKey(path: string): Promise<Buffer | undefined> {
  const info = lstatSync(path)
  if (!info.isFile() || (typeof process.getuid === 'function' && info.uid !== process.getuid())) return undefined
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW)
  try {
    const text = readFileSync(fd, { encoding: 'utf8' }).slice(0, 200)
    return KEY_TEXT.test(text) ? Buffer.from(text.trim(), 'hex') : undefined
  } finally {
    closeSync(fd)
  }
}

/**
 * This machine's seal, creating its key on first use (unless `create` is false: a command
 * that only reads, such as `receipts list`, checks seals without making a key). Without a
 * usable place for the key (no HOME, a read-only home, a link where the key should be)
 * there is no seal: nothing is sealed and nothing can be resumed, which is safe (a run then
 * starts over).
 */
export async function loadRunSeal(path: string | undefined, options: { create?: boolean } = {}): Promise<RunSeal | undefined> {
  if (path === undefined) return undefined
  try {
    const key = await readKey(path)
    return key === undefined ? undefined : runSeal(key)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || options.create === false) return undefined
  }
  try {
    await fsp.mkdir(dirname(path), { recursive: true, mode: 0o700 })
    const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    const handle = await fsp.open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
    try {
      await handle.writeFile(`${randomBytes(32).toString('hex')}\n`)
      await handle.sync()
    } finally {
      await handle.close()
    }
    // link() never replaces: when two first runs race, both end up with the one that won.
    await fsp.link(temp, path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    })
    await fsp.unlink(temp)
    const key = await readKey(path)
    return key === undefined ? undefined : runSeal(key)
  } catch {
    return undefined
  }
}
