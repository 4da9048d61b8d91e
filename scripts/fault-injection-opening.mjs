// Fault injection at a run's opening (docs/reliability.md, "The run's opening"): the built CLI
// killed with SIGKILL at each write of the opening — the `running` receipt, the session folder,
// meta.json, run.json, the trace's `start` — stopped there by the test-only pause
// (src/core/recovery/test-pause.ts), and at seeded random moments 0–50 ms after the opening
// began. Each kill is followed by the next run of
// the command or by `reverify resume`, after `reverify receipts list` has said whether it
// offers the resume. Then the state directory is searched for what the kill left: temp files,
// run folders without a receipt, receipts still `running`, traces without exactly one `start`
// and one `end`. Used by __tests__/cli/fault-injection.slow.test.ts.
//
//   node scripts/fault-injection-opening.mjs [sweep kills] [seed]     prints the counts as JSON
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { readReceipts, readTrace, seeded, startCli } from './fault-injection.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The pause points of the opening, in the order its writes come (src/core/recovery/test-pause.ts). */
export const OPENING_POINTS = [
  'before-opening',
  'during-receipt-write',
  'before-session',
  'during-meta-write',
  'during-run-record-write',
  'before-start',
  'after-opening'
]

/** The random kills land 0–50 ms after the opening began. */
const SWEEP_MS = 50
// The command runs a little while, so a kill in the sweep never finds the run over.
const RUN = ['run', '--command', 'echo FI-OPEN; sleep 0.2', '--expect-exit', '0', '--max-retries', '0', '--capture-before-retry', 'off']

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (!condition() && Date.now() < deadline) await sleep(5)
  return condition()
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir, prefix = '') {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]
  )
}

/** What a state directory holds that a closed run must not leave: each a list of paths or run ids. */
export function leftoversIn(state) {
  const receipts = readReceipts(state)
  const runs = join(state, 'runs')
  const sessions = new Set(
    filesUnder(join(state, 'sessions'))
      .filter(path => path.endsWith('/trace.jsonl') || path.endsWith('/meta.json'))
      .map(path => join(state, 'sessions', dirname(path)))
  )
  const named = new Set([...receipts.values()].map(receipt => receipt?.session?.dir))
  const openTraces = []
  for (const receipt of receipts.values()) {
    if (!receipt?.session?.dir || !existsSync(receipt.session.dir)) continue
    const { events, unparsable } = readTrace(receipt.session.dir)
    const count = phase => events.filter(event => event.phase === phase).length
    if (unparsable > 0 || count('start') !== 1 || count('end') !== 1) openTraces.push(receipt.run_id)
  }
  return {
    tmpFiles: filesUnder(state).filter(path => path.endsWith('.tmp')),
    runDirsWithoutReceipt: existsSync(runs) ? readdirSync(runs).filter(id => !existsSync(join(runs, id, 'receipt.json'))) : [],
    runsLeftRunning: [...receipts].filter(([, receipt]) => receipt?.status === 'running').map(([id]) => id),
    unparsableReceipts: [...receipts].filter(([, receipt]) => receipt === undefined).map(([id]) => id),
    openTraces,
    sessionsWithoutReceipt: [...sessions].filter(dir => !named.has(dir))
  }
}

/** Where a kill left the run, from what is on disk: how far its opening got. */
function landedIn(state, before) {
  const runs = join(state, 'runs')
  const fresh = existsSync(runs) ? readdirSync(runs).filter(id => !before.has(id)) : []
  if (fresh.length === 0) return { stage: 'no run folder yet' }
  const runId = fresh[0]
  const receipt = readReceipts(state).get(runId)
  if (receipt === undefined) return { stage: 'receipt being written', runId }
  if (!existsSync(receipt.session.dir)) return { stage: 'receipt, no session', runId }
  const { events } = readTrace(receipt.session.dir)
  if (events.length === 0) return { stage: 'session, no start', runId }
  const phases = new Set(events.map(event => event.phase))
  if (phases.has('end')) return { stage: 'ended', runId }
  return { stage: phases.has('tool_call') ? 'command' : 'started, no command', runId }
}

/**
 * One kill: the run stopped at `point` (by the pause), then killed there, or `delayMs` after
 * it was let go on; then `receipts list` and the follow-up. Resolves with what happened.
 */
