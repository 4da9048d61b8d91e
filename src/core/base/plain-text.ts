/**
 * Ordering and number wording without ICU (docs/design.md §8 "What a run loads"). The first
 * `localeCompare` of a process builds ICU's collator, and the first `toLocaleString` of a
 * number its number format: each loads ICU data, 5–30 ms on a runner, for text reverify
 * writes itself (timestamps, ids, counts). These do the same in a few lines, the same on
 * every runtime and locale.
 */

/** `a` against `b` by UTF-16 code units: -1, 0 or 1 (a sort comparator). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** A whole number with its digits in groups of three (`12,345`), as `toLocaleString('en-US')` words it. */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value)
  const digits = String(Math.abs(value))
  let grouped = digits.slice(0, digits.length % 3 || 3)
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`
  return value < 0 ? `-${grouped}` : grouped
}
