/**
 * The matrix read (docs/design.md §5 "One summary for a matrix"): the report entry point's
 * use case. It lists the workflow run's artifacts through a port, fetches those whose name
 * matches the pattern a few at a time, unpacks and reads each leg within the core's caps,
 * and returns the view of all legs, their counts and the combined report to upload. Every
 * failure is a problem of one line in the view, never an exception: only bad inputs (read by
 * `readReportInputs`) stop the report.
 */
import { promises as fsp } from 'node:fs'
import { join } from 'node:path'
import { describeError } from '../base/errors.js'
import { aggregateLegs, matrixHeadline, type LegRow, type MatrixView } from '../matrix/aggregate.js'
import { MATRIX_REPORT_FILE, renderMatrixReport } from '../matrix/combined-report.js'
import { REPORT_INPUT_NAMES, parseReportInputs, type ReportSettings } from '../matrix/inputs.js'
import { unzipLeg } from '../matrix/leg-unzip.js'
import { readLeg, type LegRead } from '../matrix/leg.js'

/** Largest leg artifact downloaded: a trace with 10 MiB logs is far below. */
const MAX_LEG_ARTIFACT_BYTES = 256 * 1024 * 1024
/** Legs downloaded at a time. */
const DOWNLOADS_AT_ONCE = 4

/** An artifact of the workflow run as its listing shows it. */
export interface ListedArtifact {
  id: number
  name: string
  size: number
}

/** The workflow run's artifacts, as the front end reaches them. */
export interface MatrixArtifacts {
  /** Every artifact of the workflow run (the latest of each name). */
  list(): Promise<ListedArtifact[]>
  /** Downloads artifact `id` as its zip, not unpacked, into the empty folder `dir`. */
  download(id: number, dir: string): Promise<{ digestMismatch?: boolean }>
}

/** What the matrix read needs. */
export interface MatrixReadOptions {
  /** Opens the artifacts; what it throws is a problem of the listing, as what listing throws is. */
  open: () => MatrixArtifacts
  settings: ReportSettings
  /** The prefix the legs' artifact names start with, left out of a leg's label. */
  namePrefix: string
  /** An empty folder the legs are fetched into, one at a time each, and removed from once read. */
  workDir: string
  /** Where a leg's artifact can be seen, if anywhere. */
  link: (row: LegRow) => string | undefined
  /** The combined report's title. */
  title: string
  /** Runs the listing and the downloads; a front end may fold its log around them. */
  fetching?: <T>(work: () => Promise<T>) => Promise<T>
}

/** What the matrix read returns: the view, its counts and the combined report. */
export interface MatrixRead {
  view: MatrixView
  counts: ReturnType<typeof matrixHeadline>
  /** The combined report, to be uploaded under the file name given. */
  report: { file: string; html: string }
}

/** The report entry point's settings from its inputs, each read by name; throws a UsageError for a bad one. */
export function readReportInputs(input: (name: string) => string): ReportSettings {
  const raw: Record<string, string> = {}
  for (const name of REPORT_INPUT_NAMES) raw[name] = input(name)
  return parseReportInputs(raw)
}

/** Reads every leg of the matrix and the combined report of them (docs/design.md §5). */
export async function readMatrix(options: MatrixReadOptions): Promise<MatrixRead> {
  const fetching = options.fetching ?? (work => work())
  let reads: LegRead[] = []
  let listProblem: string | undefined
  try {
    const artifacts = options.open()
    reads = await fetching(async () => {
      const found = (await artifacts.list())
        .filter(artifact => options.settings.namePattern.match.test(artifact.name))
        .sort((a, b) => a.id - b.id)
      return inPool(found, listed => fetchLeg(artifacts, listed, options))
    })
  } catch (error) {
    listProblem = `could not list this workflow run's artifacts: ${describeError(error)}`
  }
  const expectedLegs = options.settings.expectedLegs
  const view = aggregateLegs(reads, { ...(expectedLegs !== undefined && { expectedLegs }) })
  // A listing that failed shows no leg: the summary says why, first, rather than looking clean.
  if (listProblem !== undefined) view.problems.unshift(listProblem)
  const html = renderMatrixReport(view, { link: options.link, title: options.title })
  return { view, counts: matrixHeadline(view), report: { file: MATRIX_REPORT_FILE, html } }
}

/**
 * Downloads and reads one leg; every failure is a LegRead naming it. The zip is asked for as
 * it is (a client's own extraction has no size cap), and the core unpacks the files the
 * report reads within theirs (core/matrix/leg-unzip.ts). The zip goes once unpacked, and the
 * leg's folder once read: what is on disk at a time is a few legs' worth, not the matrix's.
 */
async function fetchLeg(artifacts: MatrixArtifacts, listed: ListedArtifact, options: MatrixReadOptions): Promise<LegRead> {
  const artifact = { name: listed.name, id: listed.id }
  if (listed.size > MAX_LEG_ARTIFACT_BYTES) {
    return {
      ok: false,
      artifact,
      problem: `it is ${listed.size} bytes, more than the ${MAX_LEG_ARTIFACT_BYTES} a leg's trace may be; not downloaded`
    }
  }
  const dir = join(options.workDir, `leg-${listed.id}`)
  const download = join(options.workDir, `leg-${listed.id}-zip`)
  try {
    let zip: string
    try {
      await fsp.mkdir(dir)
      await fsp.mkdir(download)
      const downloaded = await artifacts.download(listed.id, download)
      if (downloaded.digestMismatch === true)
        return { ok: false, artifact, problem: 'its download does not match the digest it was uploaded with' }
      zip = await theOneFile(download)
    } catch (error) {
      return { ok: false, artifact, problem: `it could not be downloaded (${describeError(error)})` }
    }
    const unpacked = await unzipLeg(zip, dir)
    await fsp.rm(download, { recursive: true, force: true })
    if (!unpacked.ok) return { ok: false, artifact, problem: unpacked.problem }
    return await readLeg(dir, artifact, options.namePrefix)
  } finally {
    await fsp.rm(download, { recursive: true, force: true })
    await fsp.rm(dir, { recursive: true, force: true })
  }
}

/** The downloaded zip: the one regular file the download wrote into `dir`. */
async function theOneFile(dir: string): Promise<string> {
  const entries = await fsp.readdir(dir, { withFileTypes: true })
  if (entries.length !== 1 || !entries[0]!.isFile()) throw new Error(`expected one file from the download, found ${entries.length} entries`)
  return join(dir, entries[0]!.name)
}

/** Runs `work` over `items`, a few at a time, keeping their order. */
async function inPool<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(DOWNLOADS_AT_ONCE, items.length) }, worker))
  return results
}
