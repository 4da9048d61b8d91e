/** capture-before-retry (docs/design.md §3): what to do before a run, given its command's latest receipt. */
import type { CaptureMode } from './config-file.js'
import type { Receipt } from '../receipts/receipt.js'

/** What to do before a run, given the latest receipt of its identity. */
export interface CaptureVerdict {
  action: 'proceed' | 'warn' | 'block'
  /** The failed, uncaptured run behind a warn or block. */
  failedRunId?: string
}

/** none / not failed / captured → proceed; else warn or block per mode; off → proceed. */
export function decideCaptureBeforeRetry(mode: CaptureMode, latest: Receipt | undefined): CaptureVerdict {
  if (mode === 'off' || latest === undefined) return { action: 'proceed' }
  if (latest.status !== 'failed' || latest.capture !== undefined) return { action: 'proceed' }
  return { action: mode, failedRunId: latest.run_id }
}

/**
 * The verdict in one sentence, the same in every front end; each adds its own remedy (a
 * CLI command, or a commit trailer and the action's capture mode).
 */
export function captureHeadline(action: 'warn' | 'block', failedRunId: string): string {
  return action === 'block'
    ? `The last run of this verify command (${failedRunId}) failed and nobody captured what happened; not retrying it blind (capture-before-retry: block).`
    : `The last run of this verify command (${failedRunId}) failed and nobody captured what happened; retrying anyway (capture-before-retry: warn).`
}
