/**
 * Test keys (16 hex digits: the 64 bits known-tests.ts takes of a test's digest) held in
 * typed arrays rather than as strings in a Map (docs/design.md §1 "Runner-level retries",
 * §3 "Known tests"; BENCHMARKS.md row j): a suite's every test is in the attempt's tally
 * while its results are read, and in the history's known tests after. As strings in a Map, 110,000 tests made 8 MB of live heap,
 * and the collector's headroom over it 30 MB more of resident memory; here they are 13
 * bytes a slot outside the heap, at most half the slots used. A key is read where it lies
 * (a string and an offset), so a stored list of keys is never cut into strings.
 */

const EMPTY = 0
const FULL = 1
/** A removed entry: probing goes on past it, and an insert may take its slot. */
const REMOVED = 2
const FIRST_CAPACITY = 64
/** Which 32-bit word of a 64-bit number in memory is its low half: the first on a little-endian machine. */
const LOW_WORD = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 0 : 1

/** The value of the 8 hex digits of `text` from `from` (half a key), an unsigned 32-bit number; NaN unless they are lowercase hex. */
function hexWord(text: string, from: number): number {
  let word = 0
  for (let at = from; at < from + 8; at++) {
    const code = text.charCodeAt(at)
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : NaN
    word = word * 16 + digit
  }
  return word
}

/** Both halves of the key at `text[at…at+16]`; throws unless it is 16 lowercase hex digits (keys are made or checked before). */
export function keyWords(text: string, at: number): [number, number] {
  const high = hexWord(text, at)
  const low = hexWord(text, at + 8)
  if (Number.isNaN(high) || Number.isNaN(low)) throw new RangeError(`not a test key: ${JSON.stringify(text.slice(at, at + 16))}`)
  return [high, low]
}

/** The smallest table (a power of two) with at least `slots` slots. */
function capacityFor(slots: number): number {
  let capacity = FIRST_CAPACITY
  while (capacity < slots) capacity *= 2
  return capacity
}

/** Keys written as hex in one piece of text, at most (hexPieces): 64 KiB of text. */
const KEYS_PER_HEX_PIECE = 4_096

/** A key written from its two halves. */
const keyText = (high: number, low: number): string => high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0')

/** A map from test keys to whole numbers (int32): an attempt's test states, or the days tests were first seen. */
export class KeyTable implements Iterable<string> {
  private capacity: number
  private highs: Uint32Array
  private lows: Uint32Array
  private values: Int32Array
  private slots: Uint8Array
  private full = 0
  /** Slots full or removed: what probing walks through. */
  private taken = 0

  /** `expected`: how many keys will be set, when known, so the table is sized once (no copy of it growing). */
  constructor(expected = 0) {
    const capacity = capacityFor(expected * 2)
    this.capacity = capacity
    this.highs = new Uint32Array(capacity)
    this.lows = new Uint32Array(capacity)
    this.values = new Int32Array(capacity)
    this.slots = new Uint8Array(capacity)
  }

  /**
   * Makes room for `expected` keys in all at once, when more are about to be set: growing step
   * by step copies the table each time, and each copy left behind is memory until the
   * collector frees it (BENCHMARKS.md row j).
   */
  reserve(expected: number): void {
    const slots = 2 * Math.max(expected, this.full)
    if (slots > this.capacity) this.rebuild(capacityFor(slots))
  }

  /** How many keys the table holds. */
  get size(): number {
    return this.full
  }

  /** Whether the table holds `key`; a string that is no key is never held. */
  has(key: string): boolean {
    return this.getAt(key, 0) !== undefined
  }

  get(key: string): number | undefined {
    return this.getAt(key, 0)
  }

  /** The value of the key written at `text[at…at+16]`; undefined when there is none, or no key there. */
  getAt(text: string, at: number): number | undefined {
    const high = hexWord(text, at)
    const low = hexWord(text, at + 8)
    if (Number.isNaN(high) || Number.isNaN(low)) return undefined
    const slot = this.slotOfKey(high, low)
    return slot < 0 ? undefined : this.values[slot]
  }

  set(key: string, value: number): void {
    this.setAt(key, 0, value)
  }

  /** Sets the key written at `text[at…at+16]`. */
  setAt(text: string, at: number, value: number): void {
    const [high, low] = keyWords(text, at)
    this.setWords(high, low, value)
  }

