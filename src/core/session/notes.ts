/**
 * The trace's `note` events by kind (docs/design.md §2 "Notes"): every note reverify writes
 * is built here and carries its `kind`, so a reader asks what a note is instead of guessing
 * from its wording. A trace written before notes had kinds is read by the fields each kind
 * always had (`noteKind`). The message stays the one line a person reads.
 */
import type { Payloads } from './events.js'

export { NOTE_KINDS, noteKind, type NoteKind } from './events.js'

type Note = Payloads['note']

/** The note after a failed attempt: the loop retries it, or says why it does not. */
export function retryDecisionNote(attempt: number, retry: boolean, message: string): Note {
  return { kind: 'retry-decision', message, retry, attempt }
}

/** A guardrail refusal, with the rule that matched. */
export function refusalTraceNote(message: string, rule: string): Note {
  return { kind: 'refusal', message, rule }
}

/** What the next attempt runs: the failed tests alone (and the command), or the whole command and why. */
export function rerunNote(attempt: number, message: string): Note {
  return { kind: 'rerun', message, attempt }
}

/** A gate turned a flaky pass into a failure. */
export function gateNote(message: string, gate: 'fail-on-flaky' | 'max-flaky-tests', flakyTests: readonly string[]): Note {
  return { kind: 'gate', message, gate, flaky_tests: [...flakyTests] }
}

/** A quarantine entry that expires soon or has expired. */
export function quarantineNote(message: string): Note {
  return { kind: 'quarantine', message }
}

/** What the on-retry hook did. */
export function hookNote(message: string): Note {
  return { kind: 'hook', message }
}

/** The run was interrupted, or closed by whoever found it interrupted. */
export function interruptedNote(message: string): Note {
  return { kind: 'interrupted', message }
}

/** An attempt's log stopped at a full disk. */
export function logIncompleteNote(message: string): Note {
  return { kind: 'log-incomplete', message }
}

/** This run continues an interrupted one. */
export function resumedNote(message: string): Note {
  return { kind: 'resumed', message }
}

/** The run went ahead after the uncaptured failure `runId`. */
export function uncapturedNote(runId: string): Note {
  return { kind: 'uncaptured', message: `retrying after failed run ${runId}, which nobody captured` }
}
