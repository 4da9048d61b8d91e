// The cache-save phase of fault injection (docs/reliability.md): the bundled action's main
// step (dist/index.js, started the way the runner starts it, against the local results
// service) killed with SIGKILL while it saves the receipt history to the cache; then what
// follows on a real runner: the post step (dist/post.js, with the state main saved) on the
// same machine, and the next run of the action on a new machine, whose history comes from
// the cache alone. Used by scripts/fault-injection.mjs.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { emptyCounts, liveProcesses, readReceipts, readTrace, seeded, tally } from './fault-injection.mjs'
import { withTestPause } from './test-pause.mjs'

// The background process the command leaves behind (one odd duration per worker of this
// harness process, so a second copy of the suite has its own); a run that
// ends stops it, long before the cache save.
const markerSleep = worker => `86.48${process.pid}${31 + worker}`
const HEADLINE = /The last run of this verify command \(([^)]+)\) failed and nobody captured/

/** Parses the `name<<delimiter` file format of GITHUB_STATE (and `name=value` lines). */
function parseCommandFile(text) {
  const values = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i])
    if (!match) {
      const eq = lines[i].indexOf('=')
      if (eq > 0) values[lines[i].slice(0, eq)] = lines[i].slice(eq + 1)
      continue
    }
    const body = []
    for (i++; i < lines.length && lines[i] !== match[2]; i++) body.push(lines[i])
    values[match[1]] = body.join('\n')
  }
  return values
}

/** One job's runner: a workspace and RUNNER_TEMP under `root`, as on a hosted runner. */
function makeRunner({ root, bundleDir, service, worker }) {
  const workspace = join(root, 'work', 'widgets', 'widgets')
  const temp = join(root, 'work', '_temp')
  mkdirSync(workspace, { recursive: true })
  mkdirSync(temp, { recursive: true })
  const jobBackendId = randomUUID()
  let serial = 0
  return {
    workspace,
    stateDir: join(temp, 'reverify'),
    /** A new machine: RUNNER_TEMP (and the state directory in it) starts empty. */
    freshMachine() {
      rmSync(temp, { recursive: true, force: true })
      mkdirSync(temp, { recursive: true })
    },
    /** Starts one step; `stateFile` is the job's GITHUB_STATE, `extra` more environment. */
    start(script, { inputs, runId, stateFile, extra = {} }) {
      const files = join(temp, `files-${serial++}`)
      mkdirSync(files)
      for (const name of ['output', 'summary', 'env']) writeFileSync(join(files, name), '')
      writeFileSync(join(files, 'event.json'), '{}')
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        GITHUB_ACTIONS: 'true',
        CI: 'true',
        GITHUB_REPOSITORY: `octo/faults-${worker}`,
        GITHUB_WORKSPACE: workspace,
        RUNNER_TEMP: temp,
        GITHUB_RUN_ID: runId,
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_JOB: `faults-${worker}`,
        GITHUB_WORKFLOW: 'ci',
        GITHUB_ACTOR: 'octocat',
        GITHUB_SHA: 'a'.repeat(40),
        GITHUB_REF: 'refs/heads/main',
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: join(files, 'event.json'),
        GITHUB_OUTPUT: join(files, 'output'),
        GITHUB_STATE: stateFile,
        GITHUB_STEP_SUMMARY: join(files, 'summary'),
        GITHUB_ENV: join(files, 'env'),
        ...service.env({ jobBackendId }),
        ...extra
      }
      for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
      const child = spawn(process.execPath, [join(bundleDir, script)], {
        cwd: workspace,
        env: withTestPause(env),
        stdio: ['ignore', 'pipe', 'pipe']
      })
      const out = { stdout: '', stderr: '' }
      child.stdout.on('data', chunk => (out.stdout += chunk))
      child.stderr.on('data', chunk => (out.stderr += chunk))
      const done = new Promise(resolve => child.on('close', (code, signal) => resolve({ code, signal, ...out })))
      return { child, done }
    },
    newStateFile() {
      const file = join(temp, `state-${serial++}`)
      writeFileSync(file, '')
      return file
    }
  }
}

/** The state a main step saved, as the runner hands it to the post step (STATE_*). */
function stateEnv(stateFile) {
  const env = {}
  for (const [name, value] of Object.entries(parseCommandFile(readFileSync(stateFile, 'utf8')))) env[`STATE_${name}`] = value
  return env
}

/** A step's warnings (`::warning …::message`). */
function warnings(stdout) {
  return stdout.split('\n').filter(line => line.startsWith('::warning'))
}

/**
 * Kills `kills` main steps during their cache save and counts what was lost. Each kill: main
 * on this machine (its command fails or passes, seeded), SIGKILL 0–150 ms after the save
 * started; the post step; then the next run of the action on a new machine.
 */
