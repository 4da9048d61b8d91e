import { beforeEach, describe, expect, test } from '@jest/globals'
import { join } from 'node:path'
import { applyCaptureTrailers, captureRun, parseCaptureTrailers } from '../../../src/core/capture/capture.js'
import { decideCaptureBeforeRetry } from '../../../src/core/capture/capture-policy.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { makeReceipt, scratchDir, secondsAfter } from '../../helpers/receipts.js'

const ID_A = '20261130-075100-verify-3fa9c2'
const ID_B = '20261201-120000-verify-00ff00'

describe('parseCaptureTrailers', () => {
  test('finds every trailer line with its note', () => {
    const message = [
      'Fix the flaky test',
      '',
      'Body text mentioning Reverify-Capture: inline is not a trailer.',
      '',
      `Reverify-Capture: ${ID_A} the DNS resolver timed out`,
      `reverify-capture:${ID_B}`,
      'Signed-off-by: someone'
    ].join('\r\n')
    expect(parseCaptureTrailers(message)).toEqual([
      { runId: ID_A, note: 'the DNS resolver timed out' },
      { runId: ID_B, note: '' }
    ])
  })

  test('ignores lines whose id is not a run id', () => {
    expect(parseCaptureTrailers(['Reverify-Capture: latest oops', 'Reverify-Capture: ../../x', 'Reverify-Capture:'].join('\n'))).toEqual([])
  })

  test('keeps at most 50 trailers and 1000 characters of note, without control characters', () => {
    const many = Array.from({ length: 80 }, () => `Reverify-Capture: ${ID_A} ${'n'.repeat(3000)}\u0007`).join('\n')
    const trailers = parseCaptureTrailers(many)
    expect(trailers).toHaveLength(50)
    expect(trailers[0]!.note).toHaveLength(1000)
    expect(parseCaptureTrailers(`Reverify-Capture: ${ID_A} a\u001b[2Jb`)[0]!.note).toBe('a [2Jb')
  })
})

describe('captureRun', () => {
  let store: ReceiptStore
  const now = new Date('2026-12-01T09:00:00.000Z')
  const details = { note: 'network blip', source: 'cli', by: 'me', target: 'octo/widgets', now }

  beforeEach(async () => {
    store = new ReceiptStore(join(await scratchDir(), 'state'), { warn: () => undefined, now: () => new Date() })
  })

  test('records the capture on the receipt, which then no longer blocks', async () => {
    const failed = makeReceipt({ status: 'failed' })
    await store.write(failed)
    expect(decideCaptureBeforeRetry('block', await store.read(failed.run_id)).action).toBe('block')
    const captured = await captureRun(store, failed.run_id, { ...details, note: '  network blip  ' })
    expect(captured.capture).toEqual({ captured_at: now.toISOString(), note: 'network blip', source: 'cli', by: 'me' })
    expect(await store.read(failed.run_id)).toEqual(captured)
    expect(decideCaptureBeforeRetry('block', await store.latest(failed.target, failed.scope, failed.identity_hash)).action).toBe('proceed')
  })

  test('an unknown or malformed run id is a usage error', async () => {
    await expect(captureRun(store, ID_A, details)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringContaining(`no receipt of run ${ID_A}`)
    })
    await expect(captureRun(store, 'nope', details)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringContaining('no receipt of run nope')
    })
    await expect(captureRun(store, '../x', details)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringContaining('is not a run id')
    })
  })

  test("refuses another target's run and a run still running", async () => {
    const foreign = makeReceipt({ target: 'octo/gadgets' })
    const running = makeReceipt({ status: 'running', ended_at: null })
    await store.write(foreign)
    await store.write(running)
    await expect(captureRun(store, foreign.run_id, details)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringContaining('belongs to octo/gadgets')
    })
    await expect(captureRun(store, running.run_id, details)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringContaining('still running')
    })
  })

  test('latest is the newest failed run of the target not yet captured', async () => {
    const older = makeReceipt({ status: 'failed', commands_run: ['a'], started_at: '2026-11-30T07:00:00Z' })
    const newer = makeReceipt({ status: 'failed', commands_run: ['b'], started_at: '2026-11-30T08:00:00Z' })
    const passed = makeReceipt({ status: 'passed', commands_run: ['c'], started_at: '2026-11-30T09:00:00Z' })
    for (const receipt of [older, newer, passed]) await store.write(receipt)
    expect((await captureRun(store, 'latest', details)).run_id).toBe(newer.run_id)
    expect((await captureRun(store, 'latest', details)).run_id).toBe(older.run_id)
    await expect(captureRun(store, 'latest', details)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringContaining('no failed run waiting')
    })
    await expect(captureRun(store, 'latest', { ...details, target: undefined })).rejects.toMatchObject({ name: 'UsageError' })
  })

  test('latest with an identity is the latest run of that command, which must have failed', async () => {
    const failed = makeReceipt({ status: 'failed', started_at: '2026-11-30T07:00:00Z' })
    await store.write(failed)
    const scoped = { ...details, scope: failed.scope, identityHash: failed.identity_hash }
    expect((await captureRun(store, 'latest', scoped)).run_id).toBe(failed.run_id)
    await store.write(makeReceipt({ status: 'passed', started_at: secondsAfter(failed.started_at, 60) }))
    await expect(captureRun(store, 'latest', scoped)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringContaining('is passed, not failed')
    })
  })

  test('a note over 4000 characters is refused', async () => {
    const failed = makeReceipt()
    await store.write(failed)
    await expect(captureRun(store, failed.run_id, { ...details, note: 'x'.repeat(4001) })).rejects.toMatchObject({ name: 'UsageError' })
  })
})

describe('applyCaptureTrailers', () => {
  test('captures known runs once, and ignores unknown ones with a notice', async () => {
    const store = new ReceiptStore(join(await scratchDir(), 'state'), { warn: () => undefined, now: () => new Date() })
    const failed = makeReceipt({ status: 'failed' })
    const foreign = makeReceipt({ status: 'failed', target: 'octo/gadgets' })
    await store.write(failed)
    await store.write(foreign)
    const trailers = parseCaptureTrailers(
      [
        `Reverify-Capture: ${failed.run_id} flaky DNS`,
        `Reverify-Capture: ${ID_B} typo`,
        `Reverify-Capture: ${foreign.run_id} not ours`
      ].join('\n')
    )
    const details = { target: 'octo/widgets', source: 'commit abc123', by: 'octocat', now: new Date('2026-12-01T00:00:00Z') }
    const first = await applyCaptureTrailers(store, trailers, details)
    expect(first.applied).toEqual([failed.run_id])
    expect(first.notices).toHaveLength(2)
    expect(first.notices[0]).toContain(ID_B)
    expect(first.notices[1]).toContain('belongs to octo/gadgets')
    expect((await store.read(failed.run_id))?.capture).toEqual({
      captured_at: '2026-12-01T00:00:00.000Z',
      note: 'flaky DNS',
      source: 'commit abc123',
      by: 'octocat'
    })
    const again = await applyCaptureTrailers(store, trailers, { ...details, now: new Date('2026-12-02T00:00:00Z') })
    expect(again.applied).toEqual([])
    expect((await store.read(failed.run_id))?.capture?.captured_at).toBe('2026-12-01T00:00:00.000Z')
  })
})
