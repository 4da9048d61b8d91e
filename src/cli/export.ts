/**
 * `reverify ctrf <run-id|latest> [--out FILE]`: a run's CTRF report, and `reverify export
 * <run-id|latest>`: a stored run sent again over OTLP/HTTP (docs/design.md §2 "Exports").
 */
import { resolve } from 'node:path'
import {
  ExitCode,
  UsageError,
  createRedactor,
  createRunPorts,
  describeError,
  exportRun,
  findRun,
  inputTable,
  type Receipt
} from '../core/index.js'
import { flagsOf, parseCommandLine } from './flags.js'
import { ctrfHelp, exportHelp } from './help.js'
import { println, type CliIo } from './io.js'
import { openStore, type StoreContext } from './receipts.js'

/** The one run a subcommand names: a run id or `latest`, and nothing else. */
async function namedRun(command: string, positionals: readonly string[], context: StoreContext): Promise<Receipt> {
  const [ref, ...rest] = positionals
  if (ref === undefined || rest.length > 0)
    throw new UsageError(`${command}: give exactly one run id (or latest); see reverify ${command} --help`)
  const receipt = await findRun(context.store, context.root, ref, command)
  if (receipt === undefined) throw new UsageError(`${command}: no run ${inputTable.showValue(ref)} in this repository's state directory`)
  return receipt
}

/** `reverify ctrf <run-id|latest> [--out FILE] [--state-dir DIR]`. */
export async function ctrfCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'ctrf', 'reverify ctrf --help')
  if (help) {
    io.stdout.write(ctrfHelp())
    return 0
  }
  const given = inputTable.parseInputs(flags, flagsOf('ctrf'), { front: 'cli', base: io.cwd })
  const context = openStore(given, io)
  const receipt = await namedRun('ctrf', positionals, context)
  const out = given.out === undefined ? undefined : resolve(io.cwd, given.out)
  const redactor = createRedactor({ env: io.env })
  const written = await exportRun(context.store, receipt, { format: 'ctrf', redactor, ...(out !== undefined && { out }) })
  // A place --out cannot be written to is the user's to fix, like any bad flag.
  if (written.kind === 'unwritable')
    throw new UsageError(`--out: cannot write ${inputTable.showValue(given.out ?? '')}: ${describeError(written.error)}`)
  println(io.stdout, written.path)
  return 0
}

/** `reverify export <run-id|latest> [--state-dir DIR]`: exit 1 when the endpoint did not take it. */
export async function exportCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'export', 'reverify export --help')
  if (help) {
    io.stdout.write(exportHelp())
    return 0
  }
  const given = inputTable.parseInputs(flags, flagsOf('export'), { front: 'cli', base: io.cwd })
  const context = openStore(given, io)
  const receipt = await namedRun('export', positionals, context)
  // The real clock times the send; no seal: exporting only reads.
  const { clock } = await createRunPorts({ env: io.env, stateDir: context.stateDir, warn: () => undefined, sealed: false })
  const sent = await exportRun(context.store, receipt, { format: 'otlp', env: io.env, redactor: createRedactor({ env: io.env }), clock })
  if (sent.kind === 'not-sent') {
    println(io.stderr, `reverify: ${sent.reason}`)
    return ExitCode.failure
  }
  println(io.stdout, `reverify: sent run ${receipt.run_id} as trace ${sent.traceId}`)
  return 0
}
