import { z } from 'zod'
import { RUN_ID_PATTERN } from './run-id.js'
import { ULID_PATTERN } from '../base/ulid.js'

/**
 * The receipt of one verify run (docs/design.md §3), `runs/<run-id>/receipt.json`. Receipts can come
 * back from an untrusted cache, so every string and list has a ceiling, and fields this
 * version does not know are dropped on read.
 */

/** Longest command text kept in a receipt (the script, or `expect-check`): twice the longest input, room for redaction markers. */
export const MAX_COMMAND_CHARS = 32_768
/** Most command lines of a script (identity entries; `commands` holds one entry per script). */
export const MAX_COMMANDS = 100
/** Longest capture note. */
export const MAX_NOTE_CHARS = 4_000
/** Longest `source` / `by` of a capture. */
export const MAX_CAPTURE_LABEL_CHARS = 200

const shortText = z.string().max(256)
const pathText = z.string().max(4_096)
const commandText = z.string().max(MAX_COMMAND_CHARS)
const timestamp = z.iso.datetime({ offset: true })

/** What a run is or came to. */
export const ReceiptStatusSchema = z.enum(['running', 'passed', 'failed', 'aborted', 'interrupted'])
/** `running` while the run is alive; the others once it ended. */
export type ReceiptStatus = z.infer<typeof ReceiptStatusSchema>

/**
 * The one mapping from how a run ended to its receipt's status (docs/design.md §3), for the
 * run that closes itself and for whoever closes it from its trace: `success` is `passed`,
 * `failure` is `failed`, and an `aborted` run is `interrupted` when an interrupt (or a lost
 * process) stopped it, else `aborted` (refused by the guardrail, or stopped before it ran).
 */
export function receiptStatusFor(outcome: 'success' | 'failure' | 'aborted', interrupted: boolean): ReceiptStatus {
  if (outcome === 'success') return 'passed'
  if (outcome === 'failure') return 'failed'
  return interrupted ? 'interrupted' : 'aborted'
}

/** How one command of the last attempt ended. */
export const CommandResultSchema = z.object({
  command: commandText,
  /** null when the command never reached an exit (e.g. the run crashed under it). */
  exit_code: z.number().int().min(-2_147_483_648).max(4_294_967_295).nullable(),
  signal: z.string().max(32).nullable(),
  timed_out: z.boolean(),
  duration_ms: z.number().nonnegative().max(1e12)
})
/** One entry of `commands`. */
export type CommandResult = z.infer<typeof CommandResultSchema>

/** The run's expectations, under their input names. */
export const ExpectationsSchema = z.object({
  'expect-exit': z.number().int().min(0).max(255).optional(),
  'expect-stdout': z.string().max(MAX_COMMAND_CHARS).optional(),
  'expect-no-output': z.string().max(MAX_COMMAND_CHARS).optional(),
  'expect-file': pathText.optional(),
  'expect-check': commandText.optional()
})
/** The `expectations` field. */
export type Expectations = z.infer<typeof ExpectationsSchema>

/** Who recorded what happened to a failed run (docs/design.md §3 "Capture"). */
export const CaptureSchema = z.object({
  captured_at: timestamp,
  note: z.string().max(MAX_NOTE_CHARS),
  /** Where the capture came from: `cli`, `action`, `commit <sha>`, `pull_request #<n>`. */
  source: z.string().max(MAX_CAPTURE_LABEL_CHARS),
  by: z.string().max(MAX_CAPTURE_LABEL_CHARS)
})
/** The `capture` field. */
export type Capture = z.infer<typeof CaptureSchema>

/** GitHub Actions facts, present only when the run happened in Actions. */
export const CiSchema = z.object({
  run_id: shortText.optional(),
  run_attempt: z.number().int().min(1).max(1_000_000).optional(),
  workflow: shortText.optional(),
  job: shortText.optional(),
  sha: shortText.optional(),
  ref: shortText.optional(),
  event: shortText.optional(),
  actor: shortText.optional()
})

/** Most test names in each list of `tests`; the longest name kept. */
export const MAX_TEST_NAMES = 100
const testNames = z.array(z.string().max(500)).max(MAX_TEST_NAMES)

/** Most attempts listed in `tests.attempts`: 1 + the cap on max-retries (inputs/table.ts). */
export const MAX_RECEIPT_ATTEMPTS = 101

/**
 * What the run's JUnit results said (docs/design.md §1 "Test results", §3): the decisive
 * attempt's failed tests and the flaky ones, and per attempt that wrote results how many
 * tests ran and whether it reran only the failed tests.
 */
