/**
 * How far a run got through its opening (docs/design.md §6, "The run's opening"): the
 * `running` receipt, the session folder with an empty trace and meta.json, run.json, then the
 * trace's `start`. A run killed anywhere before its `start` ran nothing, so it is closed as
 * interrupted by whoever finds it (the next run, `reverify resume`, the action's post step);
 * one whose trace has its `start` can be resumed.
 */
import { resolve } from 'node:path'
import type { Receipt } from '../receipts/receipt.js'
import { eventsOf, type TraceEvent } from '../session/events.js'
import { isOwnSessionDir } from '../session/layout.js'
import { readSessionTrace } from '../session/reader.js'

/** Why a run whose session is there but whose trace has no event is closed, not resumed. */
export const KILLED_OPENING = 'it was killed as its run opened, before any command ran'

/** Why a run whose session directory is not there (or not ours) cannot be resumed. */
export const SESSION_GONE = 'its session directory is missing or not one of this state directory'

/**
 * Where a `running` receipt's run stopped: `gone` (no session folder of ours), `unopened` (a
 * folder whose trace holds no event: killed before its `start`), `opened` (the trace has this
 * session's `start`), or `unclear` (events, but no `start` of this session).
 */
export type OpeningStage = 'gone' | 'unopened' | 'opened' | 'unclear'

/** How far the receipt's run got through its opening, and its trace's events as read. */
export async function openingStage(receipt: Receipt, stateDir: string): Promise<{ stage: OpeningStage; events: TraceEvent[] }> {
  const sessionDir = resolve(receipt.session.dir)
  // The receipt is untrusted: its session must be a real directory inside our sessions/.
  if (!(await isOwnSessionDir(stateDir, sessionDir))) return { stage: 'gone', events: [] }
  const events = await readSessionTrace(sessionDir)
  if (events.length === 0) return { stage: 'unopened', events }
  const start = eventsOf(events, 'start')[0]
  return { stage: start?.session_id === receipt.session.id ? 'opened' : 'unclear', events }
}
