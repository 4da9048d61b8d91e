/** `reverify resume [<run-id>]`: continue an interrupted run from what is on disk (docs/design.md §6). */
import { ExitCode, UsageError, createRedactor, createRunPorts, inputTable, resumeRun, type Receipt } from '../core/index.js'
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
function settledOrClosed(
  entry: { kind: 'settled'; receipt: Receipt; reportError?: string } | { kind: 'closed'; receipt: Receipt; reason: string },
  io: CliIo
): number {
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
  const given = inputTable.parseInputs(flags, flagsOf('resume'), { front: 'cli', base: io.cwd })
  const { root, stateDir, store } = openStore(given, io)
  const machine = await createRunPorts({ env: io.env, stateDir, warn: message => println(io.stderr, `reverify: warning: ${message}`) })
  const redactor = createRedactor({ values: given.redact ?? [], env: io.env })
  const admitted = await resumeRun(
    {
      runId: positionals[0],
      target: root,
      redactor,
      env: io.env,
      onLeftoverEnded: (pgid, runId) =>
        println(io.stderr, `reverify: stopped process group ${pgid}, left running by interrupted run ${runId}`)
    },
    { ...machine, store }
  )
  if (admitted.kind !== 'continue') return settledOrClosed(admitted, io)
  const { receipt, inputs } = admitted
  const settings = inputTable.parseRunSettings(
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
