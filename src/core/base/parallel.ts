/**
 * Many small file operations at once (docs/design.md §3 "Retention and the index"): enough in
 * flight to hide the latency of each, few enough to stay clear of descriptor limits.
 */

/** File operations kept in flight at once when many files are read or written. */
export const PARALLEL_FILE_OPERATIONS = 16

/** Runs `action` on every item, at most PARALLEL_FILE_OPERATIONS at a time; the first failure is thrown. */
export async function forEachLimited<T>(items: readonly T[], action: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next]!
      next += 1
      await action(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FILE_OPERATIONS, items.length) }, worker))
}
