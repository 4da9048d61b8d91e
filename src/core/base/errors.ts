/**
 * Named errors. They are compared by `name`, not `instanceof`, so two bundled copies of
 * this module still recognise each other. Only these reach the user as one line; anything
 * else is a bug and is reported as such.
 */

/** Exit codes of the CLI (docs/design.md §1). */
export const ExitCode = {
  success: 0,
  failure: 1,
  usage: 2,
  guardrail: 3,
  interrupted: 130
} as const

/** The exit code recorded for a command stopped by an interrupt (128 + SIGINT), as a shell reports it. */
export const INTERRUPTED_EXIT = 130

/** A user mistake in an input, flag or config file: one line, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** A mistake in `.reverify/config.json`: one line, exit 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/** The state directory's disk is full (ENOSPC, EDQUOT): one line, exit 2 (docs/design.md §6). */
export class DiskFullError extends Error {
  override readonly name = 'DiskFullError'
}

/** True for errors that are the user's to fix (exit 2, no stack trace): an input, the config, a full disk. */
export function isUserError(error: unknown): error is UsageError | ConfigError | DiskFullError {
  return error instanceof Error && (error.name === 'UsageError' || error.name === 'ConfigError' || error.name === 'DiskFullError')
}

/** One printable line for anything thrown, whatever it is. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name
  return String(error)
}
