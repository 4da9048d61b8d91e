/**
 * An attempt's test results as the trace records them (docs/design.md §2): a `note` with a
 * `tests` field, read back (for the HTML report) through a zod schema, since a trace on
 * disk is untrusted. Readers that do not know the field ignore it.
 */
import { z } from 'zod'
import { MAX_CASES_RECORDED } from './attempt-tests.js'

const text = z.string().max(4_000)
const count = z.number().int().min(0).max(1e9)

const TraceTestsSchema = z.object({
  attempt: z.number().int().min(1).max(1_000_000),
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
        message: text.optional()
      })
    )
    .max(1_000),
  recovered: z.array(text).max(1_000),
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
  cases_omitted: count.optional().catch(undefined)
})

/** One attempt's results as the trace holds them. */
export type TraceTests = z.infer<typeof TraceTestsSchema>

/** The `tests` field of a note's payload, when it has a valid one. */
export function traceTestsOf(payload: Record<string, unknown>): TraceTests | undefined {
  if (payload.tests === undefined) return undefined
  const parsed = TraceTestsSchema.safeParse(payload.tests)
  return parsed.success ? parsed.data : undefined
}
