/**
 * The tests a command's history has seen (docs/design.md §1 "Early flake detection", §3
 * "Known tests"): a compact set of test identities — a test's file, suite and name hashed
 * to 16 hex digits — each with the day it was first seen. A test whose identity is not in
 * the set is a **new** test. The set is a grow-only map merged order-free (union, the
 * earlier day wins), so matrix legs that save it side by side lose nothing of each other.
 * Stored beside the receipts and cached with them; read back it is untrusted, and a bad
 * file is refused whole (the history then has no known tests: nothing counts as new).
 */
import * as crypto from 'node:crypto'
import { KeyTable, keyWords } from './key-table.js'
import type { TestKeys } from '../attempt/tests.js'

/** A test's identity as its results give it: its `file` attribute as written, its innermost suite, its name (`testName`). */
export interface TestIdentity {
  file?: string
  suite: string
  name: string
}

/** The version of the stored form. */
export const KNOWN_TESTS_VERSION = 1
/** Most identities a set holds; a set this full takes no new ones (known-tests file, BENCHMARKS.md). */
export const MAX_KNOWN_TESTS = 200_000
/** Longest stored form read back: the most identities at 17 bytes each, and room for the days. */
export const MAX_KNOWN_TESTS_BYTES = 8 * 1024 * 1024

const HEX = /^[0-9a-f]*$/
const DAY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 24 * 60 * 60 * 1000

/** `crypto.hash` (Node ≥ 20.12): one digest without a Hash object, its stream or its native state. */
const oneShot = (crypto as unknown as { hash?: (algorithm: string, data: string, output: 'hex') => string }).hash

/**
 * A test's key in the set: the first 16 hex digits of sha256 over file, suite and name. One
 * call per test case read: a one-shot digest where the runtime has it. The key is a cut of
 * the 64 digits (which it keeps alive) for as long as it is a string: the tallies and the set
 * hold keys as numbers (key-table.ts), only a few are kept as strings (listed tests).
 */
export function testKey(test: TestIdentity): string {
  const text = `${test.file ?? ''}\0${test.suite}\0${test.name}`
  const digest = oneShot === undefined ? crypto.createHash('sha256').update(text).digest('hex') : oneShot('sha256', text, 'hex')
  return digest.slice(0, 16)
}

/** A day as a whole number of days since 1970-01-01 (UTC). */
export function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS)
}

/** A day number as `YYYY-MM-DD`. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** The stored form: per first-seen day, the keys first seen that day, concatenated. */
interface StoredKnownTests {
  version: typeof KNOWN_TESTS_VERSION
  first_seen: Record<string, string>
}

/** What reading a stored set came to. */
export type KnownTestsRead = { ok: true; known: KnownTests } | { ok: false; reason: string }

/** The set of known tests and the day each was first seen. */
export class KnownTests {
  /** Each test's first day (a day number), by key: in typed arrays, as a suite's every test is here (key-table.ts). */
  private readonly days: KeyTable

  /** `expected`: how many tests the set will hold, when known (a stored set being read). */
  constructor(expected = 0) {
    this.days = new KeyTable(expected)
  }

  /** How many tests the set knows. */
  get size(): number {
    return this.days.size
  }

  /** Whether the set knows the test with this key. */
  has(key: string): boolean {
    return this.days.has(key)
  }

  /** The day the test with this key was first seen (`YYYY-MM-DD`), when the set knows it. */
  firstSeen(key: string): string | undefined {
    const day = this.days.get(key)
    return day === undefined ? undefined : dayText(day)
  }

  /** Adds a test seen on `day` (a day number); a known one keeps its earlier day. False when the set is full. */
  add(key: string, day: number): boolean {
    const [high, low] = keyWords(key, 0)
    return this.addWords(high, low, day)
  }

  /** `add` for a key given as its two halves (key-table.ts). */
  addWords(high: number, low: number, day: number): boolean {
    return this.place(high, low, day) !== 'full'
  }

  /** Adds a key seen on `day`, or moves a known one to that day when it is earlier; says which, or that the set is full. */
  private place(high: number, low: number, day: number): 'changed' | 'unchanged' | 'full' {
    const known = this.days.getWords(high, low)
    if (known !== undefined) {
      if (day >= known) return 'unchanged'
      this.days.setWords(high, low, day)
      return 'changed'
    }
    if (this.days.size >= MAX_KNOWN_TESTS) return 'full'
    this.days.setWords(high, low, day)
    return 'changed'
  }

