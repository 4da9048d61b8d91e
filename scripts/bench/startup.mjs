// Row (a): what reverify adds before and after a command that does nothing. node -e 0 is
// the floor any node CLI pays; bash -c true shows what spawning alone costs here.
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { interleave, medianOf, requireExit, timeProcess } from './measure.mjs'
import { writeHistoryOf } from './receipt-fixtures.mjs'

/** A mature command's history: keep-receipts' default, so each run adds one receipt and retention removes one. */
export const HISTORY_RECEIPTS = 200

/**
 * Median wall ms of `reverify run --command true` (a fresh --state-dir every time, in a
 * scratch repository), `bash -c true` and `node -e 0`, interleaved over `rounds`; and of the
 * same run with a cold compile cache (a fresh XDG_CACHE_HOME every time), and the same run of a
 * command with a history of HISTORY_RECEIPTS receipts (one state dir, reused), as references.
 * Resolves to { reverifyMs, coldMs, historyMs, historyReceipts, bashMs, nodeMs, rounds }.
 */
export async function benchStartup({ cli, scratch, rounds, progress }) {
  let serial = 0
  const trivialRun = async (what, env) => {
    // Fresh each time: every run pays for creating its state, none profits from another's.
    const stateDir = join(scratch, `startup-state-${serial++}`)
    try {
      return requireExit(await timeProcess(trivialArgv(cli, stateDir), { cwd: scratch, env }), 0, what)
    } finally {
      await rm(stateDir, { recursive: true, force: true })
      if (env !== undefined) await rm(env.XDG_CACHE_HOME, { recursive: true, force: true })
    }
  }
  const historyDir = await stateWithHistory(cli, scratch)
  const historyRun = async () =>
    requireExit(await timeProcess(trivialArgv(cli, historyDir), { cwd: scratch }), 0, 'reverify run --command true (with a history)')
  const variants = [
    {
      key: 'node',
      run: async () => requireExit(await timeProcess([process.execPath, '-e', '0'], { cwd: scratch }), 0, 'node -e 0')
    },
    {
      key: 'bash',
      run: async () => requireExit(await timeProcess(['bash', '-c', 'true'], { cwd: scratch }), 0, 'bash -c true')
    },
    { key: 'reverify', run: () => trivialRun('reverify run --command true') },
    {
      key: 'cold',
      run: () =>
        trivialRun('reverify run --command true (cold compile cache)', { XDG_CACHE_HOME: join(scratch, `startup-cold-cache-${serial}`) })
    },
    { key: 'history', run: historyRun }
  ]
  const samples = await interleave(variants, rounds, progress).finally(() => rm(historyDir, { recursive: true, force: true }))
  return {
    nodeMs: medianOf(samples.get('node'), 'wallMs'),
    bashMs: medianOf(samples.get('bash'), 'wallMs'),
    reverifyMs: medianOf(samples.get('reverify'), 'wallMs'),
    coldMs: medianOf(samples.get('cold'), 'wallMs'),
    historyMs: medianOf(samples.get('history'), 'wallMs'),
    historyReceipts: HISTORY_RECEIPTS,
    rounds
  }
}

/** A state dir where the trivial command has a history of HISTORY_RECEIPTS receipts: its first run's receipt and older copies. */
async function stateWithHistory(cli, scratch) {
  const stateDir = join(scratch, 'startup-history')
  requireExit(await timeProcess(trivialArgv(cli, stateDir), { cwd: scratch }), 0, 'reverify run --command true (making a history)')
  const [runId] = await readdir(join(stateDir, 'runs'))
  const receipt = JSON.parse(await readFile(join(stateDir, 'runs', runId, 'receipt.json'), 'utf8'))
  await writeHistoryOf(stateDir, receipt, HISTORY_RECEIPTS)
  return stateDir
}

/** The trivial run's command line, its state in `stateDir`. */
function trivialArgv(cli, stateDir) {
  return [cli, 'run', '--command', 'true', '--expect-exit', '0', '--max-retries', '0', '--state-dir', stateDir]
}
