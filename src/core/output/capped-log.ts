import { closeSync, constants, fchmodSync, ftruncateSync, openSync, write } from 'node:fs'
import { isErrorCode } from '../base/atomic-file.js'

const DEFAULT_CAP_BYTES = 10 * 1024 * 1024
// The scratch buffer fits a pipe's chunk of text at three bytes a character, and stops
// growing at 1 Mi characters (longer text is encoded into a buffer of its own).
const MIN_SCRATCH_BYTES = 3 * 64 * 1024
const MAX_SCRATCH_CHARS = 1024 * 1024
// Not defined on Windows, where there is nothing to add.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

function droppedMarker(dropped: number, head: number, tail: number): string {
  return `[reverify: ${dropped} bytes dropped; the log keeps the first ${head} and the last ${tail} bytes]`
}

/** The line a capped log puts where it dropped bytes (see droppedMarker), for readers that leave it out. */
export const DROPPED_MARKER_LINE = /^\[reverify: \d+ bytes dropped; the log keeps the first \d+ and the last \d+ bytes\]$/

/**
 * What a full disk costs the log: it gives back this much of what it wrote, so the trace's
 * events, meta.json and the receipt still fit and the run can be closed (docs/design.md §2).
 */
export const DISK_FULL_RELEASE_BYTES = 256 * 1024

function diskFullMarker(kept: number): string {
  return `[reverify: no space left on device; the log stops here, after the first ${kept} bytes of the output]`
}

/** What a capped log saw and what it had to leave out. */
export interface CappedLogStats {
  bytesSeen: number
  bytesDropped: number
  /** Set when the disk was full: the log keeps only this many bytes of the output. */
  diskFullAt?: number
}

/** Writes an attempt's combined output to a file, keeping head and tail beyond a cap. */
export class CappedLogWriter {
  /** The log's file descriptor: opened and closed on the main thread, written through the thread pool. */
  private readonly fd: number
  private readonly capBytes: number
  private readonly headBytes: number
  private readonly tailBytes: number
  private seen = 0
  // Ring of the latest bytes past the head, allocated only once the output gets there.
  private tail: Buffer | undefined
  private tailNext = 0
  private tailFilled = 0
  // Text past the cap that may wrap the tail ring is encoded here, then copied into it: one
  // buffer for the whole run, where encoding each chunk afresh would allocate one per chunk.
  private scratch: Buffer | undefined
  private pending: Buffer[] = []
  private draining: Promise<void> | undefined
  private failure: unknown
  // Bytes on the file so far, and where the disk filled up (the log stops growing there).
  private written = 0
  private diskFullAt: number | undefined
  private closing: Promise<CappedLogStats> | undefined

  private constructor(fd: number, capBytes: number) {
    this.fd = fd
    this.capBytes = capBytes
    this.headBytes = Math.floor(capBytes / 2)
    this.tailBytes = capBytes - this.headBytes
  }

  /** Opens (creates/truncates, mode 0o600, never via a symlink) the file; cap default 10 MiB. */
  static async open(path: string, capBytes: number = DEFAULT_CAP_BYTES): Promise<CappedLogWriter> {
    if (!Number.isSafeInteger(capBytes) || capBytes < 0) {
      throw new RangeError(`log cap must be a non-negative integer of bytes, got ${capBytes}`)
    }
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NO_FOLLOW
    // Opened on the main thread: a round trip through the thread pool before the command
    // starts would cost more than the call (docs/design.md §9 "Start-up").
    const fd = openSync(path, flags, 0o600)
    try {
      // An existing file keeps its old mode through a truncate.
      fchmodSync(fd, 0o600)
    } catch (error) {
      closeSync(fd)
      throw error
    }
    return new CappedLogWriter(fd, capBytes)
  }

  /** Takes the next chunk; never blocks: file writes are queued, bounded by the cap. */
  write(chunk: Buffer | string): void {
    if (this.closing !== undefined) return
    if (typeof chunk === 'string' && this.writeIntoTail(chunk)) return
    const fresh = typeof chunk === 'string'
    const bytes = fresh ? this.encode(chunk) : chunk
    const size = bytes.length
    if (size === 0) return
    const before = this.seen
    this.seen += size
    // A full disk stopped the log; the output is still counted.
    if (this.diskFullAt !== undefined) return
    // Everything goes straight to the file while the output still fits under the cap,
    // so a killed process leaves a complete log in the common case.
    const straight = Math.min(size, Math.max(0, this.capBytes - before))
    if (straight > 0) {
      // The caller may reuse its buffer before the write lands.
      this.enqueue(fresh && straight === size ? bytes : Buffer.from(bytes.subarray(0, straight)))
    }
    const pastHead = Math.max(0, this.headBytes - before)
    if (pastHead < size) this.keepTail(bytes, pastHead)
  }

  /**
   * Past the cap, text that surely fits before the tail ring wraps is encoded straight into
   * it, with no copy in between; returns false when it must take the general path.
   */
  private writeIntoTail(text: string): boolean {
    const capacity = this.tailBytes
    // A UTF-16 code unit takes at most three bytes of UTF-8.
    if (capacity === 0 || this.seen < this.capBytes || this.diskFullAt !== undefined || text.length * 3 > capacity - this.tailNext) {
      return false
    }
    this.tail ??= Buffer.allocUnsafe(capacity)
    const size = this.tail.write(text, this.tailNext, 'utf8')
    this.seen += size
    this.tailNext = (this.tailNext + size) % capacity
    this.tailFilled = Math.min(capacity, this.tailFilled + size)
    return true
  }

