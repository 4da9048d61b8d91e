/**
 * Closing a run that its own process could not close (killed outright, runner lost): from
 * what is on disk alone, finish the trace so it stays one well-formed session, and mark the
 * receipt interrupted. Used by the action's post step and by the next run (SPEC §2, §5, §6).
 */
import { closeSync, fsyncSync, writeSync } from 'node:fs'
import { lstat } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { readRegularFile, writeFileAtomic } from './atomic-file.js'
import type { Receipt } from './receipt.js'
import type { ReceiptStore } from './receipt-store.js'
import type { Redactor } from './redaction.js'
import { openTraceForAppend, redactDeep, timestamp, type SessionMeta, type TraceEvent } from './trace.js'

/** Largest trace a recovery reads back (a trace is a few lines per attempt). */
const MAX_TRACE_BYTES = 16 * 1024 * 1024

/** A trace's events as far as they parse; a torn or malformed line is skipped. */
export function parseTraceLines(text: string): TraceEvent[] {
  const events: TraceEvent[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    try {
      const event = JSON.parse(line) as TraceEvent
      if (event && typeof event === 'object' && typeof event.phase === 'string' && event.payload && typeof event.payload === 'object') {
        events.push(event)
      }
    } catch {
      // A crash can tear the last line; any malformed line is skipped, never trusted.
    }
  }
  return events
}

/**
 * Whether `dir` is one of this state directory's sessions (`sessions/<date>/<name>/<id>`)
 * reached through real directories only. A session path comes from a receipt or saved
 * state, both untrusted: `..`, another place, or a link on the way (which `resolve` does
 * not see) would let a recovery read or append to files elsewhere.
 */
export async function isOwnSessionDir(stateDir: string, dir: string): Promise<boolean> {
  const root = resolve(stateDir, 'sessions')
  const target = resolve(dir)
  if (!target.startsWith(root + sep)) return false
  const steps = relative(root, target).split(sep)
  if (steps.length !== 3) return false
  let path = root
  for (const step of ['', ...steps]) {
    path = join(path, step)
    // lstat: a symbolic link is not a directory here, whatever it points at.
    const info = await lstat(path).catch(() => undefined)
    if (info === undefined || !info.isDirectory()) return false
  }
  return true
}

/** Reads a session's trace (bounded, no symlinks). */
export async function readSessionTrace(sessionDir: string): Promise<TraceEvent[]> {
  const text = await readRegularFile(join(sessionDir, 'trace.jsonl'), MAX_TRACE_BYTES)
  return text === undefined ? [] : parseTraceLines(text)
}

/** Appends whole lines to a trace (after ending a torn last line) and syncs them. */
function appendEvents(sessionDir: string, events: TraceEvent[]): void {
  const fd = openTraceForAppend(sessionDir)
  try {
    writeSync(fd, events.map(event => `${JSON.stringify(event)}\n`).join(''))
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** What closing found and did. */
export interface ClosedRun {
  /** False when the trace already had its end (nothing to do there). */
  closedTrace: boolean
  /** The receipt after closing, when there was one. */
  receipt?: Receipt
  attempts: number
}

/**
 * Finishes an interrupted session and receipt: completes a half-recorded attempt
 * (tool_result and verify saying it was interrupted), writes a note with the reason and
 * `end` with outcome aborted, updates meta.json, and marks a `running` receipt
 * `interrupted`. Idempotent: an ended trace and a closed receipt are left alone.
 */
export async function closeInterruptedRun(options: {
  store: ReceiptStore
  runId?: string
  sessionDir?: string
  reason: string
  redactor: Redactor
  now?: () => Date
}): Promise<ClosedRun> {
  const now = options.now ?? (() => new Date())
  let receipt = options.runId ? await options.store.read(options.runId) : undefined
  let sessionDir = options.sessionDir ?? receipt?.session.dir
  // A session path from a receipt or saved state is untrusted: only ours is ever touched.
  if (sessionDir !== undefined && !(await isOwnSessionDir(options.store.stateDir, sessionDir))) sessionDir = undefined
  let closedTrace = false
  let attempts = receipt?.attempts ?? 0
  if (sessionDir !== undefined) {
    const events = await readSessionTrace(sessionDir)
    const start = events.find(event => event.phase === 'start')
    const calls = events.filter(event => event.phase === 'tool_call')
    attempts = calls.length
    if (start !== undefined && !events.some(event => event.phase === 'end')) {
      const base = { skill: start.skill, session_id: start.session_id }
      const stamp = () => timestamp(now())
      const closing: TraceEvent[] = []
      const lastCall = calls[calls.length - 1]
      if (lastCall !== undefined) {
        const attempt = lastCall.payload.attempt
        const hasResult = events.some(event => event.phase === 'tool_result' && event.payload.attempt === attempt)
        const hasVerify = events.some(event => event.phase === 'verify' && event.payload.attempt === attempt)
        if (!hasResult) {
          closing.push({ ...base, ts: stamp(), phase: 'tool_result', payload: { attempt, ok: false, exit: 130, interrupted: true, duration_ms: 0, summary: '' } })
        }
        if (!hasVerify) {
          closing.push({ ...base, ts: stamp(), phase: 'verify', payload: { attempt, ok: false, check: [], detail: 'interrupted before it could be verified' } })
        }
      }
      closing.push({ ...base, ts: stamp(), phase: 'note', payload: { message: options.reason } })
      const summary = `interrupted after ${attempts} attempt(s): ${options.reason}`
      closing.push({ ...base, ts: stamp(), phase: 'end', payload: { outcome: 'aborted', summary } })
      appendEvents(sessionDir, closing.map(event => redactDeep(event, options.redactor)))
      closedTrace = true
      const metaText = await readRegularFile(join(sessionDir, 'meta.json'), 1024 * 1024).catch(() => undefined)
      let meta: Partial<SessionMeta> = {}
      try {
        meta = metaText ? (JSON.parse(metaText) as Partial<SessionMeta>) : {}
      } catch {
        meta = {}
      }
      const verifies = events.filter(event => event.phase === 'verify')
      const updated = {
        session_id: start.session_id,
        skill: start.skill,
        version: typeof meta.version === 'string' ? meta.version : '',
        started_at: typeof meta.started_at === 'string' ? meta.started_at : start.ts,
        ended_at: timestamp(now()),
        outcome: 'aborted' as const,
        attempts,
        tool_calls: calls.length,
        errors: verifies.filter(event => event.payload.ok !== true).length + (closing.some(e => e.phase === 'verify') ? 1 : 0),
        flaky: false,
        run_id: typeof meta.run_id === 'string' ? meta.run_id : (options.runId ?? ''),
        summary
      }
      await writeFileAtomic(join(sessionDir, 'meta.json'), `${JSON.stringify(redactDeep(updated, options.redactor), null, 2)}\n`, 0o600)
    }
  }
  if (receipt !== undefined && receipt.status === 'running') {
    receipt = { ...receipt, status: 'interrupted', ended_at: timestamp(now()), attempts }
    await options.store.write(receipt)
  }
  return { closedTrace, receipt, attempts }
}
