/**
 * Parsing and validating the text of a quarantine file (docs/design.md §1 "Quarantine and
 * flaky gates"): YAML 1.2's core schema, then every entry checked field by field. Loaded
 * only when a run or a command has a quarantine file to read.
 */
import { parseDocument } from 'yaml'
import type { z } from 'zod'
import { UsageError, describeError } from '../base/errors.js'
import { showValue } from '../base/printable.js'
import type { SchemaLibrary } from '../base/schema-library.js'
import { addDays, daysBetween, isCalendarDate } from './dates.js'
import { MAX_QUARANTINE_DAYS, MAX_QUARANTINE_ENTRIES, OWNER_PLACEHOLDER, type QuarantineEntry } from './entry.js'

/** An entry's schema, from the schemas' library (core/base/schema-library.ts). */
function entrySchema(z: SchemaLibrary) {
  const text = (max: number) => z.string().trim().min(1, 'is empty').max(max, `is longer than ${max} characters`)
  const day = z
    .union([z.string(), z.date()])
    .transform(value => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
    .refine(isCalendarDate, 'is not a date written YYYY-MM-DD')
  return z.strictObject({
    test: text(500),
    file: text(4096).optional(),
    suite: text(500).optional(),
    owner: text(200).refine(
      owner => owner !== OWNER_PLACEHOLDER,
      `is still the placeholder ${OWNER_PLACEHOLDER}: name who will fix the test`
    ),
    reason: text(2000),
    added: day,
    expires: day,
    issue: z.union([text(500), z.number().int().nonnegative().transform(String)]).optional()
  })
}

type EntrySchema = ReturnType<typeof entrySchema>

/** How an entry is named in a message: its position and its test. */
function entryLabel(index: number, raw: unknown): string {
  const test =
    raw !== null && typeof raw === 'object' && typeof (raw as { test?: unknown }).test === 'string'
      ? (raw as { test: string }).test
      : undefined
  return `entry ${index + 1}${test !== undefined ? ` (${showValue(test.slice(0, 120))})` : ''}`
}

/** The one-line message for a zod issue, naming the field. */
function fieldProblem(issue: z.core.$ZodIssue, raw: object): string {
  const field = issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys')
    return `unknown field ${issue.keys.map(key => showValue(key)).join(', ')}; allowed: test, file, suite, owner, reason, added, expires, issue`
  if (issue.code === 'invalid_type' && [undefined, null].includes((raw as Record<string, unknown>)[field] as null))
    return `${field} is missing`
  if (issue.code === 'invalid_type') return `${field} must be ${issue.expected === 'string' ? 'text' : issue.expected}`
  return `${field} ${issue.message}`
}

/** Entries from the parsed document, each validated against `today` (a UTC day); the first problem is thrown. */
function validEntries(document: unknown, today: string, schema: EntrySchema, fail: (problem: string) => never): QuarantineEntry[] {
  if (document === null || document === undefined) return []
  if (typeof document !== 'object' || Array.isArray(document)) fail('must be a mapping whose key `quarantine` holds the list of entries')
  const keys = Object.keys(document)
  const unknown = keys.filter(key => key !== 'quarantine')
  if (unknown.length > 0) fail(`unknown top-level key ${showValue(unknown[0]!)}; only \`quarantine\` is defined`)
  const list = (document as { quarantine?: unknown }).quarantine
  if (list === null || list === undefined) return []
  if (!Array.isArray(list)) fail('`quarantine` must be a list of entries')
  if (list.length > MAX_QUARANTINE_ENTRIES) fail(`has ${list.length} entries; at most ${MAX_QUARANTINE_ENTRIES} are allowed`)
  const entries: QuarantineEntry[] = []
  const seen = new Map<string, number>()
  list.forEach((raw, index) => {
    const label = entryLabel(index, raw)
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      fail(`${label}: must be a mapping with test, owner, reason, added and expires`)
    const parsed = schema.safeParse(raw)
    if (!parsed.success) fail(`${label}: ${fieldProblem(parsed.error.issues[0]!, raw)}`)
    const entry = parsed.data
    // An entry dated ahead would stretch the 90 days from whenever it was written.
    if (entry.added > today) fail(`${label}: added ${entry.added} is after today (${today}, UTC); date an entry the day it is written`)
    const span = daysBetween(entry.added, entry.expires)
    if (span < 0) fail(`${label}: expires ${entry.expires} is before added ${entry.added}`)
    if (span > MAX_QUARANTINE_DAYS)
      fail(
        `${label}: expires ${entry.expires} is ${span} days after added ${entry.added}; at most ${MAX_QUARANTINE_DAYS} days (${addDays(entry.added, MAX_QUARANTINE_DAYS)}) are allowed`
      )
    const key = JSON.stringify([entry.test, entry.file ?? null, entry.suite ?? null])
    const first = seen.get(key)
    if (first !== undefined) fail(`${label}: the same test as entry ${first + 1}; keep one entry per test`)
    seen.set(key, index)
    entries.push(withoutUndefined(entry))
  })
  return entries
}

/** The entry with its absent optional fields left out. */
function withoutUndefined(entry: z.infer<EntrySchema>): QuarantineEntry {
  return {
    test: entry.test,
    ...(entry.file !== undefined && { file: entry.file }),
    ...(entry.suite !== undefined && { suite: entry.suite }),
    owner: entry.owner,
    reason: entry.reason,
    added: entry.added,
    expires: entry.expires,
    ...(entry.issue !== undefined && { issue: entry.issue })
  }
}

/** Most aliases a file may expand: enough to share an owner or a reason, too few for an alias bomb. */
const MAX_ALIASES = 100

/** The YAML's value; a parser error or limit (an alias bomb, nesting past the stack) is `fail`ed as one line. */
function yamlValue(content: string, fail: (problem: string) => never): unknown {
  let document: ReturnType<typeof parseDocument>
  let value: unknown
  try {
    // YAML 1.2's core schema: dates stay text and are checked as such; no custom tags.
    document = parseDocument(content, { schema: 'core', uniqueKeys: true })
    if (document.errors.length === 0) value = document.toJS({ maxAliasCount: MAX_ALIASES })
  } catch (error) {
    fail(`cannot be read as YAML: ${parserLimit(error)}`)
  }
  const error = document.errors[0]
  if (error !== undefined) {
    const where = error.linePos === undefined ? '' : ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`
    const what = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
    fail(`not valid YAML${where}: ${parserLimit(what)}`)
  }
  return value
}

/** A parser's limit in the file's terms; any other message as the parser gave it, first line only. */
function parserLimit(problem: unknown): string {
  const text = describeError(problem)
  if (/alias count/i.test(text)) return `its aliases expand to too much (at most ${MAX_ALIASES} are read)`
  if (/call stack/i.test(text)) return 'it is nested too deeply'
  return text
}

/**
 * Parses the text of a quarantine file as it stands on `today` (a UTC day, `YYYY-MM-DD`);
 * `label` starts every message (`quarantine: <file>`); `library` is zod's, as
 * `schemaLibrary()` loads it. Throws a UsageError (exit 2) with one line on the first
 * problem, a limit of the YAML parser included.
 */
export function parseQuarantine(content: string, label: string, today: string, library: SchemaLibrary): QuarantineEntry[] {
  const fail = (problem: string): never => {
    throw new UsageError(`${label}: ${problem}`)
  }
  return validEntries(yamlValue(content, fail), today, entrySchema(library), fail)
}
