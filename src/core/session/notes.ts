/**
 * The trace's `note` events by kind (docs/design.md §2 "Notes"): every note reverify writes
 * is built here and carries its `kind`, so a reader asks what a note is instead of guessing
 * from its wording. The payload schema, and how a note written before kinds gets one, are in
 * note-schema.ts. The message stays the one line a person reads.
 */
import type { NoteOf, RecordedGroup, TraceTests } from './note-schema.js'

export { LEGACY_NOTE_KIND, NOTE_KINDS, type Note, type NoteKind, type NoteOf, type RecordedGroup, type TraceTests } from './note-schema.js'

/** The note after a failed attempt: the loop retries it, or says why it does not. */
export function retryDecisionNote(attempt: number, retry: boolean, message: string): NoteOf<'retry-decision'> {
  return { kind: 'retry-decision', message, retry, attempt }
}

/** A guardrail refusal, with the rule that matched. */
export function refusalTraceNote(message: string, rule: string): NoteOf<'refusal'> {
  return { kind: 'refusal', message, rule }
}

/** What the next attempt runs: the failed tests alone (and the command), or the whole command and why. */
export function rerunNote(attempt: number, message: string): NoteOf<'rerun'> {
  return { kind: 'rerun', message, attempt }
}

/** A rerun attempt whose results show none of the tests it targeted: the line naming the setting and the command (reruns/misfit.ts). */
export function rerunMisfitNote(attempt: number, message: string): NoteOf<'rerun-misfit'> {
  return { kind: 'rerun-misfit', message, attempt }
}

/** A gate turned a flaky pass into a failure. */
export function gateNote(message: string, gate: 'fail-on-flaky' | 'max-flaky-tests', flakyTests: readonly string[]): NoteOf<'gate'> {
  return { kind: 'gate', message, gate, flaky_tests: [...flakyTests] }
}

/** A quarantine entry that expires soon or has expired. */
export function quarantineNote(message: string): NoteOf<'quarantine'> {
  return { kind: 'quarantine', message }
}

/** What the on-retry hook did. */
export function hookNote(message: string): NoteOf<'hook'> {
  return { kind: 'hook', message }
}

/** The run was interrupted, or closed by whoever found it interrupted. */
export function interruptedNote(message: string): NoteOf<'interrupted'> {
  return { kind: 'interrupted', message }
}

/** An attempt's log stopped at a full disk. */
export function logIncompleteNote(message: string): NoteOf<'log-incomplete'> {
  return { kind: 'log-incomplete', message }
}

/** This run continues an interrupted one. */
export function resumedNote(message: string): NoteOf<'resumed'> {
  return { kind: 'resumed', message }
}

/** The run went ahead after the uncaptured failure `runId`. */
export function uncapturedNote(runId: string): NoteOf<'uncaptured'> {
  return { kind: 'uncaptured', message: `retrying after failed run ${runId}, which nobody captured` }
}

/** A command's process group as it starts (`during`: "attempt 2"), for whoever ends a crashed run's processes (docs/design.md §6). */
export function processGroupNote(during: string, group: RecordedGroup): NoteOf<'process-group'> {
  return {
    kind: 'process-group',
    message: `${during}: a command started as process group ${group.pgid}`,
    process_group: { pgid: group.pgid, started: group.started }
  }
}

/**
 * What an attempt's test-result files said: `message` is the one line, `tests` the record
 * readers use (laid out by verify/results-step.ts; fields beyond TraceTests are kept).
 */
export function testsNote(message: string, tests: TraceTests): NoteOf<'tests'> {
  return { kind: 'tests', message, tests }
}

/** What early flake detection did in a run (docs/design.md §1 "Early flake detection"): its line, and its facts. */
export function newTestsNote(message: string, facts: NonNullable<NoteOf<'new-tests'>['new_tests']>): NoteOf<'new-tests'> {
  return { kind: 'new-tests', message, new_tests: facts }
}
