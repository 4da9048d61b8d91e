/**
 * Which reader reads a results file (docs/design.md §1 "Test results"): told by its content,
 * not its name — a file whose first character (after a byte-order mark and white space) opens
 * a JSON object or array is a JSON report (json-results.ts), anything else is given to the
 * JUnit reader, which says what is wrong with it. Each reader is loaded when the first file
 * of its kind is read (BENCHMARKS.md, start-up).
 */
import { constants, promises as fsp } from 'node:fs'
import type { ParseLimits } from './junit-limits.js'
import type { ParseOutcome, ParsedTestCase } from './junit-parser.js'

/** What reading one results file needs beyond the file and the callback. */
export interface ResultsFileOptions {
  /** A JSON report's test files are named relative to it. */
  workingDirectory: string
  limits: ParseLimits
  signal?: AbortSignal
}

/** How much of the start of a file is looked at for its first character. */
const SNIFF_BYTES = 4 * 1024

/** Whether the file starts like JSON; false for anything else, including a file that cannot be read. */
async function startsLikeJson(path: string): Promise<boolean> {
  let handle
  try {
    handle = await fsp.open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch {
    return false
  }
  try {
    if (!(await handle.stat()).isFile()) return false
    const buffer = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\ufeff/, '')
    const start = /\S/.exec(text)
    return start !== null && (start[0] === '{' || start[0] === '[')
  } catch {
    return false
  } finally {
    await handle.close()
  }
}

/** Reads one results file with the reader its content calls for, calling `onTest` for each test. */
export async function readResultsFile(
  path: string,
  onTest: (test: ParsedTestCase) => void,
  options: ResultsFileOptions
): Promise<ParseOutcome> {
  if (await startsLikeJson(path)) {
    const { parseJsonResultsFile } = await import('./json-results.js')
    return parseJsonResultsFile(path, onTest, options)
  }
  const { parseJUnitFile } = await import('./junit-parser.js')
  return parseJUnitFile(path, onTest, options.limits, options.signal)
}
