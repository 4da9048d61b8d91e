/**
 * One JUnit XML file read as a stream (docs/design.md §1 "Test results"): saxes parses it after
 * xml-caps.ts has cut every long text run and counted every tag's attributes, so memory stays
 * bounded whatever the file's size. The file is read a chunk at a time, each read a turn of
 * the event loop, and an abort signal stops the reading between chunks. No DTD is processed
 * and no entity beyond XML's five is expanded: a file with a DOCTYPE is refused (it is the
 * only way to declare one), before anything in it is read. Each test case is handed to a
 * callback as soon as it closes; nothing else of the file is kept.
 */
import { INTERRUPTED, openResultsFile, textChunks } from './results-open.js'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import type { CaseOutcome } from '../attempt/tests.js'
import { DEFAULT_LIMITS, type ParseLimits } from './junit-limits.js'
import { MAX_NAME_CHARS } from '../attempt/tests.js'
import { attributeMessage, failureMessage, keptDetail } from './junit-message.js'
import { RetryReader, type RunnerRuns } from './junit-retries.js'
import { XmlCapError, XmlRunCapper } from './xml-caps.js'

/** How one test ended: `error` is JUnit's `<error>` (the test could not run), `failed` its `<failure>`. */
export type TestOutcome = CaseOutcome

/** One `<testcase>` as the file tells it. */
export interface ParsedTestCase {
  /** The innermost `<testsuite>`'s name ('' when it has none). */
  suite: string
  name: string
  classname: string
  /** The `file` or `filepath` attribute, as written. */
  file?: string
  /** The `line` attribute (as written: pytest's is 0-based). */
  line?: number
  outcome: TestOutcome
  durationMs?: number
  /** The failure's or error's `message` attribute, else the failing blocks of its text (or its first line); capped. */
  message?: string
  /** The start of the failure's or error's text (the stack), capped; where file and line are looked for. */
  detail?: string
  /**
   * Set when the runner ran the test more than once itself (docs/design.md §1 "Runner-level
   * retries"): its runs in all, the form its results said so in, and its first failure's
   * message. A passing test with it is flaky; a failing one failed on every run.
   */
  runner?: RunnerRuns
}

/** What reading one file came to: its test count, or why it was ignored. */
export type ParseOutcome = { ok: true; tests: number } | { ok: false; reason: string }

/** A reason that stops the parse early (not an XML error). */
class Refusal extends Error {
  override name = 'Refusal'
}

const ROOTS = new Set(['testsuites', 'testsuite'])
interface OpenCase {
  test: ParsedTestCase
  /** Text of the failure/error being read. */
  detail: string
  inResult: boolean
}

/** Seconds (as JUnit writes them) to whole milliseconds; undefined when not a number. */
function durationOf(time: string | undefined): number | undefined {
  if (time === undefined || time.trim() === '') return undefined
  const seconds = Number(time.replace(/,/g, ''))
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : undefined
}

function lineOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d{1,9}\s*$/.test(text)) return undefined
  return Number(text)
}

