import { inflateRawSync } from 'node:zlib'

/** One file or directory read out of a zip archive. */
export interface ZipEntry {
  name: string
  isDirectory: boolean
  data: Buffer
}

const endOfCentralDirectorySignature = 0x06054b50
const centralEntrySignature = 0x02014b50
const localHeaderSignature = 0x04034b50

const crcTable = Array.from({ length: 256 }, (_, index) => {
  let value = index
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1
  return value >>> 0
})

/** CRC-32 as zip stores it (zlib.crc32 is missing from older Node 20 releases). */
export function crc32(data: Buffer): number {
  let crc = 0xffffffff
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 64 KiB, so it sits near the end.
  const lowest = Math.max(0, zip.length - 22 - 0xffff)
  for (let offset = zip.length - 22; offset >= lowest; offset -= 1) {
    if (zip.readUInt32LE(offset) === endOfCentralDirectorySignature) return offset
  }
  throw new Error('not a zip archive: no end-of-central-directory record')
}

/**
 * Reads every entry of a zip through its central directory (sizes there are reliable even
 * when the archive was streamed with data descriptors) and checks each entry's CRC-32.
 * Handles stored and deflated entries; zip64 archives are refused with a clear error.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = findEndOfCentralDirectory(zip)
  const entryCount = zip.readUInt16LE(end + 10)
  let offset = zip.readUInt32LE(end + 16)
  if (entryCount === 0xffff || offset === 0xffffffff) throw new Error('zip64 archives are not supported by this reader')
  const entries: ZipEntry[] = []
  for (let index = 0; index < entryCount; index += 1) {
    if (zip.readUInt32LE(offset) !== centralEntrySignature) throw new Error(`corrupt central directory at byte ${offset}`)
    const method = zip.readUInt16LE(offset + 10)
    const expectedCrc = zip.readUInt32LE(offset + 16)
    const compressedSize = zip.readUInt32LE(offset + 20)
    const size = zip.readUInt32LE(offset + 24)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    const localOffset = zip.readUInt32LE(offset + 42)
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength)
    offset += 46 + nameLength + extraLength + commentLength

    if (zip.readUInt32LE(localOffset) !== localHeaderSignature) throw new Error(`corrupt local header for ${name}`)
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28)
    const stored = zip.subarray(dataStart, dataStart + compressedSize)
    const data = method === 0 ? Buffer.from(stored) : method === 8 ? inflateRawSync(stored) : undefined
    if (data === undefined) throw new Error(`${name}: unsupported compression method ${method}`)
    if (data.length !== size) throw new Error(`${name}: expected ${size} bytes, got ${data.length}`)
    if (crc32(data) !== expectedCrc) throw new Error(`${name}: CRC-32 mismatch`)
    entries.push({ name, isDirectory: name.endsWith('/'), data })
  }
  return entries
}
