/**
 * The job summary's quarantine suggestion (docs/design.md §1 "The quarantine command"): when
 * a test of this command flaked or failed in at least 30 % of its last runs with results (at
 * least 10 of them), the entry to paste into the quarantine file, owner left to fill in.
 */
import type { QuarantineAdvice } from '../core/index.js'
import { codeSpan, fenced } from './markdown.js'

/** The summary's section: a short heading, the tests and their counts, the YAML to paste. */
export function quarantineSuggestionSection(advice: QuarantineAdvice | undefined): string[] {
  if (advice?.text === undefined) return []
  const { suggestions, total, source, rate, text } = advice
  const tests = suggestions.map(s => `${codeSpan(s.test)} (${s.flaky + s.failed + s.quarantined} of ${s.runs} runs)`).join(', ')
  const more = total > suggestions.length ? ` and ${total - suggestions.length} more` : ''
  const where = text.items ? `at the end of the \`quarantine:\` list in ${codeSpan(source)}` : `as ${codeSpan(source)}`
  return [
    `#### Suggested quarantine ${suggestions.length === 1 ? 'entry' : 'entries'}`,
    '',
    `${tests}${more} flaked or failed in at least ${Math.round(rate * 100)} % of this command's last runs with test results. ` +
      `To quarantine ${suggestions.length === 1 ? 'it' : 'them'} while ${suggestions.length === 1 ? 'it is' : 'they are'} fixed, add this ${where} and replace \`<owner>\` with who will fix ${suggestions.length === 1 ? 'it' : 'each'} (\`reverify quarantine check\` validates the file):`,
    '',
    ...fenced(text.yaml.replace(/\n$/, ''), 'yaml'),
    ''
  ]
}
