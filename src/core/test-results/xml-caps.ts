/**
 * Bounds what an XML parser has to hold (docs/design.md §1 "Test results"): a streaming parser still
 * gathers each text node, CDATA section, comment and attribute value whole before it hands
 * it on, so one 60 MB `<system-out>` would be one 60 MB string. This filter sits in front of
 * the parser and passes the markup through unchanged while it cuts every such run to its
 * first `maxRun` characters. Entity references are passed whole or not at all, so a cut never
 * makes a well-formed document malformed; comment bodies are dropped (nobody reads them).
 * A start tag is gathered whole too, attributes and all, so its attributes are counted and
 * measured on the way: past a cap the filter throws an XmlCapError and the file is refused.
 */

import { FilterOutput } from './xml-filter-output.js'
import { groupDigits } from '../base/plain-text.js'

type State = 'text' | 'open' | 'tag' | 'value' | 'cdata' | 'comment' | 'pi' | 'decl'

const CDATA_OPEN = '<![CDATA['
const COMMENT_OPEN = '<!--'
/** The longest entity reference passed on (`&#x10FFFF;` and every name JUnit files use fit). */
const MAX_ENTITY = 32
const LT = 0x3c
const GT = 0x3e
const AMP = 0x26
const SEMICOLON = 0x3b
const BANG = 0x21
const QUESTION_MARK = 0x3f
const SLASH = 0x2f
const QUOTE = 0x22
const APOSTROPHE = 0x27
const BRACKET = 0x5d

/**
 * The index of the first character at or after `from` that ends a plain run in `state`
 * (chunk.length when none does): everything before it is copied in one slice. A plain
 * loop over char codes, because this runs over every byte of every results file.
 */
function runEnd(chunk: string, from: number, state: 'text' | 'value' | 'tag' | 'cdata'): number {
  let i = from
  const length = chunk.length
  switch (state) {
    case 'text':
      for (; i < length; i++) {
        const code = chunk.charCodeAt(i)
        if (code === LT || code === AMP) break
      }
      return i
    case 'value':
      for (; i < length; i++) {
        const code = chunk.charCodeAt(i)
        if (code === QUOTE || code === APOSTROPHE || code === AMP) break
      }
      return i
    case 'tag':
      for (; i < length; i++) {
        const code = chunk.charCodeAt(i)
        if (code === GT || code === QUOTE || code === APOSTROPHE) break
      }
      return i
    case 'cdata':
      for (; i < length; i++) if (chunk.charCodeAt(i) === BRACKET) break
      return i
  }
}

/** Limits on start tags, which the parser holds whole (every attribute) until the tag closes. */
export interface TagCaps {
  /** Most attributes in one start tag. */
  attributes: number
  /** Most characters of one start tag handed to the parser (names and values, after the run cut). */
  tagChars: number
  /** Most start-tag characters handed to the parser in the whole document. */
  fileChars: number
}

/** No limit beyond the run cut. */
const UNCAPPED: TagCaps = { attributes: Infinity, tagChars: Infinity, fileChars: Infinity }

/** A cap the document broke; the message is one line saying which. */
export class XmlCapError extends Error {
  override name = 'XmlCapError'
}

/** Streams XML text through, cutting long text, CDATA, attribute values, comments and declarations. */
export class XmlRunCapper {
  private state: State = 'text'
  /** Characters passed in the current run (text, value, CDATA, tag, declaration). */
  private run = 0
  /** The start of markup seen so far while it is not yet known what it opens. */
  private opening = ''
  private quote = ''
  /** An entity reference being read; passed on only when complete and within the cap. */
  private entity = ''
  /** `]` (CDATA), `-` (comment) or `?` (processing instruction) characters seen in a row. */
  private closers = 0
  private depth = 0
  /** Whether the tag being read is a start tag (not `</…>`), and what it has held so far. */
  private startTag = false
  private tagAttributes = 0
  private tagChars = 0
  private fileTagChars = 0
  /** Characters cut so far. */
  dropped = 0

  constructor(
    private readonly maxRun: number,
    private readonly caps: TagCaps = UNCAPPED
  ) {}

