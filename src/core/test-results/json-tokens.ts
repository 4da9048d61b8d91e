/**
 * A JSON document read as a stream of tokens (docs/design.md §1 "Test results", "JSON
 * reports"): text goes in a chunk at a time, and each object and array opening and closing,
 * each key and each scalar comes out as an event, so nothing of the document is kept but the
 * token being read. Every string is cut to `maxString` characters as it is read (the rest is
 * checked and dropped), a number longer than `maxNumber` characters or nesting deeper than
 * `maxDepth` stops the reading with a JsonCapError, and anything that is not JSON with a
 * JsonSyntaxError naming the character it stopped at. A small hand-written tokenizer rather
 * than a library: the streaming parsers on npm gather each string whole before they hand it
 * on, so a 60 MB string would be one 60 MB string (§10).
 */

/** What the tokenizer hands on, in document order. */
export interface JsonEvents {
  openObject(): void
  openArray(): void
  /** The end of the innermost open object or array. */
  close(): void
  /** An object's key (cut to `maxString`). */
  key(name: string): void
  /** A string (cut to `maxString`), number, boolean or null. */
  scalar(value: string | number | boolean | null): void
}

/** Limits that keep a hostile document cheap. */
export interface JsonTokenLimits {
  maxString: number
  maxNumber: number
  maxDepth: number
}

/** The document is not JSON; the message is one line saying where. */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError'
}

/** The document broke a cap; the message is one line saying which. */
export class JsonCapError extends Error {
  override name = 'JsonCapError'
}

const enum Expect {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  Done
}

const enum Lex {
  None,
  String,
  Escape,
  Unicode,
  Number,
  Literal
}

/** A character JSON does not allow unescaped inside a string. */
const CONTROL = /[\u0000-\u001f]/
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }
const LITERALS: Record<string, true | false | null> = { true: true, false: false, null: null }

/** Streams JSON text into events; `end()` says whether the document was whole. */
export class JsonTokenizer {
  /** Open containers, innermost last: true for an object. */
  private readonly stack: boolean[] = []
  private expect: Expect = Expect.Value
  private lex: Lex = Lex.None
  /** The string being read: its kept parts, their length, and whether it is a key. */
  private parts: string[] = []
  private kept = 0
  private isKey = false
  /** The number, literal or `\u` escape being read. */
  private token = ''
  /** Characters read so far, for the position in an error. */
  private offset = 0
  private started = false
  /** The index of the next backslash in the chunk being read (its length when none is left; -1 when not yet looked for). */
  private backslash = -1

  constructor(
    private readonly events: JsonEvents,
    private readonly limits: JsonTokenLimits
  ) {}

