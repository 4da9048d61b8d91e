/**
 * The trace's `note` payload as one discriminated union by `kind` (docs/design.md §2
 * "Notes"), with the payloads of the `tests` and `process-group` kinds inside it, so a
 * reader that asks `note.kind` gets the fields of that kind. A note written before notes had
 * kinds is given its kind here, once, as it is read (`withKind`); no reader guesses again.
 * A note whose kind's fields do not parse is skipped like any malformed line.
 */
import type { z } from 'zod'
import type { SchemaLibrary } from '../base/schema-library.js'
import { MAX_CASES_RECORDED, MAX_REPEATED_RUNS, RUNNER_RETRY_FORMS } from '../attempt/tests.js'

/** The kinds reverify writes (the builders are in notes.ts). */
export const NOTE_KINDS = [
  /** After a failed attempt: retrying (`retry: true`) or why not. */
  'retry-decision',
  /** The guardrail refused a command (`rule`). */
  'refusal',
  /** A command's process group as it started (bookkeeping for crash recovery). */
  'process-group',
  /** What an attempt's JUnit files said (`tests`). */
  'tests',
  /** The on-retry hook's result. */
  'hook',
  /** The run was stopped by an interrupt, or closed after its process was gone. */
  'interrupted',
  /** The disk filled up: an attempt's log stopped growing. */
  'log-incomplete',
  /** This run continues an interrupted one. */
  'resumed',
  /** capture-before-retry `warn`: the run went ahead after a failure nobody captured. */
  'uncaptured',
  /** What the next attempt runs: only the failed tests (and the command), or the whole command and why. */
  'rerun',
  /** The quarantine file: an entry that expires soon or has expired (docs/design.md §1 "Quarantine and flaky gates"). */
  'quarantine',
  /** A flaky gate turned a flaky pass into a failure (`gate`, `flaky_tests`). */
  'gate',
  /** What early flake detection did: the new tests, the repeats that ran, the flaky new tests (`new_tests`). */
  'new-tests',
  /** A rerun attempt's results showed none of its targets: the setting may not fit the command (`attempt`). */
  'rerun-misfit'
] as const

/** One kind of note reverify writes. */
export type NoteKind = (typeof NOTE_KINDS)[number]

/**
 * The kind a reader sees for a note from a trace written before kinds whose fields do not
 * tell its kind (a hook's, an interrupt's): it is shown, never acted on. Never written.
 */
export const LEGACY_NOTE_KIND = 'legacy'

/**
 * The kind of a note written before notes had kinds, from the field its kind always had;
 * any other such note is a legacy one. The one place an old note is mapped.
 */
function withKind(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || 'kind' in value) return value
  const fields = value as Record<string, unknown>
  const kind =
    fields.retry !== undefined
      ? 'retry-decision'
      : fields.rule !== undefined
        ? 'refusal'
        : fields.tests !== undefined
          ? 'tests'
          : fields.process_group !== undefined
            ? 'process-group'
            : LEGACY_NOTE_KIND
  return { ...fields, kind }
}

