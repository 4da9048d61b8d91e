/**
 * One read of a piece of output for every reader of the ordered stream (docs/design.md §1
 * "Output path"): where its newlines are, which lines start with a character a reader looks
 * for, and where the words the readers look for occur. The summary counts the lines it only
 * has to count and looks for its keywords, the failure search looks at the few lines that
 * start as a failure can and for its words, and no reader slices a line it does not keep.
 * One object is reused from piece to piece: finding the newlines allocates nothing, and
 * the words of all readers are one search through the text, where each reader searching
 * for its own would read it once more.
 */
import { escapeRegExp } from '../base/regexp.js'

/** A `lineStarts` entry that stands for every character from U+0100 up. */
export const WIDE_LINE_START = 256

export class TextScan {
  private positions = new Int32Array(1024)
  private size = 0
  private text = ''
  private readonly words: ReadonlySet<string>
  private readonly search: RegExp | undefined
  // Line starts (just after a newline) whose first character is flagged in `firstChars`
  // (codes below 256; entry 256 flags every character from U+0100 up).
  private readonly firstChars = new Uint8Array(WIDE_LINE_START + 1)
  private starts: number[] = []
  // Where words start, in order; every one before `searchedTo` is in the list.
  private marks: number[] = []
  private searchedTo = 0

  /**
   * `words`: the literal texts `nextWord` finds; `lineStarts`: the first characters (codes
   * below 256, or WIDE_LINE_START for every character from U+0100 up) of the lines
   * `nextLineStart` finds. None of either by default.
   */
  constructor(words: readonly string[] = [], lineStarts: readonly number[] = []) {
    for (const code of lineStarts) {
      if (!Number.isInteger(code) || code < 0 || code > WIDE_LINE_START)
        throw new RangeError(`line-start character must be a code below 256, got ${code}`)
      this.firstChars[code] = 1
    }
    this.words = new Set(words.filter(word => word !== ''))
    // A word that starts with another starts where that one does: searching for it finds no
    // other position, and every alternative more slows the whole search.
    const searched = [...this.words].filter(word => ![...this.words].some(other => other !== word && word.startsWith(other)))
    this.search = searched.length === 0 ? undefined : new RegExp(searched.map(escapeRegExp).join('|'), 'g')
  }

  /** Scans `text`, forgetting the previous one; returns this. */
  of(text: string): this {
    this.text = text
    this.marks.length = 0
    this.searchedTo = 0
    this.starts.length = 0
    const firstChars = this.firstChars
    const wide = firstChars[WIDE_LINE_START] === 1
    let positions = this.positions
    let size = 0
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
      if (size === positions.length) {
        const grown = new Int32Array(positions.length * 2)
        grown.set(positions)
        this.positions = positions = grown
      }
      positions[size++] = at
      // Past the end, charCodeAt is NaN: no line starts there.
      const first = text.charCodeAt(at + 1)
      if (first < 256 ? firstChars[first] === 1 : wide && first >= 256) this.starts.push(at + 1)
    }
    this.size = size
    return this
  }

  /** How many newlines the text holds. */
  get count(): number {
    return this.size
  }

  /** Position of newline number `i` (from 0); -1 past the last one. */
  at(i: number): number {
    return i >= 0 && i < this.size ? (this.positions[i] as number) : -1
  }

  /** Number of the first newline at or after `position` (`count` when there is none). */
  firstFrom(position: number): number {
    return firstAtOrAfter(this.positions, position, this.size)
  }

  /** Whether `nextWord` finds every one of `words`. */
  finds(words: readonly string[]): boolean {
    return words.every(word => this.words.has(word))
  }

  /** Whether `nextLineStart` finds every line starting with one of `codes`. */
  findsLinesStartingWith(codes: readonly number[]): boolean {
    return codes.every(code => this.firstChars[code] === 1)
  }

  /**
   * The first line start at or after `from` (just after a newline) whose first character is
   * one of the constructor's `lineStarts`, or Infinity. Position 0 is never one.
   */
  nextLineStart(from: number): number {
    const found = firstAtOrAfter(this.starts, from)
    return found < this.starts.length ? (this.starts[found] as number) : Number.POSITIVE_INFINITY
  }

  /**
   * The first position at or after `from` where one of the words starts (which one is for
   * the caller to check), or Infinity. Any position, in any order: the text is searched once.
   */
  nextWord(from: number): number {
    const marks = this.marks
    const known = firstAtOrAfter(marks, from)
    if (known < marks.length) return marks[known] as number
    const search = this.search
    if (search === undefined) return Number.POSITIVE_INFINITY
    while (this.searchedTo <= this.text.length) {
      search.lastIndex = this.searchedTo
      const found = search.exec(this.text)
      if (found === null) break
      marks.push(found.index)
      this.searchedTo = found.index + 1
      if (found.index >= from) return found.index
    }
    this.searchedTo = Number.POSITIVE_INFINITY
    return Number.POSITIVE_INFINITY
  }
}

/** Index of the first of the `length` ascending `values` at or after `from` (`length` if none). */
function firstAtOrAfter(values: ArrayLike<number>, from: number, length = values.length): number {
  let low = 0
  let high = length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((values[middle] as number) < from) low = middle + 1
    else high = middle
  }
  return low
}
