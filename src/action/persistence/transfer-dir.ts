/**
 * The folder the cache client reads from and writes into (docs/design.md §5, "Receipt
 * history in the cache"). The cache version hashes the path strings exactly as given, so the
 * path is a fixed relative one, `.reverify-history/<history-key>`, the same on every runner
 * whatever its RUNNER_TEMP (container jobs use /__w/_temp, self-hosted hosts run several
 * runners in different folders). The client resolves it against the workspace (its working
 * directory), which is where the folder lives; it exists only for the length of one restore
 * or save and is removed right after, so the user's commands never see it and nothing is
 * left behind. A link or a file in its place (a checkout can bring one) is refused: nothing
 * is written through it.
 */
import { promises as fsp } from 'node:fs'
import { join } from 'node:path'

/** The folder under the workspace that holds transfer folders. */
export const TRANSFER_ROOT = '.reverify-history'

/** The path given to the cache client, relative and the same on every runner. */
export function transferPath(historyKey: string): string {
  return `${TRANSFER_ROOT}/${historyKey}`
}

/** One transfer folder: where it is on disk, and what the cache client is given. */
export interface TransferDir {
  /** The relative path handed to @actions/cache (its version hashes this string). */
  cachePath: string
  /** The same folder on disk. */
  dir: string
  /** Empties the folder, making it (and its parent) if needed. */
  reset(): Promise<void>
  /** Removes the folder, and its parent when nothing else is in it. */
  remove(): Promise<void>
}

/** Thrown when the transfer folder's place holds something that is not a real directory. */
export class TransferDirRefused extends Error {
  override readonly name = 'TransferDirRefused'
}

async function requireDirectoryOrAbsent(path: string): Promise<void> {
  try {
    const info = await fsp.lstat(path)
    if (!info.isDirectory()) {
      throw new TransferDirRefused(`${path} is ${info.isSymbolicLink() ? 'a symbolic link' : 'not a directory'}; refusing to use it`)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null | undefined)?.code !== 'ENOENT') throw error
  }
}

/** The transfer folder of one history under `workspace`; nothing is touched until reset. */
export function transferDir(workspace: string, historyKey: string): TransferDir {
  const root = join(workspace, TRANSFER_ROOT)
  const dir = join(root, historyKey)
  return {
    cachePath: transferPath(historyKey),
    dir,
    async reset() {
      await requireDirectoryOrAbsent(root)
      await requireDirectoryOrAbsent(dir)
      await fsp.rm(dir, { recursive: true, force: true })
      await fsp.mkdir(dir, { recursive: true })
    },
    async remove() {
      await requireDirectoryOrAbsent(root)
      await fsp.rm(dir, { recursive: true, force: true })
      // Only an empty parent goes: whatever else is there is not ours.
      const left = await fsp.readdir(root).catch(() => undefined)
      if (left !== undefined && left.length === 0) await fsp.rmdir(root).catch(() => undefined)
    }
  }
}
