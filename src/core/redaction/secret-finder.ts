import { isHighSurrogate, type CharClass } from './char-class.js'
import type { LiteralIndex } from './literal-index.js'
import { PRIVATE_KEY_MARKER, privateKeyHeaderEnd, unfinishedHeaderFrom } from './private-key.js'
import { TOKEN_WINDOW, collectShapeStarts, unfinishedTokenFrom } from './shape-candidates.js'
import { shapeAt } from './token-shapes.js'
import { collectUrlStarts, unfinishedUrlFrom } from './url-credentials.js'

/** Something found at one position: a secret to replace, or a marker to leave alone. */
export interface Found {
  readonly start: number
  readonly end: number
  readonly marker: string
  /** Text at the start that stays (`Bearer `). */
  readonly kept: string
  /** A marker from an earlier redaction, left as it is. */
  readonly keep: boolean
  /** The BEGIN line of a private key block (the block's body follows). */
  readonly privateKey: boolean
  /** Characters that continue the token (shapes only). */
  readonly tail: CharClass | undefined
}

/**
 * Finds secrets in a text: where they may start (fast, from native indexOf searches for
 * an anchor per literal and per shape), what is at one position (the longest literal,
 * shape or key block), and up to where a text's outcome can no longer change.
 */
export class SecretFinder {
  /** Most a stream may hold back: a token window plus room for overlapping literals. */
  readonly holdLimit: number

  constructor(private readonly literals: LiteralIndex) {
    this.holdLimit = TOKEN_WINDOW + 2 * literals.maxLength + 128
  }

  /** Ascending positions where a secret may start (a superset, possibly with repeats). */
  candidates(text: string): number[] {
    const starts: number[] = []
    collectShapeStarts(text, starts)
    collectUrlStarts(text, starts)
    this.literals.collectStarts(text, starts)
    if (starts.length > 1 && !isAscending(starts)) starts.sort((a, b) => a - b)
    return starts
  }

  /** What starts at `at`: a private key block wins, then the longest match (literals on a tie). */
  at(text: string, at: number, afterRedaction: boolean): Found | undefined {
    const keyEnd = privateKeyHeaderEnd(text, at)
    if (keyEnd !== undefined) {
      return { start: at, end: keyEnd, marker: PRIVATE_KEY_MARKER, kept: '', keep: false, privateKey: true, tail: undefined }
    }
    const literal = this.literals.longestAt(text, at)
    const shape = shapeAt(text, at, afterRedaction)
    if (shape !== undefined && (literal === undefined || shape.end - at > literal.text.length)) {
      return { ...shape, keep: false, privateKey: false }
    }
    if (literal === undefined) return undefined
    const end = at + literal.text.length
    return { start: at, end, marker: literal.marker, kept: '', keep: literal.keep, privateKey: false, tail: undefined }
  }

  /** First position whose outcome more input could still change. */
  settledUpTo(text: string): number {
    let limit = Math.min(this.literals.unfinishedFrom(text), unfinishedTokenFrom(text), unfinishedHeaderFrom(text), unfinishedUrlFrom(text))
    // Never let out half of a surrogate pair.
    if (limit > 0 && isHighSurrogate(text.charCodeAt(limit - 1))) limit--
    return limit
  }
}

function isAscending(numbers: readonly number[]): boolean {
  for (let i = 1; i < numbers.length; i++) if ((numbers[i] as number) < (numbers[i - 1] as number)) return false
  return true
}
