import { ownText } from '../base/own-text.js'

/** Tells whether a needle occurred in a stream of chunks, in bounded memory. */
export class SubstringWatch {
  private readonly needle: string
  // The last needle.length - 1 characters seen: the only part of the past that can still
  // begin an occurrence that ends in a later chunk.
  private carry = ''
  private seen: boolean

  /** An empty needle counts as found before anything streams. */
  constructor(needle: string) {
    this.needle = needle
    this.seen = needle.length === 0
  }

  /** True once the needle has occurred anywhere in the text pushed so far. */
  get found(): boolean {
    return this.seen
  }

  /** Feeds the next chunk; a no-op once the needle has been found. */
  push(text: string): void {
    if (this.seen || text.length === 0) return
    const keep = this.needle.length - 1
    // Only the straddling window is rebuilt, so a large chunk is never copied.
    if (this.carry.length > 0 && (this.carry + text.slice(0, keep)).includes(this.needle)) {
      this.markFound()
      return
    }
    if (text.includes(this.needle)) {
      this.markFound()
      return
    }
    this.carry = text.length >= keep ? lastChars(text, keep) : lastChars(this.carry + text, keep)
  }

  private markFound(): void {
    this.seen = true
    this.carry = ''
  }
}

function lastChars(text: string, count: number): string {
  // Not slice(-count): slice(-0) would keep the whole text.
  // A copy: a view would keep the whole chunk alive until the next one.
  return ownText(text.slice(Math.max(0, text.length - count)))
}
