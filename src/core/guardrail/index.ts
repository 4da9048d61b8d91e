/**
 * The destructive-command guardrail (docs/design.md §1). A command line is cut into simple commands
 * the way a POSIX shell would (quotes, operators, subshells, substitutions, heredocs); each
 * is stripped of its launchers (sudo, env, xargs, …) and the program it finally runs is
 * judged by that program's rule. Text a shell would only print or store is data; text handed
 * to another shell or to a database client is judged too. docs/guardrail.md lists the rules,
 * the variants caught, the blind spots and how the files of this folder divide the work.
 */
import { checkScript } from './judge.js'

/** Which rule a command tripped, and the part of the command that tripped it. */
export interface GuardrailHit {
  /** The contract's name for the rule (docs/design.md §1), e.g. `rm -rf` or `git push --force`. */
  rule: string
  /** The offending simple command as written (trimmed, capped at 200 characters). */
  excerpt: string
}

/** The first destructive operation in a shell command line, or undefined when it is safe. */
export function findDestructive(command: string): GuardrailHit | undefined {
  return checkScript(command.replace(/\r\n?/g, '\n'), 0)
}
