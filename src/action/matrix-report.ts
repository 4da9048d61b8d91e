/**
 * The report entry point's one step (docs/design.md §5 "One summary for a matrix"): list
 * this workflow run's artifacts, download those whose name matches `name-pattern`, read each
 * leg through the core, write one job summary and upload one combined report.html. Nothing
 * here fails the step but bad inputs: an artifact that cannot be downloaded or read is a
 * warning of one line, and so are a summary or an upload that cannot be written.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  aggregateLegs,
  describeError,
  MATRIX_REPORT_FILE,
  matrixHeadline,
  parseReportInputs,
  readLeg,
  renderMatrixReport,
  REPORT_INPUT_NAMES,
  type LegRead,
  type LegRow,
  type ReportSettings,
  unzipLeg
} from '../core/index.js'
import { ARTIFACT_PREFIX } from './constants.js'
import { matrixSummary, type CombinedReportNote } from './matrix-summary.js'
import { artifactUrl } from './persistence/trace-artifact.js'
import type { Toolkit } from './toolkit.js'
import { print } from './workflow-commands.js'

/** The calls of @actions/artifact the report makes, all within the current workflow run. */
export interface MatrixArtifactClient {
  listArtifacts(options?: { latest?: boolean }): Promise<{ artifacts: { id: number; name: string; size: number }[] }>
  downloadArtifact(
    id: number,
    options?: { path?: string; skipDecompress?: boolean }
  ): Promise<{ downloadPath?: string; digestMismatch?: boolean }>
  uploadArtifact(name: string, files: string[], rootDirectory: string): Promise<{ id?: number }>
}

/** What the step needs from outside. */
export interface MatrixReportDeps {
  artifact: () => MatrixArtifactClient
  env: NodeJS.ProcessEnv
  /** The inputs, the outputs and the summary (toolkit.ts). */
  toolkit: Toolkit
}

/** Largest leg artifact downloaded: a trace with 10 MiB logs is far below. */
const MAX_LEG_ARTIFACT_BYTES = 256 * 1024 * 1024
/** Legs downloaded at a time. */
const DOWNLOADS_AT_ONCE = 4
const TITLE = 'One report for the matrix'

/** Step outputs of the report entry point. */
const ReportOutput = { Legs: 'legs', FailedLegs: 'failed-legs', FlakyLegs: 'flaky-legs', ReportArtifactId: 'report-artifact-id' } as const

/**
 * Downloads and reads one leg; every failure is a LegRead naming it. The client is asked for
 * the zip as it is (its own extraction has no size cap), and the core unpacks the files the
 * report reads within theirs (core/matrix/leg-unzip.ts). The zip goes once unpacked, and the
 * leg's folder once read: what is on disk at a time is a few legs' worth, not the matrix's.
 */
async function fetchLeg(client: MatrixArtifactClient, listed: { id: number; name: string; size: number }, root: string): Promise<LegRead> {
  const artifact = { name: listed.name, id: listed.id }
  if (listed.size > MAX_LEG_ARTIFACT_BYTES) {
    return {
      ok: false,
      artifact,
      problem: `it is ${listed.size} bytes, more than the ${MAX_LEG_ARTIFACT_BYTES} a leg's trace may be; not downloaded`
    }
  }
  const dir = join(root, `leg-${listed.id}`)
  const download = join(root, `leg-${listed.id}-zip`)
  try {
    let zip: string
    try {
      await mkdir(dir)
      await mkdir(download)
      const downloaded = await client.downloadArtifact(listed.id, { path: download, skipDecompress: true })
      if (downloaded.digestMismatch === true)
        return { ok: false, artifact, problem: 'its download does not match the digest it was uploaded with' }
      zip = await theOneFile(download)
    } catch (error) {
      return { ok: false, artifact, problem: `it could not be downloaded (${describeError(error)})` }
    }
    const unpacked = await unzipLeg(zip, dir)
    await rm(download, { recursive: true, force: true })
    if (!unpacked.ok) return { ok: false, artifact, problem: unpacked.problem }
    return await readLeg(dir, artifact, ARTIFACT_PREFIX)
  } finally {
    await rm(download, { recursive: true, force: true })
    await rm(dir, { recursive: true, force: true })
  }
}

