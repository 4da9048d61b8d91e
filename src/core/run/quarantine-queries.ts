/**
 * The quarantine's queries (docs/design.md §1 "The quarantine command"): the file as a run
 * reads it, where each entry stands with its test's history in the receipts, and the entries
 * the receipts suggest. `reverify quarantine` and the job summary ask these and word the
 * facts; neither composes the quarantine's parts itself.
 */
import { existsSync, promises as fsp } from 'node:fs'
import { dayOf, daysBetween } from '../quarantine/dates.js'
import { loadQuarantine, type QuarantineEntry } from '../quarantine/file.js'
import {
  RELEASE_MIN_RUNS,
  RELEASE_STREAK_RUNS,
  RELEASE_WINDOW_DAYS,
  entryHistory,
  runsWithResults,
  type EntryHistory
} from '../quarantine/history.js'
import { SUGGEST_DEFAULTS, suggestQuarantine, type QuarantineAdvice } from '../quarantine/suggest.js'
import type { Receipt } from '../receipts/receipt.js'
import { entryState, type EntryState } from '../verify/quarantine-policy.js'
import { expiryWarnings, quarantineGivenOnPurpose, quarantineOn, quarantinePath } from './run-quarantine.js'

/** Where a quarantine file is named: as given, the repository root it is read from, and the input that named it. */
export interface QuarantinePlace {
  shown: string
  root: string
  /** As the front end spells it (`--quarantine`, `quarantine`), for messages. */
  inputName: string
}

/** The quarantine file as a run reads it today. */
export interface QuarantineRead {
  /** The path as given, for messages. */
  source: string
  /** Where it is. */
  path: string
  /** False when there is no file: nothing is quarantined. */
  exists: boolean
  /** The UTC day it was read on. */
  today: string
  entries: QuarantineEntry[]
  /** The expiry warnings a run would give today, one line each: ended entries first. */
  warnings: string[]
}

/** One entry, where it stands and its test's history since the entry was added. */
export interface EntryStatus {
  entry: QuarantineEntry
  state: EntryState
  /** Days from today to `expires` (0 on its last day, negative once ended). */
  daysLeft: number
  history: EntryHistory
}

/** The release rule an entry's history is held to (the contract's §12). */
export const RELEASE_RULE = { windowDays: RELEASE_WINDOW_DAYS, minRuns: RELEASE_MIN_RUNS, streakRuns: RELEASE_STREAK_RUNS } as const

/**
 * Reads the quarantine file at `place` as it stands on the UTC day of `now`. An absent file
 * is an empty quarantine (at a path given on purpose, a UsageError); a bad one is a UsageError of one line, as it is for a run.
 */
export async function readQuarantine(place: QuarantinePlace, now: Date): Promise<QuarantineRead> {
  const path = quarantinePath(place.shown, place.root)
  const today = dayOf(now)
  const mustExist = quarantineGivenOnPurpose(place.shown)
  const list = await loadQuarantine({ path, root: place.root, shown: place.shown, inputName: place.inputName, mustExist }, today)
  const warnings = expiryWarnings(quarantineOn(list, today)).map(warning => warning.note)
  return { source: list.source, path, exists: existsSync(path), today, entries: list.entries, warnings }
}

/** Each entry of the file, and the release rule their histories are held to. */
export interface QuarantineStatus {
  entries: EntryStatus[]
  release: typeof RELEASE_RULE
}

/** Each entry of the file on the UTC day of `now`, with its test's history in `receipts`. */
export function quarantineStatus(read: QuarantineRead, receipts: readonly Receipt[], now: Date): QuarantineStatus {
  const today = dayOf(now)
  const entries = read.entries.map(entry => ({
    entry,
    state: entryState(entry, today),
    daysLeft: daysBetween(today, entry.expires),
    history: entryHistory(entry, receipts, now)
  }))
  return { entries, release: RELEASE_RULE }
}

/** What to look for in the receipts: at least `minRuns` runs with results and a rate of `rate`; at most `most` suggestions kept. */
export interface AdviceOptions {
  minRuns?: number
  rate?: number
  most?: number
}

/**
 * The entries the receipts suggest for tests without one, highest rate first, with the YAML
 * to paste into the file (items for its list when it has one, else a whole file). The
 * threshold is SUGGEST_DEFAULTS unless given.
 */
export async function adviseQuarantine(
  read: QuarantineRead,
  receipts: readonly Receipt[],
  options: AdviceOptions = {}
): Promise<QuarantineAdvice> {
  const minRuns = options.minRuns ?? SUGGEST_DEFAULTS.minRuns
  const rate = options.rate ?? SUGGEST_DEFAULTS.rate
  const all = suggestQuarantine(receipts, { minRuns, rate, existing: read.entries })
  const suggestions = options.most === undefined ? all : all.slice(0, options.most)
  const advice = { source: read.source, minRuns, rate, runs: runsWithResults(receipts).length, suggestions, total: all.length }
  if (suggestions.length === 0) return advice
  const existing = existsSync(read.path) ? await fsp.readFile(read.path, 'utf8') : undefined
  // The YAML library is loaded only when there is a suggestion to write (suggestion-yaml.ts).
  const { suggestionYaml } = await import('../quarantine/suggestion-yaml.js')
  return { ...advice, text: suggestionYaml(suggestions, read.today, existing) }
}
