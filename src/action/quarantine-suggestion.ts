/**
 * The job summary's quarantine suggestion (docs/design.md §1 "The quarantine command"): when
 * a test of this command flaked or failed in at least 30 % of its last runs with results (at
 * least 10 of them), the entry to paste into the quarantine file, owner left to fill in.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import {
  SUGGEST_DEFAULTS,
  dayOf,
  loadQuarantine,
  quarantinePath,
  suggestQuarantine,
  suggestionYaml,
  type QuarantineAdvice,
  type Receipt
} from '../core/index.js'
import { codeSpan, fenced } from './markdown.js'

/** Most entries the summary suggests; the rest are counted. */
const MAX_SHOWN = 5

/** Where the run read its quarantine file: the name as given, from the repository root. */
export interface QuarantinePlace {
  shown: string
  root: string
}

/**
 * Suggestions from this command's receipts, for the file the run read; undefined when no
 * test is over the threshold, or the file cannot be read (the run has said why already).
 */
export async function quarantineAdvice(
  receipts: readonly Receipt[],
  place: QuarantinePlace,
  now: Date
): Promise<QuarantineAdvice | undefined> {
  if (place.shown === '') return undefined
  const path = quarantinePath(place.shown, place.root)
  try {
    const { entries } = await loadQuarantine({ path, root: place.root, shown: place.shown, inputName: 'quarantine' }, dayOf(now))
    const all = suggestQuarantine(receipts, { ...SUGGEST_DEFAULTS, existing: entries })
    if (all.length === 0) return undefined
    const suggestions = all.slice(0, MAX_SHOWN)
    const existing = existsSync(path) ? await readFile(path, 'utf8') : undefined
    return { source: place.shown, suggestions, total: all.length, text: suggestionYaml(suggestions, dayOf(now), existing) }
  } catch {
    return undefined
  }
}

/** The summary's section: a short heading, the tests and their counts, the YAML to paste. */
export function quarantineSuggestionSection(advice: QuarantineAdvice | undefined): string[] {
  if (advice === undefined) return []
  const { suggestions, total, source, text } = advice
  const tests = suggestions.map(s => `${codeSpan(s.test)} (${s.flaky + s.failed + s.quarantined} of ${s.runs} runs)`).join(', ')
  const more = total > suggestions.length ? ` and ${total - suggestions.length} more` : ''
  const where = text.items ? `at the end of the \`quarantine:\` list in ${codeSpan(source)}` : `as ${codeSpan(source)}`
  return [
    `#### Suggested quarantine ${suggestions.length === 1 ? 'entry' : 'entries'}`,
    '',
    `${tests}${more} flaked or failed in at least ${Math.round(SUGGEST_DEFAULTS.rate * 100)} % of this command's last runs with test results. ` +
      `To quarantine ${suggestions.length === 1 ? 'it' : 'them'} while ${suggestions.length === 1 ? 'it is' : 'they are'} fixed, add this ${where} and replace \`<owner>\` with who will fix ${suggestions.length === 1 ? 'it' : 'each'} (\`reverify quarantine check\` validates the file):`,
    '',
    ...fenced(text.yaml.replace(/\n$/, ''), 'yaml'),
    ''
  ]
}
