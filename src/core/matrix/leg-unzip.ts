/**
 * Unpacks a leg's trace artifact (a zip) for the matrix report (docs/design.md §5 "One
 * summary for a matrix"), within a cap. The zip is untrusted and its listed size says
 * nothing of what it unpacks to: a 300 KB zip of repeated bytes unpacks to 300 MB. So only
 * the files the report reads are written (receipt.json, trace.jsonl, meta.json at the zip's
 * root), each up to the size its reader accepts; every other entry (the logs, report.html)
 * is never inflated. The count is made while inflating: the write stops at the first chunk
 * past the cap, the leg's files are removed, and the leg is one problem naming the cap.
 * Entries are found through the central directory; an encrypted, zip64, multi-disk or
 * otherwise unreadable archive is a problem too, never an exception.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { open, rm, writeFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createInflateRaw } from 'node:zlib'
import { describeError } from '../base/errors.js'
import { MAX_RECEIPT_BYTES } from '../receipts/receipt-store.js'
import { SessionFile } from '../session/layout.js'
import { MAX_META_BYTES } from '../session/meta.js'
import { MAX_TRACE_BYTES } from '../session/reader.js'
import { LEG_RECEIPT_FILE } from './leg.js'

/** The files of a trace artifact the report reads, each with the most it may unpack to: what its reader accepts. */
export const LEG_FILE_CAPS: Readonly<Record<string, number>> = {
  [LEG_RECEIPT_FILE]: MAX_RECEIPT_BYTES,
  [SessionFile.trace]: MAX_TRACE_BYTES,
  [SessionFile.meta]: MAX_META_BYTES
}

/** Most entries a leg's zip may list: a trace holds two logs per attempt and a few files, so this is far above any. */
export const MAX_LEG_ZIP_ENTRIES = 10_000

/** What was unpacked, or why the leg was stopped (one line; its files are removed). */
export type LegUnzip = { ok: true; files: string[]; bytes: number } | { ok: false; problem: string }

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50
const EOCD_BYTES = 22
const MAX_COMMENT_BYTES = 0xffff
/** A central directory of MAX_LEG_ZIP_ENTRIES entries with names of a few hundred bytes. */
const MAX_CENTRAL_DIRECTORY_BYTES = 8 * 1024 * 1024

/** One entry the report reads, as the central directory lists it. */
interface WantedEntry {
  name: string
  method: number
  compressedSize: number
  localHeaderOffset: number
}

/** Thrown inside the unpacking; its message is the leg's problem. */
class UnzipRefused extends Error {
  override readonly name = 'UnzipRefused'
}

/** Unpacks the report's files from the zip at `zipPath` into `dir` (which must hold nothing of those names). */
export async function unzipLeg(zipPath: string, dir: string): Promise<LegUnzip> {
  const written: string[] = []
  let bytes = 0
  let zip: FileHandle | undefined
  try {
    zip = await open(zipPath, 'r')
    const entries = await wantedEntries(zip)
    for (const entry of entries) {
      const dataStart = await dataOffset(zip, entry)
      const target = join(dir, entry.name)
      written.push(target)
      bytes += await unpackEntry(zipPath, dataStart, entry, target)
    }
    return { ok: true, files: entries.map(entry => entry.name), bytes }
  } catch (error) {
    await Promise.all(written.map(path => rm(path, { force: true })))
    const reason = error instanceof UnzipRefused ? error.message : `it could not be unpacked (${describeError(error)})`
    return { ok: false, problem: reason }
  } finally {
    await zip?.close()
  }
}

async function readAt(zip: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await zip.read(buffer, 0, length, position)
  if (bytesRead !== length) throw new UnzipRefused('it is not a zip archive (it ends early)')
  return buffer
}

