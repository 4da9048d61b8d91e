/**
 * The post step (`post-if: always()`): the backstop when main did not finish — cancelled
 * past its grace, killed, or crashed. From what is on disk alone it stops what is left of
 * the command, closes the trace and the receipt, saves the history and uploads the trace.
 * It never fails the job: everything here is a warning at most.
 */
import * as core from '@actions/core'
import { print } from './workflow-commands.js'
import { ProcessGroup } from '../core/process-runner.js'
import { closeInterruptedRun } from '../core/run/close-interrupted.js'
import { describeError } from '../core/errors.js'
import { createRedactor } from '../core/redaction.js'
import type { Receipt } from '../core/receipt.js'
import { ReceiptStore } from '../core/receipt-store.js'
import { isRunId } from '../core/run-id.js'
import { State } from './constants.js'
import type { CacheStore } from './persistence/cache-store.js'
import { persistRun, type PersistOptions } from './persistence/persist-run.js'
import type { HistoryOptions } from './receipt-history.js'
import type { ArtifactClient } from './trace-artifact.js'
import type { UploadTrace } from './settings.js'

/** What the post step needs from outside. */
export interface PostDeps {
  cache: CacheStore
  artifact: () => ArtifactClient
  env: NodeJS.ProcessEnv
  cwd: string
}

/** Where and how to persist the closed run, from the state main saved. */
function persistOptions(receipt: Receipt | undefined, store: ReceiptStore, stateDir: string, deps: PostDeps): PersistOptions {
  // The receipt names the command whose history this is; without one there is nothing to save.
  const history: HistoryOptions | undefined =
    receipt && core.getState(State.CacheReceipts) !== 'false'
      ? {
          cache: deps.cache,
          store,
          stateDir,
          historyKey: core.getState(State.HistoryKey),
          target: receipt.target,
          scope: receipt.scope,
          identityHash: receipt.identity_hash,
          warn: message => print.warning(message),
          info: message => print.info(message)
        }
      : undefined
  const days = Number(core.getState(State.TraceRetentionDays))
  return {
    history,
    uploadTrace: (core.getState(State.UploadTrace) || 'always') as UploadTrace,
    traceRetentionDays: Number.isInteger(days) && days > 0 ? days : undefined,
    artifact: deps.artifact,
    env: deps.env,
    warn: message => print.warning(message)
  }
}

/** Runs the post step; never throws, never fails the job. */
export async function runPost(deps: PostDeps): Promise<void> {
  try {
    if (core.getState(State.MainFinished) === 'true') {
      print.debug('reverify: the main step finished and closed its run; nothing to do')
      return
    }
    const stateDir = core.getState(State.StateDir)
    const runId = core.getState(State.RunId)
    if (!stateDir || !isRunId(runId)) {
      print.info('reverify: the main step did not start a run; nothing to close')
      return
    }
    const pgid = Number(core.getState(State.ProcessGroup))
    const leftover = Number.isInteger(pgid) && pgid > 1 ? new ProcessGroup(pgid) : undefined
    if (leftover?.isAlive()) {
      await leftover.terminate(1000)
      print.info(`reverify: stopped the command's leftover process group ${pgid}`)
    }
    const redactor = createRedactor({ values: core.getMultilineInput('redact'), env: deps.env })
    const store = new ReceiptStore(stateDir, { warn: message => print.warning(redactor.redact(message)) })
    const sessionDir = core.getState(State.SessionDir) || undefined
    const closed = await closeInterruptedRun({
      store,
      runId,
      sessionDir,
      reason: 'the main step did not finish (cancelled, timed out or killed); closed by the post step',
      redactor
    })
    print.warning(`reverify: run ${runId} was interrupted; its trace was closed and its receipt marked interrupted by the post step`)
    if (closed.reportError !== undefined) print.warning(`reverify: run ${runId}: ${redactor.redact(closed.reportError)}`)
    await persistRun(
      { runId, sessionDir: sessionDir ?? closed.receipt?.session.dir, outcome: 'aborted' },
      persistOptions(closed.receipt, store, stateDir, deps)
    )
  } catch (error) {
    print.warning(`reverify: the post step could not close the run: ${describeError(error)}`)
  }
}
