import { randomBytes } from 'node:crypto'
import { UsageError } from '../base/errors.js'
import { printable } from '../base/printable.js'

/** A run id: the UTC start second, `-verify-`, and 6 random lowercase hex digits. */
export const RUN_ID_PATTERN = /^\d{8}-\d{6}-verify-[0-9a-f]{6}$/

const EXAMPLE_RUN_ID = '20261130-075100-verify-3fa9c2'

/** A new run id for a run started at `startedAt` (UTC): YYYYMMDD-HHMMSS-verify-<6 hex>. */
export function newRunId(startedAt: Date): string {
  const iso = startedAt.toISOString() // throws RangeError for an invalid date
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(iso)
  if (!match) throw new RangeError(`a run id needs a start time between years 0 and 9999, got ${iso}`)
  const [, year, month, day, hours, minutes, seconds] = match
  return `${year}${month}${day}-${hours}${minutes}${seconds}-verify-${randomBytes(3).toString('hex')}`
}

/** True when `value` is a well-formed run id (and therefore safe to use as a path segment). */
export function isRunId(value: unknown): value is string {
  return typeof value === 'string' && RUN_ID_PATTERN.test(value)
}

/** Returns the id or throws UsageError: "<what>: '<value>' is not a run id (expected e.g. 20261130-075100-verify-3fa9c2)". Values are shown truncated to 80 chars and with control chars escaped. */
export function requireRunId(value: string, what: string): string {
  if (isRunId(value)) return value
  throw new UsageError(`${what}: '${printable(String(value))}' is not a run id (expected e.g. ${EXAMPLE_RUN_ID})`)
}