export async function runCacheSaveWorker({ bundleDir, service, kills, seed, worker, onKill }) {
  const random = seeded(seed)
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-faults-action-')))
  const runner = makeRunner({ root, bundleDir, service, worker })
  const outcome = join(runner.workspace, 'fi-outcome')
  const inputs = {
    command: `sleep ${markerSleep(worker)} & echo FI-CMD; exit "$(cat fi-outcome)"`,
    'expect-exit': '0',
    'max-retries': '0',
    'capture-before-retry': 'warn',
    'keep-receipts': '1000',
    'upload-trace': 'never',
    summary: 'never'
  }
  const counts = emptyCounts()
  const runIds = []
  let attemptsLeft = kills * 3
  let jobRun = 7000 + worker * 1000
  const leftAlive = () => liveProcesses(cmdline => cmdline === `sleep\0${markerSleep(worker)}\0` || cmdline.includes(root))
  try {
    for (let i = 0; counts.kills < kills && attemptsLeft-- > 0; i++) {
      const failed = random() < 0.4
      const delay = Math.floor(random() * 150)
      writeFileSync(outcome, failed ? '1' : '0')
      const runId = String(++jobRun)
      const stateFile = runner.newStateFile()
      const marker = join(root, `saving-${i}`)
      const main = runner.start('index.js', { inputs, runId, stateFile, extra: { REVERIFY_TEST_PAUSE_AT: `during-cache-save:${marker}` } })
      let closed = false
      void main.done.then(() => (closed = true))
      const deadline = Date.now() + 60_000
      while (!closed && !existsSync(marker) && Date.now() < deadline) await sleep(10)
      const reached = existsSync(marker)
      await sleep(delay)
      main.child.kill('SIGKILL')
      const ended = await main.done
      if (ended.signal !== 'SIGKILL' || !reached) {
        counts.finishedFirst++
        continue
      }
      counts.kills++
      counts.byPhase['cache-save'] = (counts.byPhase['cache-save'] ?? 0) + 1
      const killedRun = parseCommandFile(readFileSync(stateFile, 'utf8'))['run-id']
      const ours = entry => entry.key.includes(`-${runId}-1-faults-${worker}-`)
      if (service.cacheEntries().some(ours)) counts.cacheSave.savedBeforeKill++
      const before = killedRun && readReceipts(runner.stateDir).get(killedRun)

      // The post step, with the state main saved (it runs on `always()` after a killed main).
      const post = await runner.start('post.js', { inputs, runId, stateFile, extra: stateEnv(stateFile) }).done
      counts.followUps.post = (counts.followUps.post ?? 0) + 1
      if (post.stdout.includes('receipt(s) of this command to cache')) counts.cacheSave.savedByPost++
      const postWarned = warnings(post.stdout).some(line => /receipt history/.test(line))
      const after = killedRun && readReceipts(runner.stateDir).get(killedRun)
      if (after === undefined || killedRun === undefined) counts.unparsableFiles++
      else {
        if (after.status === 'running') counts.runsLeftRunning++
        // The verdict was on record before the save: the post step must keep it, not re-judge it.
        if (before && before.status !== 'running' && after.status !== before.status) counts.rerunAfterRecorded++
        const trace = readTrace(after.session.dir)
        if (trace.unparsable > 0) counts.unparsableFiles++
        if (after.status === 'failed' && !trace.events.some(event => event.phase === 'end' && event.payload.outcome === 'failure')) {
          counts.failuresInvented++
        }
        runIds.push({ id: killedRun, status: after.status })
        if (after.status === 'failed') counts.cacheSave.failedRuns++
      }

      // The next run of the action, on a new machine: what it knows comes from the cache.
      runner.freshMachine()
      writeFileSync(outcome, random() < 0.4 ? '1' : '0')
      const next = await runner.start('index.js', { inputs, runId: String(++jobRun), stateFile: runner.newStateFile() }).done
      counts.followUps['next run'] = (counts.followUps['next run'] ?? 0) + 1
      const restored = readReceipts(runner.stateDir)
      const missing = runIds.filter(({ id }) => !restored.has(id))
      if (missing.length === 0) counts.cacheSave.historyIntact++
      else if (postWarned) counts.cacheSave.lossWarned++
      else counts.cacheSave.lostSilently++
      // A failure on record must still warn on the next run; a pass must not make it warn.
      const warnedAbout = HEADLINE.exec(next.stdout)?.[1]
      const last = runIds[runIds.length - 1]
      if (last?.id === killedRun) {
        if (last.status === 'failed' && warnedAbout !== killedRun) counts.failuresForgotten++
        if (last.status !== 'failed' && warnedAbout !== undefined) counts.failuresInvented++
      }
      // The next run's own receipt joins the history the following runs must restore.
      for (const [id, receipt] of restored) {
        if (receipt !== undefined && !runIds.some(known => known.id === id)) runIds.push({ id, status: receipt.status })
      }

      if (process.env.FAULT_DEBUG) {
        const saved = `${service.cacheEntries().filter(ours).length} saved`
        process.stderr.write(`cache-save kill ${i}: run ${killedRun} ${after?.status}, ${saved}, next warned about ${warnedAbout}\n`)
      }
      const alive = leftAlive()
      counts.processesLeftAlive += alive.length
      for (const pid of alive) process.kill(pid, 'SIGKILL')
      onKill()
    }
    tally(runner.stateDir, counts)
  } finally {
    for (const pid of leftAlive()) process.kill(pid, 'SIGKILL')
    rmSync(root, { recursive: true, force: true })
  }
  return counts
}
