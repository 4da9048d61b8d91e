/**
 * The receipt's schemas are built once however many reads ask for them at the same time: a
 * history is read several receipts at a time, and each read awaits zod's loading
 * (docs/design.md §8 "What a run loads"). A file of its own, so no other test has built
 * them first.
 */
import { expect, test } from '@jest/globals'
import { receiptSchemas } from '../../../src/core/receipts/receipt.js'

test('reads that ask for the schemas together share one build', async () => {
  const [first, second, third] = await Promise.all([receiptSchemas(), receiptSchemas(), receiptSchemas()])
  expect(second).toBe(first)
  expect(third).toBe(first)
  expect(await receiptSchemas()).toBe(first)
})
