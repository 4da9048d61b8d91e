// Row (e): a whole `reverify run` must not slow down as its state directory fills up
// (docs/design.md §3 "Retention": the capture-before-retry lookup goes through an index).
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { interleave, medianOf, requireExit, timeProcess } from './measure.mjs'
import { writeReceiptStore } from './receipt-fixtures.mjs'

const FULL_STORE_RECEIPTS = 10_000

/**
 * Median wall ms of `reverify run --command true` against a store already holding 10,000
 * receipts of the scratch repository (`fullStateDir`, or one built here) and against a store
 * that started empty, interleaved over `rounds`. Both stores are reused from run to run, so
 * both also hold the trivial command's own earlier receipts (at most 20, by retention) and
 * differ only in the 10,000 others. Resolves to { emptyMs, fullMs, receipts, rounds }.
 */
export async function benchRunWithStore({ cli, scratch, fullStateDir, rounds, progress }) {
  const emptyStateDir = join(scratch, 'store-empty')
  await mkdir(emptyStateDir)
  let fullDir = fullStateDir
  if (fullDir === undefined) {
    fullDir = await mkdtemp(join(scratch, 'store-full-'))
    await writeReceiptStore(fullDir, FULL_STORE_RECEIPTS, scratch)
  }
  const runIn = stateDir => async () => {
    const argv = [cli, 'run', '--command', 'true', '--expect-exit', '0', '--max-retries', '0', '--state-dir', stateDir]
    return requireExit(await timeProcess(argv, { cwd: scratch }), 0, `reverify run --command true (state in ${stateDir})`)
  }
  try {
    const samples = await interleave(
      [
        { key: 'empty', run: runIn(emptyStateDir) },
        { key: 'full', run: runIn(fullDir) }
      ],
      rounds,
      progress
    )
    return {
      emptyMs: medianOf(samples.get('empty'), 'wallMs'),
      fullMs: medianOf(samples.get('full'), 'wallMs'),
      receipts: FULL_STORE_RECEIPTS,
      rounds
    }
  } finally {
    await rm(emptyStateDir, { recursive: true, force: true })
    if (fullStateDir === undefined) await rm(fullDir, { recursive: true, force: true })
  }
}
