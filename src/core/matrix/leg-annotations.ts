/**
 * A leg's annotations (docs/design.md §5 "Trace artifact"): every annotation its run called
 * for, not only the ten per level a step may print, each with the test it is about, written
 * as `annotations.json` next to the trace so the report entry point can place them on the
 * pull request. The trace stays the source of truth for verdicts: this file is a reviewer's
 * view, and the pull request's code wrote it, so read back it is untrusted data. It never
 * decides anything; a file that is not this shape reads as none, and a `file` that could
 * point outside the workspace is dropped (the annotation stays, with no place).
 */
import { join } from 'node:path'
import { writeFileAtomic } from '../base/atomic-file.js'
import { builtOnce, type SchemaLibrary } from '../base/schema-library.js'

/** The file's name in the session folder and the trace artifact. */
export const LEG_ANNOTATIONS_FILE = 'annotations.json'
/** Most annotations the file holds. */
export const MAX_LEG_ANNOTATIONS = 1_000
/** Most bytes of the file read back: 1,000 annotations of 4,000-character texts, escaped, fit. */
export const MAX_LEG_ANNOTATIONS_BYTES = 8 * 1024 * 1024
/** Longest title (a check run's annotation title holds 255). */
export const MAX_LEG_TITLE_CHARS = 255
/** Longest message, and longest test name. */
export const MAX_LEG_MESSAGE_CHARS = 4_000
/** Longest file name kept. */
export const MAX_LEG_FILE_CHARS = 1_000

/** What a test-level annotation is about. */
export type TestFlag = 'failed' | 'flaky' | 'runner-flaky' | 'new-flaky' | 'quarantined'
/** A test's rate over the leg's history (this run counted). */
export interface LegTestRate {
  runs: number
  flaked: number
  failed: number
  firstSeen?: string
}
/** One annotation of a leg. */
export interface LegAnnotation {
  level: 'error' | 'warning'
  /** One line, at most 255 characters; starts with the leg's step name. */
  title: string
  /** At most 4,000 characters. */
  message: string
  /** Workspace-relative, `/` separators: never absolute, no `..`, no `\`. */
  file?: string
  /** At least 1; only with a file. */
  line?: number
  test?: {
    name: string
    flag: TestFlag
    rate?: LegTestRate
    /** A flaky new test: the repeat it failed on, of how many. */
    repeat?: { failedOn: number; of: number }
  }
}

const SCHEMA_VERSION = 1

/**
 * Whether `file` may be an annotation's place: relative, `/`-separated, inside the workspace
 * (no `..` segment), printable, at most 1,000 characters. Anything else is dropped.
 */
export function isWorkspaceFile(file: unknown): file is string {
  if (typeof file !== 'string' || file === '' || file.length > MAX_LEG_FILE_CHARS) return false
  if (file.startsWith('/') || /^[A-Za-z]:/.test(file) || file.includes('\\')) return false
  // Control characters (a line break would forge a second line wherever the name is shown).
  if (/[\u0000-\u001f\u007f\u0085\u2028\u2029]/.test(file)) return false
  return file.split('/').every(segment => segment !== '..')
}

/** The file's text: {"schema_version":1,"annotations":[…]} (at most MAX_LEG_ANNOTATIONS). */
export function legAnnotationsText(annotations: readonly LegAnnotation[]): string {
  return `${JSON.stringify({ schema_version: SCHEMA_VERSION, annotations: annotations.slice(0, MAX_LEG_ANNOTATIONS) })}\n`
}

/** Writes `annotations.json` into a session folder, atomically, owner-only. */
export async function writeLegAnnotations(sessionDir: string, annotations: readonly LegAnnotation[]): Promise<void> {
  await writeFileAtomic(join(sessionDir, LEG_ANNOTATIONS_FILE), legAnnotationsText(annotations), 0o600, { durable: false })
}

/** The schema the file must fit, built on first use (only the report entry point reads it). */
function buildFileSchema(z: SchemaLibrary) {
  const count = z.number().int().min(0).max(100_000_000)
  const positive = z.number().int().min(1).max(100_000_000)
  const rate = z.object({ runs: count, flaked: count, failed: count, firstSeen: z.string().max(32).optional() })
  const test = z.object({
    name: z.string().min(1).max(MAX_LEG_MESSAGE_CHARS),
    flag: z.enum(['failed', 'flaky', 'runner-flaky', 'new-flaky', 'quarantined']),
    rate: rate.optional(),
    repeat: z.object({ failedOn: positive, of: positive }).optional()
  })
  const annotation = z.object({
    level: z.enum(['error', 'warning']),
    title: z
      .string()
      .max(MAX_LEG_TITLE_CHARS)
      .refine(title => !/[\r\n\u0085\u2028\u2029]/.test(title)),
    message: z.string().max(MAX_LEG_MESSAGE_CHARS),
    // A bad place is dropped below, not the annotation: read as whatever it is.
    file: z.unknown().optional(),
    line: z.unknown().optional(),
    test: test.optional()
  })
  return z.object({ schema_version: z.literal(SCHEMA_VERSION), annotations: z.array(annotation).max(MAX_LEG_ANNOTATIONS) })
}

/** The same, built once (builtOnce). */
const fileSchema = builtOnce(buildFileSchema)

/**
 * Parses the file's text as untrusted data: undefined when it is not that shape (not JSON,
 * another schema version, more than 1,000 annotations, a text over its cap, a title of more
 * than one line); a bad `file` (absolute, `..`, backslash, over 1,000 characters) is dropped
 * with its line, not the annotation, and so is a line that is not a whole number from 1.
 */
export async function parseLegAnnotations(text: string): Promise<LegAnnotation[] | undefined> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  const parsed = (await fileSchema()).safeParse(value)
  if (!parsed.success) return undefined
  return parsed.data.annotations.map(({ file, line, test, ...rest }) => {
    const place = isWorkspaceFile(file)
      ? { file, ...(typeof line === 'number' && Number.isInteger(line) && line >= 1 && line <= 100_000_000 && { line }) }
      : {}
    return { ...rest, ...place, ...(test !== undefined && { test }) }
  })
}
