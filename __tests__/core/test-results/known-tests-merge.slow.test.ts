/**
 * The known tests' merge as a property (docs/design.md §3 "Known tests"): any sets merged in
 * any order give the same stored form, each test with its earliest day.
 */
import fc from 'fast-check'
import { dayNumber, dayText, KnownTests } from '../../../src/core/test-results/known-tests.js'

const DAY = dayNumber(new Date('2026-11-20T15:00:00Z'))
const key = (n: number) => n.toString(16).padStart(16, '0')

test('merge is order-free: any order of any sets gives the same stored form, each test with its earliest day', () => {
  const entry = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 30 }))
  fc.assert(
    fc.property(fc.array(fc.array(entry, { maxLength: 20 }), { minLength: 1, maxLength: 6 }), fc.nat(), (sets, seed) => {
      const built = sets.map(entries => {
        const known = new KnownTests()
        for (const [n, offset] of entries) known.add(key(n), DAY + offset)
        return known
      })
      const forward = new KnownTests()
      for (const set of built) forward.merge(set)
      const shuffled = [...built].sort((a, b) => ((a.size * 31 + seed) % 7) - ((b.size * 31 + seed) % 7)).reverse()
      const backward = new KnownTests()
      for (const set of shuffled) backward.merge(set)
      expect(backward.serialize()).toBe(forward.serialize())
      const earliest = new Map<number, number>()
      for (const [n, offset] of sets.flat()) earliest.set(n, Math.min(earliest.get(n) ?? Infinity, offset))
      for (const [n, offset] of earliest) expect(forward.firstSeen(key(n))).toBe(dayText(DAY + offset))
      expect(forward.size).toBe(earliest.size)
    })
  )
})
