import { describe, expect, test } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureRealDirectory, readRegularFile, removeAbandonedTemps, writeFileAtomic } from '../../../src/core/base/atomic-file.js'
import { tempOfKilledWriter } from '../../helpers/killed-writer.js'
import { scratchDir } from '../../helpers/receipts.js'

describe('writeFileAtomic', () => {
  test('writes the content and leaves no temp file behind', async () => {
    const dir = await scratchDir()
    const path = join(dir, 'receipt.json')
    await writeFileAtomic(path, '{"a":1}\n')
    await writeFileAtomic(path, '{"a":2}\n')
    expect(await readFile(path, 'utf8')).toBe('{"a":2}\n')
    expect(await readdir(dir)).toEqual(['receipt.json'])
  })

  test('writes content given in pieces one after another', async () => {
    const dir = await scratchDir()
    const path = join(dir, 'known.json')
    function* pieces(): Generator<string> {
      yield '{"keys":"'
      for (let n = 0; n < 3; n++) yield 'ab'.repeat(40_000)
      yield '"}\n'
    }
    await writeFileAtomic(path, pieces())
    expect(await readFile(path, 'utf8')).toBe(`{"keys":"${'ab'.repeat(120_000)}"}\n`)
    expect(await readdir(dir)).toEqual(['known.json'])
  })

  test('applies the mode', async () => {
    const dir = await scratchDir()
    const path = join(dir, 'secret.json')
    await writeFileAtomic(path, Buffer.from('x'), 0o600)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
  })

  test('replaces a symlink at the destination instead of writing through it', async () => {
    const dir = await scratchDir()
    const outside = join(dir, 'outside.txt')
    await writeFile(outside, 'untouched')
    await symlink(outside, join(dir, 'target.json'))
    await writeFileAtomic(join(dir, 'target.json'), 'new')
    expect(await readFile(outside, 'utf8')).toBe('untouched')
    expect(await readFile(join(dir, 'target.json'), 'utf8')).toBe('new')
  })

  test('cleans up its temp file when the rename fails', async () => {
    const dir = await scratchDir()
    await mkdir(join(dir, 'occupied'))
    await writeFile(join(dir, 'occupied', 'file'), 'x')
    await expect(writeFileAtomic(join(dir, 'occupied'), 'data')).rejects.toThrow()
    expect((await readdir(dir)).sort()).toEqual(['occupied'])
  })

  test('concurrent writers each leave a whole file, never a mix', async () => {
    const dir = await scratchDir()
    const path = join(dir, 'state.json')
    const bodies = Array.from({ length: 20 }, (_, index) => JSON.stringify({ writer: index, pad: 'x'.repeat(10_000) }))
    await Promise.all(bodies.map(body => writeFileAtomic(path, body)))
    expect(bodies).toContain(await readFile(path, 'utf8'))
    expect(await readdir(dir)).toEqual(['state.json'])
  })
})

describe('readRegularFile', () => {
  test('reads a file and says undefined when it is absent', async () => {
    const dir = await scratchDir()
    await writeFile(join(dir, 'a'), 'hello')
    expect(await readRegularFile(join(dir, 'a'), 100)).toBe('hello')
    expect(await readRegularFile(join(dir, 'missing'), 100)).toBeUndefined()
  })

  test('refuses a symlink, naming the file', async () => {
    const dir = await scratchDir()
    await writeFile(join(dir, 'real'), 'secret')
    await symlink(join(dir, 'real'), join(dir, 'link'))
    await expect(readRegularFile(join(dir, 'link'), 100)).rejects.toThrow(`${join(dir, 'link')} is a symbolic link`)
  })

  test('refuses a file over the limit and accepts one at it', async () => {
    const dir = await scratchDir()
    await writeFile(join(dir, 'big'), 'x'.repeat(101))
    await writeFile(join(dir, 'fits'), 'x'.repeat(100))
    await expect(readRegularFile(join(dir, 'big'), 100)).rejects.toThrow('larger than 100 bytes')
    expect(await readRegularFile(join(dir, 'fits'), 100)).toHaveLength(100)
  })

  test('reads text of several bytes a character whole, in a file of megabytes', async () => {
    const dir = await scratchDir()
    const text = `${'é—😀'.repeat(300_000)}end`
    await writeFile(join(dir, 'wide'), text)
    expect(await readRegularFile(join(dir, 'wide'), 8 * 1024 * 1024)).toBe(text)
  })

  // A file that grows between the size it gave and the end of the read: /proc's files give 0.
  const procStatus = process.platform === 'linux' ? test : test.skip
  procStatus('reads on past the size the file gave when it turns out longer, and still refuses one over the limit', async () => {
    const whole = await readRegularFile('/proc/self/status', 1024 * 1024)
    expect(whole).toMatch(/^Name:.*\n[\s\S]*VmRSS:/)
    expect(whole!.length).toBeGreaterThan(500)
    await expect(readRegularFile('/proc/self/status', 100)).rejects.toThrow('larger than 100 bytes')
  })

  test('refuses a directory and a FIFO without hanging', async () => {
    const dir = await scratchDir()
    await mkdir(join(dir, 'sub'))
    await expect(readRegularFile(join(dir, 'sub'), 100)).rejects.toThrow('not a regular file')
    execFileSync('mkfifo', [join(dir, 'pipe')])
    await expect(readRegularFile(join(dir, 'pipe'), 100)).rejects.toThrow('not a regular file')
  })
})

describe('ensureRealDirectory', () => {
  test('creates a directory, accepts an existing one and refuses a symlink to one', async () => {
    const dir = await scratchDir()
    await ensureRealDirectory(join(dir, 'runs'))
    await ensureRealDirectory(join(dir, 'runs'))
    expect((await stat(join(dir, 'runs'))).isDirectory()).toBe(true)
    await mkdir(join(dir, 'elsewhere'))
    await symlink(join(dir, 'elsewhere'), join(dir, 'index'))
    await expect(ensureRealDirectory(join(dir, 'index'))).rejects.toThrow('symbolic link')
  })
})

describe('removeAbandonedTemps', () => {
  test("removes the temp files of writers that are gone, keeps a live writer's and every other file", async () => {
    const dir = await scratchDir()
    const killed = tempOfKilledWriter(dir, 'receipt.json')
    const live = `.meta.json.${process.pid}.12345678.tmp`
    for (const name of [live, 'receipt.json', 'notes.tmp', '.hidden']) await writeFile(join(dir, name), 'x')
    expect(await removeAbandonedTemps(dir)).toEqual([killed])
    expect((await readdir(dir)).sort()).toEqual(['.hidden', live, 'notes.tmp', 'receipt.json'].sort())
  })

  test('looks into no link and no missing folder', async () => {
    const dir = await scratchDir()
    const real = join(dir, 'real')
    await mkdir(real)
    const killed = tempOfKilledWriter(real, 'run.json')
    await symlink(real, join(dir, 'link'))
    expect(await removeAbandonedTemps(join(dir, 'link'))).toEqual([])
    expect(await removeAbandonedTemps(join(dir, 'missing'))).toEqual([])
    expect(await readdir(real)).toEqual([killed])
  })
})
