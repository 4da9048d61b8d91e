import { describe, expect, test } from '@jest/globals'
import { isRunId, newRunId, requireRunId, RUN_ID_PATTERN } from '../../../src/core/receipts/run-id.js'

describe('newRunId', () => {
  test('encodes the UTC start second and 6 random hex digits', () => {
    const id = newRunId(new Date('2026-11-30T07:51:00.999Z'))
    expect(id).toMatch(/^20261130-075100-verify-[0-9a-f]{6}$/)
    expect(RUN_ID_PATTERN.test(id)).toBe(true)
  })

  test('two ids of the same second differ', () => {
    const at = new Date('2026-01-02T03:04:05Z')
    const ids = new Set(Array.from({ length: 50 }, () => newRunId(at)))
    expect(ids.size).toBeGreaterThan(45)
  })

  test('refuses an invalid date', () => {
    expect(() => newRunId(new Date('nope'))).toThrow(RangeError)
  })
})

describe('isRunId', () => {
  test.each([
    ['20261130-075100-verify-3fa9c2', true],
    ['20261130-075100-verify-3FA9C2', false],
    ['20261130-075100-verify-3fa9c', false],
    ['20261130-075100-verify-3fa9c2\n', false],
    ['../20261130-075100-verify-3fa9c2', false],
    ['20261130-075100-other-3fa9c2', false],
    [42, false],
    [undefined, false]
  ])('%p → %p', (value, expected) => {
    expect(isRunId(value)).toBe(expected)
  })
})

describe('requireRunId', () => {
  test('returns a valid id', () => {
    expect(requireRunId('20261130-075100-verify-3fa9c2', 'capture')).toBe('20261130-075100-verify-3fa9c2')
  })

  test('names what was wrong, with an example', () => {
    expect(() => requireRunId('latestt', 'capture')).toThrow(
      "capture: 'latestt' is not a run id (expected e.g. 20261130-075100-verify-3fa9c2)"
    )
  })

  test('is a UsageError', () => {
    let caught: unknown
    try {
      requireRunId('x', 'capture')
    } catch (error) {
      caught = error
    }
    expect((caught as Error).name).toBe('UsageError')
  })

  test('shows at most 80 characters and escapes control characters', () => {
    let message = ''
    try {
      requireRunId(`a\u001b[31mb\n${'x'.repeat(200)}`, 'receipts show')
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).not.toMatch(/[\u0000-\u001f]/)
    expect(message).toContain('a\\x1b[31mb\\x0a')
    expect(message).toContain('…')
    expect(message.length).toBeLessThan(200)
  })
})