/** The downloaded zip: the one regular file the client wrote into `dir`. */
async function theOneFile(dir: string): Promise<string> {
  const entries = await readdir(dir, { withFileTypes: true })
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

async function listLegs(client: MatrixArtifactClient, settings: ReportSettings): Promise<{ id: number; name: string; size: number }[]> {
  const { artifacts } = await client.listArtifacts({ latest: true })
  return artifacts.filter(artifact => settings.namePattern.match.test(artifact.name)).sort((a, b) => a.id - b.id)
}

async function uploadReport(
  client: MatrixArtifactClient,
  html: string,
  settings: ReportSettings,
  deps: MatrixReportDeps,
  root: string
): Promise<CombinedReportNote> {
  try {
    const dir = join(root, 'combined')
    await mkdir(dir)
    const file = join(dir, MATRIX_REPORT_FILE)
    await writeFile(file, html, { mode: 0o600 })
    const { id } = await client.uploadArtifact(settings.reportArtifact, [file], dir)
    if (id !== undefined) deps.toolkit.setOutput(ReportOutput.ReportArtifactId, String(id))
    return { name: settings.reportArtifact, ...(id !== undefined && { url: artifactUrl(deps.env, id) }) }
  } catch (error) {
    const message = `could not upload the combined report as ${settings.reportArtifact}: ${describeError(error)}`
    print.warning(`reverify: ${message}`)
    return { note: message }
  }
}

/** The report entry point: never throws; only bad inputs fail the step. */
export async function runMatrixReport(deps: MatrixReportDeps): Promise<void> {
  let settings: ReportSettings
  try {
    const raw: Record<string, string> = {}
    for (const name of REPORT_INPUT_NAMES) raw[name] = deps.toolkit.input(name)
    settings = parseReportInputs(raw)
  } catch (error) {
    deps.toolkit.fail(`reverify: ${describeError(error)}`)
    return
  }
  const root = await mkdtemp(join(deps.env.RUNNER_TEMP || tmpdir(), 'reverify-matrix-'))
  try {
    let client: MatrixArtifactClient | undefined
    let reads: LegRead[] = []
    let listProblem: string | undefined
    try {
      client = deps.artifact()
      const made = client
      reads = await print.group("reverify: downloading the legs' trace artifacts", async () => {
        const found = await listLegs(made, settings)
        return inPool(found, item => fetchLeg(made, item, root))
      })
    } catch (error) {
      listProblem = `could not list this workflow run's artifacts: ${describeError(error)}`
    }
    const view = aggregateLegs(reads, { ...(settings.expectedLegs !== undefined && { expectedLegs: settings.expectedLegs }) })
    // A listing that failed shows no leg: the summary says why, first, rather than looking clean.
    if (listProblem !== undefined) view.problems.unshift(listProblem)
    for (const problem of view.problems) print.warning(`reverify: ${problem}`)
    const link = (row: LegRow): string | undefined => artifactUrl(deps.env, row.artifactId)
    const html = renderMatrixReport(view, { link, title: TITLE })
    const report: CombinedReportNote =
      client === undefined ? { note: 'not uploaded (no artifact client)' } : await uploadReport(client, html, settings, deps, root)
    const counts = matrixHeadline(view)
    deps.toolkit.setOutput(ReportOutput.Legs, String(view.rows.length))
    deps.toolkit.setOutput(ReportOutput.FailedLegs, String(counts.failed + counts.other))
    deps.toolkit.setOutput(ReportOutput.FlakyLegs, String(counts.flaky))
    try {
      await deps.toolkit.writeSummary(matrixSummary(view, { title: TITLE, link, report, pattern: settings.namePattern.text }))
    } catch (error) {
      print.warning(`reverify: could not write the job summary: ${describeError(error)}`)
    }
    print.info(
      `reverify: ${view.rows.length} legs — ${counts.failed} failed, ${counts.flaky} flaky, ${counts.passed} passed; ${view.problems.length} not shown`
    )
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}
