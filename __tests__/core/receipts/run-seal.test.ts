/** The run seal's key file and HMAC (docs/design.md §6). */
import { chmod, mkdir, mkdtemp, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadRunSeal, receiptSealed, sealKeyPath, sealReceipt } from '../../../src/core/receipts/run-seal.js'
import { makeReceipt } from '../../helpers/receipts.js'

let home: string
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'reverify-seal-'))
})

test('the key lives under XDG_STATE_HOME, else ~/.local/state, and nowhere without an absolute home', () => {
  expect(sealKeyPath({ XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/s/reverify/seal-key')
  expect(sealKeyPath({ HOME: '/h' })).toBe('/h/.local/state/reverify/seal-key')
  expect(sealKeyPath({ XDG_STATE_HOME: 'relative', HOME: '/h' })).toBe('/h/.local/state/reverify/seal-key')
  expect(sealKeyPath({ HOME: 'relative' })).toBeUndefined()
  expect(sealKeyPath({})).toBeUndefined()
})

test('the key is made once, private, and every later load (also concurrent ones) agrees on it', async () => {
  const path = sealKeyPath({ HOME: home })!
  const seals = await Promise.all(Array.from({ length: 8 }, () => loadRunSeal(path)))
  const receipt = makeReceipt()
  const signed = sealReceipt(receipt, seals[0])
  for (const seal of seals) expect(receiptSealed(signed, seal)).toBe(true)
  expect((await stat(path)).mode & 0o777).toBe(0o600)
  expect((await stat(join(home, '.local', 'state', 'reverify'))).mode & 0o777).toBe(0o700)
  expect(await readFile(path, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/)
  expect(receiptSealed(signed, await loadRunSeal(path))).toBe(true)
})

test('a seal holds only for the fields it covers, and only under the key that made it', async () => {
  const seal = await loadRunSeal(sealKeyPath({ HOME: home }))
  const other = await loadRunSeal(sealKeyPath({ HOME: await mkdtemp(join(tmpdir(), 'reverify-seal-other-')) }))
  const signed = sealReceipt(makeReceipt(), seal)
  expect(receiptSealed(signed, seal)).toBe(true)
  expect(receiptSealed(signed, other)).toBe(false)
  expect(receiptSealed(signed, undefined)).toBe(false)
  expect(receiptSealed({ ...signed, pid: signed.pid + 1 }, seal)).toBe(false)
  expect(receiptSealed({ ...signed, target: '/elsewhere' }, seal)).toBe(false)
  // What a run changes as it goes (status, attempts, end) is not covered.
  expect(receiptSealed({ ...signed, status: 'failed', attempts: 3 }, seal)).toBe(true)
  const { seal: _unsealed, ...bare } = signed
  expect(receiptSealed(bare, seal)).toBe(false)
})

test('no key from a link, a malformed key file or an unwritable home: nothing is sealed', async () => {
  const dir = join(home, '.local', 'state', 'reverify')
  await mkdir(dir, { recursive: true })
  const path = join(dir, 'seal-key')
  await writeFile(join(home, 'planted'), `${'a'.repeat(64)}\n`)
  await symlink(join(home, 'planted'), path)
  expect(await loadRunSeal(path)).toBeUndefined()

  const malformed = join(home, 'malformed')
  await writeFile(malformed, 'not a key\n')
  expect(await loadRunSeal(malformed)).toBeUndefined()

  const locked = await mkdtemp(join(tmpdir(), 'reverify-seal-locked-'))
  await chmod(locked, 0o500)
  const inLocked = join(locked, 'sub', 'seal-key')
  // root may write anywhere; the check is what a normal user sees.
  if (process.getuid?.() !== 0) expect(await loadRunSeal(inLocked)).toBeUndefined()
  expect(await loadRunSeal(undefined)).toBeUndefined()
})
