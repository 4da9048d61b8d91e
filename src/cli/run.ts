/** `reverify run`: flags → settings → one verify run → the console summary and exit code. */
import { UsageError, inputTable } from '../core/index.js'
import { parseCommandLine } from './flags.js'
import { runHelp } from './help.js'
import type { CliIo } from './io.js'
import { executeRun } from './verify.js'

/** Runs `reverify run`; returns the exit code. */
export async function runCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, switchBefore, help } = parseCommandLine(argv, 'run', 'reverify run --help')
  if (help) {
    io.stdout.write(runHelp())
    return 0
  }
  const [unexpected] = positionals
  if (unexpected !== undefined) {
    // `run` takes no argument: a word right after a switch was most likely meant as its value.
    const after = switchBefore[0] === undefined ? '' : ` after ${switchBefore[0]}, which takes no value`
    throw new UsageError(
      `unexpected argument ${inputTable.showValue(unexpected)}${after}; give commands with --command (see reverify run --help)`
    )
  }
  return executeRun(inputTable.parseRunSettings(flags, io.cwd, { front: 'cli', path: io.env.PATH }), io)
}
