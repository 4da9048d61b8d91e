// Fault injection (docs/reliability.md): the built CLI killed with SIGKILL at seeded moments
// spread over every phase of a run, each kill followed by the next run of the same command or
// `reverify resume`; then every file is parsed and the losses are counted. Used by
// __tests__/cli/fault-injection.slow.test.ts (a small seeded subset) and by `npm run bench` (row k).
//
// Some of the kills hit the bundled action during its cache save (scripts/fault-injection-action.mjs).
//
//   node scripts/fault-injection.mjs [kills] [seed] [cache-save kills]     prints the counts as JSON
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { runCacheSaveWorker } from './fault-injection-action.mjs'
import { withTestPause } from './test-pause.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** A small seeded generator (mulberry32). */
export function seeded(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// The background process every command leaves behind: an odd duration (one per worker of
// this harness process: a second copy of the suite beside it has its own) names it among the
// machine's processes. A run that ends normally stops it; a crashed one leaves it
// to whoever continues the run.
const markerSleep = worker => `86.49${process.pid}${17 + worker}`
const CHECK = 'echo FI-CHECK; sleep 0.15'
const COMMON = ['--max-retries', '2', '--keep-receipts', '1000', '--capture-before-retry', 'off']

/** Two commands: expect-exit only (replayable from the record), and with an expect-check. */
function variants(worker) {
  // Fails one time in three, so some runs retry and some fail for good.
  const command = `sleep ${markerSleep(worker)} & echo FI-CMD; sleep 0.15; [ $((RANDOM % 3)) -ne 0 ]`
  return [
    { args: ['run', '--command', `${command} # exit`, '--expect-exit', '0', ...COMMON], phases: ['command', 'after-end', 'anytime'] },
    {
      args: ['run', '--command', `${command} # check`, '--expect-exit', '0', '--expect-check', CHECK, ...COMMON],
      phases: ['command', 'check', 'after-end', 'anytime']
    }
  ]
}

/** Live (not zombie) processes whose command line (NUL-separated) `matches`. */
export function liveProcesses(matches) {
  const found = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8')
      if (!matches(cmdline)) continue
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z') found.push(Number(name))
    } catch {
      // gone meanwhile
    }
  }
  return found
}

/** Live processes running a worker's marker sleep. */
function markerProcesses(worker) {
  return liveProcesses(cmdline => cmdline === `sleep\0${markerSleep(worker)}\0`)
}

function lines(path) {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n') : []
}

/** The parsed events of a trace, and how many lines did not parse (a torn last line apart). */
export function readTrace(dir) {
  const all = lines(join(dir, 'trace.jsonl'))
  const events = []
  let unparsable = 0
  let torn = 0
  all.forEach((line, index) => {
    if (line === '') return
    try {
      events.push(JSON.parse(line))
    } catch {
      if (all.slice(index + 1).every(rest => rest === '')) torn++
      else unparsable++
    }
  })
  return { events, unparsable, torn }
}

export function readReceipts(state) {
  const receipts = new Map()
  const runs = join(state, 'runs')
  if (!existsSync(runs)) return receipts
  for (const id of readdirSync(runs)) {
    const path = join(runs, id, 'receipt.json')
    if (!existsSync(path)) continue
    try {
      receipts.set(id, JSON.parse(readFileSync(path, 'utf8')))
    } catch {
      receipts.set(id, undefined)
    }
  }
  return receipts
}

/** Runs the CLI; resolves with its exit and output. `kill` decides when to SIGKILL it. */
export function startCli(cli, args, cwd, env) {
  const child = spawn(process.execPath, [cli, ...args], { cwd, env: withTestPause(env), stdio: ['ignore', 'pipe', 'pipe'] })
  const out = { stdout: '', stderr: '' }
  child.stdout.on('data', chunk => (out.stdout += chunk))
  child.stderr.on('data', chunk => (out.stderr += chunk))
  const done = new Promise(resolve => child.on('close', (code, signal) => resolve({ code, signal, ...out })))
  return { child, out, done }
}

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (!condition() && Date.now() < deadline) await sleep(10)
  return condition()
}

export function emptyCounts() {
  return {
    kills: 0,
    byPhase: {},
    finishedFirst: 0,
    followUps: { run: 0, resume: 0 },
    resumed: 0,
    restarted: 0,
    unparsableFiles: 0,
    tornLastLines: 0,
    runsLeftRunning: 0,
    rerunAfterRecorded: 0,
    replays: 0,
    failuresForgotten: 0,
    failuresInvented: 0,
    processesLeftAlive: 0,
    // The cache-save phase (scripts/fault-injection-action.mjs).
    cacheSave: { failedRuns: 0, savedBeforeKill: 0, savedByPost: 0, historyIntact: 0, lossWarned: 0, lostSilently: 0 }
  }
}

