/** The part of an attempt's output summary that says what failed, for reviewers' surfaces. */

import { KEYWORD_LINE } from '../output-summary.js'

/** The summary's failing lines; without any, its last 20 lines. */
export function failingExcerpt(summary: string): string {
  if (summary === '') return ''
  const lines = summary.split('\n')
  const matched = lines.filter(line => KEYWORD_LINE.test(line))
  return (matched.length > 0 ? matched : lines.slice(-20)).join('\n')
}