/** The entries the report reads, from the central directory; refuses what cannot be read safely. */
async function wantedEntries(zip: FileHandle): Promise<WantedEntry[]> {
  const { size } = await zip.stat()
  if (size < EOCD_BYTES) throw new UnzipRefused('it is not a zip archive')
  const tailLength = Math.min(size, EOCD_BYTES + MAX_COMMENT_BYTES)
  const tail = await readAt(zip, size - tailLength, tailLength)
  let at = -1
  for (let i = tail.length - EOCD_BYTES; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i
      break
    }
  }
  if (at < 0) throw new UnzipRefused('it is not a zip archive (no end of central directory)')
  const disk = tail.readUInt16LE(at + 4)
  const count = tail.readUInt16LE(at + 10)
  const directorySize = tail.readUInt32LE(at + 12)
  const directoryOffset = tail.readUInt32LE(at + 16)
  if (disk !== 0 || count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw new UnzipRefused('it is a multi-disk or zip64 archive, which a trace artifact never is')
  }
  if (count > MAX_LEG_ZIP_ENTRIES) throw new UnzipRefused(`it lists ${count} files, more than the ${MAX_LEG_ZIP_ENTRIES} a trace may hold`)
  if (directorySize > MAX_CENTRAL_DIRECTORY_BYTES || directoryOffset + directorySize > size) {
    throw new UnzipRefused('its central directory is not where the archive says')
  }
  const directory = await readAt(zip, directoryOffset, directorySize)
  const wanted = new Map<string, WantedEntry>()
  let offset = 0
  for (let index = 0; index < count; index++) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== CENTRAL_SIGNATURE) {
      throw new UnzipRefused('its central directory is damaged')
    }
    const flags = directory.readUInt16LE(offset + 8)
    const method = directory.readUInt16LE(offset + 10)
    const compressedSize = directory.readUInt32LE(offset + 20)
    const nameLength = directory.readUInt16LE(offset + 28)
    const extraLength = directory.readUInt16LE(offset + 30)
    const commentLength = directory.readUInt16LE(offset + 32)
    const localHeaderOffset = directory.readUInt32LE(offset + 42)
    const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength)
    offset += 46 + nameLength + extraLength + commentLength
    if (!Object.hasOwn(LEG_FILE_CAPS, name)) continue
    if (wanted.has(name)) throw new UnzipRefused(`it lists ${name} twice`)
    if ((flags & 0x1) !== 0) throw new UnzipRefused(`its ${name} is encrypted`)
    if (method !== 0 && method !== 8) throw new UnzipRefused(`its ${name} is compressed with method ${method}, not stored or deflated`)
    if (compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      throw new UnzipRefused(`its ${name} has zip64 sizes, which a trace artifact never needs`)
    }
    wanted.set(name, { name, method, compressedSize, localHeaderOffset })
  }
  return [...wanted.values()]
}

/** Where the entry's compressed data starts: after its local header, whose name and extra field lengths are its own. */
async function dataOffset(zip: FileHandle, entry: WantedEntry): Promise<number> {
  const header = await readAt(zip, entry.localHeaderOffset, 30)
  if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new UnzipRefused(`its ${entry.name} has no local header where the directory says`)
  return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
}

/** Writes one entry, counting what it unpacks to; past its cap, stops before writing the chunk that passed it. */
async function unpackEntry(zipPath: string, start: number, entry: WantedEntry, target: string): Promise<number> {
  const cap = LEG_FILE_CAPS[entry.name]!
  let unpacked = 0
  const capped = async function* (source: Readable): AsyncGenerator<Buffer> {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      unpacked += chunk.length
      if (unpacked > cap) {
        throw new UnzipRefused(
          `its ${entry.name} unpacks to more than ${mebibytes(cap)}, the most the report reads of it; stopped, and its files removed`
        )
      }
      yield chunk
    }
  }
  if (entry.compressedSize === 0) {
    await writeFile(target, '', { flag: 'wx', mode: 0o600 })
    return 0
  }
  const compressed = createReadStream(zipPath, { start, end: start + entry.compressedSize - 1 })
  const output = createWriteStream(target, { flags: 'wx', mode: 0o600 })
  if (entry.method === 8) await pipeline(compressed, createInflateRaw(), capped, output)
  else await pipeline(compressed, capped, output)
  return unpacked
}

function mebibytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`
}
