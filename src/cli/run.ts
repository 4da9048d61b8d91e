/** `reverify run`: flags → settings → one verify run → the console summary and exit code. */
import { UsageError } from '../core/errors.js'
import { parseRunSettings, RUN_INPUT_NAMES } from '../core/settings.js'
import { parseArgs, type FlagSpec } from './args.js'
import { RUN_HELP } from './help.js'
import type { CliIo } from './io.js'
import { executeRun } from './verify.js'

const RUN_FLAGS: Record<string, FlagSpec> = Object.fromEntries([
  ...RUN_INPUT_NAMES.map(name => [
    name,
    { kind: name === 'allow-destructive' ? 'switch' : 'string', repeatable: name === 'command' || name === 'redact' } as FlagSpec
  ]),
  ['help', { kind: 'switch' } as FlagSpec]
])

/** Runs `reverify run`; returns the exit code. */
export async function runCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals } = parseArgs(argv, RUN_FLAGS, 'reverify run --help')
  if (flags.help !== undefined) {
    io.stdout.write(RUN_HELP)
    return 0
  }
  if (positionals.length > 0) {
    throw new UsageError(
      `unexpected argument '${positionals[0]}'; give commands with --command (see reverify run --help)`
    )
  }
  return executeRun(parseRunSettings(flags, io.cwd), io)
}
