/**
 * Fault injection (docs/reliability.md): the built CLI killed with SIGKILL at seeded moments
 * spread over every phase of a run — during the command, during the expect-check, between
 * the trace's end and the final receipt (through the test-only pause hook), and at random
 * times — each kill followed by the next run of the command or `reverify resume`. Then the
 * bundled action's main step, against the local results service, killed while it saves the
 * receipt history (the test-only pause `during-cache-save`), followed by the post step with
 * the state main saved and the next run of the action on a new machine, whose history comes
 * from the cache alone. A seeded subset of the 200 kills `npm run bench` (row k) makes;
 * scripts/fault-injection.mjs is the harness of both. Seeded, so a failure repeats. Both
 * tests live in one file so that they never run at the same time: each starts many
 * processes.
 */
// @ts-expect-error: a plain ES module of the scripts, without types
import { runFaultInjection } from '../../scripts/fault-injection.mjs'
import { CLI_BUNDLE } from '../helpers/cli.js'
import { ResultsService } from '../helpers/results-service.js'

const KILLS = 24
const CACHE_SAVE_KILLS = 4
const SEED = 20261130

const started = ResultsService.start()
afterAll(async () => (await started).stop())

test(`${KILLS} runs killed with SIGKILL in every phase leave nothing torn, running or alive`, async () => {
  // The action's cache-save phase has its own test (below).
  const counts = await runFaultInjection({ cli: CLI_BUNDLE, kills: KILLS, cacheSaveKills: 0, seed: SEED, workers: 4 })
  // Figures for docs/reliability.md.
  process.stdout.write(`fault injection: ${JSON.stringify(counts)}\n`)
  expect(counts.kills).toBe(KILLS)
  expect(Object.keys(counts.byPhase).sort()).toEqual(['after-end', 'anytime', 'check', 'command'])
  expect(counts.unparsableFiles).toBe(0)
  expect(counts.runsLeftRunning).toBe(0)
  expect(counts.processesLeftAlive).toBe(0)
  // The resume rules of docs/design.md §6: a recorded result is replayed, never re-run, and
  // no failure is forgotten or invented.
  expect(counts.rerunAfterRecorded).toBe(0)
  expect(counts.replays).toBeGreaterThan(0)
  expect(counts.failuresForgotten).toBe(0)
  expect(counts.failuresInvented).toBe(0)
}, 180000)

test(`${CACHE_SAVE_KILLS} main steps killed during the cache save: the post step saves the history, no failure is forgotten`, async () => {
  const counts = await runFaultInjection({
    cli: CLI_BUNDLE,
    kills: CACHE_SAVE_KILLS,
    cacheSaveKills: CACHE_SAVE_KILLS,
    actionWorkers: 2,
    seed: SEED,
    service: await started
  })
  // Figures for docs/reliability.md.
  process.stdout.write(`fault injection (cache save): ${JSON.stringify(counts)}\n`)
  expect(counts.kills).toBe(CACHE_SAVE_KILLS)
  expect(counts.byPhase).toEqual({ 'cache-save': CACHE_SAVE_KILLS })
  expect(counts.followUps).toMatchObject({ post: CACHE_SAVE_KILLS, 'next run': CACHE_SAVE_KILLS })
  expect(counts.unparsableFiles).toBe(0)
  expect(counts.runsLeftRunning).toBe(0)
  expect(counts.processesLeftAlive).toBe(0)
  // The verdict was on record before the save: kept as it was, never re-judged.
  expect(counts.rerunAfterRecorded).toBe(0)
  // Some killed runs failed, and each still warns on the next run, on another machine.
  expect(counts.cacheSave.failedRuns).toBeGreaterThan(0)
  expect(counts.failuresForgotten).toBe(0)
  expect(counts.failuresInvented).toBe(0)
  // The post step saved what main could not; every next run restored the whole history.
  expect(counts.cacheSave.savedByPost).toBe(CACHE_SAVE_KILLS)
  expect(counts.cacheSave.historyIntact).toBe(CACHE_SAVE_KILLS)
  expect(counts.cacheSave.lostSilently).toBe(0)
}, 180000)
