/**
 * The trace's events (docs/design.md §2) as one discriminated union, with zod readers: a
 * trace read back from disk (resume, recovery) is untrusted, so every payload is checked
 * before anything decides on it. Readers ignore phases they do not know and skip a line
 * that does not parse; a field an older trace named differently is read under its current
 * name here. The note payload is in note-schema.ts; the payload builders for an interrupted
 * attempt live here, once.
 */
import type { z } from 'zod'
import type { CommandResult } from '../attempt/command-result.js'
import { INTERRUPTED_EXIT } from '../base/errors.js'
import { builtOnce, type SchemaLibrary } from '../base/schema-library.js'
import { buildNoteSchema, type Note, type NoteOf, type WrittenNote } from './note-schema.js'

/** How a verify run ended (docs/design.md §1); the readers' schemas are built from it. */
export const OUTCOMES = ['success', 'failure', 'aborted'] as const
/** `success`, `failure` or `aborted`. */
export type Outcome = (typeof OUTCOMES)[number]

/** One command of an attempt, as the trace and the receipt both record it. */
export interface CommandRecord {
  command: string
  exit_code: number | null
  signal: string | null
  timed_out: boolean
  duration_ms: number
}

/** How one command ended, as the trace and the receipt both record it. */
export function commandRecord(result: CommandResult): CommandRecord {
  return {
    command: result.command,
    exit_code: result.exitCode,
    signal: result.signal,
    timed_out: result.timedOut,
    duration_ms: result.durationMs
  }
}

/**
 * Reads an object written under an older field name as if it had the current one: `from`
 * becomes `to` unless `to` is already there. What any other value is, the schema decides.
 */
function renamedField(from: string, to: string): (value: unknown) => unknown {
  return value => {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || to in value || !(from in value)) return value
    const { [from]: old, ...rest } = value as Record<string, unknown>
    return { ...rest, [to]: old }
  }
}

/**
 * The readers' schemas, built on first use: only a resume or a recovery reads a trace
 * back, and building them costs start-up time every other run would pay for nothing.
 */