/** The note schema; built by the trace's readers on first use (session/events.ts). */
export function buildNoteSchema(z: SchemaLibrary) {
  const attemptNumber = z.number().int().min(1).max(1_000_000)
  const message = z.string().max(1_000_000)
  const text = z.string().max(4_000)
  const count = z.number().int().min(0).max(1e9)
  /** A note that carries nothing beyond its message. */
  const plain = <K extends string>(kind: K) => z.looseObject({ kind: z.literal(kind), message })
  const tests = z.object({
    attempt: attemptNumber,
    files: z.array(text).max(1_000),
    total: count,
    failed: count,
    errors: count,
    skipped: count,
    failed_tests: z
      .array(
        z.object({
          name: text,
          caseName: text.optional(),
          classname: text.optional(),
          outcome: z.enum(['failed', 'error']),
          file: text.optional(),
          line: z.number().int().min(1).optional(),
          column: z.number().int().min(1).optional(),
          message: text.optional(),
          /** Runs of it inside the runner, every one failed (absent in traces written before it; malformed reads as absent). */
          runnerRuns: z.number().int().min(2).max(MAX_REPEATED_RUNS).optional().catch(undefined),
          runnerForm: z.enum(RUNNER_RETRY_FORMS).optional().catch(undefined)
        })
      )
      .max(1_000),
    recovered: z.array(text).max(1_000),
    /** Tests flaky inside the runner (docs/design.md §1 "Runner-level retries"; traces written before it lack it; a malformed list is read as absent). */
    runner_flaky: z
      .array(
        z.object({
          name: text,
          file: text.optional(),
          line: z.number().int().min(1).optional(),
          passedOnRun: z.number().int().min(2).max(MAX_REPEATED_RUNS),
          form: z.enum(RUNNER_RETRY_FORMS),
          message: text.optional()
        })
      )
      .max(1_000)
      .optional()
      .catch(undefined),
    /** Every case of the attempt up to a cap (traces written before it lack it; a malformed list is read as absent). */
    cases: z
      .array(
        z.object({
          name: text,
          outcome: z.enum(['passed', 'failed', 'error', 'skipped']),
          duration_ms: z.number().nonnegative().max(1e12).optional(),
          file: text.optional(),
          detail: text.optional()
        })
      )
      .max(MAX_CASES_RECORDED)
      .optional()
      .catch(undefined),
    cases_omitted: count.optional().catch(undefined),
    /**
     * With early flake detection on: the attempt's new tests, as many as `new-test-max`
     * (each what a repeat needs), and how many there were. A resumed run repeats these; a
     * malformed list is read as absent, so nothing is repeated rather than something wrong.
     */
    new_tests: z
      .array(
        z.object({
          name: text,
          caseName: text,
          classname: text,
          file: text.optional(),
          line: z.number().int().min(1).optional(),
          key: z.string().regex(/^[0-9a-f]{16}$/),
          durationMs: z.number().nonnegative().max(1e12).optional()
        })
      )
      .max(1_000)
      .optional()
      .catch(undefined),
    new_found: count.optional().catch(undefined)
  })
  const processGroup = z.object({
    // 0 and 1 are never a command's group: signalling -1 or -0 would reach far more.
    pgid: z.number().int().min(2).max(Number.MAX_SAFE_INTEGER),
    /** The leader's start time (process/process-identity.ts). */
    started: z.string().min(1).max(128)
  })
  const union = z.discriminatedUnion('kind', [
    z.looseObject({
      kind: z.literal('retry-decision'),
      message,
      retry: z.boolean(),
      /** Absent in traces written before the decision named its attempt. */
      attempt: attemptNumber.optional()
    }),
    z.looseObject({ kind: z.literal('refusal'), message, rule: z.string().max(200) }),
    z.looseObject({ kind: z.literal('process-group'), message, process_group: processGroup }),
    z.looseObject({ kind: z.literal('tests'), message, tests }),
    plain('hook'),
    plain('interrupted'),
    plain('log-incomplete'),
    plain('resumed'),
    plain('uncaptured'),
    z.looseObject({ kind: z.literal('rerun'), message, attempt: attemptNumber }),
    z.looseObject({ kind: z.literal('rerun-misfit'), message: text, attempt: attemptNumber }),
    plain('quarantine'),
    z.looseObject({
      kind: z.literal('gate'),
      message,
      /** Which gate, and the flaky tests it counted (each read as absent when malformed). */
      gate: z.enum(['fail-on-flaky', 'max-flaky-tests']).optional().catch(undefined),
      flaky_tests: z.array(text).max(1_000).optional().catch(undefined)
    }),
    z.looseObject({
      kind: z.literal('new-tests'),
      message,
      /** The detection's facts as the run report holds them (readers that do not know them ignore them). */
      new_tests: z
        .object({
          found: count,
          repeated: z.array(text).max(1_000),
          repeats: count,
          ran: count,
          budget_cut: z.boolean(),
          flaky: z.array(z.object({ test: text, repeat: count, attempt: attemptNumber })).max(1_000),
          skipped: z.string().max(64).optional(),
          decided: z.enum(['fail', 'warn']).optional()
        })
        .optional()
        .catch(undefined)
    }),
    plain(LEGACY_NOTE_KIND)
  ])
  return { note: z.preprocess(withKind, union), tests, processGroup }
}

type NoteSchemas = ReturnType<typeof buildNoteSchema>

/** A note as a reader gets it: narrowed by `kind`. */
export type Note = z.infer<NoteSchemas['note']>
/** The note of one kind. */
export type NoteOf<K extends Note['kind']> = Extract<Note, { kind: K }>
/** A note as reverify writes it: any kind but the legacy one. */
export type WrittenNote = Exclude<Note, { kind: typeof LEGACY_NOTE_KIND }>
/** One attempt's test results as the trace holds them (a `tests` note's `tests`). */
export type TraceTests = z.infer<NoteSchemas['tests']>
/** A process group as the trace records it (a `process-group` note's `process_group`). */
export type RecordedGroup = z.infer<NoteSchemas['processGroup']>
