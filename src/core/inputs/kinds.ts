/**
 * One zod schema per kind of input (see table.ts): each takes the given text and yields the
 * typed value, or one issue whose message follows the input's name ("'x' is not allowed;
 * expected …"). Which input it was, and how to name it, is parse.ts's business.
 */
import { statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'
import { showValue } from '../base/printable.js'
import { isRunId } from '../receipts/run-id.js'
import { identityLines } from '../shell/script-lines.js'
import { isShellName, SHELL_NAMES, type ShellSpec } from '../shell/script-shell.js'
import { resolveStateDir, stateDirProblem, type InputPlace } from './resolve.js'

/** `retry-on-exit-codes`: inclusive ranges, and the text as given (trimmed parts) for notes and run.json. */
export interface ExitCodeList {
  text: string
  ranges: Array<[number, number]>
}
import { parseRerunSetting, type RerunSetting } from '../reruns/presets.js'
import { INPUT_LIMITS } from './input-spec.js'
import type { InputKind } from './table.js'

/** A schema from the given text to a typed value. */
export type KindSchema = z.ZodType<unknown, string>

/** Longest `name`, in characters (code points): enough for "Unit tests (node 20, ubuntu)". */
const MAX_LABEL_CHARS = 100
/**
 * A label is shown as given (console, summary, trace), so nothing that moves the cursor,
 * ends a line or reorders text on screen: C0/C1 controls, DEL, line and paragraph
 * separators, bidirectional overrides and isolates.
 */
const LABEL_REFUSED_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
const BOOLEAN_WORDS = ['true', 'True', 'TRUE', 'false', 'False', 'FALSE'] as const
const EXAMPLE_RUN_ID = '20261130-075100-verify-3fa9c2'

/** `rule` decides; whatever it refuses is reported as the one message `refusal` gives for the text. */
function ruled<T>(rule: z.ZodType<T, string>, refusal: (raw: string) => string): z.ZodType<T, string> {
  return z.string().transform((raw, ctx) => {
    const result = rule.safeParse(raw)
    if (result.success) return result.data
    ctx.addIssue({ code: 'custom', message: refusal(raw), input: raw })
    return z.NEVER
  })
}

const notAllowed = (expected: string) => (raw: string) => `${showValue(raw)} is not allowed; expected ${expected}`

const wholeNumber = z.string().trim().regex(/^\d+$/).transform(Number)

function integer(min: number, max: number) {
  return ruled(wholeNumber.pipe(z.number().min(min).max(max)), notAllowed(`a whole number from ${min} to ${max}`))
}

/** A rate written as a decimal number from 0 to 1 (`0.3`, `.25`, `1`); no exponent, no percent sign. */
const fraction = ruled(
  z
    .string()
    .trim()
    .regex(/^(?:\d+(?:\.\d*)?|\.\d+)$/)
    .transform(Number)
    .pipe(z.number().min(0).max(1)),
  raw => `${showValue(raw.trim())} is not allowed; the rate must be a number from 0 to 1 (e.g. 0.3 for 30%)`
)

function choice(values: readonly string[]) {
  const allowed = z.enum(values as [string, ...string[]])
  return ruled(z.string().trim().toLowerCase().pipe(allowed), notAllowed(`one of ${values.join(', ')}`))
}

const boolean = ruled(
  z
    .string()
    .trim()
    .pipe(z.enum(BOOLEAN_WORDS))
    .transform(word => word.toLowerCase() === 'true'),
  notAllowed('true or false')
)

/** One part of an exit-code list: `7` or `1-123` (low end first). */
function exitCodeRange(part: string): [number, number] | undefined {
  const match = /^(\d{1,3})(?:-(\d{1,3}))?$/.exec(part)
  if (match === null) return undefined
  const low = Number(match[1])
  const high = match[2] === undefined ? low : Number(match[2])
  return low <= high && high <= 255 ? [low, high] : undefined
}

const exitCodes = z.string().transform((raw, ctx): ExitCodeList => {
  const parts = raw.split(',').map(part => part.trim())
  const ranges = parts.map(exitCodeRange)
  if (ranges.every(range => range !== undefined)) return { text: parts.join(','), ranges }
  ctx.addIssue({
    code: 'custom',
    message: notAllowed('a comma-separated list of exit codes and ranges from 0 to 255 (e.g. 1-123,125-255)')(raw),
    input: raw
  })
  return z.NEVER
})

/** Why a trimmed label is refused, or undefined when it is fine. */
function labelProblem(raw: string, text: string): string | undefined {
  if (LABEL_REFUSED_CHARS.test(text)) {
    // Escaped, so the message itself cannot reorder or break the line it is printed on.
    const shown = showValue(raw).replace(
      new RegExp(LABEL_REFUSED_CHARS.source, 'g'),
      char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
    )
    return `${shown} is not allowed; control characters and line breaks cannot be part of a name`
  }
  const chars = Array.from(text).length
  if (chars === 0) return `${showValue(raw)} is not allowed; expected 1-${MAX_LABEL_CHARS} characters`
  if (chars > MAX_LABEL_CHARS) return `${chars} characters is too long; at most ${MAX_LABEL_CHARS}`
  return undefined
}

/** Any text of 1-100 characters without control characters, trimmed (its folder is a slug, see session/layout.ts). */
const label = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  const problem = labelProblem(raw, text)
  if (problem === undefined) return text
  ctx.addIssue({ code: 'custom', message: problem, input: raw })
  return z.NEVER
})

