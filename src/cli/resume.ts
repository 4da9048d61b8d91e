/** `reverify resume [<run-id>]`: continue an interrupted run from what is on disk (docs/design.md §6). */
import { hostname } from 'node:os'
import { resolve } from 'node:path'
import {
  UsageError,
  isOwnSessionDir,
  loadRunSeal,
  ownerGone,
  parseInputs,
  parseRunSettings,
  readRunInputs,
  receiptSealed,
  requireRunId,
  sealKeyPath
} from '../core/index.js'
import { flagsOf, parseCommandLine } from './flags.js'
import { resumeHelp } from './help.js'
import { type CliIo } from './io.js'
import { openStore } from './receipts.js'
import { executeRun } from './verify.js'

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
  const sessionDir = resolve(receipt.session.dir)
  if (!(await isOwnSessionDir(stateDir, sessionDir))) {
    throw new UsageError(`resume: run ${receipt.run_id} has no session in this state directory`)
  }
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
