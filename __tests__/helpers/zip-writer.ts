/**
 * Writes zip archives for the tests of the leg unzipper, including the hostile ones a real
 * zipper never makes: a bomb (deflated repeated bytes), a name listed twice, an encrypted
 * flag, zip64 markers, a size that is not the data's. Entries are deflated unless `stored`.
 */
import * as zlib from 'node:zlib'
import { crc32 } from './results-service/zip-reader.js'

/** One entry to write. */
export interface ZipInput {
  name: string
  data: Buffer | string
  stored?: boolean
  /** General-purpose flags to set (0x1 = encrypted). */
  flags?: number
  /** Writes 0xffffffff as the sizes in the central directory, as a zip64 entry does. */
  zip64Sizes?: boolean
  /** The uncompressed size the headers declare, instead of the data's. */
  declaredSize?: number
}

/** A zip archive of `entries`, in order; `count` overrides the entry count the end record claims. */
export function writeZip(entries: ZipInput[], options: { count?: number } = {}): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data)
    const body = entry.stored ? data : zlib.deflateRawSync(data)
    const name = Buffer.from(entry.name)
    const method = entry.stored ? 0 : 8
    // zlib's own is much faster on a bomb's megabytes; older Node 20 releases lack it.
    const crc = typeof zlib.crc32 === 'function' ? zlib.crc32(data) : crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(entry.flags ?? 0, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(entry.declaredSize ?? data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(entry.flags ?? 0, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(entry.zip64Sizes ? 0xffffffff : body.length, 20)
    central.writeUInt32LE(entry.zip64Sizes ? 0xffffffff : (entry.declaredSize ?? data.length), 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  const count = options.count ?? entries.length
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
