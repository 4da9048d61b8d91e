/** The part of an attempt's output summary that says what failed, for reviewers' surfaces. */

import { stripVTControlCharacters } from 'node:util'
import { KEYWORD_LINE } from '../output-summary.js'

/** The summary's failing lines; without any, its last 20 lines. */
export function failingExcerpt(summary: string): string {
  if (summary === '') return ''
  const lines = summary.split('\n')
  const matched = lines.filter(line => KEYWORD_LINE.test(line))
  return (matched.length > 0 ? matched : lines.slice(-20)).join('\n')
}

/**
 * An attempt's summary as reviewers' surfaces show it (docs/design.md §8): terminal escape
 * codes stripped and reverify's own bookkeeping lines (`… N lines omitted`) dropped.
 */
export function reviewerExcerpt(summary: string): string {
  return stripVTControlCharacters(summary)
    .split('\n')
    .filter(line => !line.startsWith('… '))
    .join('\n')
}
