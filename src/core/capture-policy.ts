import type { CaptureMode } from './config-file.js'
import type { Receipt } from './receipt.js'

/** What to do before a run, given the latest receipt of its identity (SPEC §3). */
export interface CaptureVerdict {
  action: 'proceed' | 'warn' | 'block'
  /** The failed, uncaptured run behind a warn or block. */
  failedRunId?: string
}

/** SPEC §3 decision: none / not failed / captured → proceed; else warn or block per mode; off → proceed. */
export function decideCaptureBeforeRetry(mode: CaptureMode, latest: Receipt | undefined): CaptureVerdict {
  if (mode === 'off' || latest === undefined) return { action: 'proceed' }
  if (latest.status !== 'failed' || latest.capture !== undefined) return { action: 'proceed' }
  return { action: mode, failedRunId: latest.run_id }
}

/** The message text (without annotation syntax) for a warn/block verdict, with remediation for 'cli' or 'actions'; '' for proceed. */
export function captureMessage(verdict: CaptureVerdict, context: 'cli' | 'actions'): string {
  if (verdict.action === 'proceed' || verdict.failedRunId === undefined) return ''
  const runId = verdict.failedRunId
  const headline =
    verdict.action === 'block'
      ? `The last run of this verify command (${runId}) failed and nobody captured what happened; not retrying it blind (capture-before-retry: block).`
      : `The last run of this verify command (${runId}) failed and nobody captured what happened; retrying anyway (capture-before-retry: warn).`
  const remedy =
    context === 'cli'
      ? [`Capture it: reverify capture ${runId} --note "<what you found>"`]
      : [
          `Capture it with a commit: git commit --allow-empty -m "Capture verify failure ${runId}" --trailer "Reverify-Capture: ${runId} <what you found>"`,
          `or run this action once with capture: ${runId} and capture-note: <what you found> (same command and scope).`
        ]
  return [headline, ...remedy].join('\n')
}
