import { describe, expect, test } from '@jest/globals'
import { captureMessage as actionCaptureMessage } from '../../../src/action/run-log.js'
import { captureMessage as cliCaptureMessage } from '../../../src/cli/verify.js'
import { decideCaptureBeforeRetry, type CaptureVerdict } from '../../../src/core/capture/capture-policy.js'
import type { CaptureMode } from '../../../src/core/capture/config-file.js'
import type { Receipt, ReceiptStatus } from '../../../src/core/receipts/receipt.js'
import { makeReceipt } from '../../helpers/receipts.js'

const capture = { captured_at: '2026-11-30T08:00:00Z', note: 'dns', source: 'cli', by: 'me' }
const latestWith = (status: ReceiptStatus, captured = false): Receipt => makeReceipt({ status, ...(captured && { capture }) })

describe('decideCaptureBeforeRetry', () => {
  const cases: Array<[CaptureMode, string, Receipt | undefined, CaptureVerdict['action']]> = [
    ['warn', 'no earlier run', undefined, 'proceed'],
    ['block', 'no earlier run', undefined, 'proceed'],
    ['warn', 'passed', latestWith('passed'), 'proceed'],
    ['block', 'passed', latestWith('passed'), 'proceed'],
    ['block', 'aborted', latestWith('aborted'), 'proceed'],
    ['block', 'interrupted', latestWith('interrupted'), 'proceed'],
    ['block', 'running', latestWith('running'), 'proceed'],
    ['warn', 'failed, captured', latestWith('failed', true), 'proceed'],
    ['block', 'failed, captured', latestWith('failed', true), 'proceed'],
    ['warn', 'failed, uncaptured', latestWith('failed'), 'warn'],
    ['block', 'failed, uncaptured', latestWith('failed'), 'block'],
    ['off', 'failed, uncaptured', latestWith('failed'), 'proceed']
  ]
  test.each(cases)('%s with latest %s → %s', (mode, _label, latest, action) => {
    const verdict = decideCaptureBeforeRetry(mode, latest)
    expect(verdict.action).toBe(action)
    expect(verdict.failedRunId).toBe(action === 'proceed' ? undefined : latest?.run_id)
  })
})

describe('captureMessage', () => {
  const runId = '20261130-075100-verify-3fa9c2'

  test('the CLI message names the run and gives the capture command', () => {
    const message = cliCaptureMessage('warn', runId)
    expect(message).toContain(runId)
    expect(message).toContain(`reverify capture ${runId} --note "<what you found>"`)
    expect(message).toContain('retrying anyway')
  })

  test('the Actions message gives the trailer commit and the capture-mode alternative', () => {
    const message = actionCaptureMessage('block', runId)
    expect(message).toContain(
      `git commit --allow-empty -m "Capture verify failure ${runId}" --trailer "Reverify-Capture: ${runId} <what you found>"`
    )
    expect(message).toContain(`capture: ${runId}`)
    expect(message).toContain('capture-note')
    expect(message).toContain('not retrying')
  })

  test('proceed has nothing to say: the core decides and no front end is asked to word it', () => {
    expect(decideCaptureBeforeRetry('warn', undefined)).toEqual({ action: 'proceed' })
  })
})
