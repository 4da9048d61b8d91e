/**
 * The known tests of a history (docs/design.md §3 "Known tests"): a test's key, the grow-only
 * set merged order-free with the earlier day winning, its stored form read back whole or
 * refused with a one-line reason, and its file in the state directory.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  dayNumber,
  dayText,
  KnownTests,
  MAX_KNOWN_TESTS,
  MAX_KNOWN_TESTS_BYTES,
  testKey
} from '../../../src/core/test-results/known-tests.js'
import { knownTestsPath, readKnownTests, writeKnownTests } from '../../../src/core/test-results/known-tests-file.js'

const DAY = dayNumber(new Date('2026-11-20T15:00:00Z'))
const key = (n: number) => n.toString(16).padStart(16, '0')

describe('testKey', () => {
  test('16 hex digits, the same for the same file, suite and name', () => {
    const one = testKey({ file: 'src/api.test.js', suite: 'api', name: 'returns the user' })
    expect(one).toMatch(/^[0-9a-f]{16}$/)
    expect(testKey({ file: 'src/api.test.js', suite: 'api', name: 'returns the user' })).toBe(one)
  })

  test('file, suite and name each tell tests apart, and their parts cannot be shifted into one another', () => {
    const keys = [
      testKey({ file: 'a.js', suite: 'api', name: 'x' }),
      testKey({ file: 'b.js', suite: 'api', name: 'x' }),
      testKey({ suite: 'api', name: 'x' }),
      testKey({ file: 'a.js', suite: 'apj', name: 'x' }),
      testKey({ file: 'a.js', suite: 'api', name: 'y' }),
      testKey({ file: 'a.js', suite: 'ap', name: 'ix' }),
      testKey({ file: 'a.jsapi', suite: '', name: 'x' })
    ]
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('days', () => {
  test('a day number is the UTC day; dayText writes it back as YYYY-MM-DD', () => {
    expect(dayText(DAY)).toBe('2026-11-20')
    expect(dayNumber(new Date('2026-11-20T00:00:00Z'))).toBe(DAY)
    expect(dayNumber(new Date('2026-11-20T23:59:59.999Z'))).toBe(DAY)
    expect(dayNumber(new Date('2026-11-21T00:00:00Z'))).toBe(DAY + 1)
  })
})

describe('KnownTests', () => {
  test('add: a known test keeps its earlier day; has and firstSeen answer for it', () => {
    const known = new KnownTests()
    expect(known.add(key(1), DAY)).toBe(true)
    expect(known.add(key(1), DAY + 3)).toBe(true)
    expect(known.firstSeen(key(1))).toBe('2026-11-20')
    known.add(key(1), DAY - 2)
    expect(known.firstSeen(key(1))).toBe('2026-11-18')
    expect(known.has(key(1))).toBe(true)
    expect(known.has(key(2))).toBe(false)
    expect(known.firstSeen(key(2))).toBeUndefined()
    expect(known.size).toBe(1)
  })

  test('serialize and parse round-trip, and the stored form is the same whatever order tests were added in', () => {
    const a = new KnownTests()
    const b = new KnownTests()
    const tests = Array.from({ length: 50 }, (_, n) => [key(n * 7919), DAY + (n % 4)] as const)
    for (const [k, day] of tests) a.add(k, day)
    for (const [k, day] of [...tests].reverse()) b.add(k, day)
    expect(b.serialize()).toBe(a.serialize())
    const read = KnownTests.parse(a.serialize())
    if (!read.ok) throw new Error(read.reason)
    expect(read.known.serialize()).toBe(a.serialize())
    for (const [k, day] of tests) expect(read.known.firstSeen(k)).toBe(dayText(day))
  })

  test("the stored form is JSON: a version, and each day's keys in order as one text, days in order, whatever the pieces", () => {
    expect(new KnownTests().serialize()).toBe('{"version":1,"first_seen":{}}\n')
    const known = new KnownTests()
    const days = [DAY + 2, DAY, DAY + 1]
    const keys = Array.from({ length: 9_000 }, (_, n) => key(n * 104_729 + 1))
    keys.forEach((k, n) => known.add(k, days[n % 3]!))
    const pieces = [...known.pieces()]
    // A day of 3,000 keys comes in pieces of at most 4,096 keys: never one string a day, nor a file.
    expect(Math.max(...pieces.map(piece => piece.length))).toBeLessThanOrEqual(4_096 * 16)
    const firstSeen = Object.fromEntries(
      [DAY, DAY + 1, DAY + 2].map(day => [
        dayText(day),
        keys
          .filter((_, n) => days[n % 3] === day)
          .sort()
          .join('')
      ])
    )
    expect(pieces.join('')).toBe(`${JSON.stringify({ version: 1, first_seen: firstSeen })}\n`)
    expect(known.serialize()).toBe(pieces.join(''))
  })

  test('merge answers how many tests it added or moved to an earlier day, and 0 when it changed nothing', () => {
    const known = new KnownTests()
    known.add(key(1), DAY)
    known.add(key(2), DAY)
    const other = new KnownTests()
    other.add(key(1), DAY - 1)
    other.add(key(2), DAY + 1)
    other.add(key(3), DAY + 5)
    expect(known.merge(other)).toBe(2)
    expect(known.firstSeen(key(1))).toBe(dayText(DAY - 1))
    expect(known.firstSeen(key(2))).toBe(dayText(DAY))
    expect(known.firstSeen(key(3))).toBe(dayText(DAY + 5))
    expect(known.merge(other)).toBe(0)
    const many = new KnownTests()
    for (let n = 0; n < 20_000; n++) many.add(key(n + 10), DAY)
    expect(known.merge(many)).toBe(20_000)
    expect(known.size).toBe(20_003)
    for (let n = 0; n < 20_000; n += 997) expect(known.firstSeen(key(n + 10))).toBe(dayText(DAY))
  })

  test('the stored form is compact: 5,000 tests take under 90 KB', () => {
    const known = new KnownTests()
    for (let n = 0; n < 5_000; n++)
      known.add(testKey({ file: `src/m${n % 50}.test.js`, suite: 'suite', name: `test ${n}` }), DAY + (n % 30))
    expect(Buffer.byteLength(known.serialize())).toBeLessThan(90_000)
  })

  test.each([
    ['not JSON', '{"version":1,', 'not JSON'],
    ['an array', '[]', 'not an object'],
    ['null', 'null', 'not an object'],
    ['another version', '{"version":2,"first_seen":{}}', 'version is not 1'],
    ['no first_seen', '{"version":1}', 'first_seen is not an object'],
    ['first_seen a list', '{"version":1,"first_seen":[]}', 'first_seen is not an object'],
    ['a day that is no date', '{"version":1,"first_seen":{"yesterday":""}}', 'first_seen: "yesterday" is not a date'],
    ['a day out of the calendar', '{"version":1,"first_seen":{"2026-13-45":""}}', 'first_seen: "2026-13-45" is not a date'],
    [
      'keys that are not a string',
      '{"version":1,"first_seen":{"2026-11-20":["0000000000000001"]}}',
      'first_seen.2026-11-20: not a list of keys'
    ],
    ['a key cut short', '{"version":1,"first_seen":{"2026-11-20":"00000000000001"}}', 'first_seen.2026-11-20: not a list of keys'],
    ['a key with upper case', '{"version":1,"first_seen":{"2026-11-20":"000000000000000A"}}', 'first_seen.2026-11-20: not a list of keys'],
    ['a key with a quote', `{"version":1,"first_seen":{"2026-11-20":"00000000000000'x"}}`, 'first_seen.2026-11-20: not a list of keys']
  ])('a stored form that is %s is refused whole, with a one-line reason', (_, text, reason) => {
    const read = KnownTests.parse(text)
    expect(read).toEqual({ ok: false, reason })
    if (!read.ok) expect(read.reason).not.toContain('\n')
  })

  test('a day named by a hostile long text is quoted cut short', () => {
    const read = KnownTests.parse(JSON.stringify({ version: 1, first_seen: { ['x'.repeat(10_000)]: '' } }))
    expect(read.ok).toBe(false)
    if (!read.ok) expect(read.reason.length).toBeLessThan(60)
  })

  test('the size cap: a full set takes no new test but still learns an earlier day; a stored form over the cap is refused', () => {
    const known = new KnownTests()
    for (let n = 0; n < MAX_KNOWN_TESTS; n++) known.add(key(n), DAY)
    expect(known.add(key(MAX_KNOWN_TESTS), DAY)).toBe(false)
    expect(known.has(key(MAX_KNOWN_TESTS))).toBe(false)
    expect(known.add(key(5), DAY - 1)).toBe(true)
    expect(known.firstSeen(key(5))).toBe(dayText(DAY - 1))
    expect(known.size).toBe(MAX_KNOWN_TESTS)

    const keys = Array.from({ length: MAX_KNOWN_TESTS + 1 }, (_, n) => key(n)).join('')
    const over = `{"version":1,"first_seen":{"2026-11-20":"${keys}"}}`
    expect(KnownTests.parse(over)).toEqual({ ok: false, reason: `more than ${MAX_KNOWN_TESTS} tests` })
    expect(KnownTests.parse(' '.repeat(MAX_KNOWN_TESTS_BYTES + 1))).toEqual({
      ok: false,
      reason: `larger than ${MAX_KNOWN_TESTS_BYTES} bytes`
    })
  })
})

describe('the known-tests file', () => {
  const historyKey = 'a'.repeat(32)
  let stateDir: string
  beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), 'reverify-known-'))
  })
  afterEach(() => rmSync(stateDir, { recursive: true, force: true }))

  test('written atomically under known-tests/, read back the same; absent reads as an empty set without a warning', async () => {
    expect(await readKnownTests(stateDir, historyKey)).toEqual({ known: new KnownTests() })
    const known = new KnownTests()
    known.add(key(1), DAY)
    known.add(key(2), DAY + 1)
    await writeKnownTests(stateDir, historyKey, known)
    const path = join(stateDir, 'known-tests', `${historyKey}.json`)
    expect(knownTestsPath(stateDir, historyKey)).toBe(path)
    expect(readFileSync(path, 'utf8')).toBe(known.serialize())
    const load = await readKnownTests(stateDir, historyKey)
    expect(load.warning).toBeUndefined()
    expect(load.known.serialize()).toBe(known.serialize())
  })

  test('a history key that is not one never becomes part of a path', () => {
    expect(() => knownTestsPath(stateDir, '../../etc/passwd')).toThrow("'../../etc/passwd' is not a history key")
  })

  test('a bad file is an empty set and a warning naming it and why; a link is not followed', async () => {
    const path = knownTestsPath(stateDir, historyKey)
    mkdirSync(join(stateDir, 'known-tests'))
    writeFileSync(path, '{"version":1,"first_seen":{"2026-11-20":"nope"}}')
    const bad = await readKnownTests(stateDir, historyKey)
    expect(bad.known.size).toBe(0)
    expect(bad.warning).toBe(`the known tests (${path}) were ignored: first_seen.2026-11-20: not a list of keys`)

    rmSync(path)
    const elsewhere = join(stateDir, 'elsewhere.json')
    writeFileSync(elsewhere, new KnownTests().serialize())
    symlinkSync(elsewhere, path)
    const linked = await readKnownTests(stateDir, historyKey)
    expect(linked.known.size).toBe(0)
    expect(linked.warning).toMatch(/^the known tests \(.*\) could not be read: .*symbolic link/)
  })
})
