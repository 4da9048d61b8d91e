/** `reverify run`: flags → settings → one verify run → the console summary and exit code. */
import { resolveCaptureMode, readConfig } from '../core/config-file.js'
import { UsageError } from '../core/errors.js'
import { createRedactor } from '../core/redaction.js'
import { ReceiptStore } from '../core/receipt-store.js'
import { findTargetRoot, resolveStateDir } from '../core/inputs/resolve.js'
import { parseRunSettings, showValue, type RunSettings } from '../core/settings.js'
import type { Receipt } from '../core/receipt.js'
import { ensureStateDir } from '../core/state-dir.js'
import { verifyRun, type RunReport } from '../core/verify-run.js'
import { VERSION } from '../core/version.js'
import { parseCommandLine } from './flags.js'
import { RUN_HELP } from './help.js'
import { println, type CliIo } from './io.js'

/** "`npm test`" or "`npm test` and 2 more", for one-line messages. */
export function describeCommands(commands: readonly string[]): string {
  const first = commands[0]!.split('\n')[0]!
  const shown = first.length > 80 ? `${first.slice(0, 80)}…` : first
  return commands.length > 1 ? `\`${shown}\` and ${commands.length - 1} more` : `\`${shown}\``
}

/** The 3–5 line console summary of SPEC §1. */
export function consoleSummary(report: RunReport, commands: readonly string[]): string[] {
  const loop = report.loop
  const attempts = loop ? `${loop.attempts.length}/${loop.maxAttempts}` : '0'
  const outcome = report.outcome + (report.flaky ? ' (flaky)' : '')
  const lines = [`reverify: ${describeCommands(commands)}`, `outcome: ${outcome} · attempts: ${attempts}`]
  if (loop && report.outcome !== 'success') lines.push(`why: ${loop.summary}`)
  if (report.guardrail) lines.push(`why: refused by the guardrail rule "${report.guardrail.rule}"`)
  lines.push(`receipt: ${report.runId}`)
  lines.push(`trace: ${report.session?.dir}`)
  return lines
}

/** Runs `reverify run`; returns the exit code. */
export async function runCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'run', 'reverify run --help')
  if (help) {
    io.stdout.write(RUN_HELP)
    return 0
  }
  const [unexpected] = positionals
  if (unexpected !== undefined) {
    throw new UsageError(`unexpected argument ${showValue(unexpected)}; give commands with --command (see reverify run --help)`)
  }
  return executeRun(parseRunSettings(flags, io.cwd, { front: 'cli' }), io)
}

/** Runs (or, with `resume`, continues) a verify and prints the console summary. */
export async function executeRun(settings: RunSettings, io: CliIo, resume?: Receipt): Promise<number> {
  const root = findTargetRoot(io.cwd)
  const { path: stateDir, isDefault } = resolveStateDir(settings.stateDir, { front: 'cli', base: io.cwd })
  const captureMode = resolveCaptureMode(settings.captureBeforeRetry, await readConfig(root))
  await ensureStateDir(stateDir, { gitignore: isDefault })
  const redactor = createRedactor({ values: settings.redact, env: io.env })
  const warn = (message: string) => println(io.stderr, `reverify: warning: ${message}`)
  const report = await verifyRun(
    settings,
    {
      stateDir,
      store: new ReceiptStore(stateDir, { warn }),
      target: root,
      captureMode,
      front: 'cli',
      version: VERSION,
      redactor,
      env: io.env,
      stdout: io.stdout,
      stderr: io.stderr,
      signal: io.signal,
      interruptReason: io.interruptReason,
      warn,
      error: message => println(io.stderr, `reverify: error: ${message}`),
      progress: line => println(io.stderr, line)
    },
    { resume }
  )
  if (report.status !== 'blocked') {
    for (const line of consoleSummary(report, settings.commands)) println(io.stdout, line)
  }
  return report.exitCode
}
