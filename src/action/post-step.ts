/**
 * The post step (`post-if: always()`): the backstop when main did not finish — cancelled
 * past its grace, killed, or crashed. From what is on disk alone it stops what is left of
 * the command, closes the trace and the receipt, saves the history and uploads the trace.
 * It never fails the job: everything here is a warning at most.
 */
import { print } from './workflow-commands.js'
import { closeAbandonedRun, createRedactor, createRunPorts, describeError, type ReceiptStore, type Receipt } from '../core/index.js'
import { readPostState, type PostState } from './post-state.js'
import { MAIN_FINISHED_NOTE } from './post-shortcut.js'
import { readSecretInputs } from './settings.js'
import type { CacheStore } from './persistence/cache-store.js'
import { persistRun, type PersistOptions } from './persistence/persist-run.js'
import { deadlinesFrom } from './persistence/deadline.js'
import type { HistoryOptions } from './persistence/receipt-history.js'
import type { ArtifactClient } from './persistence/trace-artifact.js'
import type { Toolkit } from './toolkit.js'

/** What the post step needs from outside. */
export interface PostDeps {
  cache: CacheStore
  artifact: () => ArtifactClient | Promise<ArtifactClient>
  env: NodeJS.ProcessEnv
  cwd: string
  /** The inputs and what main saved (toolkit.ts). */
  toolkit: Toolkit
}

/** Where and how to persist the closed run, from the state main saved. */
function persistOptions(receipt: Receipt | undefined, store: ReceiptStore, state: PostState, deps: PostDeps): PersistOptions {
  // The receipt names the command whose history this is; without one there is nothing to save.
  const deadlines = deadlinesFrom(deps.env)
  const history: HistoryOptions | undefined =
    receipt && state.cacheReceipts && state.historyKey !== undefined
      ? {
          cache: deps.cache,
          store,
          workspace: deps.env.GITHUB_WORKSPACE || deps.cwd,
          deadlines,
          historyKey: state.historyKey,
          target: receipt.target,
          scope: receipt.scope,
          identityHash: receipt.identity_hash,
          warn: message => print.warning(message),
          info: message => print.info(message)
        }
      : undefined
  return {
    history,
    uploadTrace: state.uploadTrace,
    traceRetentionDays: state.traceRetentionDays,
    artifact: deps.artifact,
    env: deps.env,
    uploadDeadlineMs: deadlines.uploadMs,
    warn: message => print.warning(message)
  }
}

/** Runs the post step; never throws, never fails the job. */
export async function runPost(deps: PostDeps): Promise<void> {
  try {
    const state = readPostState(name => deps.toolkit.state(name))
    if (state.mainFinished) {
      // Its launcher says so itself before it loads this bundle (post-shortcut.ts); this is
      // for a post step started otherwise.
      print.debug(MAIN_FINISHED_NOTE)
      return
    }
    const { stateDir, runId, sessionDir } = state
    if (stateDir === undefined || runId === undefined) {
      print.info('reverify: the main step did not start a run; nothing to close')
      return
    }
    const redactor = createRedactor({ values: readSecretInputs(name => deps.toolkit.input(name)).redactValues, env: deps.env })
    // The real store and clock; no seal: closing reads the trace, it resumes nothing.
    const { store, clock } = await createRunPorts({
      env: deps.env,
      stateDir,
      warn: message => print.warning(redactor.redact(message)),
      sealed: false
    })
    const closed = await closeAbandonedRun({
      store,
      runId,
      sessionDir,
      reason: 'the main step did not finish (cancelled, timed out or killed); closed by the post step',
      redactor,
      clock,
      env: deps.env,
      onGroup: ending => {
        if (ending.result === 'ended') print.info(`reverify: stopped the command's leftover process group ${ending.group.pgid}`)
        if (ending.result === 'left') print.info(`reverify: left process group ${ending.group.pgid} alone: ${ending.why}`)
      }
    })
    // Killed before its receipt was written: nothing ran, and nothing is there to save.
    if (closed.kind === 'never-recorded') {
      print.info(`reverify: run ${runId} was stopped before its receipt was written; nothing to close`)
      return
    }
    const status = closed.receipt?.status ?? 'interrupted'
    // A trace that had its end decided the run; otherwise the post step closed it as interrupted.
    if (!closed.closedTrace && status !== 'interrupted')
      print.info(`reverify: run ${runId} had closed its trace; its receipt now says ${status}`)
    else print.warning(`reverify: run ${runId} was interrupted; its trace was closed and its receipt marked interrupted by the post step`)
    if (closed.reportError !== undefined) print.warning(`reverify: run ${runId}: ${redactor.redact(closed.reportError)}`)
    await persistRun(
      { runId, sessionDir: sessionDir ?? closed.receipt?.session.dir, stateDir, outcome: 'aborted' },
      persistOptions(closed.receipt, store, state, deps)
    )
  } catch (error) {
    print.warning(`reverify: the post step could not close the run: ${describeError(error)}`)
  }
}
