/**
 * The verify loop's part in the flakiness policy (docs/design.md §1 "Quarantine and flaky gates", the contract's §12):
 * excusing an attempt whose failure is entirely its quarantined tests', and the gates that
 * turn a flaky pass into a failure. Both decide from the attempt's own results and the
 * quarantine file's entries that apply today; neither ever excuses anything else.
 */
import type { RunSettings } from '../inputs/settings.js'
import { applyingEntries, entryFor, entryState, excusedFailure, type QuarantinedFailure } from './quarantine-policy.js'
import type { QuarantineEntry } from '../quarantine/file.js'
import { explainFailure } from '../attempt/explained-failure.js'
import type { AttemptResult } from '../attempt/result.js'

/** The quarantine as the loop applies it: every entry of the file, and today (UTC, `YYYY-MM-DD`). */
export interface QuarantineContext {
  entries: QuarantineEntry[]
  today: string
  /**
   * Set when `command` runs more than the test runner (reruns/command-shape.ts): what follows
   * the tests may not have run when they failed, so no failure is excused.
   */
  moreThanRunner?: boolean
}

/** Why a failure of quarantined tests only is not excused when the command runs more than the runner. */
export const NOT_EXCUSED_MORE_THAN_RUNNER =
  'not excused by quarantine: the command runs more than the test runner, and what follows the tests may not have run'

/** The entries that apply today. */
function applying(context: QuarantineContext): QuarantineEntry[] {
  return applyingEntries(context.entries, context.today)
}

/** The attempt's failed tests that one of `entries` covers, each with its entry. */
function failuresWithEntry(attempt: AttemptResult, entries: readonly QuarantineEntry[]): QuarantinedFailure[] {
  return (attempt.tests?.failedTests ?? []).flatMap(test => {
    const entry = entryFor(entries, test)
    return entry === undefined ? [] : [{ test, entry }]
  })
}

/** What the quarantine says of a failed attempt: the failures it excuses, or why it does not excuse them. */
export interface QuarantineExcuse {
  quarantined?: QuarantinedFailure[]
  unexcused?: string
}

/**
 * Excuses a failed attempt when every failure is quarantined, whatever its number and whether
 * a retry or a rerun could follow: a failure already excused needs no further attempt (the
 * contract's §12). A command that runs more than the runner is never excused: the excuse
 * says why. Pure: the verdict (verdict.ts) is its one caller for an attempt that ran.
 */
export function quarantineExcuse(failed: AttemptResult, context: QuarantineContext | undefined): QuarantineExcuse {
  if (context === undefined || failed.interrupted) return {}
  const excused = excusedFailure(failed, applying(context))
  if (excused === undefined) return {}
  if (context.moreThanRunner === true) return { unexcused: NOT_EXCUSED_MORE_THAN_RUNNER }
  return { quarantined: excused }
}

/**
 * What excused a verified attempt: its own verdict, or — for an attempt a resumed run read
 * back from the trace, verified with a check that failed — the same excuse made again from
 * its recorded results and today's entries.
 */
export function excuseOf(attempt: AttemptResult | undefined, context: QuarantineContext | undefined): QuarantinedFailure[] | undefined {
  if (attempt === undefined || !attempt.verified) return undefined
  if (attempt.quarantined !== undefined) return attempt.quarantined
  if (attempt.checks.every(check => check.ok)) return undefined
  return quarantineExcuse(attempt, context).quarantined
}

/**
 * Why the quarantine did not excuse a failed attempt some of whose failed tests it covers,
 * when the reason is outside the tests (a file that failed to run, a crash, a failed
 * expect-stdout …): `the quarantine of <test> does not excuse it: <why>`. Undefined when it
 * covers none of them, or when what it does not cover is another failed test.
 */
export function unexcusedReason(attempt: AttemptResult | undefined, context: QuarantineContext | undefined): string | undefined {
  if (attempt === undefined || attempt.verified) return undefined
  const covered = coveredFailures(attempt, context)
  if (covered.length === 0) return undefined
  const explanation = explainFailure(attempt)
  if (explanation.explained) return undefined
  const names = covered.map(({ test }) => test.name)
  return `the quarantine of ${names.join('; ')} does not excuse it: ${explanation.why}`
}

