/**
 * The quarantine file in a verify run (docs/design.md §1 "Quarantine and flaky gates"): read and validated before
 * anything exists (a bad file is a usage error, exit 2), its entries that end within a week
 * or have ended told as warnings and trace notes, and what it decided carried to the
 * receipt and the report.
 */
import { isAbsolute, resolve } from 'node:path'
import { dayOf } from '../quarantine/dates.js'
import { loadQuarantine, type QuarantineList } from '../quarantine/file.js'
import { inputSpec } from '../inputs/table.js'
import { entryState } from '../verify/quarantine-policy.js'
import type { Receipt } from '../receipts/receipt.js'
import { quarantineNote } from '../session/notes.js'
import type { TraceSession } from '../session/writer.js'
import { MAX_TESTS_LISTED } from '../test-results/attempt-tests.js'
import { commandShape } from '../reruns/command-shape.js'
import { readPackageScripts } from '../reruns/package-scripts.js'
import type { LoopResult } from '../verify/loop.js'
import { coveredFailures, type QuarantineContext } from '../verify/quarantine-step.js'
import type { RunSettings } from '../inputs/settings.js'
import type { RunProgress } from './ports.js'
import type { QuarantineFacts } from './report.js'

/** The quarantine as a run holds it. */
export interface RunQuarantine {
  list: QuarantineList
  context: QuarantineContext
  expiring: QuarantineFacts['expiring']
  expired: QuarantineFacts['expired']
}

/** Reads the run's quarantine file; undefined when it has no entries (or is absent). */
export async function loadRunQuarantine(
  settings: Pick<RunSettings, 'quarantine' | 'workingDirectory' | 'script'>,
  quarantineRoot: string | undefined,
  now: Date,
  inputName: string
): Promise<RunQuarantine | undefined> {
  const shown = settings.quarantine
  if (shown === undefined || shown === '') return undefined
  const root = quarantineRoot ?? settings.workingDirectory
  const today = dayOf(now)
  const list = await loadQuarantine(
    { path: quarantinePath(shown, root), root, shown, inputName, mustExist: quarantineGivenOnPurpose(shown) },
    today
  )
  if (list.entries.length === 0) return undefined
  // Once per run: whether what follows the tests may not have run when they failed (quarantine-step.ts).
  const moreThanRunner = commandShape(settings.script, readPackageScripts(settings.workingDirectory)).kind === 'more'
  return quarantineOn(list, today, moreThanRunner)
}

/**
 * True when the quarantine path is not the input's default, so it was given on purpose and a
 * missing file is a mistake (docs/design.md §1 "Quarantine and flaky gates"). The action's
 * input always has a value (its default fills in), so both fronts tell it the same way:
 * the default path, even typed out, may be absent.
 */
export function quarantineGivenOnPurpose(shown: string): boolean {
  return shown !== inputSpec('quarantine').default
}

/** Where the quarantine file named `shown` is: an absolute path as given, a relative one from the repository root. */
export function quarantinePath(shown: string, root: string): string {
  return isAbsolute(shown) ? shown : resolve(root, shown)
}

/**
 * The quarantine as it stands on `today`: which entries end within a week, which have ended;
 * `moreThanRunner` when the run's command runs more than the test runner (nothing is excused).
 */
export function quarantineOn(list: QuarantineList, today: string, moreThanRunner = false): RunQuarantine {
  const expiring: RunQuarantine['expiring'] = []
  const expired: RunQuarantine['expired'] = []
  for (const entry of list.entries) {
    const state = entryState(entry, today)
    if (state.kind === 'expiring') expiring.push({ entry, daysLeft: state.daysLeft })
    if (state.kind === 'expired') expired.push({ entry, since: state.since })
  }
  return { list, context: { entries: list.entries, today, ...(moreThanRunner && { moreThanRunner }) }, expiring, expired }
}

/** The expiry warnings, one line each: to the front end now and, once the session exists, to the trace. */
export function expiryWarnings(quarantine: RunQuarantine | undefined): Extract<RunProgress, { kind: 'quarantine-expiry' }>[] {
  if (quarantine === undefined) return []
  const { source } = quarantine.list
  const soon = quarantine.expiring.map(({ entry, daysLeft }) => ({
    kind: 'quarantine-expiry' as const,
    test: entry.test,
    owner: entry.owner,
    expires: entry.expires,
    expired: false,
    note: `the quarantine of ${JSON.stringify(entry.test)} in ${source} (owner ${entry.owner}) expires on ${entry.expires}, ${daysLeft === 0 ? 'today' : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`}: fix the test, or renew the entry with a reason`
  }))
  const ended = quarantine.expired.map(({ entry }) => ({
    kind: 'quarantine-expiry' as const,
    test: entry.test,
    owner: entry.owner,
    expires: entry.expires,
    expired: true,
    note: `the quarantine of ${JSON.stringify(entry.test)} in ${source} (owner ${entry.owner}) expired on ${entry.expires} and no longer applies: a failure of that test fails the run`
  }))
  return [...ended, ...soon]
}

/** Writes the expiry warnings to the trace. */
export function noteExpiries(session: TraceSession, quarantine: RunQuarantine | undefined): void {
  for (const warning of expiryWarnings(quarantine)) session.event('note', quarantineNote(warning.note))
}

/** What the receipt records of the policy: the quarantined tests of a pass they excused, and what decided. */
export function receiptPolicy(loop: LoopResult): Pick<Receipt, 'quarantined' | 'gate'> {
  if (loop.gate !== undefined) return { gate: loop.gate.gate }
  // A flaky new test failed a run that had passed (docs/design.md §1 "Early flake detection").
  if (loop.newTests?.decided === 'fail') return { gate: 'new-test-repeats' }
  if (loop.quarantined === undefined) return {}
  const names = [...new Set(loop.quarantined.map(({ test }) => test.name.slice(0, 500)))].slice(0, MAX_TESTS_LISTED)
  return { quarantined: names, gate: 'quarantine' }
}

/** The report's quarantine facts, when the file had entries. */
export function quarantineFacts(quarantine: RunQuarantine | undefined, loop: LoopResult): QuarantineFacts | undefined {
  if (quarantine === undefined) return undefined
  const covered = loop.outcome === 'success' ? [] : coveredFailures(loop.attempts[loop.attempts.length - 1], quarantine.context)
  return {
    source: quarantine.list.source,
    excused: loop.quarantined ?? [],
    covered,
    expiring: quarantine.expiring,
    expired: quarantine.expired
  }
}
