/**
 * The JUnit parser's limits (docs/design.md §1 "Test results"), apart from the parser so that
 * what only needs the numbers does not load the XML parser.
 */

/** Limits that keep a hostile file cheap. */
export interface ParseLimits {
  /** Longest text, CDATA or attribute value handed to the parser. */
  maxRun: number
  /** Longest message kept per test. */
  maxMessage: number
  /** Longest failure text kept per test. */
  maxDetail: number
  /** Deepest element nesting accepted. */
  maxDepth: number
  /** Most attributes in one tag. */
  maxAttributes: number
  /** Most characters of one tag's attributes (names and values, each value cut to `maxRun`). */
  maxTagChars: number
  /** Most characters of attributes in the whole file, counted the same way. */
  maxAttributeChars: number
}

/** The limits used unless a test asks for others. */
export const DEFAULT_LIMITS: ParseLimits = {
  maxRun: 64 * 1024,
  maxMessage: 1_000,
  maxDetail: 4_000,
  maxDepth: 256,
  maxAttributes: 1_000,
  maxTagChars: 1024 * 1024,
  maxAttributeChars: 128 * 1024 * 1024
}
