/** The retry filters: which failed attempts may be retried, and the one-line note when not. */
import { listsExitCode, retryRefusal } from '../../src/core/retry-policy.js'

const ranges = { text: '1-123,125-255', ranges: [[1, 123] as [number, number], [125, 255] as [number, number]] }

test('a code is listed when a range holds it, ends included', () => {
  expect([1, 123, 125, 255].map(code => listsExitCode(ranges, code))).toEqual([true, true, true, true])
  expect([0, 124].map(code => listsExitCode(ranges, code))).toEqual([false, false])
})

test('an unlisted code is named with the list as written, never expanded', () => {
  const note = retryRefusal({ retryOnExitCodes: ranges }, 124, false)
  expect(note).toBe('not retrying: exit 124 is not in retry-on-exit-codes (1-123,125-255)')
  expect(retryRefusal({ retryOnExitCodes: ranges }, 3, false)).toBeUndefined()
})
