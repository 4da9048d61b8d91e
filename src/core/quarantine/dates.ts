/**
 * Calendar days as the quarantine file writes them (`YYYY-MM-DD`), counted in UTC: an entry
 * that `expires: 2027-01-15` applies through that day, everywhere in the world the same.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const ms = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** The day `days` after `from`. */
export function addDays(from: string, days: number): string {
  return new Date(Date.parse(`${from}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The UTC day of a moment. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10)
}
