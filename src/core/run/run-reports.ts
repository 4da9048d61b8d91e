/**
 * A closed run's report.html and exports (docs/design.md §2 "Exports", §8 "What a run loads"):
 * written when the run closes, or by the front end once it has told the verdict
 * (`deferReports`), or by the next run of the command when a crash came in between.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { exportClosedRun } from '../export/index.js'
import type { Receipt } from '../receipts/receipt.js'
import type { NewTestDetection } from '../attempt/new-tests.js'
import { REPORT_FILE, writeSessionReport } from '../report/index.js'
import { isOwnSessionDir, SessionFile } from '../session/layout.js'
import type { RunPorts, RunRequest } from './ports.js'

/**
 * A run killed between its verdict and its report (`deferReports`) left a closed trace and
 * no report.html: the next run of the command writes them, before anything of its own.
 */
export async function writeMissingReports(
  latest: Receipt,
  request: Pick<RunRequest, 'redactor' | 'env'>,
  ports: Pick<RunPorts, 'store' | 'log' | 'clock'>
): Promise<void> {
  const dir = resolve(latest.session.dir)
  if (!(await isOwnSessionDir(ports.store.stateDir, dir))) return
  if (!existsSync(join(dir, SessionFile.trace)) || existsSync(join(dir, REPORT_FILE))) return
  await writeRunReports(latest, request, ports)
}

/**
 * Writes a closed run's report.html and exports (§2 "Exports") next to its trace: when the run
 * closes, or from a front end that asked for `deferReports` once it has told the verdict.
 * Resolves to the report's path, or undefined when it could not be written (told through
 * `ports.log`, never fatal).
 */
export async function writeRunReports(
  receipt: Receipt,
  request: Pick<RunRequest, 'redactor' | 'env'>,
  ports: Pick<RunPorts, 'store' | 'log' | 'clock'>,
  facts: { newTests?: NewTestDetection } = {}
): Promise<string | undefined> {
  const context = { stateDir: ports.store.stateDir, redactor: request.redactor, env: request.env, clock: ports.clock }
  for (const error of await exportClosedRun(receipt, context)) ports.log({ kind: 'report-failed', runId: receipt.run_id, error })
  const written = await writeSessionReport(ports.store, receipt, receipt.session.dir, facts.newTests)
  if ('path' in written) return written.path
  ports.log({ kind: 'report-failed', runId: receipt.run_id, error: written.error })
  return undefined
}
