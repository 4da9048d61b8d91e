import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { CappedLogWriter } from '../../../src/core/output/capped-log.js'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'capped-log-'))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function marker(dropped: number, head: number, tail: number): string {
  return `\n[reverify: ${dropped} bytes dropped;` + ` the log keeps the first ${head} and the last ${tail} bytes]\n`
}

/** Splits data into chunks of varying sizes, some of them empty. */
function chunksOf(data: Buffer, sizes: number[]): Buffer[] {
  const chunks: Buffer[] = []
  for (let at = 0, i = 0; at < data.length; i++) {
    const size = sizes[i % sizes.length] as number
    chunks.push(data.subarray(at, at + size))
    at += size
  }
  return chunks
}

describe('CappedLogWriter', () => {
  it('keeps an exact copy of output under the cap, from Buffers and strings', async () => {
    const path = join(dir, 'attempt-1.log')
    const log = await CappedLogWriter.open(path, 1000)
    const parts: (Buffer | string)[] = ['compiling…\n', Buffer.from([0xff, 0x00, 0x0a]), '', 'ünïcode ✓\n']
    for (const part of parts) log.write(part)
    const stats = await log.close()
    const expected = Buffer.concat(parts.map(part => Buffer.from(part)))
    expect(await readFile(path)).toEqual(expected)
    expect(stats).toEqual({ bytesSeen: expected.length, bytesDropped: 0 })
  })

  it('keeps the exact tail when string chunks arrive long past the cap (multi-byte text too)', async () => {
    const path = join(dir, 'late-strings.log')
    const cap = 1001
    const pieces: string[] = []
    for (let i = 0; i < 400; i++) pieces.push(`line ${i} ✓ ünï ${'x'.repeat(i % 17)}\n`)
    const log = await CappedLogWriter.open(path, cap)
    for (const piece of pieces) log.write(piece)
    const all = Buffer.from(pieces.join(''), 'utf8')
    const stats = await log.close()
    const head = Math.floor(cap / 2)
    const tail = cap - head
    expect(stats).toEqual({ bytesSeen: all.length, bytesDropped: all.length - head - tail })
    const expected = Buffer.concat([
      all.subarray(0, head),
      Buffer.from(marker(all.length - head - tail, head, tail)),
      all.subarray(all.length - tail)
    ])
    expect(await readFile(path)).toEqual(expected)
  })

  it('past the cap, text goes into the tail ring directly, through the scratch buffer or in a buffer of its own: the exact tail', async () => {
    const path = join(dir, 'scratch.log')
    const cap = 4 * 1024 * 1024
    // The scratch buffer takes up to 1 Mi characters; the 1.5 Mi pieces are encoded on their own.
    const big = (letter: string) => `${letter}✓ü`.repeat(512 * 1024) + '\n'
    const pieces = ['start\n', big('a'), 'small ✓\n', big('b'), 'x'.repeat(70_000), big('c'), 'end ✓\n']
    const log = await CappedLogWriter.open(path, cap)
    for (const piece of pieces) log.write(piece)
    const all = Buffer.from(pieces.join(''), 'utf8')
    const head = cap / 2
    const dropped = all.length - cap
    expect(await log.close()).toEqual({ bytesSeen: all.length, bytesDropped: dropped })
    const expected = Buffer.concat([
      all.subarray(0, head),
      Buffer.from(marker(dropped, head, cap - head)),
      all.subarray(all.length - (cap - head))
    ])
    expect((await readFile(path)).equals(expected)).toBe(true)
  })

  it('keeps output of exactly the cap whole, without a marker', async () => {
    const path = join(dir, 'exact.log')
    const data = randomBytes(1000)
    const log = await CappedLogWriter.open(path, 1000)
    for (const chunk of chunksOf(data, [7, 300, 1, 0, 64])) log.write(chunk)
    expect(await log.close()).toEqual({ bytesSeen: 1000, bytesDropped: 0 })
    expect(await readFile(path)).toEqual(data)
  })

  it.each([
    [1000, 5000, [64]],
    [1001, 5000, [1, 2, 3, 500, 999]],
    [1000, 1001, [1001]],
    [1000, 100_000, [4096, 3, 65536]],
    [3, 50, [1]]
  ])('over a cap of %i keeps head, marker and tail of %i bytes', async (cap, total, sizes) => {
    const path = join(dir, 'over.log')
    const data = randomBytes(total)
    const log = await CappedLogWriter.open(path, cap)
    for (const chunk of chunksOf(data, sizes)) log.write(chunk)
    const head = Math.floor(cap / 2)
    const tail = cap - head
    const dropped = total - cap
    expect(await log.close()).toEqual({ bytesSeen: total, bytesDropped: dropped })
    const expected = Buffer.concat([data.subarray(0, head), Buffer.from(marker(dropped, head, tail)), data.subarray(total - tail)])
    expect(await readFile(path)).toEqual(expected)
  })

  it('keeps every byte in order through many small writes', async () => {
    const path = join(dir, 'small.log')
    const text = Array.from({ length: 30_000 }, (_, i) => `line ${i}\n`).join('')
    const log = await CappedLogWriter.open(path, 64 * 1024)
    for (let at = 0; at < text.length; at += 3) log.write(text.slice(at, at + 3))
    const { bytesDropped } = await log.close()
    const data = Buffer.from(text)
    expect(bytesDropped).toBe(data.length - 64 * 1024)
    expect(await readFile(path)).toEqual(
      Buffer.concat([
        data.subarray(0, 32 * 1024),
        Buffer.from(marker(bytesDropped, 32 * 1024, 32 * 1024)),
        data.subarray(data.length - 32 * 1024)
      ])
    )
  })

  it('is not disturbed when the caller reuses its buffer after a write', async () => {
    const path = join(dir, 'reuse.log')
    const log = await CappedLogWriter.open(path, 100)
    const scratch = Buffer.alloc(40)
    const written: Buffer[] = []
    for (let i = 0; i < 5; i++) {
      scratch.fill(0x61 + i)
      log.write(scratch)
      written.push(Buffer.from(scratch))
    }
    await log.close()
    const data = Buffer.concat(written)
    expect(await readFile(path)).toEqual(Buffer.concat([data.subarray(0, 50), Buffer.from(marker(100, 50, 50)), data.subarray(150)]))
  })

  it('has the output on disk before close while it is under the cap', async () => {
    const path = join(dir, 'live.log')
    const log = await CappedLogWriter.open(path, 1000)
    log.write('first part, ')
    log.write(Buffer.from('second part'))
    await log.flush()
    expect(await readFile(path, 'utf8')).toBe('first part, second part')
    await log.close()
  })

  it('creates the file with mode 0600 and truncates an existing one', async () => {
    const path = join(dir, 'old.log')
    await writeFile(path, 'stale content from before', { mode: 0o644 })
    const log = await CappedLogWriter.open(path)
    log.write('new')
    await log.close()
    expect(await readFile(path, 'utf8')).toBe('new')
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600)
  })

  it('does not write through a symlink', async () => {
    if (process.platform === 'win32') return
    const target = join(dir, 'target.txt')
    await writeFile(target, 'keep me')
    const link = join(dir, 'attempt-1.log')
    await symlink(target, link)
    await expect(CappedLogWriter.open(link)).rejects.toThrow()
    expect(await readFile(target, 'utf8')).toBe('keep me')
  })

  it('rejects a cap that is not a whole number of bytes', async () => {
    await expect(CappedLogWriter.open(join(dir, 'a.log'), -1)).rejects.toThrow(RangeError)
    await expect(CappedLogWriter.open(join(dir, 'b.log'), 1.5)).rejects.toThrow(RangeError)
  })

  it('returns the same result from a second close and ignores writes after close', async () => {
    const path = join(dir, 'twice.log')
    const log = await CappedLogWriter.open(path, 10)
    log.write('0123456789abc')
    const first = log.close()
    log.write('late')
    expect(await first).toEqual({ bytesSeen: 13, bytesDropped: 3 })
    expect(await log.close()).toEqual({ bytesSeen: 13, bytesDropped: 3 })
    expect(await readFile(path, 'utf8')).toBe(`01234${marker(3, 5, 5)}89abc`)
  })

  it('keeps memory bounded while 200 MB stream through a 10 MiB cap', async () => {
    const collectGarbage = garbageCollector()
    const allowedGrowth = collectGarbage ? 40 * 2 ** 20 : 150 * 2 ** 20
    const memory = (): number => {
      collectGarbage?.()
      const { heapUsed, external } = process.memoryUsage()
      return heapUsed + external
    }
    const path = join(dir, 'big.log')
    const before = memory()
    const log = await CappedLogWriter.open(path)
    const chunk = Buffer.alloc(64 * 1024, 'x')
    for (let i = 0; i < 3200; i++) {
      chunk.write(String(i % 10), 0)
      log.write(chunk)
      if (i % 100 === 0) await new Promise(resolve => setImmediate(resolve))
    }
    expect(memory() - before).toBeLessThan(allowedGrowth)
    const { bytesSeen, bytesDropped } = await log.close()
    expect(bytesSeen).toBe(3200 * 64 * 1024)
    const size = (await stat(path)).size
    expect(size).toBe(10 * 2 ** 20 + marker(bytesDropped, 5 * 2 ** 20, 5 * 2 ** 20).length)
  })
})

function garbageCollector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc')
    return runInNewContext('gc') as () => void
  } catch {
    return undefined
  }
}
