/**
 * Fault injection: `reverify run` (the built CLI) killed with SIGKILL at random moments,
 * each kill followed by a normal run of the same command. Afterwards every file must parse,
 * no receipt may be lost, and no run may be left `running`. Seeded, so a failure repeats.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseReceipt } from '../../src/core/receipt.js'
import { CLI_BUNDLE, runCli, scratchRepo } from '../helpers/cli.js'
import { runDirs, sessionDirs } from '../helpers/trace.js'

/** A small seeded generator (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const RUNS = 50
const SEED = 20261130

test(`${RUNS} runs killed with SIGKILL at random moments leave nothing torn, lost or running`, async () => {
  const repo = await scratchRepo()
  const random = seeded(SEED)
  const args = [
    'run',
    '--command',
    'sleep 0.15; [ $((RANDOM % 3)) -ne 0 ]',
    '--expect-exit',
    '0',
    '--max-retries',
    '2',
    '--keep-receipts',
    '1000',
    '--capture-before-retry',
    'off'
  ]
  const counts = { killed: 0, finishedFirst: 0, resumed: 0, replayed: 0, restarted: 0, untouched: 0 }
  for (let i = 0; i < RUNS; i++) {
    const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
      cwd: repo,
      stdio: 'ignore',
      env: { PATH: process.env.PATH, HOME: process.env.HOME }
    })
    const exited = once(child, 'exit')
    // Node and the bundle take ~150 ms to load: most kills should land inside the run.
    const delay = 100 + Math.floor(random() * 500)
    const timer = setTimeout(() => child.kill('SIGKILL'), delay)
    const [, signal] = (await exited) as [number | null, NodeJS.Signals | null]
    clearTimeout(timer)
    if (signal === 'SIGKILL') counts.killed++
    else counts.finishedFirst++
    const next = await runCli(args, repo)
    expect([0, 1]).toContain(next.code)
    if (next.stderr.includes('resumed run')) counts.resumed++
    if (next.stderr.includes('replayed from its recorded result')) counts.replayed++
    if (next.stderr.includes('cannot be resumed')) counts.restarted++
    if (!/resumed run|cannot be resumed/.test(next.stderr)) counts.untouched++
  }

  const state = join(repo, '.reverify')
  let unparsable = 0
  let tornLastLines = 0
  let emptySessions = 0
  let unwritten = 0
  for (const dir of sessionDirs(state)) {
    const lines = existsSync(join(dir, 'trace.jsonl')) ? readFileSync(join(dir, 'trace.jsonl'), 'utf8').split('\n') : []
    lines.forEach((line, index) => {
      if (line === '') return
      try {
        JSON.parse(line)
      } catch {
        // Only a torn final line is tolerated, and resumption must have moved past it.
        if (index === lines.length - 1 || lines.slice(index + 1).every(rest => rest === '')) tornLastLines++
        else unparsable++
      }
    })
    if (!existsSync(join(dir, 'meta.json'))) {
      // Killed between creating the folder and its first meta.json: nothing else was written.
      expect(lines.filter(line => line !== '')).toEqual([])
      emptySessions++
      continue
    }
    try {
      const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'))
      expect(typeof meta.session_id).toBe('string')
      expect(existsSync(join(state, 'runs', meta.run_id, 'receipt.json'))).toBe(true)
    } catch {
      unparsable++
    }
  }
  const statuses: Record<string, number> = {}
  for (const runId of runDirs(state)) {
    const files = readdirSync(join(state, 'runs', runId))
    if (!files.includes('receipt.json')) {
      // Killed inside the first atomic write: only its temp file exists, no receipt was lost.
      expect(files.every(name => name.startsWith('.') && name.endsWith('.tmp'))).toBe(true)
      unwritten++
      continue
    }
    const parsed = parseReceipt(JSON.parse(readFileSync(join(state, 'runs', runId, 'receipt.json'), 'utf8')))
    if (!parsed.ok) {
      unparsable++
      continue
    }
    statuses[parsed.receipt.status] = (statuses[parsed.receipt.status] ?? 0) + 1
  }
  // Figures for docs/reliability.md.
  process.stdout.write(
    `fault injection: ${JSON.stringify({ ...counts, unparsable, tornLastLines, emptySessions, unwritten, receipts: runDirs(state).length, statuses })}\n`
  )
  expect(unparsable).toBe(0)
  expect(statuses.running ?? 0).toBe(0)
  // Most kills land inside a run (the others finished first: the machine was quick).
  expect(counts.killed).toBeGreaterThan(RUNS / 4)
  // Every run that got as far as a receipt still has it: the normal runs alone make RUNS.
  expect(runDirs(state).length).toBeGreaterThanOrEqual(RUNS)
}, 120000)
