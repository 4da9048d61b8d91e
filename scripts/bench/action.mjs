// Rows (g) and (h): the action's persistence and its cost over the CLI, against the local
// results service the tests use (compiled by tsc into build/ like the receipt store).
// (g) restore + save of one command's receipt history at the retention cap, through the
//     real @actions/cache client: median time, and the size of the saved cache payload.
// (h) the action's main step (dist/index.js, as the runner starts it) on a trivial command
//     against `reverify run` of the same command, and the step's phases as it logs them
//     (`::debug::reverify: restore 41 ms`, src/action/phase-timer.ts).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { interleave, median, medianOf, requireExit, timeProcess } from './measure.mjs'
import { RECEIPTS_PER_IDENTITY, receiptFor } from './receipt-fixtures.mjs'

const BUILD = new URL('../../build/', import.meta.url)

/** Starts the local results service and points this process's cache client at it. */
async function startService() {
  const { ResultsService } = await import(new URL('__tests__/helpers/results-service.js', BUILD).href)
  const service = await ResultsService.start()
  Object.assign(process.env, service.env())
  return service
}

/**
 * Restore + save of a history of RECEIPTS_PER_IDENTITY receipts, `rounds` times.
 * Resolves to { medianMs, payloadBytes, receipts, rounds }.
 */
export async function benchHistoryPersistence({ scratch, rounds }) {
  const service = await startService()
  const cache = await import('@actions/cache')
  const { ReceiptStore } = await import(new URL('src/core/receipts/receipt-store.js', BUILD).href)
  const { restoreHistory, saveHistory, newHistoryKey } = await import(new URL('src/action/persistence/receipt-history.js', BUILD).href)
  const { historyKey } = await import(new URL('src/core/receipts/identity.js', BUILD).href)
  const { createCacheStore } = await import(new URL('src/action/persistence/cache-store.js', BUILD).href)
  const cacheStore = createCacheStore(cache)
  const target = 'octo/widgets'
  const receipts = Array.from({ length: RECEIPTS_PER_IDENTITY }, (_, run) => receiptFor(target, 0, run))
  const key = historyKey(target, '', receipts[0].identity_hash)
  const quiet = () => undefined
  // The cache client works in the workspace (the runner's cwd): the transfer folder lives there.
  const workspace = join(scratch, 'history-workspace')
  await mkdir(workspace, { recursive: true })
  const options = stateDir => ({
    cache: cacheStore,
    store: new ReceiptStore(stateDir, { warn: quiet, now: () => new Date() }),
    workspace,
    deadlines: { restoreMs: 60_000, saveMs: 120_000 },
    historyKey: key,
    target,
    scope: '',
    identityHash: receipts[0].identity_hash,
    warn: message => process.stderr.write(`[bench] ${message}\n`),
    info: quiet
  })
  // The cache client prints through @actions/core to stdout: keep the report clean.
  const write = process.stdout.write.bind(process.stdout)
  const cwd = process.cwd()
  try {
    process.chdir(workspace)
    process.stdout.write = () => true
    // One state dir holding the history, saved once so there is something to restore.
    const stateDir = join(scratch, 'history-state')
    await mkdir(stateDir, { recursive: true })
    const seed = options(stateDir)
    for (const receipt of receipts) await seed.store.write(receipt)
    if (!(await saveHistory(seed, newHistoryKey(key, process.env)))) throw new Error('the first save failed')
    const times = []
    for (let round = 0; round < rounds; round += 1) {
      // A fresh runner: an empty state directory at the same path each time.
      await rm(stateDir, { recursive: true, force: true })
      await mkdir(stateDir, { recursive: true })
      const fresh = options(stateDir)
      const started = performance.now()
      const restored = await restoreHistory(fresh)
      const saved = await saveHistory(fresh, newHistoryKey(key, process.env))
      times.push(performance.now() - started)
      if (restored.status !== 'restored' || !saved) throw new Error(`round ${round}: restore ${restored.status}, save ${saved}`)
    }
    const entries = service.cacheEntries()
    return { medianMs: median(times), payloadBytes: entries[entries.length - 1].size, receipts: receipts.length, rounds }
  } finally {
    process.stdout.write = write
    process.chdir(cwd)
    await service.stop()
  }
}

/** The phases the action's main step reports, in the order it starts them. */
export const ACTION_PHASES = ['start', 'restore', 'run', 'save', 'upload', 'report']

/**
 * The phase durations in a step's output: its `::debug::reverify: <phase> <n> ms` lines.
 * Resolves to phase → ms, for the phases found.
 */
