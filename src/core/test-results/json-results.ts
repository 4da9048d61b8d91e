/**
 * One JSON test report read as a stream (docs/design.md §1 "Test results", "JSON reports"):
 * jest's `--json` report, vitest's `json` reporter and Playwright's `json` reporter, told
 * apart by their top-level keys (`testResults`, `suites`). The file is read as the JUnit
 * reader reads its files — without following a link or blocking on a FIFO, a regular file
 * only, 64 KiB at a time, each read a turn of the event loop with the abort signal checked
 * before it — through a bounded tokenizer (json-tokens.ts) and the walker that gathers one
 * test at a time (json-walk.ts), so memory does not follow the file. Each test is handed to
 * the same callback, in the same form, as the JUnit reader's; a file that is not JSON, not a
 * report, or breaks a cap is ignored whole, with the reason.
 */
import { INTERRUPTED, openResultsFile, textChunks } from './results-open.js'
import type { ParseOutcome, ParsedTestCase } from './junit-parser.js'
import { DEFAULT_LIMITS, type ParseLimits } from './junit-limits.js'
import { JsonCapError, JsonSyntaxError, JsonTokenizer } from './json-tokens.js'
import { JsonWalker, type PathStep, type WalkHandler } from './json-walk.js'
import { MAX_RECORD_CHARS, ReportRefusal, type JsonReportContext, type JsonReportReader } from './json-report.js'
import { jestJsonReader } from './jest-json.js'
import { playwrightJsonReader } from './playwright-json.js'

/** What reading a JSON report needs beyond the file. */
export interface JsonReadOptions {
  /** Test files are named relative to it, as the runners' JUnit reporters name them. */
  workingDirectory: string
  limits?: ParseLimits
  signal?: AbortSignal
}

/** The longest number read (a count or a duration needs far fewer digits). */
const MAX_NUMBER_CHARS = 64
/** A key at the top level that only jest's report has, before its tests. */
const JEST_ONLY_KEY = 'numRuntimeErrorTestSuites'
const NOT_A_REPORT = "ignored: not a test report reverify reads (jest's --json, vitest's or Playwright's json reporter)"

/** Routes the walk to the reader of the report's kind, by the top-level key it stands under. */
function reportHandler(context: JsonReportContext) {
  let rootIsJest = false
  const jest = jestJsonReader(context, () => rootIsJest)
  const playwright = playwrightJsonReader(context)
  const seen = new Set<JsonReportReader>()
  const readerOf = (path: readonly PathStep[]): JsonReportReader | undefined => {
    if (path.length === 0) return undefined
    if (typeof path[0] === 'number') throw new ReportRefusal(NOT_A_REPORT.replace(/^ignored: /, ''))
    const reader = path[0] === 'testResults' ? jest : path[0] === 'suites' ? playwright : undefined
    if (reader !== undefined) seen.add(reader)
    return reader
  }
  const handler: WalkHandler = {
    gather: path => readerOf(path)?.gather(path),
    gathered: (path, value, overflow) => readerOf(path)?.gathered(path, value, overflow),
    scalar: (path, value) => {
      if (path.length === 0) throw new ReportRefusal(NOT_A_REPORT.replace(/^ignored: /, ''))
      if (path.length === 1 && path[0] === JEST_ONLY_KEY) rootIsJest = true
      readerOf(path)?.scalar(path, value)
    },
    closed: path => readerOf(path)?.closed(path)
  }
  return { handler, isReport: () => seen.size > 0, count: () => jest.count() + playwright.count() }
}

/** The outcome of a read that `signal` stopped before the end. */

/**
 * Reads one JSON report, calling `onTest` for each test. Never throws for the file's content
 * or a read error: the outcome says why the file was ignored.
 */
export async function parseJsonResultsFile(
  path: string,
  onTest: (test: ParsedTestCase) => void,
  options: JsonReadOptions
): Promise<ParseOutcome> {
  const limits = options.limits ?? DEFAULT_LIMITS
  const opened = await openResultsFile(path)
  if (!opened.ok) return opened
  const { handle } = opened
  try {
    const report = reportHandler({ onTest, limits, workingDirectory: options.workingDirectory })
    const tokenizer = new JsonTokenizer(new JsonWalker(report.handler, MAX_RECORD_CHARS), {
      maxString: limits.maxRun,
      maxNumber: MAX_NUMBER_CHARS,
      maxDepth: limits.maxDepth
    })
    let empty = true
    try {
      for await (const text of textChunks(handle, options.signal)) {
        empty = false
        tokenizer.write(text)
      }
      if (options.signal?.aborted) return INTERRUPTED
      if (empty) return { ok: false, reason: 'ignored: the file is empty' }
      tokenizer.end()
    } catch (error) {
      if (error instanceof JsonSyntaxError) return { ok: false, reason: `ignored: not well-formed JSON (${error.message})` }
      if (error instanceof JsonCapError || error instanceof ReportRefusal) return { ok: false, reason: `ignored: ${error.message}` }
      return { ok: false, reason: `ignored: cannot be read (${error instanceof Error ? error.message.slice(0, 200) : 'error'})` }
    }
    if (!report.isReport()) return { ok: false, reason: NOT_A_REPORT }
    return { ok: true, tests: report.count() }
  } finally {
    await handle.close()
  }
}