const shell = ruled(
  z
    .string()
    .trim()
    .refine(text => isShellName(text) || text.includes('{0}'))
    .transform((text): ShellSpec => (isShellName(text) ? { kind: text } : { kind: 'template', template: text })),
  notAllowed(`${SHELL_NAMES.join(', ')}, or a command template containing {0} (e.g. "perl {0}")`)
)

const runRef = ruled(
  z
    .string()
    .trim()
    .refine(text => text === 'latest' || isRunId(text)),
  raw => `${showValue(raw.trim())} is not a run id (expected e.g. ${EXAMPLE_RUN_ID}, or latest)`
)

const rerun = z
  .string()
  .max(INPUT_LIMITS.commandChars)
  .transform((raw, ctx): RerunSetting => {
    try {
      return parseRerunSetting(raw)
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message, input: raw })
      return z.NEVER
    }
  })

function text(trim: boolean, maxChars: number | undefined) {
  const read = (raw: string) => (trim ? raw.trim() : raw)
  if (maxChars === undefined) return z.string().transform(read)
  return ruled(
    z.string().transform(read).pipe(z.string().max(maxChars)),
    raw => `${read(raw).length} characters is too long; at most ${maxChars}`
  )
}

/** The values of a one-per-line input (`redact`): each line trimmed, blank lines dropped. */
export function inputLines(raw: string): string[] {
  return raw
    .split(/\r?\n/)
    .map(line => line.trim())
    .filter(line => line !== '')
}

function lines(maxLines: number) {
  const split = inputLines
  return ruled(
    z.string().transform(split).pipe(z.array(z.string()).max(maxLines)),
    raw => `${split(raw).length} values is too many; at most ${maxLines}`
  )
}

/** The script as written; its command lines (identity's) and its length are bounded. */
function script(maxLines: number, maxChars: number) {
  return z.string().transform((raw, ctx) => {
    const lines = identityLines(raw).length
    if (raw.length > maxChars) {
      ctx.addIssue({
        code: 'custom',
        message: `a script of ${raw.length} characters is too long; at most ${maxChars} (put a long script in a file)`,
        input: raw
      })
    } else if (lines > maxLines) {
      ctx.addIssue({
        code: 'custom',
        message: `a script of ${lines} command lines is too long; at most ${maxLines} (put a long script in a file)`,
        input: raw
      })
    }
    return raw
  })
}

function regex(maxChars: number) {
  return z.string().transform((raw, ctx) => {
    if (raw.length > maxChars) {
      ctx.addIssue({ code: 'custom', message: `a pattern of ${raw.length} characters is too long; at most ${maxChars}`, input: raw })
      return z.NEVER
    }
    try {
      const pattern = new RegExp(raw)
      pattern.test('') // some patterns only fail when first executed
      return pattern
    } catch (error) {
      // V8 repeats the whole pattern in its message: keep only the reason.
      const message = error instanceof Error ? error.message : 'invalid'
      const reason = message
        .replace(/^Invalid regular expression: /, '')
        .replace(/^\/[\s\S]*\/[a-z]*: /, '')
        .slice(0, 120)
      ctx.addIssue({ code: 'custom', message: `${showValue(raw)} is not a valid regular expression (${reason})`, input: raw })
      return z.NEVER
    }
  })
}

/** True for an existing directory; anything unreadable counts as missing. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

function directory(base: string) {
  return z.string().transform((raw, ctx) => {
    const dir = isAbsolute(raw.trim()) ? raw.trim() : resolve(base, raw.trim())
    if (isDirectory(dir)) return dir
    ctx.addIssue({ code: 'custom', message: `${showValue(raw)} is not an existing directory`, input: raw })
    return z.NEVER
  })
}

function stateDir(place: InputPlace) {
  return z.string().transform((raw, ctx) => {
    const { path } = resolveStateDir(raw, place)
    const problem = stateDirProblem(path)
    if (problem === undefined) return path
    ctx.addIssue({ code: 'custom', message: `${showValue(path)} ${problem}`, input: raw })
    return z.NEVER
  })
}

/** The schema of one kind of input, given where relative paths are taken from. */
export function kindSchema(kind: InputKind, place: InputPlace): KindSchema {
  switch (kind.type) {
    case 'script':
      return script(kind.maxLines, kind.maxChars)
    case 'integer':
      return integer(kind.min, kind.max)
    case 'fraction':
      return fraction
    case 'choice':
      return choice(kind.values)
    case 'boolean':
      return boolean
    case 'text':
      return text(kind.trim, kind.maxChars)
    case 'lines':
      return lines(kind.maxLines)
    case 'regex':
      return regex(kind.maxChars)
    case 'exit-codes':
      return exitCodes
    case 'shell':
      return shell
    case 'label':
      return label
    case 'directory':
      return directory(place.base)
    case 'state-dir':
      return stateDir(place)
    case 'run-ref':
      return runRef
    case 'rerun':
      return rerun
  }
}

/**
 * The text a kind stands for when the input is not given and has no default: lists are
 * empty, and the working directory is the place's base (which must exist all the same).
 */
export function unsetText(kind: InputKind, place: InputPlace): string | undefined {
  if (kind.type === 'script' || kind.type === 'lines') return ''
  if (kind.type === 'text' && kind.unsetEmpty) return ''
  if (kind.type === 'directory') return place.base
  return undefined
}