async function killOnce({ cli, repo, env, point, delayMs, followUp, index }) {
  const state = join(repo, '.reverify')
  const already = leftoversIn(state)
  const before = new Set(existsSync(join(state, 'runs')) ? readdirSync(join(state, 'runs')) : [])
  const marker = join(repo, `paused-${index}`)
  const run = startCli(cli, RUN, repo, { ...env, REVERIFY_TEST_PAUSE_AT: `${point}:${marker}` })
  let closed = false
  void run.done.then(() => (closed = true))
  await until(() => closed || existsSync(marker), 30_000)
  if (delayMs !== undefined) {
    rmSync(marker, { force: true })
    await sleep(delayMs)
  }
  run.child.kill('SIGKILL')
  const ended = await run.done
  rmSync(marker, { force: true })
  if (ended.signal !== 'SIGKILL') return { killed: false }
  const { stage, runId } = landedIn(state, before)
  const listed = await startCli(cli, ['receipts', 'list'], repo, env).done
  const next = await startCli(cli, followUp === 'resume' ? ['resume'] : RUN, repo, env).done
  const said = `${next.stdout}${next.stderr}`
  const after = runId === undefined ? undefined : readReceipts(state).get(runId)
  return {
    killed: true,
    point,
    followUp,
    stage,
    exit: next.code,
    offeredResume: listed.stdout.includes('reverify resume'),
    resumed: said.includes('resumed run'),
    saysNoStart: said.includes('has no start'),
    // The killed run's receipt after the follow-up: its status, or none (killed before it existed).
    status: after?.status ?? 'none',
    // What this kill left (an earlier kill's leftovers are that kill's).
    leftovers: Object.fromEntries(
      Object.entries(leftoversIn(state)).map(([name, found]) => [name, found.filter(item => !already[name].includes(item))])
    )
  }
}

function newRepo() {
  const repo = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-opening-')))
  mkdirSync(join(repo, '.git'))
  return repo
}

/** The kills of one repository, one after the other. */
async function killAll(cli, plan) {
  const repo = newRepo()
  const env = { PATH: process.env.PATH, HOME: process.env.HOME }
  const results = []
  try {
    for (const [index, kill] of plan.entries()) results.push(await killOnce({ cli, repo, env, index, ...kill }))
  } finally {
    rmSync(repo, { recursive: true, force: true })
  }
  return results
}

/** Adds up the kills: how each was closed, and what any left behind (all 0 when the opening is closed). */
export function summarize(results) {
  const killed = results.filter(result => result.killed)
  const counts = {
    kills: killed.length,
    finishedFirst: results.length - killed.length,
    byStage: {},
    followUps: { run: 0, resume: 0 },
    closedByNextRun: 0,
    closedByResume: 0,
    resumed: 0,
    beforeAnyReceipt: 0,
    resumeOfferedButRefused: 0,
    saysNoStart: 0,
    leftovers: {
      tmpFiles: 0,
      runDirsWithoutReceipt: 0,
      runsLeftRunning: 0,
      unparsableReceipts: 0,
      openTraces: 0,
      sessionsWithoutReceipt: 0
    }
  }
  for (const result of killed) {
    counts.byStage[result.stage] = (counts.byStage[result.stage] ?? 0) + 1
    counts.followUps[result.followUp]++
    if (result.status === 'none') counts.beforeAnyReceipt++
    else if (result.status !== 'running') counts[result.followUp === 'resume' ? 'closedByResume' : 'closedByNextRun']++
    if (result.resumed) counts.resumed++
    if (result.offeredResume && result.followUp === 'resume' && result.exit === 2) counts.resumeOfferedButRefused++
    if (result.saysNoStart) counts.saysNoStart++
    for (const [name, found] of Object.entries(result.leftovers)) counts.leftovers[name] += found.length
  }
  return counts
}

/**
 * The kills at each pause point of the opening, each point followed once by the next run and
 * once by `reverify resume`; resolves with one result per kill.
 */
export async function killAtEachPoint({ cli = join(root, 'dist', 'cli.js') } = {}) {
  const plan = OPENING_POINTS.flatMap(point => ['run', 'resume'].map(followUp => ({ point, followUp })))
  return killAll(cli, plan)
}

/**
 * `kills` random kills 0–50 ms after the opening began (seeded), spread over `workers`
 * repositories killed in parallel; the follow-up is the next run or `reverify resume`, half each.
 */
export async function killAtRandom({ cli = join(root, 'dist', 'cli.js'), kills = 24, seed = 20261130, workers = 2 } = {}) {
  const plans = Array.from({ length: workers }, (_, worker) => {
    const random = seeded(seed + worker)
    const count = Math.floor(kills / workers) + (worker < kills % workers ? 1 : 0)
    return Array.from({ length: count }, () => ({
      point: 'before-opening',
      delayMs: Math.floor(SWEEP_MS * random()),
      followUp: random() < 0.5 ? 'resume' : 'run'
    }))
  })
  return (await Promise.all(plans.map(plan => killAll(cli, plan)))).flat()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kills = Number(process.argv[2] ?? 24)
  const seed = Number(process.argv[3] ?? 20261130)
  const points = await killAtEachPoint()
  const sweep = await killAtRandom({ kills, seed })
  const brief = result => ({
    ...result,
    leftovers: Object.fromEntries(Object.entries(result.leftovers).filter(([, found]) => found.length > 0))
  })
  process.stdout.write(
    `${JSON.stringify({ points: points.map(brief), atPoints: summarize(points), atRandom: summarize(sweep) }, null, 2)}\n`
  )
}
