import type { SecretLiteral } from './secret-values.js'

interface TrieNode {
  next: Map<number, TrieNode> | undefined
  literal: SecretLiteral | undefined
}

interface Anchored {
  /** Where the needle sits inside the literal. */
  readonly offset: number
  /** The literal's first code unit: a cheap test before comparing the whole literal. */
  readonly first: number
  readonly literal: SecretLiteral
}

// Characters roughly from most to least frequent in build and test output. A literal is
// searched for by a rare character it holds, so that the native indexOf scan (a memchr)
// stops as seldom as possible; characters missing here count as the rarest of all.
const COMMON_FIRST = ' \n\r\tetaoinsrlcdhupmfgbyw0123456789.-/:_,=()[]"\'>`*#TSEARICONLDPMUFGHBWkv<{};+@$%|\\~!&?^'
// From here on a character is rare enough to be shared as the anchor of several literals.
const RARE_FROM = COMMON_FIRST.indexOf('k')

function rarity(char: string): number {
  const index = COMMON_FIRST.indexOf(char)
  return index === -1 ? COMMON_FIRST.length : index
}

/**
 * The literal secrets, indexed for the three questions a scan asks: which literal is the
 * longest at a position (a trie); where a text ends in the start of one (the trie, tried
 * where each literal's first two characters last occur); and where literals occur at all
 * (a short needle per literal, found with indexOf).
 */
export class LiteralIndex {
  /** Length of the longest literal (0 when there are none). */
  readonly maxLength: number
  private readonly root: TrieNode = { next: undefined, literal: undefined }
  /** For each first two characters of a literal of 3+ characters: the longest such literal. */
  private readonly longestByStart = new Map<string, number>()
  /** First characters of literals of 2+ characters (a text's last character may begin one). */
  private readonly firstChars = new Set<string>()
  private readonly anchors = new Map<string, Anchored[]>()

  constructor(literals: readonly SecretLiteral[]) {
    const present = literals.filter(literal => literal.text !== '')
    for (const literal of present) this.insert(literal)
    this.chooseAnchors(present)
    this.maxLength = Math.max(0, ...present.map(literal => literal.text.length))
  }

  /** The longest literal that starts at `at`, if any. */
  longestAt(text: string, at: number): SecretLiteral | undefined {
    let node: TrieNode | undefined = this.root
    let best: SecretLiteral | undefined
    for (let i = at; i < text.length && node.next !== undefined; i++) {
      node = node.next.get(text.charCodeAt(i))
      if (node === undefined) break
      if (node.literal !== undefined) best = node.literal
    }
    return best
  }

  /**
   * The earliest position from which the rest of `text` could still grow into a literal
   * (or a longer literal) once more text arrives; `text.length` when none can.
   */
  unfinishedFrom(text: string): number {
    const last = text.length - 1
    let earliest = last >= 0 && this.firstChars.has(text.charAt(last)) && this.growsFrom(text, last) ? last : text.length
    for (const [start, longest] of this.longestByStart) {
      const from = Math.max(0, text.length - longest + 1)
      for (let at = text.indexOf(start, from); at !== -1 && at < earliest; at = text.indexOf(start, at + 1)) {
        if (this.growsFrom(text, at)) earliest = at
      }
    }
    return earliest
  }

  // Whether text[start..] is the beginning of a literal longer than it.
  private growsFrom(text: string, start: number): boolean {
    let node: TrieNode | undefined = this.root
    for (let i = start; i < text.length && node !== undefined; i++) node = node.next?.get(text.charCodeAt(i))
    return node?.next !== undefined
  }

  /** Appends to `out` every position where a whole literal starts in `text`. */
  collectStarts(text: string, out: number[]): void {
    for (const [needle, anchored] of this.anchors) {
      for (let hit = text.indexOf(needle); hit !== -1; hit = text.indexOf(needle, hit + 1)) {
        for (const { offset, first, literal } of anchored) {
          const start = hit - offset
          if (start >= 0 && text.charCodeAt(start) === first && text.startsWith(literal.text, start)) out.push(start)
        }
      }
    }
  }

  private insert(literal: SecretLiteral): void {
    const { text } = literal
    let node = this.root
    for (let i = 0; i < text.length; i++) {
      node.next ??= new Map()
      const code = text.charCodeAt(i)
      let child = node.next.get(code)
      if (child === undefined) {
        child = { next: undefined, literal: undefined }
        node.next.set(code, child)
      }
      node = child
    }
    // A marker to keep wins over a secret with the very same text.
    if (node.literal === undefined || literal.keep) node.literal = literal
    if (text.length >= 2) this.firstChars.add(text.charAt(0))
    if (text.length >= 3) {
      const start = text.slice(0, 2)
      this.longestByStart.set(start, Math.max(text.length, this.longestByStart.get(start) ?? 0))
    }
  }

  // Each distinct needle costs one indexOf pass over every chunk, and each hit a return
  // to JavaScript. So literals share a rare character where several hold one; a literal
  // left on its own is searched for by up to four characters from its rarest one, and the
  // native search passes over most false hits by itself.
  private chooseAnchors(literals: readonly SecretLiteral[]): void {
    let left = [...literals]
    for (;;) {
      const holders = new Map<string, number>()
      for (const { text } of left) {
        for (const char of new Set(text)) {
          if (rarity(char) >= RARE_FROM) holders.set(char, (holders.get(char) ?? 0) + 1)
        }
      }
      let shared: string | undefined
      for (const [char, count] of holders) {
        const best = shared === undefined ? 1 : (holders.get(shared) as number)
        if (count > best || (count === best && shared !== undefined && rarity(char) > rarity(shared))) shared = char
      }
      if (shared === undefined) break
      const char = shared
      for (const literal of left) {
        if (literal.text.includes(char)) this.anchor(char, literal.text.indexOf(char), literal)
      }
      left = left.filter(literal => !literal.text.includes(char))
    }
    for (const literal of left) {
      const offset = rarestIndex(literal.text)
      this.anchor(literal.text.slice(offset, offset + 4), offset, literal)
    }
  }

  private anchor(needle: string, offset: number, literal: SecretLiteral): void {
    const list = this.anchors.get(needle) ?? []
    list.push({ offset, first: literal.text.charCodeAt(0), literal })
    this.anchors.set(needle, list)
  }
}

function rarestIndex(text: string): number {
  let offset = 0
  for (let i = 1; i < text.length; i++) {
    if (rarity(text.charAt(i)) > rarity(text.charAt(offset))) offset = i
  }
  return offset
}