  /** Makes room for the keys of `keys` the set does not hold yet, so they go in without the set growing step by step. */
  private reserveFor(keys: { forEachWords: (visit: (high: number, low: number) => void) => void }): void {
    let unknown = 0
    keys.forEachWords((high, low) => {
      if (!this.hasWords(high, low)) unknown++
    })
    this.days.reserve(Math.min(this.days.size + unknown, MAX_KNOWN_TESTS))
  }

  /** Whether the set knows a key given as its two halves. */
  private hasWords(high: number, low: number): boolean {
    return this.days.getWords(high, low) !== undefined
  }

  /**
   * Adds an attempt's test keys seen on `day`, but those of `exclude`; how many the set did
   * not know. Keys stay in their two halves: a suite's every test goes by, no string each.
   */
  addKeys(keys: TestKeys, day: number, exclude: ReadonlySet<string>): number {
    const left = new KeyTable()
    for (const key of exclude) left.set(key, 0)
    this.reserveFor(keys)
    let added = 0
    keys.forEachWords((high, low) => {
      if (left.getWords(high, low) !== undefined || this.hasWords(high, low)) return
      if (this.addWords(high, low, day)) added++
    })
    return added
  }

  /** Merges another set in: the union, each test with its earlier day. Answers how many tests it added or moved to an earlier day. */
  merge(other: KnownTests): number {
    this.reserveFor(other.days)
    let changed = 0
    other.days.forEachWords((high, low, day) => {
      if (this.place(high, low, day) === 'changed') changed++
    })
    return changed
  }

  /**
   * The stored form, a JSON text, a piece at a time: `{"version":1,"first_seen":{"<day>":"<keys>",…}}`
   * and a newline, days in order, each day's keys in order. A file is written piece by piece
   * (writeKnownTests), so the form of a large suite is never one string and its copies
   * (BENCHMARKS.md row j); the day texts and hex keys need no escaping.
   */
  *pieces(): Generator<string> {
    yield `{"version":${KNOWN_TESTS_VERSION},"first_seen":{`
    let separator = ''
    for (const { value: day, pieces } of this.days.hexPiecesByValue()) {
      yield `${separator}"${dayText(day)}":"`
      yield* pieces()
      yield '"'
      separator = ','
    }
    yield '}}\n'
  }

  /** The stored form as one string (pieces). */
  serialize(): string {
    return [...this.pieces()].join('')
  }

  /** Reads a stored form; untrusted, so any flaw refuses the whole text with a one-line reason. */
  static parse(text: string): KnownTestsRead {
    if (text.length > MAX_KNOWN_TESTS_BYTES) return { ok: false, reason: `larger than ${MAX_KNOWN_TESTS_BYTES} bytes` }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return { ok: false, reason: 'not JSON' }
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'not an object' }
    const stored = value as Partial<StoredKnownTests>
    if (stored.version !== KNOWN_TESTS_VERSION) return { ok: false, reason: `version is not ${KNOWN_TESTS_VERSION}` }
    const firstSeen = stored.first_seen
    if (firstSeen === null || typeof firstSeen !== 'object' || Array.isArray(firstSeen))
      return { ok: false, reason: 'first_seen is not an object' }
    // Sized once for the keys the text holds (at most the cap): the table is not copied as it grows.
    const listed = Object.values(firstSeen).reduce<number>(
      (sum, keys) => sum + (typeof keys === 'string' ? Math.floor(keys.length / 16) : 0),
      0
    )
    const known = new KnownTests(Math.min(listed, MAX_KNOWN_TESTS))
    for (const [text, keys] of Object.entries(firstSeen)) {
      const ms = DAY.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN
      if (!Number.isFinite(ms)) return { ok: false, reason: `first_seen: "${text.slice(0, 20)}" is not a date` }
      if (typeof keys !== 'string' || keys.length % 16 !== 0) return { ok: false, reason: `first_seen.${text}: not a list of keys` }
      if (!HEX.test(keys)) return { ok: false, reason: `first_seen.${text}: not a list of keys` }
      const day = Math.floor(ms / DAY_MS)
      // Read where they lie: a day's keys are one string, never cut into one string a key.
      for (let at = 0; at < keys.length; at += 16) {
        const [high, low] = keyWords(keys, at)
        if (!known.addWords(high, low, day)) return { ok: false, reason: `more than ${MAX_KNOWN_TESTS} tests` }
      }
    }
    return { ok: true, known }
  }
}
