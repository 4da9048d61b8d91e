/** Ordering and number wording without ICU: the same text `toLocaleString('en-US')` writes, no collator. */
import { expect, test } from '@jest/globals'
import { compareCodeUnits, groupDigits } from '../../../src/core/base/plain-text.js'

test('whole numbers are grouped in threes exactly as en-US words them', () => {
  const values = [0, 7, 42, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 10_485_760, 2 ** 31, Number.MAX_SAFE_INTEGER]
  for (const value of [...values, ...values.map(value => -value).filter(value => value !== 0)]) {
    expect(groupDigits(value)).toBe(value.toLocaleString('en-US'))
  }
})

test('what is not a safe whole number is written as JavaScript writes it', () => {
  expect(groupDigits(Infinity)).toBe('Infinity')
  expect(groupDigits(1.5)).toBe('1.5')
  expect(groupDigits(Number.NaN)).toBe('NaN')
})

test('text is compared by code units, so the order is the same in every locale', () => {
  expect(['b', 'B', 'a', 'A', '10', '9', 'é', 'e'].sort(compareCodeUnits)).toEqual(['10', '9', 'A', 'B', 'a', 'b', 'e', 'é'])
  expect(compareCodeUnits('x', 'x')).toBe(0)
  expect(compareCodeUnits('2026-12-08T01:00:00.000Z', '2026-12-08T01:00:00.001Z')).toBe(-1)
})