/** Builds the parser's event handlers: a small state machine over the JUnit elements. */
function junitHandlers(limits: ParseLimits, onTest: (test: ParsedTestCase) => void) {
  const suites: string[] = []
  let depth = 0
  let root = true
  let open: OpenCase | undefined
  let count = 0
  const retries = new RetryReader(limits)

  const opentag = (tag: SaxesTagPlain): void => {
    depth++
    if (depth > limits.maxDepth) throw new Refusal(`ignored: elements nested deeper than ${limits.maxDepth}`)
    const attrs = tag.attributes
    if (root) {
      root = false
      if (!ROOTS.has(tag.name))
        throw new Refusal(`ignored: not JUnit XML (the root element is <${tag.name.slice(0, 40)}>, not <testsuites> or <testsuite>)`)
    }
    if (open !== undefined) retries.open(tag.name, attrs, depth)
    switch (tag.name) {
      case 'testsuite':
        suites.push(attrs.name ?? '')
        return
      case 'testcase': {
        const file = attrs.file ?? attrs.filepath
        const line = lineOf(attrs.line)
        const durationMs = durationOf(attrs.time)
        open = {
          test: {
            suite: suites[suites.length - 1] ?? '',
            name: (attrs.name ?? '').slice(0, MAX_NAME_CHARS),
            classname: (attrs.classname ?? attrs.class ?? '').slice(0, MAX_NAME_CHARS),
            ...(file !== undefined && file !== '' && { file: file.slice(0, 4_096) }),
            ...(line !== undefined && { line }),
            outcome: 'passed',
            ...(durationMs !== undefined && { durationMs })
          },
          detail: '',
          inResult: false
        }
        retries.start(depth)
        return
      }
      case 'failure':
      case 'error': {
        if (open === undefined) return
        // A second failure of the same test (some tools write one per assertion) keeps the first.
        if (open.test.outcome === 'failed' || open.test.outcome === 'error') return
        open.test.outcome = tag.name === 'failure' ? 'failed' : 'error'
        const message = attributeMessage(attrs.message, limits.maxMessage)
        if (message !== undefined) open.test.message = message
        open.inResult = true
        return
      }
      case 'skipped':
        if (open !== undefined && open.test.outcome === 'passed') open.test.outcome = 'skipped'
        return
    }
  }

  const closetag = (tag: SaxesTagPlain): void => {
    depth--
    if (open !== undefined) retries.close(tag.name, depth + 1)
    if (tag.name === 'testsuite') suites.pop()
    else if ((tag.name === 'failure' || tag.name === 'error') && open !== undefined) open.inResult = false
    else if (tag.name === 'testcase' && open !== undefined) {
      const { test, detail } = open
      if (detail.trim() !== '') {
        test.detail = keptDetail(detail, limits.maxDetail)
        // jest-junit writes no message, Go's converters message="Failed": the text says more.
        const message = failureMessage(test.message, test.detail, limits.maxMessage)
        if (message !== undefined) test.message = message
      }
      const runner = retries.finish(test.outcome)
      if (runner !== undefined) test.runner = runner
      open = undefined
      count++
      onTest(test)
    }
  }

  // Only a failure's or error's own text is kept (never <system-out>), up to its cap.
  const text = (value: string): void => {
    if (open === undefined) return
    retries.text(value, depth)
    if (!open.inResult || open.detail.length >= limits.maxDetail) return
    open.detail += value.slice(0, limits.maxDetail - open.detail.length + 1)
  }

  return { opentag, closetag, text, count: () => count }
}

/**
 * Reads one JUnit XML file, calling `onTest` for each test case. Never throws for the
 * file's content or a read error: the outcome says why the file was ignored. The file is
 * opened without following a link or blocking on a FIFO, and must be a regular file.
 * Once `signal` is aborted the reading stops at the next chunk (INTERRUPTED).
 */
export async function parseJUnitFile(
  path: string,
  onTest: (test: ParsedTestCase) => void,
  limits: ParseLimits = DEFAULT_LIMITS,
  signal?: AbortSignal
): Promise<ParseOutcome> {
  const opened = await openResultsFile(path)
  if (!opened.ok) return opened
  const { handle } = opened
  try {
    const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true })
    const capper = new XmlRunCapper(limits.maxRun, {
      attributes: limits.maxAttributes,
      tagChars: limits.maxTagChars,
      fileChars: limits.maxAttributeChars
    })
    const handlers = junitHandlers(limits, onTest)
    let failure: string | undefined
    parser.on('error', error => {
      failure ??= `ignored: not well-formed XML (${error.message.replace(/\s+/g, ' ').slice(0, 200)})`
    })
    parser.on('doctype', () => {
      throw new Refusal('ignored: it has a DOCTYPE, and reverify reads no DTD and expands no entity')
    })
    parser.on('opentag', handlers.opentag)
    parser.on('closetag', handlers.closetag)
    parser.on('text', handlers.text)
    parser.on('cdata', handlers.text)
    let empty = true
    try {
      for await (const text of textChunks(handle, signal)) {
        empty = false
        const filtered = capper.push(text)
        if (filtered !== '') parser.write(filtered)
        if (failure !== undefined) return { ok: false, reason: failure }
      }
      if (signal?.aborted) return INTERRUPTED
      const rest = capper.end()
      if (rest !== '') parser.write(rest)
      parser.close()
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, reason: error.message }
      if (error instanceof XmlCapError) return { ok: false, reason: `ignored: ${error.message}` }
      failure ??= `ignored: cannot be read (${error instanceof Error ? error.message.slice(0, 200) : 'error'})`
    }
    if (failure !== undefined) return { ok: false, reason: failure }
    if (empty) return { ok: false, reason: 'ignored: the file is empty' }
    return { ok: true, tests: handlers.count() }
  } finally {
    await handle.close()
  }
}
