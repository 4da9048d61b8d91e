/**
 * Writing a run's HTML report (docs/design.md §8 "HTML report"): `report.html` in the
 * session folder, next to the trace, so every trace artifact carries it; or anywhere the
 * CLI is told. The page is written as a stream to a temporary file that is renamed into
 * place, so a reader never sees half a report and memory does not follow the logs' size.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Receipt } from '../receipts/receipt.js'
import type { NewTestDetection } from '../attempt/new-tests.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import { describeError, UsageError } from '../base/errors.js'
import { printable } from '../base/printable.js'
import { isOwnSessionDir } from '../session/layout.js'
import { readSessionMeta } from '../session/meta.js'
import { readSessionTrace } from '../session/reader.js'
import type { HtmlSink } from './log-lines.js'
import { buildReportModel, MAX_HISTORY_ROWS } from './model.js'
import { renderReport } from './render.js'
import { ratedNames } from '../test-results/test-rates.js'

/** The report's file name in a session folder. */
export const REPORT_FILE = 'report.html'

/**
 * A sink into an open file: markup is gathered up to WRITE_BYTES and written with one
 * synchronous call. A report is written while nothing else runs, and each write through the
 * thread pool was a round trip that cost a short run more than the write itself.
 */
class FileSink implements HtmlSink {
  bytes = 0
  private pending: string[] = []
  private pendingBytes = 0
  constructor(private readonly fd: number) {}

  async write(markup: string): Promise<void> {
    if (markup === '') return
    const size = Buffer.byteLength(markup, 'utf8')
    this.bytes += size
    this.pending.push(markup)
    this.pendingBytes += size
    if (this.pendingBytes >= WRITE_BYTES) this.flush()
  }

  flush(): void {
    if (this.pending.length === 0) return
    const bytes = Buffer.from(this.pending.join(''), 'utf8')
    // A regular file takes a write whole unless the disk is full, which throws; loop anyway.
    for (let written = 0; written < bytes.length;) written += writeSync(this.fd, bytes, written)
    this.pending = []
    this.pendingBytes = 0
  }
}

/** Markup gathered before one write: a log's chunk renders to about this much. */
const WRITE_BYTES = 64 * 1024

/** What a report is made of: the run's receipt, its session folder and its command's history. */
export interface ReportInput {
  receipt: Receipt
  sessionDir: string
  history: readonly Receipt[]
  /** The state directory of the receipt, named in the capture command it prints. */
  stateDir?: string
  /** Early flake detection as the run reported it (docs/design.md §8 "HTML report"). */
  newTests?: NewTestDetection
}

/** Renders the report of `input` into the file `path` (temp file, then rename). */
export async function writeReportFile(input: ReportInput, path: string): Promise<void> {
  const [events, meta] = await Promise.all([readSessionTrace(input.sessionDir), readSessionMeta(input.sessionDir)])
  const model = buildReportModel({
    events,
    receipt: input.receipt,
    history: input.history,
    ...(meta && { meta }),
    ...(input.stateDir !== undefined && { stateDir: input.stateDir }),
    ...(input.newTests !== undefined && { newTests: input.newTests })
  })
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  rmSync(temp, { force: true })
  const fd = openSync(temp, 'wx', 0o600)
  try {
    const sink = new FileSink(fd)
    await renderReport(model, input.sessionDir, sink)
    sink.flush()
  } catch (error) {
    closeSync(fd)
    rmSync(temp, { force: true })
    throw error
  }
  closeSync(fd)
  try {
    renameSync(temp, path)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}

/**
 * Writes the report of a run of `store` into `path` (default: report.html in its session
 * folder) with the command's receipt history, and returns the path. Throws a UsageError
 * when the receipt's session folder is not one of this state directory's.
 */
export async function writeRunReport(
  store: ReceiptStore,
  receipt: Receipt,
  options: { sessionDir?: string; path?: string; newTests?: NewTestDetection } = {}
): Promise<string> {
  const sessionDir = options.sessionDir ?? receipt.session.dir
  // The receipt's session path is untrusted: only a session of this state directory is read.
  if (!(await isOwnSessionDir(store.stateDir, sessionDir))) {
    throw new UsageError(`run ${receipt.run_id} has no trace folder in this state directory (${printable(sessionDir)})`)
  }
  // The history table shows the newest MAX_HISTORY_ROWS runs; only the rates of the run's
  // failed, flaky and quarantined tests read the whole history.
  const shown = ratedNames(receipt).length > 0 ? Infinity : MAX_HISTORY_ROWS
  const history = await store.history(receipt.target, receipt.scope, receipt.identity_hash, shown)
  const path = options.path ?? join(sessionDir, REPORT_FILE)
  const newTests = options.newTests === undefined ? {} : { newTests: options.newTests }
  await writeReportFile({ receipt, sessionDir, history, stateDir: store.stateDir, ...newTests }, path)
  return path
}

/**
 * Writes `report.html` into the run's own session folder. Returns the path, or the reason
 * it could not be written: a report is a convenience, so a failure here is for the caller
 * to warn about, never to fail a run.
 */
export async function writeSessionReport(
  store: ReceiptStore,
  receipt: Receipt,
  sessionDir = receipt.session.dir,
  newTests?: NewTestDetection
): Promise<{ path: string } | { error: string }> {
  try {
    return { path: await writeRunReport(store, receipt, { sessionDir, ...(newTests !== undefined && { newTests }) }) }
  } catch (error) {
    return { error: `could not write the HTML report: ${describeError(error)}` }
  }
}