function add(total, part) {
  for (const [key, value] of Object.entries(part)) {
    if (typeof value === 'number') total[key] += value
    else for (const [name, count] of Object.entries(value)) total[key][name] = (total[key][name] ?? 0) + count
  }
}

/**
 * Kills `kills` runs and counts what was lost. Options: cli (path of dist/cli.js; the action's
 * dist/index.js and dist/post.js are beside it), kills (in total), cacheSaveKills (how many of
 * them kill the action's main step during its cache save; a fifth by default), seed, workers
 * (independent repositories whose CLI runs are killed in parallel, each with its own seed),
 * actionWorkers (the same for the action's runs), service (the local results service the
 * action talks to; by default one is started from tsc's output in build/, as `npm run bench`
 * compiles it), onProgress(kills so far).
 */
export async function runFaultInjection({
  cli = join(root, 'dist', 'cli.js'),
  kills = 200,
  cacheSaveKills = Math.round(kills / 5),
  seed = 20261201,
  workers = 4,
  actionWorkers = 2,
  service,
  onProgress
} = {}) {
  const total = emptyCounts()
  const onKill = () => onProgress?.(++total.kills)
  const spread = (count, over) => Array.from({ length: over }, (_, worker) => Math.floor(count / over) + (worker < count % over ? 1 : 0))
  const started = cacheSaveKills > 0 && service === undefined ? await startBuiltService() : undefined
  try {
    const parts = await Promise.all([
      ...spread(kills - cacheSaveKills, workers).map((count, worker) =>
        runWorker({ cli, kills: count, seed: seed + worker, worker, onKill })
      ),
      ...spread(cacheSaveKills, cacheSaveKills > 0 ? actionWorkers : 0).map((count, worker) =>
        runCacheSaveWorker({
          bundleDir: dirname(cli),
          service: service ?? started,
          kills: count,
          seed: seed + workers + worker,
          worker,
          onKill
        })
      )
    ])
    total.kills = 0
    for (const part of parts) add(total, part)
    return total
  } finally {
    await started?.stop()
  }
}

/** The local results service of the tests, from tsc's output in build/ (`npm run bench` compiles it). */
async function startBuiltService() {
  const built = join(root, 'build', '__tests__', 'helpers', 'results-service.js')
  if (!existsSync(built))
    throw new Error('build/ has no results service: compile with `npx tsc -p tsconfig.json --noEmit false --outDir build`')
  const { ResultsService } = await import(pathToFileURL(built).href)
  return ResultsService.start()
}