function buildSchemas(z: SchemaLibrary) {
  const attemptNumber = z.number().int().min(1).max(1_000_000)
  const text = z.string().max(1_000_000)
  const exitCode = z.number().int().min(-2_147_483_648).max(4_294_967_295)
  // The exit code is `exit_code` here, as in the receipt's `commands` (docs/design.md §2);
  // traces written before that name was shared said `exit`, which is still accepted.
  const commandRecord = z.preprocess(
    renamedField('exit', 'exit_code'),
    z.object({
      command: text,
      exit_code: exitCode.nullable(),
      signal: z.string().max(32).nullable(),
      timed_out: z.boolean(),
      duration_ms: z.number().nonnegative()
    })
  )
  const check = z.object({
    expectation: z.enum(['expect-exit', 'expect-stdout', 'expect-no-output', 'expect-file', 'expect-check', 'rerun']),
    ok: z.boolean(),
    detail: text
  })
  const payloads = {
    start: z.looseObject({ run_id: z.string().optional(), version: z.string().optional() }),
    decision: z.looseObject({ question: text, decision: z.array(text), expected: z.record(z.string(), z.unknown()) }),
    tool_call: z.looseObject({
      attempt: attemptNumber,
      commands: z.array(text),
      /** A rerun attempt: the failed tests it targets and the command it ran (a malformed one is read as absent). */
      rerun: z
        .object({ tests: z.array(z.string().max(4_000)).max(1_000), command: text })
        .optional()
        .catch(undefined),
      /**
       * A repeat of new tests (docs/design.md §1 "Early flake detection"): its round of how
       * many, the tests and the command. Never read as absent when malformed: the event is
       * then skipped, and a resume that misses an attempt restarts rather than guess.
       */
      repeat: z
        .object({
          round: z.number().int().min(1).max(1_000),
          of: z.number().int().min(1).max(1_000),
          tests: z.array(z.string().max(4_000)).max(1_000),
          command: text
        })
        .optional()
    }),
    tool_result: z.looseObject({
      attempt: attemptNumber,
      ok: z.boolean(),
      /**
       * The attempt's exit code: 124 on a timeout, 128+n for a signal, 130 when interrupted.
       * `exit` is the interface contract's name; a command record's is `exit_code` (docs/design.md §2).
       */
      exit: exitCode,
      signal: z.string().max(32).optional(),
      timed_out: z.literal(true).optional(),
      interrupted: z.literal(true).optional(),
      duration_ms: z.number().nonnegative(),
      /** When the script started and ended; duration_ms is the time between (the checks come after). */
      started_at: z.string().max(64).optional(),
      ended_at: z.string().max(64).optional(),
      summary: text,
      /** The failing blocks found in the whole output while it streamed (a malformed list is read as absent). */
      failures: z
        .array(z.object({ lines: z.array(z.string().max(4_000)).max(100), test: z.string().max(4_000).optional() }))
        .max(100)
        .optional()
        .catch(undefined),
      /**
       * What the test runner said beyond its results (core/output/runner-report.ts). A malformed
       * record is read as a failure outside the tests: it can only take a rerun or an excuse away.
       */
      runner_report: z
        .object({
          outside: z.array(z.string().max(4_000)).max(100),
          outside_count: z.number().int().nonnegative(),
          failed_tests: z.number().int().nonnegative().optional()
        })
        .optional()
        .catch({ outside: ['the runner report recorded in the trace is unreadable'], outside_count: 1 }),
      commands: z.array(commandRecord).optional(),
      /** Whether stdout held expect-stdout's text: what a resumed run judges it by. */
      stdout_matched: z.boolean().optional(),
      /** With expect-no-output: the first line it matched (null: none did), what a resumed run judges it by. */
      forbidden_line: z
        .object({ line: z.number().int().min(1), text })
        .nullable()
        .optional(),
      output_matched: z.literal(true).optional(),
      /** On a timeout: the limit the script ran into (a malformed value is read as absent). */
      timeout_ms: z.number().int().positive().optional().catch(undefined),
      /** On a timeout or an interrupt: SIGTERM, and whether SIGKILL was needed after the grace and for how many processes. */
      stopped: z
        .object({ grace_ms: z.number().nonnegative(), sigkill: z.boolean(), ignored_sigterm: z.number().int().min(1).optional() })
        .optional()
        .catch(undefined),
      /** A bash script `-e` stopped: the line (1-based, as written) whose command failed, and its status. */
      failed_line: z
        .object({ line: z.number().int().min(1), status: exitCode })
        .optional()
        .catch(undefined)
    }),
    verify: z.looseObject({
      attempt: attemptNumber,
      ok: z.boolean(),
      check: z.array(check),
      detail: text,
      replayed: z.literal(true).optional(),
      /** What expect-check printed, summarized like tool_result's summary. */
      check_summary: text.optional(),
      /** Verified because every failed test is quarantined: their names (a malformed list is read as absent). */
      quarantined: z.array(z.string().max(4_000)).max(1_000).optional().catch(undefined),
      /** The failed tests a quarantine entry covers, with its owner, reason, expiry and issue (a malformed list is read as absent). */
      quarantine: z
        .array(
          z.object({
            test: z.string().max(4_000),
            owner: z.string().max(4_000),
            reason: z.string().max(4_000),
            expires: z.string().max(64),
            issue: z.string().max(4_000).optional()
          })
        )
        .max(1_000)
        .optional()
        .catch(undefined)
    }),
    note: buildNoteSchema(z).note,
    end: z.looseObject({ outcome: z.enum(OUTCOMES), summary: text, flaky: z.literal(true).optional() })
  } as const
  const envelope = z.object({
    ts: z.string().max(64),
    skill: z.string().max(1_000),
    session_id: z.string().max(64),
    phase: z.string(),
    payload: z.unknown()
  })
  return { payloads, envelope }
}

type Schemas = ReturnType<typeof buildSchemas>
/** The readers' schemas, built once (builtOnce). */
const traceSchemas = builtOnce(buildSchemas)

/** The payload of each phase. */
export type Payloads = { [P in keyof Schemas['payloads']]: z.infer<Schemas['payloads'][P]> }
/** The phases of a trace. */
export type Phase = keyof Payloads

/** The payload of each phase as reverify writes it: a note of a kind it writes (the readers also see legacy notes). */
export type WrittenPayloads = { [P in Phase]: P extends 'note' ? WrittenNote : Payloads[P] }

