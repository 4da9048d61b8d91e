/**
 * What an annotation is and where it points (docs/design.md §5 "Annotations"): a level, a
 * body and properties; a test's file made workspace-relative, its line and column when known.
 * Shared by the modules that build annotations, so none of them imports another.
 */
import type * as core from '@actions/core'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { LegTestRate, TestFlag } from '../core/index.js'

/** Bodies are cut by GitHub at 4,096 characters; stay under it (as the core's excerpts do). */
export const MAX_ANNOTATION_MESSAGE_CHARS = 4000
/** A check run's annotation title holds at most 255 characters. */
export const MAX_ANNOTATION_TITLE_CHARS = 255

/** The test an annotation is about, for the leg's annotations.json (persistence/leg-annotations.ts). */
export interface AnnotatedTest {
  name: string
  flag: TestFlag
  /** Its rate over the history, this run counted, when the run carries one. */
  rate?: LegTestRate
  /** A flaky new test: the repeat it failed on, of how many. */
  repeat?: { failedOn: number; of: number }
}

/** One annotation, ready for core.error / core.warning. */
export interface Annotation {
  level: 'error' | 'warning'
  message: string
  properties: core.AnnotationProperties
  /** A test-level annotation: the test it is about (never printed; written to the trace artifact). */
  test?: AnnotatedTest
}

/** Where relative paths in the output are looked up: the checkout, then where the commands ran. */
export interface PathBase {
  workspace: string
  workingDirectory?: string
}

/** Where an annotation points: a file, and its line when one is known (none: a file-level annotation). */
export interface AnnotationPlace {
  /** Relative to the workspace, with `/` separators. */
  file: string
  line?: number
  column?: number
}

/** The properties that place an annotation. */
export function locationProperties(location: AnnotationPlace | undefined): core.AnnotationProperties {
  if (location === undefined) return {}
  if (location.line === undefined) return { file: location.file }
  return { file: location.file, startLine: location.line, ...(location.column !== undefined && { startColumn: location.column }) }
}

/** A test's place as an annotation's file and line: workspace-relative (tests name files relative to the working directory). */
export function testLocation(test: { file?: string; line?: number; column?: number }, base: PathBase): AnnotationPlace | undefined {
  if (test.file === undefined) return undefined
  const file = relative(resolve(base.workspace), resolve(base.workingDirectory ?? base.workspace, test.file))
  if (file === '' || file.startsWith('..') || isAbsolute(file)) return undefined
  const line = test.line === undefined ? {} : { line: test.line, ...(test.column !== undefined && { column: test.column }) }
  return { file: file.split(sep).join('/'), ...line }
}

/** A sentence from words that start in lower case: `Flaked in 4 of the last 37 runs …`. */
export function sentence(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}