/** The words of the verify event of an excused attempt. */
export function describeExcused(excused: readonly QuarantinedFailure[]): string {
  const names = excused.map(({ test, entry }) => `${test.name} (${entry.owner}, until ${entry.expires})`)
  return `every failure is quarantined: ${names.join('; ')}`
}

/** Failed tests of the attempt whose entry has expired, with that entry: they fail the run again. */
export function expiredFailures(attempt: AttemptResult | undefined, context: QuarantineContext | undefined): QuarantinedFailure[] {
  if (attempt === undefined || context === undefined || attempt.tests === undefined) return []
  return failuresWithEntry(
    attempt,
    context.entries.filter(entry => entryState(entry, context.today).kind === 'expired')
  )
}

/** A gate that turned a flaky pass into a failure: which, and the tests it counted. */
export interface GateVerdict {
  gate: 'fail-on-flaky' | 'max-flaky-tests'
  tests: string[]
  message: string
}

/**
 * The gates over a flaky pass: `fail-on-flaky` fails it unless every flaky test is
 * quarantined (a flaky pass whose results name no test fails it too: nothing shows it was
 * a quarantined test), and `max-flaky-tests` fails it when more tests than allowed flaked,
 * quarantined ones not counted (a flaky pass with no names counts as one).
 */
export function flakyGate(
  settings: RunSettings,
  flakyTests: readonly string[],
  context: QuarantineContext | undefined
): GateVerdict | undefined {
  const entries = context === undefined ? [] : applying(context)
  // A flaky test is named without its file: an entry for that name covers it.
  const open = flakyTests.filter(name => !entries.some(entry => entry.test === name))
  const shown = flakyTests.length === 0 ? 'the command (its results name no flaky test)' : open.join('; ')
  if (settings.failOnFlaky && (flakyTests.length === 0 || open.length > 0)) {
    return {
      gate: 'fail-on-flaky',
      tests: open,
      message: `flaky pass refused by fail-on-flaky: ${shown} failed, then passed on a retry, and ${open.length === 1 || flakyTests.length === 0 ? 'is' : 'are'} not quarantined`
    }
  }
  const counted = flakyTests.length === 0 ? 1 : open.length
  if (settings.maxFlakyTests !== undefined && counted > settings.maxFlakyTests) {
    return {
      gate: 'max-flaky-tests',
      tests: open,
      message: `flaky pass refused by max-flaky-tests: ${counted} flaky test${counted === 1 ? '' : 's'} (${shown}), more than max-flaky-tests (${settings.maxFlakyTests})`
    }
  }
  return undefined
}

/** A failed test with a quarantine entry, as the trace's verify event records it (docs/design.md §2). */
export interface QuarantineRecord {
  test: string
  owner: string
  reason: string
  expires: string
  issue?: string
}

/**
 * The attempt's failed tests that an entry applying today covers, with the entry's owner,
 * reason and expiry: all of them when the quarantine excused the attempt, else those that
 * failed next to something quarantine does not excuse. Undefined when there are none.
 */
export function quarantineRecords(attempt: AttemptResult, context: QuarantineContext | undefined): QuarantineRecord[] | undefined {
  const found = attempt.quarantined ?? coveredFailures(attempt, context)
  if (found.length === 0) return undefined
  return found.map(({ test, entry }) => ({
    test: test.name,
    owner: entry.owner,
    reason: entry.reason,
    expires: entry.expires,
    ...(entry.issue !== undefined && { issue: entry.issue })
  }))
}

/** The attempt's failed tests that an entry applying today covers, with that entry (excused or not). */
export function coveredFailures(attempt: AttemptResult | undefined, context: QuarantineContext | undefined): QuarantinedFailure[] {
  if (attempt === undefined || context === undefined || attempt.tests === undefined) return []
  return failuresWithEntry(attempt, applying(context))
}
