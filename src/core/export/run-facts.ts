/**
 * What both export formats say about a closed run (docs/design.md §2 "Exports"), read from its trace
 * (the source of truth, through the typed readers) and its receipt: the attempts with their
 * verdicts, reruns and test results, and the run's own facts. No file is read here.
 */
import type { Receipt } from '../receipts/receipt.js'
import { eventsOf, type Outcome, type TraceEvent } from '../session/events.js'
import { scriptLabel } from '../shell/script-lines.js'
import type { TraceTests } from '../session/notes.js'

/** One attempt of the run. */
export interface AttemptFacts {
  attempt: number
  /** When its command started (epoch ms), when the trace says. */
  startMs?: number
  durationMs: number
  exit?: number
  timedOut: boolean
  interrupted: boolean
  /** Every expectation held. */
  ok: boolean
  /** The verify event's one line. */
  detail: string
  /** The failed tests it reran on their own, when it was a rerun. */
  rerunTests?: string[]
  /** What its JUnit files said. */
  tests?: TraceTests
  /** A repeat of new tests (docs/design.md §1 "Early flake detection"): its round of how many, and the tests. */
  repeat?: { round: number; of: number; tests: string[] }
}

/** A closed run, as the exports describe it. */
export interface RunFacts {
  receipt: Receipt
  /** The step's `name` (the trace's skill). */
  stepName: string
  /** The script as written (the trace's decision), else the receipt's identity. */
  script: string
  /** The script in a few words. */
  label: string
  outcome: Outcome | 'running'
  startMs: number
  endMs: number
  attempts: AttemptFacts[]
  /** The repeats of new tests after the passing attempt: never retries, so kept apart from `attempts`. */
  repeats: AttemptFacts[]
  /** Whether any attempt read test results. */
  hasTests: boolean
}

/** Epoch ms of an RFC 3339 time, when it parses. */
export function epochMs(time: string | null | undefined): number | undefined {
  if (time === null || time === undefined) return undefined
  const ms = Date.parse(time)
  return Number.isFinite(ms) ? ms : undefined
}

/** The run's facts from its trace events and receipt. */
export function runFacts(events: readonly TraceEvent[], receipt: Receipt): RunFacts {
  const attempts = new Map<number, AttemptFacts>()
  const facts = (attempt: number): AttemptFacts => {
    let found = attempts.get(attempt)
    if (found === undefined) {
      found = { attempt, durationMs: 0, timedOut: false, interrupted: false, ok: false, detail: '' }
      attempts.set(attempt, found)
    }
    return found
  }
  for (const event of events) {
    if (event.phase === 'tool_call') {
      const target = facts(event.payload.attempt)
      target.startMs = epochMs(event.ts)
      if (event.payload.rerun !== undefined) target.rerunTests = event.payload.rerun.tests
      const repeat = event.payload.repeat
      if (repeat !== undefined) target.repeat = { round: repeat.round, of: repeat.of, tests: repeat.tests }
    } else if (event.phase === 'tool_result') {
      const { payload } = event
      const target = facts(payload.attempt)
      target.durationMs = payload.duration_ms
      target.exit = payload.exit
      target.timedOut = payload.timed_out === true
      target.interrupted = payload.interrupted === true
      target.startMs = epochMs(payload.started_at) ?? target.startMs
    } else if (event.phase === 'verify') {
      const target = facts(event.payload.attempt)
      target.ok = event.payload.ok
      target.detail = event.payload.detail
    } else if (event.phase === 'note' && event.payload.kind === 'tests') {
      facts(event.payload.tests.attempt).tests = event.payload.tests
    }
  }
  const startMs = epochMs(receipt.started_at) ?? 0
  const end = eventsOf(events, 'end').at(-1)
  const endMs = Math.max(startMs, epochMs(receipt.ended_at) ?? epochMs(end?.ts) ?? startMs)
  const script = eventsOf(events, 'decision')[0]?.payload.decision[0] ?? receipt.identity.join('\n')
  const all = [...attempts.values()].sort((a, b) => a.attempt - b.attempt)
  const ordered = all.filter(attempt => attempt.repeat === undefined)
  return {
    receipt,
    stepName: eventsOf(events, 'start')[0]?.skill ?? 'verify',
    script,
    label: scriptLabel(script) || 'verify',
    outcome: end?.payload.outcome ?? 'running',
    startMs,
    endMs,
    attempts: ordered,
    repeats: all.filter(attempt => attempt.repeat !== undefined),
    hasTests: ordered.some(attempt => attempt.tests !== undefined)
  }
}

/** `ref` without its `refs/heads/` or `refs/tags/` prefix. */
export function shortRef(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '')
}
