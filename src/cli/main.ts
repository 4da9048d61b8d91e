/** The CLI's dispatcher: subcommand → handler, user errors → one line and exit 2. */
import {
  ExitCode,
  VERSION,
  createRedactor,
  describeError,
  inputTable,
  isUserError,
  unsupportedPlatform,
  type Redactor
} from '../core/index.js'
import { MAIN_HELP } from './help.js'
import { println, type CliIo } from './io.js'
import { runCommandLine } from './run.js'

type CommandLine = (argv: readonly string[], io: CliIo) => Promise<number>

/**
 * Each subcommand's module, loaded when it is asked for: a run loads neither the receipts
 * browser nor the quarantine or export commands (BENCHMARKS.md, start-up). `run`, the one
 * every workflow step starts, is part of the bundle itself: a chunk costs its own read.
 */
const SUBCOMMANDS: Record<string, () => Promise<CommandLine>> = {
  run: async () => runCommandLine,
  capture: async () => (await import('./receipts.js')).captureCommandLine,
  receipts: async () => (await import('./receipts.js')).receiptsCommandLine,
  config: async () => (await import('./receipts.js')).configCommandLine,
  resume: async () => (await import('./resume.js')).resumeCommandLine,
  report: async () => (await import('./report.js')).reportCommandLine,
  flaky: async () => (await import('./flaky.js')).flakyCommandLine,
  quarantine: async () => (await import('./quarantine.js')).quarantineCommandLine,
  ctrf: async () => (await import('./export.js')).ctrfCommandLine,
  export: async () => (await import('./export.js')).exportCommandLine
}

/**
 * A redactor from the `--redact` values of a command line, read without validating anything
 * else (docs/design.md §1): an error about another flag must not print a secret.
 */
function argvRedactor(argv: readonly string[], env: NodeJS.ProcessEnv): Redactor {
  const values: string[] = []
  argv.forEach((arg, index) => {
    if (arg === '--redact' && argv[index + 1] !== undefined) values.push(...inputTable.inputLines(argv[index + 1]!))
    else if (arg.startsWith('--redact=')) values.push(...inputTable.inputLines(arg.slice('--redact='.length)))
  })
  return createRedactor({ values, env })
}

/** Runs the CLI with argv (without node and script); resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const unsupported = unsupportedPlatform(io.platform ?? process.platform)
  if (unsupported !== undefined) {
    println(io.stderr, unsupported)
    return ExitCode.usage
  }
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout.write(MAIN_HELP)
    return first === undefined ? ExitCode.usage : ExitCode.success
  }
  if (first === '--version') {
    println(io.stdout, VERSION)
    return ExitCode.success
  }
  const load = Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first] : undefined
  if (load === undefined) {
    println(
      io.stderr,
      `reverify: unknown command ${inputTable.showValue(first)}; expected one of ${Object.keys(SUBCOMMANDS).join(', ')} (see reverify --help)`
    )
    return ExitCode.usage
  }
  try {
    const handler = await load()
    return await handler(rest, io)
  } catch (error) {
    if (isUserError(error)) {
      // A rejected value may hold a secret the same command line asked to redact.
      println(io.stderr, `reverify: ${argvRedactor(rest, io.env).redact(describeError(error))}`)
      return ExitCode.usage
    }
    // Not the user's fault: say so in one line; the stack only on request.
    println(io.stderr, `reverify: internal error: ${describeError(error)}`)
    if (io.env.REVERIFY_DEBUG) println(io.stderr, error instanceof Error ? (error.stack ?? '') : String(error))
    return ExitCode.failure
  }
}
