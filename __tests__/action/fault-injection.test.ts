/**
 * Fault injection, the cache-save phase (docs/reliability.md): the bundled action's main
 * step, against the local results service, killed with SIGKILL while it saves the receipt
 * history (through the test-only pause `during-cache-save`); then the post step with the
 * state main saved, and the next run of the action on a new machine, whose history comes
 * from the cache alone. A seeded subset of the cache-save kills `npm run bench` (row k)
 * makes; scripts/fault-injection.mjs is the harness of both.
 */
import { join } from 'node:path'
// @ts-expect-error: a plain ES module of the scripts, without types
import { runFaultInjection } from '../../scripts/fault-injection.mjs'
import { REPO_ROOT } from '../helpers/cli.js'
import { ResultsService } from '../helpers/results-service.js'

const KILLS = 4
const SEED = 20261130

const started = ResultsService.start()
afterAll(async () => (await started).stop())

test(`${KILLS} main steps killed during the cache save: the post step saves the history, no failure is forgotten`, async () => {
  const counts = await runFaultInjection({
    cli: join(REPO_ROOT, 'dist', 'cli.js'),
    kills: KILLS,
    cacheSaveKills: KILLS,
    actionWorkers: 2,
    seed: SEED,
    service: await started
  })
  // Figures for docs/reliability.md.
  process.stdout.write(`fault injection (cache save): ${JSON.stringify(counts)}\n`)
  expect(counts.kills).toBe(KILLS)
  expect(counts.byPhase).toEqual({ 'cache-save': KILLS })
  expect(counts.followUps).toMatchObject({ post: KILLS, 'next run': KILLS })
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
  expect(counts.cacheSave.savedByPost).toBe(KILLS)
  expect(counts.cacheSave.historyIntact).toBe(KILLS)
  expect(counts.cacheSave.lostSilently).toBe(0)
}, 180000)
