/**
 * The on-disk state a SIGKILLed run leaves (docs/design.md §6), made from a finished run:
 * its trace cut after an event, meta.json and the receipt back to `running` with the pid of a
 * process that has exited.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readTrace, runDirs, sessionDirs, type Event } from './trace.js'
import { sealedHere } from './receipts.js'

/** The pid of a process that has exited. */
export async function deadPid(): Promise<number> {
  const child = spawn('true')
  await once(child, 'exit')
  return child.pid!
}

/** Rewrites the state dir's only run as if its process had been SIGKILLed right after event `keep`. */
export async function crashAfter(stateDir: string, keep: (events: Event[]) => number): Promise<{ runId: string; dir: string }> {
  const [runId] = runDirs(stateDir)
  const [dir] = sessionDirs(stateDir)
  const events = readTrace(dir!)
  const kept = events.slice(0, keep(events) + 1)
  writeFileSync(join(dir!, 'trace.jsonl'), kept.map(event => JSON.stringify(event)).join('\n') + '\n')
  const metaPath = join(dir!, 'meta.json')
  writeFileSync(metaPath, JSON.stringify({ ...JSON.parse(readFileSync(metaPath, 'utf8')), outcome: 'running', ended_at: null }))
  const receiptPath = join(stateDir, 'runs', runId!, 'receipt.json')
  const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
  const attempts = kept.filter(event => event.phase === 'tool_call').length
  writeFileSync(
    receiptPath,
    JSON.stringify(await sealedHere({ ...receipt, status: 'running', ended_at: null, attempts, flaky: false, pid: await deadPid() }))
  )
  return { runId: runId!, dir: dir! }
}
