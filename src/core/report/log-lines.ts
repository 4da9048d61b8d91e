/**
 * An attempt's log as report markup, read 64 KiB at a time (docs/design.md §8): the log may
 * be 10 MiB, so it is never held whole, and what it renders to is written out as it goes.
 * Escape codes are stripped, every line is escaped, and error lines get a class.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { stripVTControlCharacters } from 'node:util'
import { ownText } from '../base/own-text.js'
import { readableLine } from '../output/failure-blocks.js'
import { ESCAPED_CHARACTERS, escapeHtml } from './html.js'

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
const STRIPPABLE = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f'
const HAS_CONTROL = new RegExp(`[${STRIPPABLE}]`)
// What makes a line's markup differ from `<li>line\n` (log-lines' runs of plain lines): a
// character HAS_CONTROL finds (a \r included) or escapeHtml replaces, or a literal word
// without which ERROR_LINE and WARN_LINE cannot match; kept in step with those two. Tested as
// two searches (the class and the words in one alternation search slower than apart),
// searched for as one where a text has some.
const NOT_PLAIN_CHAR = new RegExp(`[${STRIPPABLE}${ESCAPED_CHARACTERS}]`)
const NOT_PLAIN_WORD = /ERROR|FAIL|panic|Received|Expected|Error|WARN/
const NOT_PLAIN = new RegExp(`${NOT_PLAIN_CHAR.source}|${NOT_PLAIN_WORD.source}`, 'g')

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
  // Synchronous reads of one reused buffer: nothing else runs while a report is written, and
  // each asynchronous read would be a round trip through the thread pool (docs/design.md §9).
  let fd: number
  try {
    fd = openSync(path, READ_FLAGS)
  } catch {
    return 0
  }
  try {
    if (!fstatSync(fd).isFile()) return 0
    const buffer = Buffer.alloc(64 * 1024)
    let count = 0
    let last = 10
    for (;;) {
      const bytesRead = readSync(fd, buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      for (let index = buffer.indexOf(10); index !== -1 && index < bytesRead; index = buffer.indexOf(10, index + 1)) count++
      last = buffer[bytesRead - 1]!
      if (count > limit) return count
    }
    // A last line without its newline is a line too.
    return last === 10 ? count : count + 1
  } finally {
    closeSync(fd)
  }
}

/** How much of the log one read takes; each read's lines become one write of markup. */
const READ_BYTES = 64 * 1024
// Where readline ends a line: \r\n, \n, or a \r on its own.
const LINE_BREAK = /\r\n|\n|\r/g

/** Markup of the lines read so far, their count, and where the line looked for first is. */
class LogMarkup {
  markup = ''
  lines = 0
  foundAt: number | undefined
  // A cheap test first: most lines do not hold the start of the line looked for.
  private readonly needle: string | undefined

  constructor(private readonly lookFor: string | undefined) {
    this.needle = lookFor?.trim().slice(0, 80) || undefined
  }

  /**
   * Adds the lines of `text`, which ends where a line does (or the log does). Lines with
   * nothing to strip, escape or class that are not the line looked for go in runs, each run
   * one replace; only the others are a string each (logLineMarkup).
   */
  add(text: string): void {
    if (text === '') return
    if (text.indexOf('\r') !== -1) {
      this.addEachLine(text)
      return
    }
    let needleAt = this.needleFrom(text, 0)
    if (needleAt === -1 && !NOT_PLAIN_CHAR.test(text) && !NOT_PLAIN_WORD.test(text)) {
      this.addPlain(text, 0, text.length)
      return
    }
    // Only \n ends a line here: a run of plain lines up to each line that is not one.
    let from = 0
    for (;;) {
      NOT_PLAIN.lastIndex = from
      const found = NOT_PLAIN.exec(text)
      if (needleAt !== -1 && needleAt < from) needleAt = this.needleFrom(text, from)
      const hit = Math.min(found === null ? text.length : found.index, needleAt === -1 ? text.length : needleAt)
      if (hit === text.length) break
      const lineStart = hit === 0 ? 0 : text.lastIndexOf('\n', hit - 1) + 1
      const newline = text.indexOf('\n', hit)
      const lineEnd = newline === -1 ? text.length : newline
      this.addPlain(text, from, lineStart)
      this.addLine(text.slice(lineStart, lineEnd))
      from = Math.min(text.length, lineEnd + 1)
    }
    this.addPlain(text, from, text.length)
  }

  /** Hands over the markup gathered so far. */
  take(): string {
    const markup = this.markup
    this.markup = ''
    return markup
  }