  /**
   * UTF-8 of `text`: a buffer of its own while it may still go straight to the file (the
   * queue keeps it), else a view of the scratch buffer, valid until the next write.
   */
  private encode(text: string): Buffer {
    // Nothing more goes straight to the file once the cap is reached (or the disk is full).
    const straightDone = this.seen >= this.capBytes || this.diskFullAt !== undefined
    // A UTF-16 code unit takes at most three bytes of UTF-8.
    if (!straightDone || text.length > MAX_SCRATCH_CHARS) return Buffer.from(text, 'utf8')
    const needed = text.length * 3
    if (this.scratch === undefined || this.scratch.length < needed) {
      this.scratch = Buffer.allocUnsafeSlow(Math.max(needed, MIN_SCRATCH_BYTES))
    }
    return this.scratch.subarray(0, this.scratch.write(text, 'utf8'))
  }

  /** Resolves once every byte written so far that goes straight to the file is there. */
  async flush(): Promise<void> {
    while (this.draining !== undefined) await this.draining
    if (this.failure !== undefined) throw this.failure
  }

  /** Resolves once the writes queued so far have landed or failed; never throws. */
  async settle(): Promise<void> {
    while (this.draining !== undefined) await this.draining
  }

  /**
   * Flushes and closes; if bytes were dropped, the file holds the head, a marker line
   * `\n[reverify: N bytes dropped; the log keeps the first X and the last Y bytes]\n`,
   * then the tail. Later calls return the same result.
   */
  close(): Promise<CappedLogStats> {
    this.closing ??= this.finish()
    return this.closing
  }

  private async finish(): Promise<CappedLogStats> {
    try {
      while (this.draining !== undefined) await this.draining
      if (this.diskFullAt !== undefined) return await this.finishFull(this.diskFullAt)
      const dropped = this.seen - this.headBytes - this.tailFilled
      if (this.failure === undefined && this.seen > this.capBytes) {
        const marker = Buffer.from(`\n${droppedMarker(dropped, this.headBytes, this.tailFilled)}\n`, 'utf8')
        // Overwrites whatever went straight through past the head before the cap was hit. The
        // parts go one after the other: joining them would copy the whole tail once more.
        let end = this.headBytes
        for (const part of [marker, ...this.tailInOrder()]) {
          await this.writeAll(part, end)
          end += part.length
        }
        ftruncateSync(this.fd, end)
      }
      if (this.failure !== undefined) throw this.failure
      return { bytesSeen: this.seen, bytesDropped: Math.max(0, dropped) }
    } finally {
      this.tail = undefined
      this.scratch = undefined
      closeSync(this.fd)
    }
  }

  /** A log the disk cut short: what it kept, then the marker if it still fits; the verdict never depends on it. */
  private async finishFull(kept: number): Promise<CappedLogStats> {
    try {
      await this.writeAll(Buffer.from(`\n${diskFullMarker(kept)}\n`, 'utf8'), kept)
    } catch {
      // No room even for the marker: the trace's note says it all the same.
    }
    return { bytesSeen: this.seen, bytesDropped: this.seen - kept, diskFullAt: kept }
  }

  /**
   * The disk is full: the log stops at what it holds, less DISK_FULL_RELEASE_BYTES given
   * back so the run can still be recorded and closed.
   */
  private async stopOnFullDisk(): Promise<void> {
    const kept = Math.max(0, this.written - DISK_FULL_RELEASE_BYTES)
    this.diskFullAt = kept
    this.tail = undefined
    try {
      ftruncateSync(this.fd, kept)
    } catch {
      // Nothing more can be done here; closing the run reports what cannot be written.
    }
  }

  private tailInOrder(): Buffer[] {
    if (this.tail === undefined) return []
    if (this.tailFilled < this.tail.length) return [this.tail.subarray(0, this.tailFilled)]
    return [this.tail.subarray(this.tailNext), this.tail.subarray(0, this.tailNext)]
  }

  private keepTail(bytes: Buffer, from: number): void {
    const capacity = this.tailBytes
    if (capacity === 0) return
    this.tail ??= Buffer.allocUnsafe(capacity)
    const start = Math.max(from, bytes.length - capacity)
    const count = bytes.length - start
    const untilWrap = Math.min(count, capacity - this.tailNext)
    bytes.copy(this.tail, this.tailNext, start, start + untilWrap)
    if (untilWrap < count) bytes.copy(this.tail, 0, start + untilWrap, bytes.length)
    this.tailNext = (this.tailNext + count) % capacity
    this.tailFilled = Math.min(capacity, this.tailFilled + count)
  }

  private enqueue(bytes: Buffer): void {
    if (this.failure !== undefined || this.diskFullAt !== undefined) return
    this.pending.push(bytes)
    this.draining ??= this.drain()
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        // Small writes that piled up behind a slow one go out as one.
        const batch = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending)
        this.pending = []
        await this.writeAll(batch, null)
      }
    } catch (error) {
      this.pending = []
      if (isErrorCode(error, 'ENOSPC', 'EDQUOT')) await this.stopOnFullDisk()
      else this.failure ??= error
    } finally {
      this.draining = undefined
    }
  }

  private async writeAll(bytes: Buffer, position: number | null): Promise<void> {
    let offset = 0
    while (offset < bytes.length) {
      const at = position === null ? null : position + offset
      const bytesWritten = await writeAt(this.fd, bytes, offset, bytes.length - offset, at)
      offset += bytesWritten
      if (position === null) this.written += bytesWritten
    }
  }
}

/** One write of `length` bytes from `offset` at `position` (null: where the file is), through the thread pool. */
function writeAt(fd: number, bytes: Buffer, offset: number, length: number, position: number | null): Promise<number> {
  return new Promise((resolve, reject) => {
    write(fd, bytes, offset, length, position, (error, written) => (error === null ? resolve(written) : reject(error)))
  })
}
