/**
 * The scripts of the working directory's package.json, for telling what `npm test` runs
 * (reruns/command-shape.ts). The file comes with the checkout: it is read only when it is a
 * regular file of at most MAX_PACKAGE_JSON_BYTES, opened without waiting on a FIFO, and
 * parsed as JSON; only string scripts are kept. An absent file leaves it to the run.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { readInto } from '../base/atomic-file.js'
import type { PackageScripts } from './command-shape.js'

/** Largest package.json read. */
export const MAX_PACKAGE_JSON_BYTES = 1024 * 1024

// Not every platform has it; 0 leaves the open as it would be without it.
const NON_BLOCKING = constants.O_NONBLOCK ?? 0

/** The scripts of `dir/package.json`: absent, read, or why they could not be. */
export function readPackageScripts(dir: string): PackageScripts {
  let fd: number
  try {
    fd = openSync(join(dir, 'package.json'), constants.O_RDONLY | NON_BLOCKING)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'absent' } : { kind: 'unreadable', why: `cannot be read (${code ?? 'error'})` }
  }
  let text: string
  try {
    const info = fstatSync(fd)
    if (!info.isFile()) return { kind: 'unreadable', why: 'is not a regular file' }
    if (info.size > MAX_PACKAGE_JSON_BYTES) return { kind: 'unreadable', why: `is over ${MAX_PACKAGE_JSON_BYTES} bytes` }
    const buffer = Buffer.allocUnsafe(info.size)
    text = buffer.toString('utf8', 0, readInto(fd, buffer))
  } catch (error) {
    return { kind: 'unreadable', why: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` }
  } finally {
    closeSync(fd)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { kind: 'unreadable', why: 'is not JSON' }
  }
  const found = typeof json === 'object' && json !== null ? (json as { scripts?: unknown }).scripts : undefined
  const scripts: Record<string, string> = Object.create(null)
  if (typeof found === 'object' && found !== null) {
    for (const [name, body] of Object.entries(found)) if (typeof body === 'string') scripts[name] = body
  }
  return { kind: 'scripts', scripts }
}
