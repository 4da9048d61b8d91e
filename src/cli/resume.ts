/** `reverify resume [<run-id>]`: continue an interrupted run from what is on disk (docs/design.md §6). */
import { hostname } from 'node:os'
import { resolve } from 'node:path'
import {
  ExitCode,
  UsageError,
  createRedactor,
  loadRunSeal,
  ownerGone,
  parseInputs,
  parseRunSettings,
  readRunInputs,
  receiptSealed,
  requireRunId,
  sealKeyPath,
  settleBeforeResume,
  type Receipt,
  type ResumeEntry
} from '../core/index.js'
import { flagsOf, parseCommandLine } from './flags.js'
import { resumeHelp } from './help.js'
import { println, type CliIo } from './io.js'
import { openStore } from './receipts.js'
import { executeRun } from './verify.js'

/**
 * `reverify resume` ends with the status its run ends with (docs/design.md §1, §6): 0
 * passed, 1 failed, 3 refused by the guardrail, 130 interrupted.
 */
function exitCodeOfStatus(status: Receipt['status']): number {
  if (status === 'passed') return ExitCode.success
  if (status === 'failed') return ExitCode.failure
  if (status === 'aborted') return ExitCode.guardrail
  return ExitCode.interrupted
}

/** Says what became of a run that had ended, or whose session was gone; returns the exit code. */
function settledOrClosed(entry: Exclude<ResumeEntry, { kind: 'continue' }>, io: CliIo): number {
  const { receipt } = entry
  if (entry.kind === 'closed') {
    println(
      io.stderr,
      `reverify: resume: run ${receipt.run_id} cannot be resumed: ${entry.reason}, so nothing is left to continue from; it is closed as interrupted — run the command again with reverify run`
    )
    return ExitCode.interrupted
  }
  println(
    io.stdout,
    `reverify: run ${receipt.run_id} had already ended (${receipt.status}${receipt.flaky ? ', flaky' : ''} · attempts: ${receipt.attempts}/${receipt.max_attempts}) before its receipt was written; nothing to resume: its receipt is settled from its trace, ${receipt.session.dir}`
  )
  if (entry.reportError !== undefined) println(io.stderr, `reverify: warning: run ${receipt.run_id}: ${entry.reportError}`)
  return exitCodeOfStatus(receipt.status)
}

/** Runs `reverify resume`; returns the exit code. */
export async function resumeCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'resume', 'reverify resume --help')
  if (help) {
    io.stdout.write(resumeHelp())
    return 0
  }
  if (positionals.length > 1) throw new UsageError('resume: give at most one run id; see reverify resume --help')
  // Checked before the run is looked up; the run's own inputs are parsed with these below.
  const given = parseInputs(flags, flagsOf('resume'), { front: 'cli', base: io.cwd })
  const { root, stateDir, store } = openStore(given, io)
  const here = { host: hostname() }
  const seal = await loadRunSeal(sealKeyPath(io.env))
  const receipt =
    positionals[0] !== undefined
      ? await store.read(requireRunId(positionals[0], 'resume'))
      : await store.latestOfTarget(root, candidate => ownerGone(candidate, here) && receiptSealed(candidate, seal))
  if (receipt === undefined) {
    throw new UsageError(
      positionals[0] ? `resume: no receipt of run ${positionals[0]} here` : 'resume: no interrupted run to resume in this repository'
    )
  }
  // A receipt that came with a checkout proves nothing and picks no command (docs/design.md §6).
  if (!receiptSealed(receipt, seal)) {
    throw new UsageError(
      `resume: run ${receipt.run_id} was not started by reverify on this machine (its receipt has no valid seal); run the command again with reverify run`
    )
  }
  // A run that had ended, or whose session is gone, has nothing to continue (docs/design.md §6).
  const entry = await settleBeforeResume({
    store,
    receipt,
    here,
    seal,
    redactor: createRedactor({ values: given.redact ?? [], env: io.env }),
    now: () => new Date(),
    onLeftoverEnded: pgid =>
      println(io.stderr, `reverify: stopped process group ${pgid}, left running by interrupted run ${receipt.run_id}`)
  })
  if (entry.kind !== 'continue') return settledOrClosed(entry, io)
  const sessionDir = resolve(receipt.session.dir)
  const inputs = await readRunInputs(sessionDir, seal)
  if (inputs === undefined) {
    throw new UsageError(
      `resume: run ${receipt.run_id} has no inputs this machine recorded (none, a secret among them, or no valid seal); run the same command again with reverify run`
    )
  }
  const settings = parseRunSettings(
    {
      ...inputs,
      'state-dir': stateDir,
      ...(flags['capture-before-retry'] !== undefined && { 'capture-before-retry': flags['capture-before-retry'] }),
      ...(flags.redact !== undefined && { redact: flags.redact })
    },
    io.cwd,
    { front: 'cli', path: io.env.PATH }
  )
  return executeRun(settings, io, receipt)
}
