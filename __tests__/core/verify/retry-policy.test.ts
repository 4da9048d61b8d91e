/** The retry filters: which failed attempts may be retried, and the one-line note when not. */
import { listsExitCode, retryRefusal } from '../../../src/core/verify/retry-policy.js'

const ranges = { text: '1-123,125-255', ranges: [[1, 123] as [number, number], [125, 255] as [number, number]] }
const failed = (exitCode: number, timedOut = false, outputMatched = false) => ({ exitCode, timedOut, outputMatched })

test('a code is listed when a range holds it, ends included', () => {
  expect([1, 123, 125, 255].map(code => listsExitCode(ranges, code))).toEqual([true, true, true, true])
  expect([0, 124].map(code => listsExitCode(ranges, code))).toEqual([false, false])
})

test('an unlisted code is named with the list as written, never expanded', () => {
  const note = retryRefusal({ retryOn: 'any', retryOnExitCodes: ranges }, failed(124))
  expect(note).toBe('not retrying: exit 124 is not in retry-on-exit-codes (1-123,125-255)')
  expect(retryRefusal({ retryOn: 'any', retryOnExitCodes: ranges }, failed(3))).toBeUndefined()
})

test('retry-on: any retries both, error only a failure that did not time out, timeout only a timeout', () => {
  expect(retryRefusal({ retryOn: 'any' }, failed(124, true))).toBeUndefined()
  expect(retryRefusal({ retryOn: 'any' }, failed(1))).toBeUndefined()
  expect(retryRefusal({ retryOn: 'error' }, failed(124, true))).toBe('not retrying: the attempt timed out and retry-on is error')
  expect(retryRefusal({ retryOn: 'error' }, failed(3))).toBeUndefined()
  expect(retryRefusal({ retryOn: 'timeout' }, failed(1))).toBe('not retrying: the attempt did not time out and retry-on is timeout')
  expect(retryRefusal({ retryOn: 'timeout' }, failed(124, true))).toBeUndefined()
})

test('every filter must allow the retry; the note names the one that refused', () => {
  const settings = {
    retryOn: 'timeout' as const,
    retryOnExitCodes: { text: '1', ranges: [[1, 1] as [number, number]] },
    retryOnOutput: /ECONN/
  }
  expect(retryRefusal(settings, failed(124, true, true))).toMatch(/exit 124 is not in retry-on-exit-codes \(1\)$/)
  expect(retryRefusal({ ...settings, retryOnExitCodes: undefined }, failed(124, true, false))).toMatch(
    /did not match retry-on-output \/ECONN\/$/
  )
  expect(retryRefusal({ ...settings, retryOnExitCodes: undefined }, failed(124, true, true))).toBeUndefined()
})
