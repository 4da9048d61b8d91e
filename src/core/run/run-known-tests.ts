/**
 * The history's known tests as a run reads them (docs/design.md §1 "Early flake detection"):
 * only when `new-test-repeats` is on, from the state directory's file of this command's
 * history (a restored cache puts it there). A file that cannot be used is a warning and an
 * empty set: nothing counts as new, so nothing is repeated rather than everything.
 */
import type { RunSettings } from '../inputs/settings.js'
import type { CommandIdentity } from '../receipts/identity.js'
import { historyKey } from '../receipts/identity.js'
import { readKnownTests } from '../test-results/known-tests-file.js'
import type { KnownTests } from '../test-results/known-tests.js'
import type { RunPorts } from './ports.js'

/** The known tests of the command's history in `target`, when early flake detection needs them. */
export async function runKnownTests(
  settings: Pick<RunSettings, 'newTestRepeats' | 'scope'>,
  target: string,
  identity: CommandIdentity,
  ports: Pick<RunPorts, 'store' | 'log'>
): Promise<KnownTests | undefined> {
  if (settings.newTestRepeats === 0) return undefined
  const load = await readKnownTests(ports.store.stateDir, historyKey(target, settings.scope, identity.hash))
  if (load.warning !== undefined) ports.log({ kind: 'known-tests-warning', note: load.warning })
  return load.known
}