export function readPhases(output) {
  const phases = {}
  for (const match of output.matchAll(/^::debug::reverify: (\w+) (\d+) ms$/gm)) {
    if (ACTION_PHASES.includes(match[1])) phases[match[1]] = Number(match[2])
  }
  return phases
}

/**
 * The action's main step on `true` (restore, run, save, upload) against `reverify run` of
 * `true`, interleaved. Resolves to { cliMs, actionMs, rounds, phaseMs }, phaseMs holding the
 * median of each phase the step logged (ACTION_PHASES) over the same rounds. With
 * `baselineDist` (another build's dist/, row m), that build's action joins the interleaving
 * on a runner of its own (its RUNNER_TEMP, so its state dir, and a repository name of its
 * own, so its cache key), and the result adds baselineActionMs. With `firstStep`, the same
 * action joins it once more as the first reverify step of a new job: an empty RUNNER_TEMP
 * every round (no code cache, no state dir) and the history in the cache service, and the
 * result adds firstStepMs.
 */
export async function benchActionOverhead({ cli, scratch, rounds, progress, baselineDist, firstStep = false }) {
  const service = await startService()
  const root = await mkdtemp(join(scratch, 'runner-'))
  const workspace = join(root, 'work', 'widgets', 'widgets')
  const temp = join(root, 'work', '_temp')
  await mkdir(workspace, { recursive: true })
  await mkdir(temp, { recursive: true })
  const actionBundle = join(cli, '..', 'index.js')
  let serial = 0
  const action = async ({ bundle = actionBundle, runnerTemp = temp, repository = 'octo/widgets', what = 'the action on true' } = {}) => {
    const files = join(runnerTemp, `files-${serial++}`)
    await mkdir(files)
    for (const name of ['output', 'state', 'summary', 'env']) await writeFile(join(files, name), '')
    await writeFile(join(files, 'event.json'), '{}')
    const env = {
      ...service.env(),
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: repository,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: runnerTemp,
      GITHUB_RUN_ID: '1',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_JOB: 'bench',
      GITHUB_EVENT_PATH: join(files, 'event.json'),
      GITHUB_OUTPUT: join(files, 'output'),
      GITHUB_STATE: join(files, 'state'),
      GITHUB_STEP_SUMMARY: join(files, 'summary'),
      GITHUB_ENV: join(files, 'env'),
      INPUT_COMMAND: 'true',
      'INPUT_EXPECT-EXIT': '0',
      'INPUT_MAX-RETRIES': '0'
    }
    // Its output goes to a file (as /dev/null would take it), read afterwards for the phases.
    const stdoutPath = join(files, 'stdout')
    const sample = requireExit(await timeProcess([process.execPath, bundle], { cwd: workspace, env, stdoutPath }), 0, what)
    return { ...sample, phases: readPhases(await readFile(stdoutPath, 'utf8')) }
  }
  const runCli = async () =>
    requireExit(
      await timeProcess(
        [cli, 'run', '--command', 'true', '--expect-exit', '0', '--max-retries', '0', '--state-dir', join(root, 'cli-state')],
        { cwd: workspace }
      ),
      0,
      'reverify run --command true'
    )
  const variants = [
    { key: 'cli', run: runCli },
    { key: 'action', run: action }
  ]
  if (firstStep) {
    const firstStepRun = async () =>
      action({ runnerTemp: await mkdtemp(join(root, 'work', '_temp-job-')), what: 'the action on true as the first step of a job' })
    variants.push({ key: 'firstStep', run: firstStepRun })
  }
  if (baselineDist !== undefined) {
    const runnerTemp = join(root, 'work', '_temp-baseline')
    await mkdir(runnerTemp, { recursive: true })
    const baseline = {
      bundle: join(baselineDist, 'index.js'),
      runnerTemp,
      repository: 'octo/widgets-baseline',
      what: "the baseline build's action on true"
    }
    variants.push({ key: 'baseline', run: () => action(baseline) })
  }
  try {
    const samples = await interleave(variants, rounds, progress)
    const actionSamples = samples.get('action')
    const phaseMs = {}
    for (const phase of ACTION_PHASES) {
      const values = actionSamples.map(sample => sample.phases[phase]).filter(value => value !== undefined)
      if (values.length > 0) phaseMs[phase] = median(values)
    }
    return {
      cliMs: medianOf(samples.get('cli'), 'wallMs'),
      actionMs: medianOf(actionSamples, 'wallMs'),
      ...(baselineDist !== undefined && { baselineActionMs: medianOf(samples.get('baseline'), 'wallMs') }),
      ...(firstStep && { firstStepMs: medianOf(samples.get('firstStep'), 'wallMs') }),
      rounds,
      phaseMs
    }
  } finally {
    await service.stop()
    await rm(root, { recursive: true, force: true })
  }
}
