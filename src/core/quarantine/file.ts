/**
 * The quarantine file (docs/design.md §1 "Quarantine and flaky gates"): a YAML file in the repository,
 * reviewed like code, listing tests whose failure may not fail a run until a date. It comes
 * with the checkout, so it must be a regular file inside the repository (location.ts), is
 * read with a size cap, parsed by a YAML library, validated entry by entry, and any problem
 * is one line naming the file, the entry and the field — before anything runs.
 */
import { readRegularFile } from '../base/atomic-file.js'
import { UsageError, describeError } from '../base/errors.js'
import { schemaLibrary } from '../base/schema-library.js'
import { MAX_QUARANTINE_BYTES, type QuarantineList } from './entry.js'
import { locateQuarantine } from './location.js'

export {
  MAX_QUARANTINE_BYTES,
  MAX_QUARANTINE_DAYS,
  MAX_QUARANTINE_ENTRIES,
  OWNER_PLACEHOLDER,
  type QuarantineEntry,
  type QuarantineList
} from './entry.js'

/** A quarantine file to read: where it is, the repository it must be inside, and how messages name it. */
export interface QuarantineFile {
  /** Absolute path. */
  path: string
  /** The repository root (the workspace, or the git top level in the CLI). */
  root: string
  /** The path as the user named it. */
  shown: string
  /** The input that named it, as the front end spells it (`--quarantine`, `quarantine`). */
  inputName: string
  /** True when the path was given on purpose (not the default): then a missing file is an error, not an empty quarantine. */
  mustExist?: boolean
}

/**
 * Reads the quarantine file as it stands on `today` (a UTC day). An absent file is an empty
 * quarantine, unless its path was given on purpose (`mustExist`); anything else that is wrong (a link out of the repository, a file too big, a
 * bad entry, an entry added after today, a parser limit) is a UsageError of one line.
 */
export async function loadQuarantine(file: QuarantineFile, today: string): Promise<QuarantineList> {
  const label = `${file.inputName}: ${file.shown}`
  const location = await locateQuarantine(file.path, file.root)
  if (location.kind === 'absent' && file.mustExist === true)
    throw new UsageError(`${label}: no such file; give the path of a quarantine file in the repository, or leave ${file.inputName} out`)
  if (location.kind === 'absent') return { source: file.shown, entries: [] }
  if (location.kind === 'refused') throw new UsageError(`${label}: ${location.problem}`)
  if (location.bytes > MAX_QUARANTINE_BYTES)
    throw new UsageError(`${label}: is ${location.bytes} bytes; at most ${MAX_QUARANTINE_BYTES} are read`)
  let content: string | undefined
  try {
    // lstat, O_NOFOLLOW and a cap on the bytes read, as for every file that comes with the checkout.
    content = await readRegularFile(location.realPath, MAX_QUARANTINE_BYTES)
  } catch (error) {
    // The path the reason starts with is the resolved one; the label names the file already.
    throw new UsageError(`${label}: cannot be read (${describeError(error).replace(location.realPath, 'it').trim()})`)
  }
  if (content === undefined) return { source: file.shown, entries: [] }
  // The YAML parser is loaded only when there is a file to parse (BENCHMARKS.md, start-up).
  const [{ parseQuarantine }, library] = await Promise.all([import('./parse.js'), schemaLibrary()])
  return { source: file.shown, entries: parseQuarantine(content, label, today, library) }
}
