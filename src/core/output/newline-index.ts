/**
 * Where the newlines of one text are (docs/design.md §1 "Output path"). The ordered output
 * stream finds them once per piece of text it hands out, and every reader of that stream
 * uses the same positions: the summary counts the lines it only has to count, the failure
 * search looks at the first characters of lines, and no reader slices a line it does not
 * keep. One object is reused from piece to piece, so finding them allocates nothing.
 */
export class NewlineIndex {
  private positions = new Int32Array(1024)
  private size = 0

  /** Indexes `text`, forgetting the previous one; returns this. */
  of(text: string): this {
    let positions = this.positions
    let size = 0
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
      if (size === positions.length) {
        const grown = new Int32Array(positions.length * 2)
        grown.set(positions)
        this.positions = positions = grown
      }
      positions[size++] = at
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
    let low = 0
    let high = this.size
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.positions[middle] as number) < position) low = middle + 1
      else high = middle
    }
    return low
  }
}
