/** A quarantine file's entries and limits (docs/design.md §1 "Quarantine and flaky gates"). */

/** Largest quarantine file read. */
export const MAX_QUARANTINE_BYTES = 1024 * 1024
/** Most entries in one file. */
export const MAX_QUARANTINE_ENTRIES = 1000
/** Longest a quarantine may last, counted from its `added` date. */
export const MAX_QUARANTINE_DAYS = 90
/** What `quarantine suggest` writes for the owner; the check refuses it until someone fills it in. */
export const OWNER_PLACEHOLDER = '<owner>'

/** One entry, as validated. Dates are `YYYY-MM-DD` (UTC days). */
export interface QuarantineEntry {
  test: string
  file?: string
  suite?: string
  owner: string
  reason: string
  added: string
  expires: string
  issue?: string
}

/** The file as read: where it is (as the user named it) and its entries, in file order. */
export interface QuarantineList {
  /** The path as given in the input, for messages. */
  source: string
  entries: QuarantineEntry[]
}
