/**
 * Unpacking a leg's trace artifact within its cap (core/matrix/leg-unzip.ts): only the files
 * the report reads are written, each up to what its reader accepts; a bomb in one of them
 * stops the leg with one problem naming the cap and leaves nothing behind; a bomb anywhere
 * else is never inflated. Real files, real zlib; the archives come from a small writer that
 * can also make the hostile shapes a real zipper never does.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LEG_FILE_CAPS, MAX_LEG_ZIP_ENTRIES, unzipLeg } from '../../../src/core/matrix/leg-unzip.js'
import { scratchDir } from '../../helpers/receipts.js'
import { writeZip, type ZipInput } from '../../helpers/zip-writer.js'

const MiB = 1024 * 1024

/** Writes `entries` as a zip and unpacks it into a fresh folder; answers the result and the folder. */
async function unpack(entries: ZipInput[], options: { count?: number } = {}) {
  const scratch = await scratchDir('reverify-leg-unzip-')
  const zip = join(scratch, 'artifact.zip')
  await writeFile(zip, writeZip(entries, options))
  const dir = join(scratch, 'leg')
  await import('node:fs/promises').then(fs => fs.mkdir(dir))
  return { result: await unzipLeg(zip, dir), dir, zipBytes: (await readFile(zip)).length }
}

const traceFiles: ZipInput[] = [
  { name: 'receipt.json', data: '{"run_id":"r1"}' },
  { name: 'trace.jsonl', data: '{"type":"start"}\n' },
  { name: 'meta.json', data: '{"run_id":"r1"}', stored: true }
]

test('the caps are what the readers accept: 4 MiB of receipt, 16 MiB of trace, 1 MiB of meta.json, 8 MiB of annotations', () => {
  expect(LEG_FILE_CAPS).toEqual({
    'receipt.json': 4 * MiB,
    'trace.jsonl': 16 * MiB,
    'meta.json': 1 * MiB,
    'annotations.json': 8 * MiB
  })
})

test('the three files the report reads are written as they were; the rest of the artifact is not', async () => {
  const { result, dir } = await unpack([
    ...traceFiles,
    { name: 'attempt-1.log', data: 'the whole log' },
    { name: 'report.html', data: '<html></html>' },
    { name: 'sub/receipt.json', data: 'not at the root' }
  ])

  expect(result).toEqual({ ok: true, files: ['receipt.json', 'trace.jsonl', 'meta.json'], bytes: 15 + 17 + 15 })
  expect((await readdir(dir)).sort()).toEqual(['meta.json', 'receipt.json', 'trace.jsonl'])
  expect(await readFile(join(dir, 'trace.jsonl'), 'utf8')).toBe('{"type":"start"}\n')
  expect(await readFile(join(dir, 'meta.json'), 'utf8')).toBe('{"run_id":"r1"}')
})

test('a bomb as trace.jsonl: the leg stops with one problem naming the cap, and nothing is left', async () => {
  const { result, dir, zipBytes } = await unpack([traceFiles[0]!, { name: 'trace.jsonl', data: Buffer.alloc(24 * MiB, 0x20) }])

  expect(zipBytes).toBeLessThan(200 * 1024)
  expect(result).toEqual({
    ok: false,
    problem: 'its trace.jsonl unpacks to more than 16 MiB, the most the report reads of it; stopped, and its files removed'
  })
  expect(await readdir(dir)).toEqual([])
})

test('a file exactly at its cap is fine; one byte more is not', async () => {
  const atCap = await unpack([{ name: 'meta.json', data: Buffer.alloc(MiB, 0x20) }])
  expect(atCap.result).toEqual({ ok: true, files: ['meta.json'], bytes: MiB })
  const over = await unpack([{ name: 'meta.json', data: Buffer.alloc(MiB + 1, 0x20) }])
  expect(over.result).toEqual({ ok: false, problem: expect.stringContaining('its meta.json unpacks to more than 1 MiB') })
  expect(await readdir(over.dir)).toEqual([])
})

test('a bomb in a file the report does not read is never inflated', async () => {
  const { result, dir } = await unpack([...traceFiles, { name: 'attempt-1.log', data: Buffer.alloc(24 * MiB, 0x41) }])

  expect(result).toMatchObject({ ok: true, files: ['receipt.json', 'trace.jsonl', 'meta.json'] })
  expect(await readdir(dir)).not.toContain('attempt-1.log')
})

describe('archives that cannot be read safely are a problem, never an exception', () => {
  test.each<[string, ZipInput[], { count?: number }, RegExp]>([
    ['a name listed twice', [traceFiles[1]!, traceFiles[1]!], {}, /^it lists trace\.jsonl twice$/],
    ['an encrypted entry', [{ ...traceFiles[0]!, flags: 0x1 }], {}, /^its receipt\.json is encrypted$/],
    [
      'zip64 size markers with no zip64 sizes',
      [{ ...traceFiles[1]!, zip64Sizes: true }],
      {},
      /^its trace\.jsonl could not be unpacked \(file data overflows/
    ],
    ['more entries than a trace holds', traceFiles, { count: MAX_LEG_ZIP_ENTRIES + 1 }, /^it lists 10001 files, more than the 10000/],
    ['an end record that lies about the count', traceFiles, { count: 9 }, /central directory is damaged/],
    [
      'a trace.jsonl that declares fewer bytes than it inflates to',
      [{ name: 'trace.jsonl', data: Buffer.alloc(64 * 1024, 0x20), declaredSize: 10 }],
      {},
      /^its trace\.jsonl could not be unpacked \(too many bytes/
    ],
    [
      'a name that climbs out of the folder',
      [{ name: '../receipt.json', data: '{}' }],
      {},
      /^its central directory is damaged \(.*\.\.\/receipt\.json/
    ],
    ['a name with a backslash', [{ name: 'logs\\attempt-1.log', data: '' }], {}, /^its central directory is damaged \(.*fileName/]
  ])('%s', async (_, entries, options, problem) => {
    const { result, dir } = await unpack(entries, options)
    expect(result).toEqual({ ok: false, problem: expect.stringMatching(problem) })
    expect(await readdir(dir)).toEqual([])
  })

  test('a file that is not a zip', async () => {
    const scratch = await scratchDir('reverify-leg-unzip-')
    await writeFile(join(scratch, 'artifact.zip'), 'just text, no archive at all')
    expect(await unzipLeg(join(scratch, 'artifact.zip'), scratch)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^it is not a readable zip archive \(End of central directory record signature not found/)
    })
  })
})
