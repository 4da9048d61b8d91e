/** Reading a session back (resume, recovery): bounded, no links followed, typed events only. */
import { join } from 'node:path'
import { readRegularFile } from '../base/atomic-file.js'
import { parseTraceLines, type TraceEvent } from './events.js'
import { SessionFile } from './layout.js'

/** Largest trace read back (a trace is a few lines per attempt). */
const MAX_TRACE_BYTES = 16 * 1024 * 1024

/** A session's trace events as far as they parse (empty when there is no trace). */
export async function readSessionTrace(sessionDir: string): Promise<TraceEvent[]> {
  const text = await readRegularFile(join(sessionDir, SessionFile.trace), MAX_TRACE_BYTES)
  return text === undefined ? [] : parseTraceLines(text)
}