  /** Reads the next piece of the document. */
  write(chunk: string): void {
    let i = 0
    const length = chunk.length
    // Where the next backslash is, found once per chunk rather than once per string.
    this.backslash = -1
    while (i < length) {
      switch (this.lex) {
        case Lex.String:
          i = this.readString(chunk, i)
          continue
        case Lex.Escape:
          i = this.readEscape(chunk, i)
          continue
        case Lex.Unicode:
          i = this.readUnicode(chunk, i)
          continue
        case Lex.Number:
        case Lex.Literal:
          i = this.readWord(chunk, i)
          continue
        case Lex.None:
          break
      }
      // Outside a token: white space, then one structural character or the start of a token.
      let code = chunk.charCodeAt(i)
      while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
        if (++i === length) break
        code = chunk.charCodeAt(i)
      }
      if (i === length) break
      this.structure(chunk[i]!, this.offset + i)
      i++
    }
    this.offset += length
  }

  /** Ends the document; throws when it is not whole. */
  end(): void {
    if (this.lex === Lex.Number || this.lex === Lex.Literal) {
      this.endToken(this.offset)
    }
    if (!this.started) throw new JsonSyntaxError('the file holds no JSON value')
    if (this.lex !== Lex.None || this.expect !== Expect.Done) throw new JsonSyntaxError('the file ends before the JSON does')
  }

  /** One character outside a string, number or literal. */
  private structure(char: string, at: number): void {
    switch (char) {
      case '{':
      case '[':
        this.beforeValue(char, at)
        if (this.stack.length >= this.limits.maxDepth) throw new JsonCapError(`nested deeper than ${this.limits.maxDepth}`)
        this.stack.push(char === '{')
        this.expect = char === '{' ? Expect.KeyOrClose : Expect.ValueOrClose
        if (char === '{') this.events.openObject()
        else this.events.openArray()
        return
      case '}':
      case ']': {
        const object = char === '}'
        const top = this.stack[this.stack.length - 1]
        const may = object
          ? this.expect === Expect.KeyOrClose || this.expect === Expect.CommaOrClose
          : this.expect === Expect.ValueOrClose || this.expect === Expect.CommaOrClose
        if (top !== object || !may) this.unexpected(char, at)
        this.stack.pop()
        this.events.close()
        this.afterValue()
        return
      }
      case ':':
        if (this.expect !== Expect.Colon) this.unexpected(char, at)
        this.expect = Expect.Value
        return
      case ',':
        if (this.expect !== Expect.CommaOrClose) this.unexpected(char, at)
        this.expect = this.stack[this.stack.length - 1] === true ? Expect.Key : Expect.Value
        return
      case '"':
        if (this.expect === Expect.Key || this.expect === Expect.KeyOrClose) this.isKey = true
        else {
          this.beforeValue(char, at)
          this.isKey = false
        }
        this.lex = Lex.String
        this.parts = []
        this.kept = 0
        return
      default:
        this.beforeValue(char, at)
        if (char === '-' || (char >= '0' && char <= '9')) this.lex = Lex.Number
        else if (char === 't' || char === 'f' || char === 'n') this.lex = Lex.Literal
        else this.unexpected(char, at)
        this.token = char
    }
  }

  /** Checks that a value may start here. */
  private beforeValue(char: string, at: number): void {
    if (this.expect !== Expect.Value && this.expect !== Expect.ValueOrClose) this.unexpected(char, at)
    this.started = true
  }

  private afterValue(): void {
    this.expect = this.stack.length === 0 ? Expect.Done : Expect.CommaOrClose
  }

  /** Reads number or literal characters up to a delimiter or the chunk's end. */
  private readWord(chunk: string, i: number): number {
    const start = i
    const length = chunk.length
    const number = this.lex === Lex.Number
    for (; i < length; i++) {
      const code = chunk.charCodeAt(i)
      const part = number
        ? (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x2d || code === 0x2b || code === 0x65 || code === 0x45
        : code >= 0x61 && code <= 0x7a
      if (!part) break
    }
    this.token += chunk.slice(start, i)
    if (this.token.length > (number ? this.limits.maxNumber : 5)) this.tooLong(i)
    if (i < length) this.endToken(this.offset + i)
    return i
  }

  /** A number or literal ended (at a delimiter or the end of the input). */
  private endToken(at: number): void {
    const text = this.token
    const lex = this.lex
    this.lex = Lex.None
    this.token = ''
    if (lex === Lex.Number) {
      if (!NUMBER.test(text)) throw new JsonSyntaxError(`not a number at character ${at}: ${text.slice(0, 20)}`)
      this.events.scalar(Number(text))
    } else {
      if (!Object.hasOwn(LITERALS, text)) throw new JsonSyntaxError(`unexpected word at character ${at}: ${text.slice(0, 20)}`)
      this.events.scalar(LITERALS[text]!)
    }
    this.afterValue()
  }

  /** Reads string characters up to a quote, a backslash or the chunk's end. */
  private readString(chunk: string, i: number): number {
    const start = i
    const length = chunk.length
    const quote = chunk.indexOf('"', i)
    if (this.backslash !== length && this.backslash < i) {
      const found = chunk.indexOf('\\', i)
      this.backslash = found === -1 ? length : found
    }
    const end = quote === -1 ? Math.min(length, this.backslash) : Math.min(quote, this.backslash)
    if (end > start && CONTROL.test(chunk.slice(start, end))) {
      const at = chunk.slice(start, end).search(CONTROL)
      throw new JsonSyntaxError(`a control character inside a string at character ${this.offset + start + at}`)
    }
    this.keep(chunk, start, end)
    i = end
    if (i === length) return i
    if (i === this.backslash) {
      this.lex = Lex.Escape
      return i + 1
    }
    // The closing quote.
    this.lex = Lex.None
    const text = this.parts.length === 1 ? this.parts[0]! : this.parts.join('')
    this.parts = []
    if (this.isKey) {
      this.events.key(text)
      this.expect = Expect.Colon
    } else {
      this.events.scalar(text)
      this.afterValue()
    }
    return i + 1
  }

  private readEscape(chunk: string, i: number): number {
    const char = chunk[i]!
    if (char === 'u') {
      this.lex = Lex.Unicode
      this.token = ''
      return i + 1
    }
    const decoded = ESCAPES[char]
    if (decoded === undefined) throw new JsonSyntaxError(`a bad escape \\${char} at character ${this.offset + i}`)
    this.keep(decoded, 0, 1)
    this.lex = Lex.String
    return i + 1
  }

  private readUnicode(chunk: string, i: number): number {
    while (i < chunk.length && this.token.length < 4) {
      const char = chunk[i]!
      if (!/[0-9a-fA-F]/.test(char)) throw new JsonSyntaxError(`a bad \\u escape at character ${this.offset + i}`)
      this.token += char
      i++
    }
    if (this.token.length === 4) {
      this.keep(String.fromCharCode(parseInt(this.token, 16)), 0, 1)
      this.token = ''
      this.lex = Lex.String
    }
    return i
  }

  /** Keeps text[from, to) of the string being read, within the cap. */
  private keep(text: string, from: number, to: number): void {
    const room = this.limits.maxString - this.kept
    if (room <= 0 || to <= from) return
    const end = Math.min(to, from + room)
    this.parts.push(from === 0 && end === text.length ? text : text.slice(from, end))
    this.kept += end - from
  }

  private tooLong(i: number): never {
    if (this.lex === Lex.Number) throw new JsonCapError(`a number longer than ${this.limits.maxNumber} characters`)
    throw new JsonSyntaxError(`unexpected word at character ${this.offset + i}: ${this.token.slice(0, 20)}`)
  }

  private unexpected(char: string, at: number): never {
    const shown = /^[\x21-\x7e]$/.test(char) ? char : `U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`
    throw new JsonSyntaxError(`unexpected ${shown} at character ${at}`)
  }
}
