/**
 * Brace expansion, as bash does it before it runs a command: `{rm,-rf,x}` is the three words
 * `rm -rf x`, `rm {-rf,x}` is `rm -rf x`, `victim{,.bak}` is `victim victim.bak`, and
 * `{1..3}` is `1 2 3`. The guardrail expands a command's text this way before it reads the
 * words, so it judges what bash would run. Only braces outside quotes, escapes and `${…}`
 * count, as in bash; the expanded words keep their quoting as written.
 *
 * The work is bounded: the brace words of a command share TEXT_WORDS words (each at least
 * MIN_WORDS, at most MAX_WORDS, and each alternative of a group its share, so every
 * alternative is seen), a word yields at most MAX_CHARS characters and the text grows by at
 * most TEXT_GROWTH; a word with more than MAX_OPENS unquoted `{` is left as written, as is
 * whatever comes after the text's growth runs out.
 */
import { afterClose, breaksWord, closingBrace, closingQuote, closingSingleQuote } from '../shell/lexer.js'

type Mark = '{' | ',' | '}'
/** A piece of a word: text as written (quotes and all), or an unquoted brace mark. */
type Piece = { text: string } | { mark: Mark }

/** Most words one word expands to, and the fewest it may always expand to. */
const MAX_WORDS = 1_024
const MIN_WORDS = 16
/** Words shared out among the brace words of one command, and the characters its text may grow by. */
const TEXT_WORDS = 16_384
const TEXT_GROWTH = 256 << 10
/** Most characters one word expands to, and most unquoted `{` a word may hold to be expanded. */
const MAX_CHARS = 1 << 20
const MAX_OPENS = 64
const NUMBER_SEQUENCE = /^(-?\d{1,15})\.\.(-?\d{1,15})(?:\.\.(-?\d{1,15}))?$/
const LETTER_SEQUENCE = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d{1,15}))?$/

/** The text with every word that holds a brace expansion replaced by the words it expands to. */
export function expandBraces(text: string): string {
  if (!text.includes('{')) return text
  const braced: Array<{ start: number; end: number }> = []
  for (let i = 0; i < text.length;) {
    while (i < text.length && breaksWord(text[i])) i++
    if (i === text.length) break
    const word = readWord(text, i, false)
    if (word.opens > 0 && word.opens <= MAX_OPENS) braced.push({ start: i, end: word.end })
    i = word.end
  }
  // Each brace word gets its share, so words written before a flag cannot crowd it out
  const budget = Math.min(MAX_WORDS, Math.max(MIN_WORDS, Math.floor(TEXT_WORDS / Math.max(1, braced.length))))
  const out: string[] = []
  let copied = 0
  let grown = 0
  for (const { start, end } of braced) {
    const words = expand(readWord(text, start, true).pieces, budget).join(' ')
    grown += words.length - (end - start)
    if (grown > TEXT_GROWTH) break
    out.push(text.slice(copied, start), words)
    copied = end
  }
  out.push(text.slice(copied))
  return out.join('')
}

/**
 * One word from `start`: where it ends, how many unquoted `{` it holds and, when asked for,
 * its pieces. Quotes, escapes and `${…}` are text: braces inside them expand nothing.
 */
function readWord(text: string, start: number, collect: boolean): { pieces: Piece[]; end: number; opens: number } {
  const pieces: Piece[] = []
  let opens = 0
  let plain = start
  let i = start
  while (i < text.length && !breaksWord(text[i])) {
    const char = text[i]
    const next = text[i + 1]
    if (char === '\\') i += 2
    else if (char === "'") i = afterClose(text, closingSingleQuote(text, i + 1))
    else if (char === '"' || char === '`') i = afterClose(text, closingQuote(text, i + 1, char))
    else if (char === '$' && next === "'") i = afterClose(text, closingQuote(text, i + 2, "'"))
    else if (char === '$' && next === '{') i = afterClose(text, closingBrace(text, i + 2))
    else if (char === '{' || char === ',' || char === '}') {
      if (char === '{') opens++
      if (collect) {
        if (i > plain) pieces.push({ text: text.slice(plain, i) })
        pieces.push({ mark: char })
        plain = i + 1
      }
      i++
    } else i++
  }
  const end = Math.min(i, text.length)
  if (collect && end > plain) pieces.push({ text: text.slice(plain, end) })
  return { pieces, end, opens }
}

