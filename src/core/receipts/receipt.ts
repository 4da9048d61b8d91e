import type { z } from 'zod'
import { RUN_ID_PATTERN } from './run-id.js'
import { ULID_PATTERN } from '../base/ulid.js'
import { printable } from '../base/printable.js'
import { builtOnce, type SchemaLibrary } from '../base/schema-library.js'

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

/** Most test names in each list of `tests`; the longest name kept. */
export const MAX_TEST_NAMES = 100
/** Most attempts listed in `tests.attempts`: 1 + the cap on max-retries (inputs/table.ts). */
export const MAX_RECEIPT_ATTEMPTS = 101
/** A receipt's `identity_hash`: sha256, lowercase hex. */
const IDENTITY_HASH_PATTERN = /^[0-9a-f]{64}$/
/** The receipt version written now; version 1 (no `tests`) is still read. */
export const RECEIPT_VERSION = 2

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

/**
 * The receipt's schemas, built on first use (docs/design.md §8 "What a run loads"): a run
 * writes the receipts it builds without parsing them, so only a read of a receipt from disk
 * (or a cache) pays for loading zod and building them.
 */
function buildReceiptSchemas(z: SchemaLibrary) {
  const shortText = z.string().max(256)
  const pathText = z.string().max(4_096)
  const commandText = z.string().max(MAX_COMMAND_CHARS)
  const timestamp = z.iso.datetime({ offset: true })

  /** What a run is or came to. */
  const ReceiptStatusSchema = z.enum(['running', 'passed', 'failed', 'aborted', 'interrupted'])

  /** How one command of the last attempt ended. */
  const CommandResultSchema = z.object({
    command: commandText,
    /** null when the command never reached an exit (e.g. the run crashed under it). */
    exit_code: z.number().int().min(-2_147_483_648).max(4_294_967_295).nullable(),
    signal: z.string().max(32).nullable(),
    timed_out: z.boolean(),
    duration_ms: z.number().nonnegative().max(1e12)
  })

  /** The run's expectations, under their input names. */
  const ExpectationsSchema = z.object({
    'expect-exit': z.number().int().min(0).max(255).optional(),
    'expect-stdout': z.string().max(MAX_COMMAND_CHARS).optional(),
    'expect-no-output': z.string().max(MAX_COMMAND_CHARS).optional(),
    'expect-file': pathText.optional(),
    'expect-check': commandText.optional()
  })

  /** Who recorded what happened to a failed run (docs/design.md §3 "Capture"). */
  const CaptureSchema = z.object({
    captured_at: timestamp,
    note: z.string().max(MAX_NOTE_CHARS),
    /** Where the capture came from: `cli`, `action`, `commit <sha>`, `pull_request #<n>`. */
    source: z.string().max(MAX_CAPTURE_LABEL_CHARS),
    by: z.string().max(MAX_CAPTURE_LABEL_CHARS)
  })

  /** GitHub Actions facts, present only when the run happened in Actions. */
  const CiSchema = z.object({
    run_id: shortText.optional(),
    run_attempt: z.number().int().min(1).max(1_000_000).optional(),
    workflow: shortText.optional(),
    job: shortText.optional(),
    sha: shortText.optional(),
    ref: shortText.optional(),
    event: shortText.optional(),
    actor: shortText.optional()
  })

  const testNames = z.array(z.string().max(500)).max(MAX_TEST_NAMES)

  /**
   * What the run's JUnit results said (docs/design.md §1 "Test results", §3): the decisive
   * attempt's failed tests and the flaky ones, and per attempt that wrote results how many
   * tests ran and whether it reran only the failed tests.
   */
  const ReceiptTestsSchema = z.object({
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
  const ReceiptNewTestsSchema = z.object({
    found: z.number().int().min(0).max(1e9),
    repeated: z.number().int().min(0).max(1e9),
    repeats: z.number().int().min(0).max(1_000),
    ran: z.number().int().min(0).max(1_000),
    budget_cut: z.boolean(),
    skipped: z.enum(['empty-history', 'none-new', 'not-passed', 'not-repeatable']).optional(),
    flaky: testNames,
    decided: z.enum(['fail', 'warn']).optional()
  })

  /** The receipt, `schema_version: 2` (1 is read too: it only lacks `tests`). */
  const ReceiptSchema = z.object({
    schema_version: z.union([z.literal(1), z.literal(2)]),
    run_id: z.string().regex(RUN_ID_PATTERN),
    /** `owner/name` in Actions, the git top-level path in the CLI. */
    target: pathText.min(1),
    scope: z.string().max(1_024),
    /** The normalized commands (see identity.ts). */
    identity: z.array(commandText).min(1).max(MAX_COMMANDS),
    /** sha256 hex of the identity as computed before redaction (see identityHash). */
    identity_hash: z.string().regex(IDENTITY_HASH_PATTERN),
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
  return {
    status: ReceiptStatusSchema,
    commandResult: CommandResultSchema,
    expectations: ExpectationsSchema,
    capture: CaptureSchema,
    ci: CiSchema,
    tests: ReceiptTestsSchema,
    newTests: ReceiptNewTestsSchema,
    receipt: ReceiptSchema
  }
}

type ReceiptSchemas = ReturnType<typeof buildReceiptSchemas>
/** The receipt's schemas: zod loaded and the schemas built once, on the first call (builtOnce). */
export const receiptSchemas: () => Promise<ReceiptSchemas> = builtOnce(buildReceiptSchemas)

/** `running` while the run is alive; the others once it ended. */
export type ReceiptStatus = z.infer<ReceiptSchemas['status']>
/** One entry of `commands`. */
export type CommandResult = z.infer<ReceiptSchemas['commandResult']>
/** The `expectations` field. */
export type Expectations = z.infer<ReceiptSchemas['expectations']>
/** The `capture` field. */
export type Capture = z.infer<ReceiptSchemas['capture']>
/** One receipt as read and written. */
export type Receipt = z.infer<ReceiptSchemas['receipt']>

/** A receipt's fields in the schema's order, the order they are written in (a test holds the two together). */
export const RECEIPT_FIELDS = [
  'schema_version',
  'run_id',
  'target',
  'scope',
  'identity',
  'identity_hash',
  'status',
  'flaky',
  'started_at',
  'ended_at',
  'attempts',
  'max_attempts',
  'commands',
  'expectations',
  'session',
  'host',
  'pid',
  'ci',
  'capture',
  'tests',
  'quarantined',
  'gate',
  'new_tests',
  'seal'
] as const satisfies readonly (keyof Receipt)[]

/**
 * A receipt and its text, fields in the schema's order; throws for one too large or whose run
 * id or identity hash (what the store turns into paths and index keys) is malformed. Not
 * parsed whole: reverify builds what it writes from validated settings and capped facts, and
 * every reader validates what it reads from disk (docs/design.md §3 "Run id and receipt").
 */
export function receiptText(receipt: Receipt, maxBytes: number): { receipt: Receipt; text: string } {
  const refuse = (why: string) => new Error(`refusing to write receipt ${printable(String(receipt.run_id))}: ${why}`)
  if (typeof receipt.run_id !== 'string' || !RUN_ID_PATTERN.test(receipt.run_id)) throw refuse('run_id: not a run id')
  if (typeof receipt.identity_hash !== 'string' || !IDENTITY_HASH_PATTERN.test(receipt.identity_hash)) {
    throw refuse('identity_hash: not a sha256 hex digest')
  }
  const ordered: Record<string, unknown> = {}
  for (const field of RECEIPT_FIELDS) if (receipt[field] !== undefined) ordered[field] = receipt[field]
  const text = `${JSON.stringify(ordered, null, 2)}\n`
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw refuse(`it is larger than ${maxBytes} bytes`)
  return { receipt: ordered as Receipt, text }
}

/** Validates an untrusted value as a receipt; the reason is one line naming the first bad field. */
export async function parseReceipt(value: unknown): Promise<{ ok: true; receipt: Receipt } | { ok: false; reason: string }> {
  const result = (await receiptSchemas()).receipt.safeParse(value)
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
