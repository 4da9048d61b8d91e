/**
 * One parser per kind of input (see table.ts): each takes the given text and yields the
 * typed value, or the one message that follows the input's name ("'x' is not allowed;
 * expected …"). Which input it was, and how to name it, is parse.ts's business. They are
 * plain functions: every run parses every input once, and building a schema per input
 * cost more than the parsing (BENCHMARKS.md, "The performance round").
 */
import { statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { showValue } from '../base/printable.js'
import { isRunRef, SHORT_REF_MIN_CHARS } from '../receipts/run-ref.js'
import { identityLines } from '../shell/script-lines.js'
import { isShellName, SHELL_NAMES, type ShellSpec } from '../shell/script-shell.js'
import { parseRerunSetting, type RerunSetting } from '../reruns/presets.js'
import { INPUT_LIMITS } from './input-spec.js'
import { resolveStateDir, stateDirProblem, type InputPlace } from './resolve.js'
import type { InputKind } from './table.js'

/** `retry-on-exit-codes`: inclusive ranges, and the text as given (trimmed parts) for notes and run.json. */
export interface ExitCodeList {
  text: string
  ranges: Array<[number, number]>
}

/** What parsing one value came to: the typed value, or why it is refused. */
export type KindResult = { ok: true; value: unknown } | { ok: false; message: string }
/** A parser from the given text to a typed value. */
export type KindParser = (raw: string) => KindResult

const valid = (value: unknown): KindResult => ({ ok: true, value })
const refused = (message: string): KindResult => ({ ok: false, message })

/** Longest `name`, in characters (code points): enough for "Unit tests (node 20, ubuntu)". */
const MAX_LABEL_CHARS = 100
/**
 * A label is shown as given (console, summary, trace), so nothing that moves the cursor,
 * ends a line or reorders text on screen: C0/C1 controls, DEL, line and paragraph
 * separators, bidirectional overrides and isolates.
 */
const LABEL_REFUSED_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
const BOOLEAN_WORDS: readonly string[] = ['true', 'True', 'TRUE', 'false', 'False', 'FALSE']
const EXAMPLE_RUN_ID = '20261130-075100-verify-3fa9c2'

const notAllowed = (expected: string) => (raw: string) => `${showValue(raw)} is not allowed; expected ${expected}`

function integer(min: number, max: number): KindParser {
  const refusal = notAllowed(`a whole number from ${min} to ${max}`)
  return raw => {
    const text = raw.trim()
    const value = Number(text)
    return /^\d+$/.test(text) && value >= min && value <= max ? valid(value) : refused(refusal(raw))
  }
}

/** A rate written as a decimal number from 0 to 1 (`0.3`, `.25`, `1`); no exponent, no percent sign. */
const fraction: KindParser = raw => {
  const text = raw.trim()
  const value = Number(text)
  if (/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(text) && value >= 0 && value <= 1) return valid(value)
  return refused(`${showValue(text)} is not allowed; the rate must be a number from 0 to 1 (e.g. 0.3 for 30%)`)
}

function choice(values: readonly string[]): KindParser {
  const refusal = notAllowed(`one of ${values.join(', ')}`)
  return raw => {
    const word = raw.trim().toLowerCase()
    return values.includes(word) ? valid(word) : refused(refusal(raw))
  }
}

const boolean: KindParser = raw => {
  const word = raw.trim()
  return BOOLEAN_WORDS.includes(word) ? valid(word.toLowerCase() === 'true') : refused(notAllowed('true or false')(raw))
}

/** One part of an exit-code list: `7` or `1-123` (low end first). */
function exitCodeRange(part: string): [number, number] | undefined {
  const match = /^(\d{1,3})(?:-(\d{1,3}))?$/.exec(part)
  if (match === null) return undefined
  const low = Number(match[1])
  const high = match[2] === undefined ? low : Number(match[2])
  return low <= high && high <= 255 ? [low, high] : undefined
}

const exitCodes: KindParser = raw => {
  const parts = raw.split(',').map(part => part.trim())
  const ranges = parts.map(exitCodeRange)
  if (ranges.every(range => range !== undefined)) return valid({ text: parts.join(','), ranges } satisfies ExitCodeList)
  return refused(notAllowed('a comma-separated list of exit codes and ranges from 0 to 255 (e.g. 1-123,125-255)')(raw))
}

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
const label: KindParser = raw => {
  const text = raw.trim()
  const problem = labelProblem(raw, text)
  return problem === undefined ? valid(text) : refused(problem)
}

const shell: KindParser = raw => {
  const text = raw.trim()
  if (isShellName(text)) return valid({ kind: text } satisfies ShellSpec)
  if (text.includes('{0}')) return valid({ kind: 'template', template: text } satisfies ShellSpec)
  return refused(notAllowed(`${SHELL_NAMES.join(', ')}, or a command template containing {0} (e.g. "perl {0}")`)(raw))
}

const runRef: KindParser = raw => {
  const text = raw.trim()
  // A part of a run id is looked up where the run is (receipts/run-ref.ts).
  if (text === 'latest' || isRunRef(text)) return valid(text)
  return refused(
    `${showValue(text)} is not a run id (expected e.g. ${EXAMPLE_RUN_ID}, at least ${SHORT_REF_MIN_CHARS} characters from its start or end, or latest)`
  )
}

const rerun: KindParser = raw => {
  const max = INPUT_LIMITS.commandChars
  if (raw.length > max) return refused(`${raw.length} characters is too long; at most ${max}`)
  try {
    return valid(parseRerunSetting(raw) satisfies RerunSetting)
  } catch (error) {
    return refused((error as Error).message)
  }
}

function text(trim: boolean, maxChars: number | undefined): KindParser {
  return raw => {
    const read = trim ? raw.trim() : raw
    return maxChars !== undefined && read.length > maxChars
      ? refused(`${read.length} characters is too long; at most ${maxChars}`)
      : valid(read)
  }
}

/** The values of a one-per-line input (`redact`): each line trimmed, blank lines dropped. */
export function inputLines(raw: string): string[] {
  return raw
    .split(/\r?\n/)
    .map(line => line.trim())
    .filter(line => line !== '')
}

function lines(maxLines: number): KindParser {
  return raw => {
    const values = inputLines(raw)
    return values.length > maxLines ? refused(`${values.length} values is too many; at most ${maxLines}`) : valid(values)
  }
}

/** The script as written; its command lines (identity's) and its length are bounded. */
function script(maxLines: number, maxChars: number): KindParser {
  return raw => {
    if (raw.length > maxChars) {
      return refused(`a script of ${raw.length} characters is too long; at most ${maxChars} (put a long script in a file)`)
    }
    const lines = identityLines(raw).length
    if (lines > maxLines)
      return refused(`a script of ${lines} command lines is too long; at most ${maxLines} (put a long script in a file)`)
    return valid(raw)
  }
}

function regex(maxChars: number): KindParser {
  return raw => {
    if (raw.length > maxChars) return refused(`a pattern of ${raw.length} characters is too long; at most ${maxChars}`)
    try {
      const pattern = new RegExp(raw)
      pattern.test('') // some patterns only fail when first executed
      return valid(pattern)
    } catch (error) {
      // V8 repeats the whole pattern in its message: keep only the reason.
      const message = error instanceof Error ? error.message : 'invalid'
      const reason = message
        .replace(/^Invalid regular expression: /, '')
        .replace(/^\/[\s\S]*\/[a-z]*: /, '')
        .slice(0, 120)
      return refused(`${showValue(raw)} is not a valid regular expression (${reason})`)
    }
  }
}

/** True for an existing directory; anything unreadable counts as missing. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

function directory(base: string): KindParser {
  return raw => {
    const dir = isAbsolute(raw.trim()) ? raw.trim() : resolve(base, raw.trim())
    return isDirectory(dir) ? valid(dir) : refused(`${showValue(raw)} is not an existing directory`)
  }
}

function stateDir(place: InputPlace): KindParser {
  return raw => {
    const { path } = resolveStateDir(raw, place)
    const problem = stateDirProblem(path)
    return problem === undefined ? valid(path) : refused(`${showValue(path)} ${problem}`)
  }
}

/** The parser of one kind of input, given where relative paths are taken from. */
export function kindParser(kind: InputKind, place: InputPlace): KindParser {
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