export const ReceiptTestsSchema = z.object({
  total: z.number().int().min(0).max(1e9),
  failed: testNames,
  flaky: testNames,
  attempts: z
    .array(
      z.object({
        attempt: z.number().int().min(1).max(1_000_000),
        ran: z.number().int().min(0).max(1e9),
        rerun: z.boolean()
      })
    )
    .max(MAX_RECEIPT_ATTEMPTS)
    .optional()
})

/**
 * What early flake detection did in a run: how many new tests it found and repeated, the
 * repeats asked for and run, whether the budget cut them, why nothing was repeated, the
 * flaky new tests (names, capped) and what they decided.
 */
export const ReceiptNewTestsSchema = z.object({
  found: z.number().int().min(0).max(1e9),
  repeated: z.number().int().min(0).max(1e9),
  repeats: z.number().int().min(0).max(1_000),
  ran: z.number().int().min(0).max(1_000),
  budget_cut: z.boolean(),
  skipped: z.enum(['empty-history', 'none-new', 'not-passed', 'not-repeatable']).optional(),
  flaky: testNames,
  decided: z.enum(['fail', 'warn']).optional()
})

/** The receipt version written now; version 1 (no `tests`) is still read. */
export const RECEIPT_VERSION = 2

/** The receipt, `schema_version: 2` (1 is read too: it only lacks `tests`). */
export const ReceiptSchema = z.object({
  schema_version: z.union([z.literal(1), z.literal(2)]),
  run_id: z.string().regex(RUN_ID_PATTERN),
  /** `owner/name` in Actions, the git top-level path in the CLI. */
  target: pathText.min(1),
  scope: z.string().max(1_024),
  /** The normalized commands (see identity.ts). */
  identity: z.array(commandText).min(1).max(MAX_COMMANDS),
  /** sha256 hex of the identity as computed before redaction (see identityHash). */
  identity_hash: z.string().regex(/^[0-9a-f]{64}$/),
  status: ReceiptStatusSchema,
  flaky: z.boolean(),
  started_at: timestamp,
  /** null while the run is `running`. */
  ended_at: timestamp.nullable(),
  attempts: z.number().int().min(0).max(1_000_000),
  max_attempts: z.number().int().min(1).max(1_000_000),
  commands: z.array(CommandResultSchema).max(MAX_COMMANDS),
  expectations: ExpectationsSchema,
  session: z.object({ id: z.string().regex(ULID_PATTERN), dir: pathText }),
  host: shortText,
  pid: z.number().int().min(0).max(4_294_967_295),
  ci: CiSchema.optional(),
  capture: CaptureSchema.optional(),
  tests: ReceiptTestsSchema.optional(),
  /** A pass because every failed test is quarantined (docs/design.md §1 "Quarantine and flaky gates"): those tests. */
  quarantined: testNames.optional(),
  /** What decided a verdict the expectations alone would not have: the quarantine, a flaky gate, or a flaky new test. */
  gate: z.enum(['quarantine', 'fail-on-flaky', 'max-flaky-tests', 'new-test-repeats']).optional(),
  /** Early flake detection (docs/design.md §1 "Early flake detection"), when `new-test-repeats` was on. */
  new_tests: ReceiptNewTestsSchema.optional(),
  /** This machine's seal over the run's own fields (see run-seal.ts); absent without a key. */
  seal: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
})
/** One receipt as read and written. */
export type Receipt = z.infer<typeof ReceiptSchema>

/** Validates an untrusted value as a receipt; the reason is one line naming the first bad field. */
export function parseReceipt(value: unknown): { ok: true; receipt: Receipt } | { ok: false; reason: string } {
  const result = ReceiptSchema.safeParse(value)
  if (result.success) return { ok: true, receipt: result.data }
  const issue = result.error.issues[0]
  const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'receipt'
  return { ok: false, reason: `${where}: ${issue?.message ?? 'invalid'}` }
}

/** Start time in ms for ordering (started_at, then run id); an unreadable time sorts first. */
export function startedAtMs(receipt: Receipt): number {
  const ms = Date.parse(receipt.started_at)
  return Number.isFinite(ms) ? ms : 0
}

/** Newest first: later `started_at`, then the larger run id. */
export function compareNewestFirst(a: Receipt, b: Receipt): number {
  const byTime = startedAtMs(b) - startedAtMs(a)
  if (byTime !== 0) return byTime
  return a.run_id < b.run_id ? 1 : a.run_id > b.run_id ? -1 : 0
}
