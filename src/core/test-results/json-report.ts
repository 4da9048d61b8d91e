/**
 * What the readers of the runners' JSON reports share (docs/design.md §1 "Test results", "JSON
 * reports"): where a test goes, the limits, the refusal that makes a file count for nothing,
 * and a test file's path as the runner's JUnit reporter writes it.
 */
import { isAbsolute, relative, sep } from 'node:path'
import type { ParseLimits } from './junit-limits.js'
import type { ParsedTestCase } from './junit-parser.js'
import type { PathStep, WalkHandler } from './json-walk.js'

/** What a report's reader is given. */
export interface JsonReportContext {
  onTest: (test: ParsedTestCase) => void
  limits: ParseLimits
  /** Test files are named relative to it, as the runners' JUnit reporters name them. */
  workingDirectory: string
}

/** The reader of one runner's report: the walker's handler for the part under its root key. */
export interface JsonReportReader extends Omit<WalkHandler, 'closed'> {
  closed(path: readonly PathStep[]): void
  /** The tests it has handed on. */
  count(): number
}

/** A reason the file counts for nothing (one line). */
export class ReportRefusal extends Error {
  override name = 'ReportRefusal'
}

/** Most tests of one test file a reader holds until the file's path comes (it follows them). */
export const MAX_HELD_TESTS = 50_000
/** Most characters of one test file's tests a reader holds. */
export const MAX_HELD_CHARS = 16 * 1024 * 1024
/** Most characters of strings gathered for one record (a test, or a Playwright spec). */
export const MAX_RECORD_CHARS = 1024 * 1024
/** Most groups around one test (`describe` blocks). */
export const MAX_GROUPS = 64

/** A test file's path relative to the working directory, `/`-separated; a relative path stays as written. */
export function workspacePath(file: string, workingDirectory: string): string {
  const cut = file.slice(0, 4_096)
  if (!isAbsolute(cut)) return cut
  return relative(workingDirectory, cut).split(sep).join('/')
}

/** A whole count from a report (a run count, a line), or undefined when it is not one. */
export function wholeNumber(value: unknown, max = 1_000_000_000): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : undefined
}

/** A duration in milliseconds, rounded; undefined when it is not a number. */
export function durationMs(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined
}
