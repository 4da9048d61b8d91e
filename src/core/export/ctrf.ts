/**
 * A run's CTRF report (docs/design.md §2 "Exports"): `ctrf.json` in the session folder, next to the
 * trace, written whenever a run closes (by itself, by the post step or by the next run), so
 * every trace artifact carries it; or anywhere `reverify ctrf --out` is told. Built from the
 * trace and the receipt, redacted like every file written, and valid against the Common Test
 * Report Format's published JSON schema.
 */
import { createHash, randomBytes } from 'node:crypto'
import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { describeError, UsageError } from '../base/errors.js'
import { printable } from '../base/printable.js'
import { VERSION } from '../base/version.js'
import type { Receipt } from '../receipts/receipt.js'
import { redactDeep, type Redactor } from '../redaction/index.js'
import type { TraceEvent } from '../session/events.js'
import { isOwnSessionDir } from '../session/layout.js'
import { readSessionTrace } from '../session/reader.js'
import { ctrfTests, type CtrfStatus, type CtrfTest } from './ctrf-tests.js'
import { runFacts, shortRef, type RunFacts } from './run-facts.js'

/** The report's file name in a session folder. */
export const CTRF_FILE = 'ctrf.json'
/** The CTRF specification version the report follows. */
export const CTRF_SPEC_VERSION = '0.0.0'

/** The report, as the schema names its parts (only what this project fills). */
export interface CtrfReport {
  reportFormat: 'CTRF'
  specVersion: string
  reportId: string
  runId: string
  timestamp: string
  generatedBy: string
  results: {
    tool: { name: string; version: string }
    summary: Record<CtrfStatus | 'tests' | 'flaky' | 'start' | 'stop' | 'duration', number> & { extra?: Record<string, unknown> }
    tests: CtrfTest[]
    environment: Record<string, unknown>
    extra: { reverify: Record<string, unknown> }
  }
}

/** A UUID derived from the run id: the same run gives the same report id, whoever writes it. */
function reportId(runId: string): string {
  const hex = createHash('sha256').update(`ctrf:${runId}`).digest('hex')
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The CI facts as CTRF's `environment` (only fields the receipt knows; no person's name). */
function environment(facts: RunFacts): Record<string, unknown> {
  const { receipt } = facts
  const ci = receipt.ci
  const extra = {
    ...(receipt.scope !== '' && { scope: receipt.scope }),
    ...(ci?.job !== undefined && { job: ci.job }),
    ...(ci?.run_attempt !== undefined && { runAttempt: ci.run_attempt }),
    ...(ci?.event !== undefined && { event: ci.event })
  }
  return {
    reportName: facts.stepName,
    ...(ci !== undefined && { repositoryName: receipt.target }),
    ...(ci?.run_id !== undefined && { buildId: ci.run_id }),
    ...(ci?.workflow !== undefined && { buildName: ci.workflow }),
    ...(ci?.sha !== undefined && { commit: ci.sha }),
    ...(ci?.ref !== undefined && { branchName: shortRef(ci.ref) }),
    healthy: receipt.status === 'passed' && !receipt.flaky,
    ...(Object.keys(extra).length > 0 && { extra })
  }
}

/** The CTRF report of a run from its trace events and receipt (not yet redacted). */
export function buildCtrf(events: readonly TraceEvent[], receipt: Receipt): CtrfReport {
  const facts = runFacts(events, receipt)
  const { tests, omitted } = ctrfTests(facts)
  const count = (status: CtrfStatus) => tests.filter(test => test.status === status).length
  return {
    reportFormat: 'CTRF',
    specVersion: CTRF_SPEC_VERSION,
    reportId: reportId(receipt.run_id),
    runId: receipt.run_id,
    timestamp: new Date(facts.endMs).toISOString(),
    generatedBy: `reverify ${VERSION}`,
    results: {
      tool: { name: 'reverify', version: VERSION },
      summary: {
        tests: tests.length,
        passed: count('passed'),
        failed: count('failed'),
        skipped: count('skipped'),
        pending: count('pending'),
        other: count('other'),
        flaky: tests.filter(test => test.flaky).length,
        start: facts.startMs,
        stop: facts.endMs,
        duration: facts.endMs - facts.startMs,
        ...(omitted > 0 && { extra: { testsNotListed: omitted } })
      },
      tests,
      environment: environment(facts),
      extra: {
        reverify: {
          status: receipt.status,
          flaky: receipt.flaky,
          attempts: receipt.attempts,
          maxAttempts: receipt.max_attempts,
          command: facts.script,
          testResults: facts.hasTests,
          captured: receipt.capture !== undefined,
          ...(receipt.gate !== undefined && { gate: receipt.gate })
        }
      }
    }
  }
}

/** Writes the report of a run whose trace is in `sessionDir` to `path`, redacted. */
export async function writeCtrfFile(receipt: Receipt, sessionDir: string, path: string, redactor: Redactor): Promise<void> {
  const report = redactDeep(buildCtrf(await readSessionTrace(sessionDir), receipt), redactor)
  // Temp file and rename, so a reader never sees half a report; not synced to disk, as it
  // can be written again from the trace at any time (reverify ctrf) and a sync costs every run.
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    writeFileSync(temp, `${JSON.stringify(report, null, 2)}\n`, { flag: 'wx', mode: 0o600 })
    renameSync(temp, path)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}

/**
 * Writes the report of a run of the state directory `stateDir` to `path` (default: ctrf.json
 * in its session folder) and returns the path. Throws a UsageError when the receipt's
 * session folder is not one of this state directory's.
 */
export async function writeRunCtrf(
  stateDir: string,
  receipt: Receipt,
  redactor: Redactor,
  options: { sessionDir?: string; path?: string } = {}
): Promise<string> {
  const sessionDir = options.sessionDir ?? receipt.session.dir
  // The receipt's session path is untrusted: only a session of this state directory is read.
  if (!(await isOwnSessionDir(stateDir, sessionDir))) {
    throw new UsageError(`run ${receipt.run_id} has no trace folder in this state directory (${printable(sessionDir)})`)
  }
  const path = options.path ?? join(sessionDir, CTRF_FILE)
  await writeCtrfFile(receipt, sessionDir, path, redactor)
  return path
}

/**
 * Writes `ctrf.json` into a closed run's session folder. Returns the path, or why it could
 * not be written: an export is a convenience, so a failure is for the caller to warn about,
 * never to fail a run.
 */
export async function writeSessionCtrf(
  stateDir: string,
  receipt: Receipt,
  redactor: Redactor,
  sessionDir = receipt.session.dir
): Promise<{ path: string } | { error: string }> {
  try {
    return { path: await writeRunCtrf(stateDir, receipt, redactor, { sessionDir }) }
  } catch (error) {
    return { error: `could not write the CTRF report: ${describeError(error)}` }
  }
}
