/** Reading a session back (resume, recovery): bounded, no links followed, typed events only. */
import { join } from 'node:path'
import { lstatOrUndefined, readRegularFile } from '../base/atomic-file.js'
import { parseTraceLines, type TraceEvent } from './events.js'
import { SessionFile } from './layout.js'

/** Largest trace read back (a trace is a few lines per attempt). */
export const MAX_TRACE_BYTES = 16 * 1024 * 1024

/**
 * The last trace read, and the file it was read from as lstat saw it. Closing a run reads its
 * trace three times (meta.json, report.html, ctrf.json) with nothing written in between: the
 * same file (inode, size, change time) is parsed once. Readers never change the events.
 */
let lastRead: { path: string; ino: number; size: number; ctimeMs: number; events: readonly TraceEvent[] } | undefined

/**
 * Records the events a writer holds as its whole trace, the file as fstat sees it now: the
 * run's own readers (meta.json's counts, report.html, ctrf.json) then take them as written,
 * with nothing parsed, while the file stays the same (docs/design.md §2 "Readers").
 */
export function rememberWrittenTrace(
  sessionDir: string,
  file: { ino: number; size: number; ctimeMs: number },
  events: readonly TraceEvent[]
): void {
  lastRead = { path: join(sessionDir, SessionFile.trace), ino: file.ino, size: file.size, ctimeMs: file.ctimeMs, events }
}

/** A session's trace events as far as they parse (empty when there is no trace). */
export async function readSessionTrace(sessionDir: string): Promise<TraceEvent[]> {
  const path = join(sessionDir, SessionFile.trace)
  const seen = lstatOrUndefined(path)
  if (
    seen?.isFile() &&
    lastRead?.path === path &&
    lastRead.ino === seen.ino &&
    lastRead.size === seen.size &&
    lastRead.ctimeMs === seen.ctimeMs
  ) {
    return [...lastRead.events]
  }
  const text = await readRegularFile(path, MAX_TRACE_BYTES)
  const events = text === undefined ? [] : await parseTraceLines(text)
  if (seen?.isFile()) lastRead = { path, ino: seen.ino, size: seen.size, ctimeMs: seen.ctimeMs, events }
  return [...events]
}