/** One line of trace.jsonl, typed by its phase. */
export type TraceEvent = {
  [P in Phase]: { ts: string; skill: string; session_id: string; phase: P; payload: Payloads[P] }
}[Phase]

/** The event of one phase. */
export type EventOf<P extends Phase> = Extract<TraceEvent, { phase: P }>

const PHASES: readonly string[] = ['start', 'decision', 'tool_call', 'tool_result', 'verify', 'note', 'end'] satisfies Phase[]

function isPhase(phase: string): phase is Phase {
  return PHASES.includes(phase)
}

/** One parsed line as a typed event; undefined for a malformed line or an unknown phase. */
function parseTraceEvent(schemas: Schemas, value: unknown): TraceEvent | undefined {
  const head = schemas.envelope.safeParse(value)
  if (!head.success || !isPhase(head.data.phase)) return undefined
  const payload = schemas.payloads[head.data.phase].safeParse(head.data.payload)
  if (!payload.success) return undefined
  return { ...head.data, phase: head.data.phase, payload: payload.data } as TraceEvent
}

/** A trace's events as far as they parse; a torn or malformed line is skipped, never trusted. */
export async function parseTraceLines(text: string): Promise<TraceEvent[]> {
  const built = await traceSchemas()
  const events: TraceEvent[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      continue
    }
    const event = parseTraceEvent(built, value)
    if (event !== undefined) events.push(event)
  }
  return events
}

/** The events of one phase, typed. */
export function eventsOf<P extends Phase>(events: readonly TraceEvent[], phase: P): EventOf<P>[] {
  return events.filter((event): event is EventOf<P> => event.phase === phase)
}

/** The payloads of the notes of one kind, in trace order, typed by that kind. */
export function notesOf<K extends Note['kind']>(events: readonly TraceEvent[], kind: K): NoteOf<K>[] {
  return eventsOf(events, 'note')
    .map(event => event.payload)
    .filter((note): note is NoteOf<K> => note.kind === kind)
}

/** tool_result of an attempt cut off before its command ended (started when its tool_call was written). */
export function interruptedToolResult(attempt: number, startedAt?: string): Payloads['tool_result'] {
  return {
    attempt,
    ok: false,
    exit: INTERRUPTED_EXIT,
    interrupted: true,
    duration_ms: 0,
    ...(startedAt !== undefined && { started_at: startedAt }),
    summary: ''
  }
}

/** meta.json's counts, as the trace shows them (docs/design.md §2). */
export interface TraceCounts {
  /** Attempts that ran to a result: an interrupted one spends nothing. */
  attempts: number
  /** tool_call events. */
  tool_calls: number
  /** Attempts that ran and failed verification, and guardrail refusals. */
  errors: number
}

/** Counts a trace's attempts, tool calls and errors; meta.json never keeps its own tally. */
export function traceCounts(events: readonly TraceEvent[]): TraceCounts {
  // A repeat of new tests is no attempt of the budget: it counts as a tool call only (docs/design.md §2).
  const repeats = repeatAttempts(events)
  const interrupted = new Set(
    eventsOf(events, 'tool_result')
      .filter(event => event.payload.interrupted === true)
      .map(event => event.payload.attempt)
  )
  return {
    attempts: eventsOf(events, 'tool_result').filter(event => event.payload.interrupted !== true && !repeats.has(event.payload.attempt))
      .length,
    tool_calls: eventsOf(events, 'tool_call').length,
    errors:
      eventsOf(events, 'verify').filter(
        event => !event.payload.ok && !interrupted.has(event.payload.attempt) && !repeats.has(event.payload.attempt)
      ).length + eventsOf(events, 'note').filter(event => event.payload.kind === 'refusal').length
  }
}

/** The numbers of the trace's attempts that were repeats of new tests (their tool_call says so). */
export function repeatAttempts(events: readonly TraceEvent[]): Set<number> {
  return new Set(
    eventsOf(events, 'tool_call')
      .filter(event => event.payload.repeat !== undefined)
      .map(event => event.payload.attempt)
  )
}

/** verify of an attempt that could not be judged, saying why. */
export function unjudgedVerify(attempt: number, detail: string): Payloads['verify'] {
  return { attempt, ok: false, check: [], detail }
}