function render(pieces: Piece[]): string {
  return pieces.map(piece => ('text' in piece ? piece.text : piece.mark)).join('')
}

/** The words a word's pieces expand to, at most about `budget` of them. */
function expand(pieces: Piece[], budget: number): string[] {
  const group = firstGroup(pieces, budget)
  if (group === undefined) return [render(pieces)]
  const before = render(pieces.slice(0, group.open))
  const tails = expand(pieces.slice(group.close + 1), budget)
  const share = Math.max(1, Math.floor(budget / group.alternatives.length))
  const words: string[] = []
  let chars = 0
  for (const alternative of group.alternatives) {
    let taken = 0
    for (const head of expand(alternative, share)) {
      for (const tail of tails) {
        if (taken >= share) break
        const word = before + head + tail
        // `{,}` and the like repeat a word: once is enough for every rule
        if (word === words[words.length - 1]) continue
        chars += word.length
        if (chars > MAX_CHARS && words.length > 0) return words
        words.push(word)
        taken++
      }
    }
  }
  return words
}

/** The first `{…}` that bash expands: a list with an unquoted comma at its level, or a sequence. */
function firstGroup(pieces: Piece[], budget: number): { open: number; close: number; alternatives: Piece[][] } | undefined {
  for (let open = 0; open < pieces.length; open++) {
    if (!isMark(pieces[open], '{')) continue
    let depth = 0
    const commas: number[] = []
    for (let i = open; i < pieces.length; i++) {
      const piece = pieces[i]
      if (isMark(piece, '{')) depth++
      else if (isMark(piece, ',') && depth === 1) commas.push(i)
      else if (isMark(piece, '}') && --depth === 0) {
        const alternatives = commas.length > 0 ? between(pieces, open, commas, i) : sequence(pieces.slice(open + 1, i), budget)
        if (alternatives !== undefined) return { open, close: i, alternatives }
        break
      }
    }
  }
  return undefined
}

function isMark(piece: Piece | undefined, mark: Mark): boolean {
  return piece !== undefined && 'mark' in piece && piece.mark === mark
}

/** The pieces between `open`, each comma and `close`. */
function between(pieces: Piece[], open: number, commas: number[], close: number): Piece[][] {
  const bounds = [open, ...commas, close]
  return bounds.slice(1).map((end, index) => pieces.slice((bounds[index] ?? open) + 1, end))
}

/** `{1..5}`, `{10..0..2}`, `{a..e}`: the first `budget` items; undefined when it is not a sequence. */
function sequence(inside: Piece[], budget: number): Piece[][] | undefined {
  const only = inside.length === 1 ? inside[0] : undefined
  if (only === undefined || !('text' in only)) return undefined
  const numbers = NUMBER_SEQUENCE.exec(only.text)
  const letters = numbers ? undefined : LETTER_SEQUENCE.exec(only.text)
  const match = numbers ?? letters
  if (!match) return undefined
  const from = numbers ? Number(match[1]) : (match[1] ?? '').charCodeAt(0)
  const to = numbers ? Number(match[2]) : (match[2] ?? '').charCodeAt(0)
  const step = Math.abs(Number(match[3] ?? 1)) || 1
  const items: Piece[][] = []
  for (let value = from; from <= to ? value <= to : value >= to; value += from <= to ? step : -step) {
    items.push([{ text: numbers ? String(value) : String.fromCharCode(value) }])
    if (items.length >= budget) break
  }
  return items
}