  /** Filters the next piece of the document. */
  push(chunk: string): string {
    const out = new FilterOutput(chunk)
    let i = 0
    while (i < chunk.length) {
      switch (this.state) {
        case 'text':
        case 'value': {
          if (this.entity !== '') {
            i = this.readEntity(chunk, i, out)
            break
          }
          const end = runEnd(chunk, i, this.state)
          this.copy(chunk, i, end, out)
          i = end
          if (i === chunk.length) break
          const char = chunk[i]!
          i++
          if (char === '&') this.entity = '&'
          else if (char === '<') {
            this.state = 'open'
            this.opening = '<'
          } else if (char === this.quote) {
            out.text(char)
            this.state = 'tag'
            this.run = 0
          } else this.copy(char, 0, 1, out)
          break
        }
        case 'open':
          i = this.readOpening(chunk, i, out)
          break
        case 'tag': {
          const end = runEnd(chunk, i, 'tag')
          this.copy(chunk, i, end, out)
          i = end
          if (i === chunk.length) break
          const char = chunk[i++]!
          out.text(char)
          if (char === '>') this.enter('text')
          else {
            if (this.startTag && ++this.tagAttributes > this.caps.attributes)
              throw new XmlCapError(`a tag has more than ${groupDigits(this.caps.attributes)} attributes`)
            this.quote = char
            this.enter('value')
          }
          break
        }
        case 'cdata':
          i = this.readCdata(chunk, i, out)
          break
        case 'comment':
        case 'pi': {
          const char = chunk[i++]!
          const closer = this.state === 'comment' ? '-' : '?'
          if (char === '>' && this.closers >= (this.state === 'comment' ? 2 : 1)) {
            if (this.state === 'pi') this.copy('?'.repeat(this.closers - 1), 0, this.closers - 1, out)
            out.text(this.state === 'comment' ? '-->' : '?>')
            this.enter('text')
          } else if (char === closer) this.closers++
          else if (this.state === 'comment') {
            // Comment bodies are never read: drop them whole.
            this.dropped += this.closers + 1
            this.closers = 0
          } else {
            this.copy('?'.repeat(this.closers) + char, 0, this.closers + 1, out)
            this.closers = 0
          }
          break
        }
        case 'decl': {
          const char = chunk[i++]!
          if (char === '[') this.depth++
          else if (char === ']') this.depth = Math.max(0, this.depth - 1)
          if (char === '>' && this.depth === 0) {
            out.text(char)
            this.enter('text')
          } else this.copy(char, 0, 1, out)
          break
        }
      }
    }
    return out.result()
  }

  /** What is left at the end of the input (an unfinished opening or entity, cut or not). */
  end(): string {
    const rest = this.opening + this.entity
    this.opening = ''
    this.entity = ''
    return rest
  }

  private enter(state: State): void {
    this.state = state
    this.run = 0
    this.closers = 0
  }

  /** Copies chunk[from, to) within the run's cap, counting what is cut. */
  private copy(chunk: string, from: number, to: number, out: FilterOutput): void {
    if (to <= from) return
    const room = Math.max(0, this.maxRun - this.run)
    let take = Math.min(room, to - from)
    // Never split a surrogate pair at the cut.
    if (take > 0 && take < to - from && isHighSurrogate(chunk.charCodeAt(from + take - 1))) take--
    if (take > 0) {
      out.span(chunk, from, from + take)
      if (this.startTag && (this.state === 'tag' || this.state === 'value')) this.countTag(take)
    }
    this.run += take
    this.dropped += to - from - take
    if (take < to - from) this.run = this.maxRun
  }

  /** Counts characters of a start tag handed to the parser, against the tag's and the file's caps. */
  private countTag(chars: number): void {
    this.tagChars += chars
    this.fileTagChars += chars
    if (this.tagChars > this.caps.tagChars)
      throw new XmlCapError(`a tag's attributes are longer than ${groupDigits(this.caps.tagChars)} characters`)
    if (this.fileTagChars > this.caps.fileChars)
      throw new XmlCapError(`the file's attributes are longer than ${groupDigits(this.caps.fileChars)} characters in all`)
  }

