/**
 * The typed-array table of test keys (src/core/test-results/key-table.ts) against a Map
 * doing the same: every set, get and delete agrees through growth and removed slots, and
 * the stored form it writes is each value's keys in order.
 */
import { describe, expect, test } from '@jest/globals'
import { createHash } from 'node:crypto'
import { KeyList, KeyTable } from '../../../src/core/test-results/key-table.js'

const keyOf = (n: number) => createHash('sha256').update(String(n)).digest('hex').slice(0, 16)

/** Each value's hex pieces, in the order the table gives them, joined: value → [keys as text, pieces]. */
function hexByValue(table: KeyTable): Map<number, [string, string[]]> {
  return new Map(
    table.hexPiecesByValue().map(({ value, pieces }) => {
      const written = [...pieces()]
      return [value, [written.join(''), written]]
    })
  )
}

/** A small deterministic sequence, so a failure replays. */
function* numbers(seed: number): Generator<number> {
  let state = seed
  for (;;) {
    state = (state * 1103515245 + 12345) % 2147483648
    yield state
  }
}

describe('KeyTable', () => {
  test('agrees with a Map over 6,000 sets, gets and deletes, through growth and removed slots', () => {
    const table = new KeyTable()
    const map = new Map<string, number>()
    const random = numbers(7)
    for (let step = 0; step < 6_000; step++) {
      const key = keyOf(random.next().value % 1_500)
      const what = random.next().value % 3
      if (what === 0) {
        expect(table.delete(key)).toBe(map.delete(key))
      } else {
        const value = (random.next().value % 2_000_000) - 1_000_000
        table.set(key, value)
        map.set(key, value)
      }
      expect(table.get(key)).toBe(map.get(key))
      expect(table.has(key)).toBe(map.has(key))
    }
    expect(table.size).toBe(map.size)
    expect([...table].sort()).toEqual([...map.keys()].sort())
    const walked = new Map<string, number>()
    table.forEachWords((high, low, value) => walked.set(high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0'), value))
    expect(walked).toEqual(map)
  })

  test("each value's keys in order as hex, values in ascending order", () => {
    const table = new KeyTable()
    const keys = Array.from({ length: 300 }, (_, n) => keyOf(n))
    keys.forEach((key, n) => table.set(key, [5, -2, 40][n % 3]!))
    const written = hexByValue(table)
    expect([...written.keys()]).toEqual([-2, 5, 40])
    ;[5, -2, 40].forEach((value, index) => {
      expect(written.get(value)![0]).toBe(
        keys
          .filter((_, n) => n % 3 === index)
          .sort()
          .join('')
      )
    })
  })

  test('a value with many keys is written in pieces of at most 4,096 keys, in order across them', () => {
    const table = new KeyTable()
    const keys = Array.from({ length: 10_000 }, (_, n) => keyOf(n))
    for (const key of keys) table.set(key, 1)
    const [text, pieces] = hexByValue(table).get(1)!
    expect(pieces.map(piece => piece.length / 16)).toEqual([4_096, 4_096, 1_808])
    expect(text).toBe([...keys].sort().join(''))
  })

  test('a table made room for first holds and finds what it is given, and reserving less than it holds keeps every key', () => {
    const table = new KeyTable()
    for (let n = 0; n < 100; n++) table.set(keyOf(n), n)
    table.reserve(5_000)
    for (let n = 100; n < 5_000; n++) table.set(keyOf(n), n)
    table.reserve(10)
    expect(table.size).toBe(5_000)
    for (let n = 0; n < 5_000; n++) expect(table.get(keyOf(n))).toBe(n)
  })

  test('keys that share a half, or have the top bit set, are written in the order of their text', () => {
    const table = new KeyTable()
    const keys = [
      'ffffffff00000000',
      '7fffffffffffffff',
      '8000000000000000',
      '0000000080000000',
      '000000007fffffff',
      '00000001ffffffff',
      '0000000100000000'
    ]
    for (const key of keys) table.set(key, 7)
    expect(hexByValue(table).get(7)![0]).toBe([...keys].sort().join(''))
  })

  test('a key given as two halves is the same key; a key that is not 16 lowercase hex digits is refused', () => {
    const table = new KeyTable()
    table.set('00000001ffffffff', 5)
    expect(table.getWords(1, 0xffffffff)).toBe(5)
    table.setWords(0xffffffff, 0, 6)
    expect(table.get('ffffffff00000000')).toBe(6)
    expect(table.getAt('xx00000001ffffffffxx', 2)).toBe(5)
    expect(() => table.set('00000001FFFFFFFF', 1)).toThrow(RangeError)
    expect(() => table.set('0000000g00000000', 1)).toThrow(RangeError)
    expect(table.has('short')).toBe(false)
    expect(table.get('0000000g00000000')).toBeUndefined()
    expect(table.delete('00000001FFFFFFFF')).toBe(false)
    expect(table.get('00000001ffffffff')).toBe(5)
  })

  test('written as JSON, a table and its packed keys are left out', () => {
    const table = new KeyTable()
    table.set(keyOf(1), 1)
    expect(JSON.stringify({ keys: table, packed: table.packedKeys(), total: 1 })).toBe('{"total":1}')
  })

  test('packed, the keys alone: the same keys, with removed ones gone', () => {
    const table = new KeyTable()
    for (let n = 0; n < 200; n++) table.set(keyOf(n), n)
    for (let n = 0; n < 200; n += 4) table.delete(keyOf(n))
    const packed = table.packedKeys()
    expect(packed.size).toBe(150)
    expect([...packed].sort()).toEqual([...table].sort())
    const halves: number[] = []
    packed.forEachWords((_high, _low, value) => halves.push(value))
    expect(halves).toEqual(Array(150).fill(0))
  })
})

test('KeyList: the keys in the order pushed, as two halves each; cleared, none', () => {
  const list = new KeyList()
  const keys = Array.from({ length: 500 }, (_, n) => keyOf(n))
  for (const key of keys) list.push(key)
  const seen: string[] = []
  list.forEachWords((high, low) => seen.push(high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0')))
  expect(seen).toEqual(keys)
  list.clear()
  const after: number[] = []
  list.forEachWords(high => after.push(high))
  expect(after).toEqual([])
})
