/**
 * What the quarantine file decides (docs/design.md §1 "Quarantine and flaky gates", the contract's §12):
 * which entries apply today, which warn that they end soon or have ended, and whether an
 * attempt's failure is excused — only when every failed test is quarantined and nothing
 * else went wrong. Quarantine never hides a build error or a test nobody quarantined.
 */
import { explainFailure } from '../attempt/explained-failure.js'
import type { AttemptResult } from '../attempt/result.js'
import { daysBetween } from '../quarantine/dates.js'
import type { QuarantineEntry } from '../quarantine/file.js'
import type { QuarantinedFailure } from '../attempt/quarantined.js'

/** From this many days before its expiry, every run warns about an entry. */
export const EXPIRY_WARNING_DAYS = 7

/** Where an entry stands on a day. */
export type EntryState = { kind: 'active' } | { kind: 'expiring'; daysLeft: number } | { kind: 'expired'; since: number }

/** An entry applies through its `expires` day; it warns for the last EXPIRY_WARNING_DAYS of them. */
export function entryState(entry: QuarantineEntry, today: string): EntryState {
  const left = daysBetween(today, entry.expires)
  if (left < 0) return { kind: 'expired', since: -left }
  if (left <= EXPIRY_WARNING_DAYS) return { kind: 'expiring', daysLeft: left }
  return { kind: 'active' }
}

/** The entries that apply on `today` (active or expiring). */
export function applyingEntries(entries: readonly QuarantineEntry[], today: string): QuarantineEntry[] {
  return entries.filter(entry => entryState(entry, today).kind !== 'expired')
}

/** A test as the results name it. */
export interface NamedTest {
  name: string
  file?: string
  classname?: string
}

/** Whether an entry is about this test: the same name, and the same file and suite when the entry gives them. */
export function entryMatches(entry: QuarantineEntry, test: NamedTest): boolean {
  if (entry.test !== test.name) return false
  if (entry.file !== undefined && entry.file !== test.file) return false
  if (entry.suite !== undefined && entry.suite !== test.classname) return false
  return true
}

/** The first entry about this test, if any. */
export function entryFor(entries: readonly QuarantineEntry[], test: NamedTest): QuarantineEntry | undefined {
  return entries.find(entry => entryMatches(entry, test))
}

export type { QuarantinedFailure } from '../attempt/quarantined.js'

/**
 * The attempt's failed tests with their entries when the failure is **entirely** theirs:
 * the tests explain the failure (explained-failure.ts), the results list every failed test,
 * and each one has an entry in `entries` (those that apply today). Otherwise undefined.
 */
export function excusedFailure(attempt: AttemptResult, entries: readonly QuarantineEntry[]): QuarantinedFailure[] | undefined {
  if (entries.length === 0) return undefined
  const explanation = explainFailure(attempt)
  if (!explanation.explained || explanation.failing > explanation.tests.length) return undefined
  const excused: QuarantinedFailure[] = []
  for (const test of explanation.tests) {
    const entry = entryFor(entries, test)
    if (entry === undefined) return undefined
    excused.push({ test, entry })
  }
  return excused
}

/** The entry in words for a warning: `quarantined until 2027-01-15 by @team: "reason" (issue #812)`. */
export function describeEntry(entry: QuarantineEntry): string {
  const issue = entry.issue === undefined ? '' : ` (issue ${/^\d+$/.test(entry.issue) ? `#${entry.issue}` : entry.issue})`
  return `quarantined until ${entry.expires} by ${entry.owner}: ${JSON.stringify(entry.reason)}${issue}`
}
