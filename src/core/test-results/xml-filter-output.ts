/**
 * What the XML filter (xml-caps.ts) hands on for one piece of the document, gathered without
 * copying it while it is the piece itself. Most pieces pass unchanged: every emitted text is
 * then the next stretch of the piece, so only how far it reaches is kept, and the answer is
 * the piece (or its start, when the filter holds back an unfinished tag or entity at its
 * end). At the first text that is not (a cut, something held over from the piece before, a
 * dropped comment) the stretch so far becomes the first part of a list the answer is joined
 * from. Gathering every piece as a list of slices made several small strings per tag of every
 * piece: most of the garbage a large report's parse made, and with it the growth of V8's
 * young generation (BENCHMARKS.md row j).
 */
export class FilterOutput {
  /** Everything emitted, once it is not a stretch of the piece from its start; undefined until then. */
  private parts: string[] | undefined
  /** While `parts` is undefined: how far into the piece the emitted text reaches. */
  private reached = 0

  constructor(private readonly piece: string) {}

  /** Emits `source[from, to)`. */
  span(source: string, from: number, to: number): void {
    if (to <= from) return
    if (this.parts === undefined && source === this.piece && from === this.reached) {
      this.reached = to
      return
    }
    this.text(source.slice(from, to))
  }

  /** Emits `text`. */
  text(text: string): void {
    if (text === '') return
    if (this.parts === undefined) {
      if (this.piece.startsWith(text, this.reached)) {
        this.reached += text.length
        return
      }
      this.parts = this.reached === 0 ? [] : [this.piece.slice(0, this.reached)]
    }
    this.parts.push(text)
  }

  /** Everything emitted, as one string. */
  result(): string {
    if (this.parts !== undefined) return this.parts.join('')
    return this.reached === this.piece.length ? this.piece : this.piece.slice(0, this.reached)
  }
}
