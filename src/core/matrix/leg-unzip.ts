/**
 * Unpacks a leg's trace artifact (a zip) for the matrix report (docs/design.md §5 "One
 * summary for a matrix"), within a cap. The zip is untrusted and its listed size says
 * nothing of what it unpacks to: a 300 KB zip of repeated bytes unpacks to 300 MB. So only
 * the files the report reads are written (receipt.json, trace.jsonl, meta.json and
 * annotations.json at the zip's root), each up to the size its reader accepts; every other entry (the logs, report.html)
 * is never inflated. The count is made while inflating, whatever the entry's header claims:
 * the write stops at the first chunk past the cap, the leg's files are removed, and the leg
 * is one problem naming the cap. yauzl reads the central directory and inflates; an
 * encrypted, multi-disk or otherwise unreadable archive is a problem too, never an exception.
 */
import { createWriteStream, promises as fsp } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { openPromise, type Entry, type ZipFile } from 'yauzl'
import { describeError } from '../base/errors.js'
import { MAX_RECEIPT_BYTES } from '../receipts/receipt-store.js'
import { SessionFile } from '../session/layout.js'
import { MAX_META_BYTES } from '../session/meta.js'
import { MAX_TRACE_BYTES } from '../session/reader.js'
import { LEG_RECEIPT_FILE } from './leg.js'
import { LEG_ANNOTATIONS_FILE, MAX_LEG_ANNOTATIONS_BYTES } from './leg-annotations.js'

/** The files of a trace artifact the report reads, each with the most it may unpack to: what its reader accepts. */
export const LEG_FILE_CAPS: Readonly<Record<string, number>> = {
  [LEG_RECEIPT_FILE]: MAX_RECEIPT_BYTES,
  [SessionFile.trace]: MAX_TRACE_BYTES,
  [SessionFile.meta]: MAX_META_BYTES,
  [LEG_ANNOTATIONS_FILE]: MAX_LEG_ANNOTATIONS_BYTES
}

/** Most entries a leg's zip may list: a trace holds two logs per attempt and a few files, so this is far above any. */
export const MAX_LEG_ZIP_ENTRIES = 10_000

/** What was unpacked, or why the leg was stopped (one line; its files are removed). */
export type LegUnzip = { ok: true; files: string[]; bytes: number } | { ok: false; problem: string }

/** Thrown inside the unpacking; its message is the leg's problem. */
class UnzipRefused extends Error {
  override readonly name = 'UnzipRefused'
}

/** Unpacks the report's files from the zip at `zipPath` into `dir` (which must hold nothing of those names). */
export async function unzipLeg(zipPath: string, dir: string): Promise<LegUnzip> {
  let zip: ZipFile
  try {
    // One entry at a time (lazyEntries); kept open after the listing, as the wanted entries
    // are read once it is complete. Names are decoded and checked (no absolute path, no
    // `..`, no backslash), and each entry's inflated size must match what it declares.
    zip = await openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      strictFileNames: true,
      validateEntrySizes: true
    })
  } catch (error) {
    return { ok: false, problem: `it is not a readable zip archive (${describeError(error)})` }
  }
  const written: string[] = []
  try {
    const entries = await wantedEntries(zip)
    let bytes = 0
    for (const entry of entries) {
      const target = join(dir, entry.fileName)
      written.push(target)
      bytes += await unpackEntry(zip, entry, target)
    }
    return { ok: true, files: entries.map(entry => entry.fileName), bytes }
  } catch (error) {
    await Promise.all(written.map(path => fsp.rm(path, { force: true })))
    return { ok: false, problem: error instanceof UnzipRefused ? error.message : `it could not be unpacked (${describeError(error)})` }
  } finally {
    zip.close()
  }
}

/** The entries the report reads, in the central directory's order; refuses what cannot be read safely. */
async function wantedEntries(zip: ZipFile): Promise<Entry[]> {
  if (zip.entryCount > MAX_LEG_ZIP_ENTRIES) {
    throw new UnzipRefused(`it lists ${zip.entryCount} files, more than the ${MAX_LEG_ZIP_ENTRIES} a trace may hold`)
  }
  const wanted = new Map<string, Entry>()
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName
      if (!Object.hasOwn(LEG_FILE_CAPS, name)) continue
      if (wanted.has(name)) throw new UnzipRefused(`it lists ${name} twice`)
      if (entry.isEncrypted()) throw new UnzipRefused(`its ${name} is encrypted`)
      if (!entry.canDecodeFileData()) {
        throw new UnzipRefused(`its ${name} is compressed with method ${entry.compressionMethod}, not stored or deflated`)
      }
      wanted.set(name, entry)
    }
  } catch (error) {
    if (error instanceof UnzipRefused) throw error
    throw new UnzipRefused(`its central directory is damaged (${describeError(error)})`)
  }
  return [...wanted.values()]
}

/** Writes one entry, counting what it unpacks to; past its cap, stops before writing the chunk that passed it. */
async function unpackEntry(zip: ZipFile, entry: Entry, target: string): Promise<number> {
  const name = entry.fileName
  const cap = LEG_FILE_CAPS[name]!
  let unpacked = 0
  const capped = async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      unpacked += chunk.length
      if (unpacked > cap) {
        throw new UnzipRefused(
          `its ${name} unpacks to more than ${mebibytes(cap)}, the most the report reads of it; stopped, and its files removed`
        )
      }
      yield chunk
    }
  }
  try {
    const data = await zip.openReadStreamPromise(entry)
    await pipeline(data, capped, createWriteStream(target, { flags: 'wx', mode: 0o600 }))
  } catch (error) {
    if (error instanceof UnzipRefused) throw error
    throw new UnzipRefused(`its ${name} could not be unpacked (${describeError(error)})`)
  }
  return unpacked
}

function mebibytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`
}
