/**
 * A full disk under the state directory while a run is recorded (docs/design.md §6): one
 * line naming the directory and what became of the command. It never reports the command
 * as failed because reverify's own disk was full: the verdict, once reached, is in the trace.
 */
import { isErrorCode } from '../base/atomic-file.js'
import { DiskFullError } from '../base/errors.js'
import type { Outcome } from '../session/events.js'

/** How far the run got: not started, the command under way, or judged with this outcome. */
export type DiskFullStage = 'before' | 'during' | Outcome

const VERDICT: Record<Outcome, string> = {
  success: 'passed',
  failure: 'failed',
  aborted: 'was interrupted'
}

/** What became of the command, in words. */
function stageText(stage: DiskFullStage): string {
  if (stage === 'before') return 'the command was not run; free some space and run it again'
  if (stage === 'during') return 'the run stopped before its result was recorded; free some space, and the next run continues it'
  return `the command ${VERDICT[stage]}, but the run could not be closed; free some space, and the next run settles it from the trace`
}

/** A DiskFullError for ENOSPC or EDQUOT; any other error is returned as it is. */
export function stateDirFull(error: unknown, stateDir: string, stage: DiskFullStage): unknown {
  if (!isErrorCode(error, 'ENOSPC', 'EDQUOT')) return error
  return new DiskFullError(`no space left on device in the state directory ${stateDir}: ${stageText(stage)}`)
}
