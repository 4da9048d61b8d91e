/**
 * The receipts one process wrote (docs/design.md §3 "Run id and receipt"): the text and the
 * file as lstat saw it right after the rename. A receipt read back unchanged (same inode,
 * size and change time) is the text this process wrote and is not parsed again; any other
 * file is read and validated as untrusted.
 */
import { lstatSync } from 'node:fs'
import { lstatOrUndefined } from '../base/atomic-file.js'
import type { Receipt } from './receipt.js'

/** What was written where, by run id. */
export class WrittenReceipts {
  private readonly byRunId = new Map<string, { path: string; text: string; ino: number; size: number; ctimeMs: number }>()

  /** Records the receipt just written at `path`. */
  async remember(runId: string, path: string, text: string): Promise<void> {
    const seen = lstatSync(path)
    this.byRunId.set(runId, { path, text, ino: seen.ino, size: seen.size, ctimeMs: seen.ctimeMs })
  }

  /** The receipt this process wrote at `path`, when the file is still that one; else undefined. */
  async unchanged(runId: string, path: string): Promise<Receipt | undefined> {
    const written = this.byRunId.get(runId)
    if (written?.path !== path) return undefined
    const seen = lstatOrUndefined(path)
    const same = seen?.isFile() === true && seen.ino === written.ino && seen.size === written.size && seen.ctimeMs === written.ctimeMs
    return same ? (JSON.parse(written.text) as Receipt) : undefined
  }
}
