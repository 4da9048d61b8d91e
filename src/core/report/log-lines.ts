/**
 * An attempt's log as report markup, streamed line by line (docs/design.md §8): the log may
 * be 10 MiB, so it is never held whole, and what it renders to is written out as it goes.
 * Escape codes are stripped, every line is escaped, and error lines get a class.
 */
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { stripVTControlCharacters } from 'node:util'
import { readableLine } from '../output/failure-blocks.js'
import { escapeHtml } from './html.js'

/** Where rendered markup goes, in order; it tracks how much was written. */
export interface HtmlSink {
  write(markup: string): Promise<void>
  readonly bytes: number
}

/** Lines that say what went wrong: the summary's keywords, and assertion and error lines of test runners. */
export const ERROR_LINE = /ERROR|FAIL|panic|^\s*(?:Received|Expected|[A-Za-z.]*Error)\b/
/** Warning lines, shown apart from errors. */
export const WARN_LINE = /WARN/
// Control characters other than tab that escape-code stripping leaves (NUL, BEL, DEL…).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g
// Anything escape-code stripping could act on: C0 controls, DEL and the C1 range (CSI is U+009B).
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

/** One log line as a list item: escape codes and control characters out, escaped, classed. */
export function logLineMarkup(raw: string): string {
  // Most lines hold no control character at all: skip the costly stripping for them.
  const line = HAS_CONTROL.test(raw) ? stripVTControlCharacters(raw).replace(CONTROL, '') : raw
  const kind = ERROR_LINE.test(line) ? ' class=e' : WARN_LINE.test(line) ? ' class=w' : ''
  return `<li${kind}>${escapeHtml(line)}\n`
}

/** What rendering one log came to. */
export interface LogRendering {
  /** False when the file is missing or not a regular file. */
  found: boolean
  lines: number
  /** The byte budget ran out before the log's end. */
  cut: boolean
  /** The number of the first line that reads as the line looked for, when one was. */
  foundAt?: number
}

/** A log longer than this starts closed in the report: a browser lays out every open line. */
export const LONG_LOG_LINES = 5000

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK

/**
 * The lines of the log at `path`, counted only up to `limit + 1`: reading stops as soon as the
 * log is known to be longer (a 10 MiB log is not read twice). 0 when it is missing.
 */
export async function countLogLines(path: string, limit: number): Promise<number> {
  const handle = await open(path, READ_FLAGS).catch(() => undefined)
  if (handle === undefined) return 0
  try {
    if (!(await handle.stat()).isFile()) return 0
    const buffer = Buffer.alloc(64 * 1024)
    let count = 0
    let last = 10
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      for (let index = buffer.indexOf(10); index !== -1 && index < bytesRead; index = buffer.indexOf(10, index + 1)) count++
      last = buffer[bytesRead - 1]!
      if (count > limit) return count
    }
    // A last line without its newline is a line too.
    return last === 10 ? count : count + 1
  } finally {
    await handle.close()
  }
}

/**
 * Writes `<li>` items for each line of the log at `path` until `budgetBytes` of markup are
 * written, noting where the line `lookFor` (a readable line, failure-blocks.ts) first is. The file is opened without following a link and must be a regular file: the
 * session folder is reverify's, but a report must never pull in a file from elsewhere.
 */
export async function renderLogLines(path: string, sink: HtmlSink, budgetBytes: number, lookFor?: string): Promise<LogRendering> {
  const handle = await open(path, READ_FLAGS).catch(() => undefined)
  if (handle === undefined) return { found: false, lines: 0, cut: false }
  try {
    if (!(await handle.stat()).isFile()) return { found: false, lines: 0, cut: false }
    const stream = handle.createReadStream({ encoding: 'utf8', autoClose: false })
    const lines = createInterface({ input: stream, crlfDelay: Infinity })
    const limit = sink.bytes + budgetBytes
    let count = 0
    let batch = ''
    let foundAt: number | undefined
    // A cheap test first: most lines do not hold the start of the line looked for.
    const needle = lookFor?.trim().slice(0, 80)
    const found = () => (foundAt === undefined ? {} : { foundAt })
    try {
      for await (const line of lines) {
        batch += logLineMarkup(line)
        count++
        if (needle && foundAt === undefined && line.includes(needle) && readableLine(line) === lookFor) foundAt = count
        // Written in batches: one write per line would cost more than the escaping.
        if (batch.length >= 64 * 1024) {
          await sink.write(batch)
          batch = ''
          if (sink.bytes >= limit) return { found: true, lines: count, cut: true, ...found() }
        }
      }
      await sink.write(batch)
    } finally {
      lines.close()
      stream.destroy()
    }
    return { found: true, lines: count, cut: false, ...found() }
  } finally {
    await handle.close()
  }
}
