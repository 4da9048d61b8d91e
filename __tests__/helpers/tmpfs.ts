/**
 * A small tmpfs for the disk-full tests: a real file system that really fills up. Mounting
 * needs root (CI runs as root). Where it is not permitted the test fails, so CI cannot skip
 * it silently, unless REVERIFY_ALLOW_NO_MOUNT=1 says that skipping is fine here.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A mounted tmpfs and how to remove it. */
export interface Tmpfs {
  dir: string
  unmount(): void
}

/** Whether a missing mount skips the test instead of failing it. */
export const MOUNT_OPTIONAL = process.env.REVERIFY_ALLOW_NO_MOUNT === '1'

/** Mounts a tmpfs of `kib` KiB; undefined when that is not permitted and REVERIFY_ALLOW_NO_MOUNT=1. */
export function mountTmpfs(kib: number): Tmpfs | undefined {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-tmpfs-')))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k,mode=0755`, 'tmpfs', dir], { stdio: 'pipe' })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    if (MOUNT_OPTIONAL) return undefined
    const why = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
    throw new Error(`cannot mount a tmpfs for the disk-full tests (run as root, or set REVERIFY_ALLOW_NO_MOUNT=1 to skip them): ${why}`, {
      cause: error
    })
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir], { stdio: 'pipe' })
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
