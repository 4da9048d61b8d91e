/**
 * The quarantine file (docs/design.md §1 "Quarantine and flaky gates"): a YAML file in the repository,
 * reviewed like code, listing tests whose failure may not fail a run until a date. It comes
 * with the checkout, so it is read with a size cap, parsed by a YAML library, validated
 * entry by entry, and any problem is one line naming the file, the entry and the field —
 * before anything runs.
 */
import { readFile, stat } from 'node:fs/promises'
import { UsageError } from '../base/errors.js'
import { MAX_QUARANTINE_BYTES, type QuarantineList } from './entry.js'

export {
  MAX_QUARANTINE_BYTES,
  MAX_QUARANTINE_DAYS,
  MAX_QUARANTINE_ENTRIES,
  OWNER_PLACEHOLDER,
  type QuarantineEntry,
  type QuarantineList
} from './entry.js'

/**
 * Reads the quarantine file at `path` (absolute); `shown` is how the user named it. An
 * absent file is an empty quarantine; anything else that is wrong is a UsageError.
 */
export async function loadQuarantine(path: string, shown: string, inputName: string): Promise<QuarantineList> {
  const label = `${inputName}: ${shown}`
  let size: number
  try {
    const info = await stat(path)
    if (!info.isFile()) throw new UsageError(`${label}: is not a file`)
    size = info.size
  } catch (error) {
    if (error instanceof UsageError) throw error
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { source: shown, entries: [] }
    throw new UsageError(`${label}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  if (size > MAX_QUARANTINE_BYTES) throw new UsageError(`${label}: is ${size} bytes; at most ${MAX_QUARANTINE_BYTES} are read`)
  const content = await readFile(path, 'utf8')
  // The YAML parser is loaded only when there is a file to parse (BENCHMARKS.md, start-up).
  const { parseQuarantine } = await import('./parse.js')
  return { source: shown, entries: parseQuarantine(content, label) }
}