  /** Removes `key`; false when the table did not hold it. */
  delete(key: string): boolean {
    const high = hexWord(key, 0)
    const low = hexWord(key, 8)
    return !Number.isNaN(high) && !Number.isNaN(low) && this.deleteWords(high, low)
  }

  /** Removes a key given as its two halves; false when the table did not hold it. */
  deleteWords(high: number, low: number): boolean {
    const slot = this.slotOfKey(high, low)
    if (slot < 0) return false
    this.slots[slot] = REMOVED
    this.full--
    return true
  }

  /** Each key as its two 32-bit halves, with its value, in no particular order. */
  forEachWords(visit: (high: number, low: number, value: number) => void): void {
    for (let slot = 0; slot < this.capacity; slot++) {
      if (this.slots[slot] === FULL) visit(this.highs[slot]!, this.lows[slot]!, this.values[slot]!)
    }
  }

  /** The value of a key given as its two halves. */
  getWords(high: number, low: number): number | undefined {
    const slot = this.slotOfKey(high, low)
    return slot < 0 ? undefined : this.values[slot]
  }

  /** Sets a key given as its two halves. */
  setWords(high: number, low: number, value: number): void {
    let slot = this.home(high, low)
    let free = -1
    while (this.slots[slot] !== EMPTY) {
      if (this.slots[slot] === FULL && this.highs[slot] === high && this.lows[slot] === low) {
        this.values[slot] = value
        return
      }
      if (free < 0 && this.slots[slot] === REMOVED) free = slot
      slot = (slot + 1) & (this.capacity - 1)
    }
    if (free < 0) {
      // A new slot is taken: keep at most half of them taken, so that probes stay short.
      if ((this.taken + 1) * 2 > this.capacity) {
        this.grow()
        this.setWords(high, low, value)
        return
      }
      free = slot
      this.taken++
    }
    this.highs[free] = high
    this.lows[free] = low
    this.values[free] = value
    this.slots[free] = FULL
    this.full++
  }

  /**
   * The values the table holds, each with its keys in order as hex text (the form the
   * known-tests file stores), KEYS_PER_HEX_PIECE keys a piece: written as they come, the keys
   * of a value are never one string. Sorted as 64-bit numbers in a typed array, natively,
   * where arrays of slot numbers sorted by a comparator took 2.4 times as long (110,200 keys:
   * 25 against 60 ms on Node 20). Values in ascending order.
   */
  hexPiecesByValue(): { value: number; pieces: () => Generator<string> }[] {
    const counts = new Map<number, number>()
    this.forEachSlot(slot => {
      const value = this.values[slot]!
      counts.set(value, (counts.get(value) ?? 0) + 1)
    })
    // Each key as one 64-bit number, its high half above: numeric order is the hex text's order.
    const keys = new Map<number, { words: Uint32Array; filled: number }>()
    for (const [value, count] of counts) keys.set(value, { words: new Uint32Array(2 * count), filled: 0 })
    this.forEachSlot(slot => {
      const list = keys.get(this.values[slot]!)!
      list.words[list.filled + LOW_WORD] = this.lows[slot]!
      list.words[list.filled + 1 - LOW_WORD] = this.highs[slot]!
      list.filled += 2
    })
    return [...keys]
      .sort(([a], [b]) => a - b)
      .map(([value, { words }]) => {
        new BigUint64Array(words.buffer).sort()
        return { value, pieces: () => hexPieces(words) }
      })
  }

  /** The keys as strings, in no particular order (a copy each: for a few, or for tests). */
  *[Symbol.iterator](): IterableIterator<string> {
    for (let slot = 0; slot < this.capacity; slot++) {
      if (this.slots[slot] === FULL) yield keyText(this.highs[slot]!, this.lows[slot]!)
    }
  }

  /** The keys alone, 8 bytes each: what a finished tally hands on, its table then free to go. */
  packedKeys(): PackedKeys {
    const words = new Uint32Array(2 * this.full)
    let at = 0
    this.forEachSlot(slot => {
      words[at++] = this.highs[slot]!
      words[at++] = this.lows[slot]!
    })
    return new PackedKeys(words)
  }

  /** Not data to store or print: a table written as JSON is left out. */
  toJSON(): undefined {
    return undefined
  }

