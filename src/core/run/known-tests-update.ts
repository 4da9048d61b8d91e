/**
 * The history's known tests kept after a run (docs/design.md §3 "Known tests"): the identity
 * key of every test case the run's attempts read from their results joins the set of the
 * command's history in the state directory, first seen today, and the set is written again
 * atomically. A flaky new test (early flake detection) is left out, so it stays new and is
 * repeated again on the next run. A run whose attempts read no results file changes nothing.
 * The set is derived data: a file that cannot be read or written is a warning, never the
 * verdict.
 */
import { describeError } from '../base/errors.js'
import type { AttemptTests } from '../attempt/tests.js'
import type { NewTestDetection } from '../attempt/new-tests.js'
import { knownTestsPath, readKnownTests, writeKnownTests } from '../test-results/known-tests-file.js'
import { dayNumber } from '../test-results/known-tests.js'
import { historyKey } from '../receipts/identity.js'
import type { CompletedRun } from './report.js'
import type { RunPorts } from './ports.js'

/** Where a history's known tests live: a state directory and the history's key. */
export interface KnownTestsPlace {
  stateDir: string
  historyKey: string
}

/** What keeping the known tests did. */
export interface KnownTestsUpdate {
  /** Tests the set did not know before this run. */
  added: number
  /** Tests the set knows now. */
  known: number
}

/** The keys of the flaky new tests a run found: they stay out of the known tests. */
export function flakyNewTestKeys(detection: NewTestDetection | undefined): Set<string> {
  return new Set(detection?.flaky.map(flaky => flaky.test.key) ?? [])
}

/**
 * Adds the test keys of the attempts that read results (`exclude` left out) to the history's
 * known tests, first seen on `day` (a day number, known-tests.ts), and writes the set when it
 * grew. Undefined when no attempt read a results file.
 */
export async function recordKnownTests(
  place: KnownTestsPlace,
  attempts: readonly { tests?: Pick<AttemptTests, 'files' | 'keys'> }[],
  options: { day: number; exclude: ReadonlySet<string>; warn: (note: string) => void }
): Promise<KnownTestsUpdate | undefined> {
  const read = attempts.flatMap(attempt => (attempt.tests !== undefined && attempt.tests.files.length > 0 ? [attempt.tests] : []))
  if (read.length === 0) return undefined
  const load = await readKnownTests(place.stateDir, place.historyKey)
  if (load.warning !== undefined) options.warn(`${load.warning}; they are written again from this run's tests`)
  const { known } = load
  let added = 0
  for (const tests of read) if (tests.keys !== undefined) added += known.addKeys(tests.keys, options.day, options.exclude)
  if (added > 0 || load.warning !== undefined) {
    try {
      await writeKnownTests(place.stateDir, place.historyKey, known)
    } catch (error) {
      options.warn(
        `the known tests (${knownTestsPath(place.stateDir, place.historyKey)}) could not be written: ${describeError(error)}; the verdict stands`
      )
    }
  }
  return { added, known: known.size }
}

/** After a completed run: its tests join its history's known tests, first seen today; a flaky new test stays new. */
export async function keepKnownTests(
  run: CompletedRun,
  { target, scope }: { target: string; scope: string },
  ports: Pick<RunPorts, 'store' | 'clock' | 'log'>
): Promise<void> {
  await recordKnownTests({ stateDir: ports.store.stateDir, historyKey: historyKey(target, scope, run.identity.hash) }, run.attempts, {
    day: dayNumber(ports.clock.now()),
    exclude: flakyNewTestKeys(run.newTests),
    warn: note => ports.log({ kind: 'known-tests-warning', note })
  })
}