async function runWorker({ cli, kills, seed, worker, onKill }) {
  const VARIANTS = variants(worker)
  const random = seeded(seed)
  const repo = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-faults-')))
  mkdirSync(join(repo, '.git'))
  const state = join(repo, '.reverify')
  const env = { PATH: process.env.PATH, HOME: process.env.HOME }
  const counts = emptyCounts()
  let attemptsLeft = kills * 4
  try {
    for (let i = 0; counts.kills < kills && attemptsLeft-- > 0; i++) {
      const variant = VARIANTS[i % VARIANTS.length]
      const phase = variant.phases[Math.floor(random() * variant.phases.length)]
      const delay = Math.floor(random() * 150)
      const marker = join(repo, `paused-${i}`)
      const runEnv = phase === 'after-end' ? { ...env, REVERIFY_TEST_PAUSE_AT: `after-trace-end:${marker}` } : env
      const before = new Set(readReceipts(state).keys())
      const run = startCli(cli, variant.args, repo, runEnv)
      let closed = false
      void run.done.then(() => (closed = true))
      if (phase === 'command') await until(() => closed || run.out.stdout.includes('FI-CMD'), 10_000)
      else if (phase === 'check') await until(() => closed || run.out.stdout.includes('FI-CHECK'), 10_000)
      else if (phase === 'after-end') await until(() => closed || existsSync(marker), 10_000)
      await sleep(phase === 'anytime' ? 100 + Math.floor(random() * 600) : delay)
      run.child.kill('SIGKILL')
      const ended = await run.done
      if (ended.signal !== 'SIGKILL') {
        counts.finishedFirst++
        continue
      }
      counts.kills++
      counts.byPhase[phase] = (counts.byPhase[phase] ?? 0) + 1

      // What the crash left: the run of this command still `running`, and what its trace holds.
      const crashed =
        [...readReceipts(state)].find(([id, receipt]) => receipt?.status === 'running' && !before.has(id)) ??
        [...readReceipts(state)].find(([, receipt]) => receipt?.status === 'running')
      const recorded = crashed ? recordedAtCrash(crashed[1]) : undefined

      const byResume = random() < 0.5
      counts.followUps[byResume ? 'resume' : 'run']++
      const next = await startCli(cli, byResume ? ['resume'] : variant.args, repo, env).done
      if (next.stderr.includes('resumed run')) counts.resumed++
      if (next.stderr.includes('cannot be resumed')) counts.restarted++
      if (byResume && next.code === 2 && crashed) {
        // Nothing resumable by resume (e.g. ambiguous evidence): the next run of the command takes it.
        await startCli(cli, variant.args, repo, env).done
      }
      // Whatever the crashed attempt left in the background must be gone once the next run is done.
      const alive = markerProcesses(worker)
      counts.processesLeftAlive += alive.length
      if (alive.length > 0 && process.env.FAULT_DEBUG) {
        process.stderr.write(
          `left alive after ${phase} / ${byResume ? 'resume' : 'run'}: ${JSON.stringify({ crashed: crashed?.[0], recorded, next: next.stderr })}\n`
        )
      }
      for (const pid of alive) process.kill(pid, 'SIGKILL')

      if (crashed && recorded) {
        const after = readReceipts(state).get(crashed[0])
        const trace = readTrace(crashed[1].session.dir).events
        const verify = trace.filter(event => event.phase === 'verify' && event.payload.attempt === recorded.attempt)
        // A result on record, thrown away: its verify says "not judged", or the closed run turned `interrupted`.
        const discarded = recorded.ended ? after?.status === 'interrupted' : verify.some(event => event.payload.check?.length === 0)
        if (discarded) counts.rerunAfterRecorded++
      }
      onKill()
    }
    // Anything still open is closed by one more run of each command.
    for (const variant of VARIANTS) await startCli(cli, variant.args, repo, env).done
    tally(state, counts)
  } finally {
    for (const pid of markerProcesses(worker)) process.kill(pid, 'SIGKILL')
    rmSync(repo, { recursive: true, force: true })
  }
  return counts
}

/** Whether the crashed run's last attempt had its result on record (or the trace its end). */
function recordedAtCrash(receipt) {
  if (!receipt?.session?.dir) return undefined
  const { events } = readTrace(receipt.session.dir)
  const calls = events.filter(event => event.phase === 'tool_call')
  const last = calls[calls.length - 1]
  const ended = events.some(event => event.phase === 'end')
  if (last === undefined) return undefined
  const attempt = last.payload.attempt
  const result = events.some(event => event.phase === 'tool_result' && event.payload.attempt === attempt)
  const verified = events.some(event => event.phase === 'verify' && event.payload.attempt === attempt)
  return (result && !verified) || ended ? { attempt, ended } : undefined
}

/** Parses every file and counts the invariants over all runs. */
export function tally(state, counts) {
  const receipts = readReceipts(state)
  for (const [id, receipt] of receipts) {
    if (receipt === undefined || typeof receipt.run_id !== 'string' || receipt.run_id !== id) {
      counts.unparsableFiles++
      continue
    }
    if (receipt.status === 'running') counts.runsLeftRunning++
    const dir = receipt.session?.dir
    if (!dir || !existsSync(dir)) continue
    const { events, unparsable, torn } = readTrace(dir)
    counts.unparsableFiles += unparsable > 0 ? 1 : 0
    counts.tornLastLines += torn
    if (existsSync(join(dir, 'meta.json'))) {
      try {
        JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'))
      } catch {
        counts.unparsableFiles++
      }
    }
    counts.replays += events.filter(event => event.phase === 'verify' && event.payload.replayed === true).length
    const end = events.find(event => event.phase === 'end')
    // A failure the trace recorded must stay a failure (it warns or blocks the next retry).
    if (end?.payload.outcome === 'failure' && receipt.status !== 'failed') counts.failuresForgotten++
    // And a failure must be a real one: not an attempt cut off by the crash.
    const verifies = events.filter(event => event.phase === 'verify')
    const lastVerify = verifies[verifies.length - 1]
    if (receipt.status === 'failed' && lastVerify?.payload.check?.length === 0) counts.failuresInvented++
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kills = Number(process.argv[2] ?? 200)
  const seed = Number(process.argv[3] ?? 20261201)
  const cacheSaveKills = process.argv[4] === undefined ? undefined : Number(process.argv[4])
  const counts = await runFaultInjection({
    kills,
    seed,
    cacheSaveKills,
    onProgress: n => n % 25 === 0 && process.stderr.write(`${n} kills\n`)
  })
  process.stdout.write(`${JSON.stringify(counts, null, 2)}\n`)
}
