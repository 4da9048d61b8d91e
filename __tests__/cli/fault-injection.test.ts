/**
 * Fault injection (docs/reliability.md): the built CLI killed with SIGKILL at seeded moments
 * spread over every phase of a run — during the command, during the expect-check, between
 * the trace's end and the final receipt (through the test-only pause hook), and at random
 * times — each kill followed by the next run of the command or `reverify resume`. A seeded
 * subset of the 200 kills `npm run bench` (row k) makes; scripts/fault-injection.mjs is the
 * harness of both. Seeded, so a failure repeats.
 */
// @ts-expect-error: a plain ES module of the scripts, without types
import { runFaultInjection } from '../../scripts/fault-injection.mjs'
import { CLI_BUNDLE } from '../helpers/cli.js'

const KILLS = 24
const SEED = 20261130

test(`${KILLS} runs killed with SIGKILL in every phase leave nothing torn, running or alive`, async () => {
  // The action's cache-save phase has its own test (__tests__/action/fault-injection.test.ts).
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