  /**
   * Reads on in an entity reference (`this.entity` holds what came so far, `&` at least). One
   * that lies in this piece is handed on as a stretch of it: the piece passes unchanged
   * (xml-filter-output.ts), and no string is made a character.
   */
  private readEntity(chunk: string, from: number, out: FilterOutput): number {
    // Where the reference starts in this piece: its `&` just before `from`, unless it began in the piece before.
    const start = from > 0 && this.entity === '&' && chunk.charCodeAt(from - 1) === AMP ? from - 1 : -1
    let length = this.entity.length
    for (let i = from; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i)
      const complete = code === SEMICOLON
      if (!complete && isEntityCode(code) && length < MAX_ENTITY) {
        length++
        continue
      }
      // Complete (with its `;`), or not an entity reference after all: the parser will say so;
      // it is passed on as it is, like any text.
      const to = complete ? i + 1 : i
      const whole = complete ? length + 1 : length
      if (complete && this.run + whole > this.maxRun) {
        this.dropped += whole
        this.run = this.maxRun
      } else {
        if (start >= 0) out.span(chunk, start, to)
        else out.text(this.entity + chunk.slice(from, to))
        if (complete && this.startTag && this.state === 'value') this.countTag(whole)
        this.run += whole
      }
      this.entity = ''
      return to
    }
    this.entity += chunk.slice(from)
    return chunk.length
  }

  private readOpening(chunk: string, i: number, out: FilterOutput): number {
    // `<` and then neither `!` nor `?`: an element's tag, its name read in the tag state.
    if (this.opening === '<' && i < chunk.length) {
      const code = chunk.charCodeAt(i)
      if (code !== BANG && code !== QUESTION_MARK) {
        this.opened('<', 'tag', out)
        this.startTag = code !== SLASH
        this.tagAttributes = 0
        this.tagChars = 0
        return i
      }
    }
    while (i < chunk.length) {
      this.opening += chunk[i++]
      const seen = this.opening
      if (seen === COMMENT_OPEN) this.opened(seen, 'comment', out)
      else if (seen === CDATA_OPEN) this.opened(seen, 'cdata', out)
      else if (COMMENT_OPEN.startsWith(seen) || CDATA_OPEN.startsWith(seen)) continue
      else if (seen.startsWith('<?')) this.opened(seen, 'pi', out)
      else if (seen.startsWith('<!')) this.opened(seen, 'decl', out)
      else {
        // An element's tag: its last character belongs to the tag state (it may be `>` or `/`).
        this.opened(seen.slice(0, -1), 'tag', out)
        this.startTag = !seen.endsWith('/')
        this.tagAttributes = 0
        this.tagChars = 0
        i--
      }
      return i
    }
    return i
  }

  private opened(seen: string, state: State, out: FilterOutput): void {
    out.text(seen)
    this.opening = ''
    this.depth = 0
    this.enter(state)
  }

  private readCdata(chunk: string, i: number, out: FilterOutput): number {
    while (i < chunk.length) {
      if (this.closers === 0) {
        const end = runEnd(chunk, i, 'cdata')
        this.copy(chunk, i, end, out)
        i = end
        if (i === chunk.length) return i
      }
      const char = chunk[i++]!
      if (char === ']') {
        this.closers++
        continue
      }
      if (char === '>' && this.closers >= 2) {
        this.copy(']'.repeat(this.closers - 2), 0, this.closers - 2, out)
        out.text(']]>')
        this.enter('text')
        return i
      }
      this.copy(']'.repeat(this.closers), 0, this.closers, out)
      this.closers = 0
      this.copy(char, 0, 1, out)
    }
    return i
  }
}

/** Whether a character may stand in an entity reference's name: `#`, letters, digits, `_`, `.`, `:`, `-`. */
function isEntityCode(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x3a) || // 0-9 and :
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x23 || // #
    code === 0x5f || // _
    code === 0x2e || // .
    code === 0x2d // -
  )
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
