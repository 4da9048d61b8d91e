/**
 * Quarantine suggestions from the receipts (docs/design.md §1 "Quarantine and flaky gates",
 * "The quarantine command"): tests whose flake rate over the runs with test results reaches
 * a threshold, written as entries ready to paste into the quarantine file — with the owner
 * left as the placeholder the file's check refuses until someone fills it in.
 */
import type { Receipt } from '../receipts/receipt.js'
import { addDays } from './dates.js'
import { OWNER_PLACEHOLDER, type QuarantineEntry } from './file.js'
import { outcomeIn, runsWithResults } from './history.js'
import { compareCodeUnits } from '../base/plain-text.js'

/** The thresholds `quarantine suggest` and the job summary use unless told otherwise. */
export const SUGGEST_DEFAULTS = { minRuns: 10, rate: 0.3 } as const
/** Days a suggested entry lasts: a month to fix the test, well inside the 90 allowed. */
export const SUGGESTED_DAYS = 30

/** A test worth quarantining, and the runs that say so. */
export interface QuarantineSuggestion {
  /** The name the receipts and the results know it by. */
  test: string
  /** Runs with results looked at. */
  runs: number
  /** Runs it flaked, failed or was quarantined in. */
  flaky: number
  failed: number
  quarantined: number
  /** (flaky + failed + quarantined) / runs. */
  rate: number
  /** The day of the oldest run looked at. */
  since: string
}

/** What to look for. */
export interface SuggestOptions {
  minRuns: number
  rate: number
  /** Tests that already have an entry (active or not) are not suggested again. */
  existing?: readonly QuarantineEntry[]
}

/**
 * Tests whose flake rate over the finished runs with results reaches `rate`, when there are
 * at least `minRuns` such runs: highest rate first, then by name.
 */
export function suggestQuarantine(receipts: readonly Receipt[], options: SuggestOptions): QuarantineSuggestion[] {
  const runs = runsWithResults(receipts)
  if (runs.length === 0 || runs.length < options.minRuns) return []
  const since = runs[runs.length - 1]!.started_at.slice(0, 10)
  const named = new Set(runs.flatMap(receipt => [...receipt.tests!.failed, ...receipt.tests!.flaky, ...(receipt.quarantined ?? [])]))
  const known = new Set((options.existing ?? []).map(entry => entry.test))
  const suggestions: QuarantineSuggestion[] = []
  for (const test of named) {
    if (known.has(test)) continue
    const counts = { flaky: 0, failed: 0, quarantined: 0 }
    for (const receipt of runs) {
      const outcome = outcomeIn(receipt, test)
      if (outcome !== 'passed') counts[outcome]++
    }
    // A ratio compared with a ratio: 3 / 10 is the same double as 0.3, where 0.3 * 10 is not 3.
    const rate = (counts.flaky + counts.failed + counts.quarantined) / runs.length
    if (rate >= options.rate) suggestions.push({ test, runs: runs.length, ...counts, rate, since })
  }
  return suggestions.sort((a, b) => b.rate - a.rate || compareCodeUnits(a.test, b.test))
}

/** The suggestion's reason, with the measured rate: `flaked in 4 of 10 runs since 2026-11-20`. */
export function suggestionReason(suggestion: QuarantineSuggestion): string {
  const { flaky, failed, quarantined, runs, since } = suggestion
  const bad = flaky + failed + quarantined
  if (bad === flaky) return `flaked in ${flaky} of ${runs} runs since ${since}`
  const parts = [
    ...(flaky > 0 ? [`${flaky} flaky`] : []),
    ...(failed > 0 ? [`${failed} failed`] : []),
    ...(quarantined > 0 ? [`${quarantined} quarantined`] : [])
  ]
  return `flaked or failed in ${bad} of ${runs} runs since ${since} (${parts.join(', ')})`
}

/** The entry a suggestion stands for, added `today` and expiring SUGGESTED_DAYS later, owner to fill in. */
export function suggestedEntry(suggestion: QuarantineSuggestion, today: string): QuarantineEntry {
  return {
    test: suggestion.test,
    owner: OWNER_PLACEHOLDER,
    reason: suggestionReason(suggestion),
    added: today,
    expires: addDays(today, SUGGESTED_DAYS)
  }
}

/** Suggestions for the file `source`, the threshold they met, and their YAML (what the job summary and `reverify quarantine suggest` show). */
export interface QuarantineAdvice {
  source: string
  /** The threshold: at least `minRuns` runs with test results, a failed or flaky share of at least `rate` (0–1). */
  minRuns: number
  rate: number
  /** The runs with test results looked at. */
  runs: number
  suggestions: QuarantineSuggestion[]
  /** How many suggestions there were before any were left out. */
  total: number
  /** The YAML to paste; absent when there is no suggestion. */
  text?: SuggestionText
}

/** Suggestions as YAML, and whether it is a whole file or items to add to a file's list. */
export interface SuggestionText {
  yaml: string
  items: boolean
}
