/**
 * The merge of restored receipts (docs/design.md §5) is order-free: whatever order the
 * copies of one run arrive in, from however many cache entries, the store ends up with the
 * same receipt. A terminal status beats `running`, and a capture is kept.
 */
import fc from 'fast-check'
import { mergeReceipt } from '../../src/core/run/receipt-import.js'
import type { Receipt } from '../../src/core/receipts/receipt.js'
import { makeReceipt } from '../helpers/receipts.js'

const base = makeReceipt({ status: 'running', ended_at: null })
const capture = (at: string, note: string) => ({ captured_at: at, note, source: 'cli', by: 'octocat' })

/** Copies of one run as different jobs may have saved it. */
const copies: Receipt[] = [
  base,
  { ...base, status: 'failed', ended_at: '2026-11-30T07:52:00.000Z' },
  { ...base, status: 'failed', ended_at: '2026-11-30T07:52:00.000Z', capture: capture('2026-11-30T09:00:00.000Z', 'first look') },
  { ...base, status: 'interrupted', ended_at: '2026-11-30T07:55:00.000Z' },
  { ...base, capture: capture('2026-11-30T10:00:00.000Z', 'second look') }
]

test('any order of any copies merges to the same receipt', () => {
  fc.assert(
    fc.property(fc.shuffledSubarray(copies, { minLength: 1 }), picked => {
      const forward = picked.reduce((merged, copy) => mergeReceipt(merged, copy))
      const canonical = copies.filter(copy => picked.includes(copy)).reduce((merged, copy) => mergeReceipt(merged, copy))
      expect(forward).toEqual(canonical)
      if (picked.some(copy => copy.status !== 'running')) expect(forward.status).not.toBe('running')
      if (picked.some(copy => copy.capture !== undefined)) expect(forward.capture).toBeDefined()
    })
  )
})

test('a terminal copy beats a running one, and a capture from the running copy is kept', () => {
  const merged = mergeReceipt(copies[4]!, copies[1]!)
  expect(merged.status).toBe('failed')
  expect(merged.capture?.note).toBe('second look')
  expect(mergeReceipt(copies[1]!, copies[4]!)).toEqual(merged)
})
