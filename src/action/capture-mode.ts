/**
 * Capture mode (input `capture`, docs/design.md §3): records that someone looked at a failed run, so
 * capture-before-retry lets its command run again. No command is run in this mode.
 */
import { print } from './workflow-commands.js'
import { captureRun, type ReceiptStore, type Redactor } from '../core/index.js'
import { Output } from './constants.js'
import { text } from './markdown.js'
import { newHistoryKey, saveHistory, type HistoryOptions } from './persistence/receipt-history.js'
import type { CaptureSettings } from './settings.js'
import type { Toolkit } from './toolkit.js'

/** Captures the run `capture.ref` names, saves the history (cache-receipts on) and writes the summary. */
export async function runCaptureMode(
  settings: CaptureSettings,
  store: ReceiptStore,
  history: HistoryOptions,
  { env, redactor, toolkit }: { env: NodeJS.ProcessEnv; redactor: Redactor; toolkit: Toolkit }
): Promise<void> {
  const { capture } = settings
  const receipt = await captureRun(store, capture.ref, {
    note: capture.note,
    source: 'action',
    by: env.GITHUB_ACTOR || 'unknown',
    target: settings.target,
    scope: settings.scope,
    identityHash: settings.identity.hash,
    now: new Date()
  })
  print.info(`reverify: captured ${receipt.run_id}${capture.note ? `: ${redactor.redact(capture.note)}` : ''}`)
  toolkit.setOutput(Output.RunId, receipt.run_id)
  toolkit.setOutput(Output.Captured, 'true')
  if (settings.cacheReceipts) await saveHistory(history, newHistoryKey(settings.historyKey, env))
  // A capture is no failure: only `summary: always` writes one.
  if (settings.summary !== 'always') return
  await toolkit
    .writeSummary(
      redactor.redact(
        `### reverify: captured \`${receipt.run_id}\`\n\n${capture.note ? text(redactor.redact(capture.note)) : '(no note)'}\n`
      )
    )
    .catch(() => undefined)
}