  private forEachSlot(visit: (slot: number) => void): void {
    for (let slot = 0; slot < this.capacity; slot++) if (this.slots[slot] === FULL) visit(slot)
  }

  /** Where probing for a key starts: the key is a digest already, its bits as good a hash as any. */
  private home(high: number, low: number): number {
    return (low ^ high) & (this.capacity - 1)
  }

  private slotOfKey(high: number, low: number): number {
    let slot = this.home(high, low)
    while (this.slots[slot] !== EMPTY) {
      if (this.slots[slot] === FULL && this.highs[slot] === high && this.lows[slot] === low) return slot
      slot = (slot + 1) & (this.capacity - 1)
    }
    return -1
  }

  /** At least four slots for each key held (removed entries are dropped), every key placed again. */
  private grow(): void {
    this.rebuild(capacityFor(this.full * 4))
  }

  /** The table with `next` slots, every key held placed again (removed entries dropped). */
  private rebuild(next: number): void {
    const { highs, lows, values, slots, capacity } = this
    this.capacity = next
    this.highs = new Uint32Array(next)
    this.lows = new Uint32Array(next)
    this.values = new Int32Array(next)
    this.slots = new Uint8Array(next)
    this.taken = this.full
    for (let from = 0; from < capacity; from++) {
      if (slots[from] !== FULL) continue
      let slot = this.home(highs[from]!, lows[from]!)
      while (this.slots[slot] !== EMPTY) slot = (slot + 1) & (next - 1)
      this.highs[slot] = highs[from]!
      this.lows[slot] = lows[from]!
      this.values[slot] = values[from]!
      this.slots[slot] = FULL
    }
  }
}

/** Sorted 64-bit keys (two words each, in memory order) as hex text, KEYS_PER_HEX_PIECE keys a piece. */
function* hexPieces(words: Uint32Array): Generator<string> {
  const keys = words.length / 2
  const bytes = Buffer.allocUnsafe(8 * Math.min(keys, KEYS_PER_HEX_PIECE))
  for (let first = 0; first < keys; first += KEYS_PER_HEX_PIECE) {
    const count = Math.min(KEYS_PER_HEX_PIECE, keys - first)
    for (let key = 0; key < count; key++) {
      const at = 2 * (first + key)
      bytes.writeUInt32BE(words[at + 1 - LOW_WORD]!, 8 * key)
      bytes.writeUInt32BE(words[at + LOW_WORD]!, 8 * key + 4)
    }
    yield bytes.toString('hex', 0, 8 * count)
  }
}

/** Keys without values, two numbers each (KeyTable.packedKeys). */
export class PackedKeys implements Iterable<string> {
  constructor(private readonly words: Uint32Array) {}

  get size(): number {
    return this.words.length / 2
  }

  /** Each key as its two 32-bit halves (the value is always 0). */
  forEachWords(visit: (high: number, low: number, value: number) => void): void {
    for (let at = 0; at < this.words.length; at += 2) visit(this.words[at]!, this.words[at + 1]!, 0)
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let at = 0; at < this.words.length; at += 2) yield keyText(this.words[at]!, this.words[at + 1]!)
  }

  /** Not data to store or print: keys written as JSON are left out. */
  toJSON(): undefined {
    return undefined
  }
}

/** Keys in the order they were added, two numbers each: what a file added, to take back if it turns out bad. */
export class KeyList {
  private words = new Uint32Array(2 * FIRST_CAPACITY)
  private length = 0

  push(key: string): void {
    if (2 * this.length + 2 > this.words.length) {
      const more = new Uint32Array(this.words.length * 2)
      more.set(this.words)
      this.words = more
    }
    const [high, low] = keyWords(key, 0)
    this.words[2 * this.length] = high
    this.words[2 * this.length + 1] = low
    this.length++
  }

  /** Each key as its two 32-bit halves, in the order added. */
  forEachWords(visit: (high: number, low: number) => void): void {
    for (let at = 0; at < this.length; at++) visit(this.words[2 * at]!, this.words[2 * at + 1]!)
  }

  clear(): void {
    this.length = 0
    if (this.words.length > 2 * FIRST_CAPACITY) this.words = new Uint32Array(2 * FIRST_CAPACITY)
  }
}