  /** Where the start of the line looked for next is in `text`, at or after `from`; -1 when nowhere or no longer looked for. */
  private needleFrom(text: string, from: number): number {
    return this.needle === undefined || this.foundAt !== undefined ? -1 : text.indexOf(this.needle, from)
  }

  /** The whole lines of text[from, to), none of them anything but plain: `<li>` before each. */
  private addPlain(text: string, from: number, to: number): void {
    if (to <= from) return
    const lines = text.slice(from, to)
    const body = lines.endsWith('\n') ? lines.slice(0, -1) : lines
    this.markup += `<li>${body.replaceAll('\n', '\n<li>')}\n`
    this.lines += countNewlines(body) + 1
  }

  /** Every line of `text` on its own, wherever \n, \r\n or a lone \r ends it. */
  private addEachLine(text: string): void {
    let start = 0
    LINE_BREAK.lastIndex = 0
    for (let found = LINE_BREAK.exec(text); found !== null; found = LINE_BREAK.exec(text)) {
      this.addLine(text.slice(start, found.index))
      start = LINE_BREAK.lastIndex
    }
    if (start < text.length) this.addLine(text.slice(start))
  }

  private addLine(line: string): void {
    this.markup += logLineMarkup(line)
    this.lines++
    if (this.needle !== undefined && this.foundAt === undefined && line.includes(this.needle) && readableLine(line) === this.lookFor) {
      this.foundAt = this.lines
    }
  }
}

function countNewlines(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return count
}

/**
 * Where the complete lines of `text` end, when more text may follow: after its last line
 * break, a \r at the very end excepted (it may be the first half of a \r\n).
 */
function completeLinesEnd(text: string): number {
  const end = text.endsWith('\r') ? text.length - 1 : text.length
  if (end === 0) return 0
  const newline = text.lastIndexOf('\n', end - 1)
  // Searching backwards reads character by character: look for a \r only where there is one.
  const carriageReturn = text.indexOf('\r', newline + 1) === -1 ? -1 : text.lastIndexOf('\r', end - 1)
  return Math.max(newline, carriageReturn) + 1
}

/**
 * Writes `<li>` items for each line of the log at `path` until `budgetBytes` of markup are
 * written (the read that crosses it is written whole; `cut` says that more was left),
 * noting where the line `lookFor` (a readable line, failure-blocks.ts) first is. Lines end
 * where readline ends them (\n, \r\n, a lone \r); the log is read in chunks of
 * READ_BYTES, each chunk's complete lines rendered and written at once, so memory stays
 * the same whatever the log's size and a line costs no promise of its own. The file is
 * opened without following a link and must be a regular file: the session folder is
 * reverify's, but a report must never pull in a file from elsewhere. The reads are
 * synchronous, as countLogLines's; the markup's writes queue on the thread pool meanwhile.
 */
export async function renderLogLines(path: string, sink: HtmlSink, budgetBytes: number, lookFor?: string): Promise<LogRendering> {
  let fd: number
  try {
    fd = openSync(path, READ_FLAGS)
  } catch {
    return { found: false, lines: 0, cut: false }
  }
  try {
    if (!fstatSync(fd).isFile()) return { found: false, lines: 0, cut: false }
    const limit = sink.bytes + budgetBytes
    const rendered = new LogMarkup(lookFor)
    const found = () => (rendered.foundAt === undefined ? {} : { foundAt: rendered.foundAt })
    const buffer = Buffer.allocUnsafe(READ_BYTES)
    const decoder = new StringDecoder('utf8')
    // The start of a line whose end is not read yet, in the pieces it came in.
    let open: string[] = []
    for (;;) {
      const bytesRead = readSync(fd, buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      // The budget is spent and the log goes on: what is left is only in the trace.
      if (sink.bytes >= limit) return { found: true, lines: rendered.lines, cut: true, ...found() }
      const piece = decoder.write(buffer.subarray(0, bytesRead))
      if (piece.indexOf('\n') === -1 && piece.indexOf('\r') === -1) {
        open.push(piece)
        continue
      }
      const text = open.length === 0 ? piece : open.join('') + piece
      const end = completeLinesEnd(text)
      rendered.add(text.slice(0, end))
      // A copy, not a view that keeps the whole chunk alive.
      open = end === text.length ? [] : [ownText(text.slice(end))]
      await sink.write(rendered.take())
    }
    rendered.add(open.join('') + decoder.end())
    await sink.write(rendered.take())
    return { found: true, lines: rendered.lines, cut: false, ...found() }
  } finally {
    closeSync(fd)
  }
}
