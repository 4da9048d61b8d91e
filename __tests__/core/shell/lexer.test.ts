import { describe, expect, test } from '@jest/globals'
import {
  afterClose,
  breaksWord,
  closingBrace,
  closingParen,
  closingQuote,
  closingSingleQuote,
  lineEnd,
  opensComment,
  SubstitutionParens
} from '../../../src/core/shell/lexer.js'

describe('quotes', () => {
  test('a single-quoted string ends at the next quote: nothing is escaped inside', () => {
    expect(closingSingleQuote("'abc' x", 1)).toBe(4)
    expect(closingSingleQuote("'a\\'b", 1)).toBe(3)
    expect(closingSingleQuote("'open", 1)).toBe(-1)
  })

  test('other quotes skip what a backslash escapes', () => {
    expect(closingQuote('"a\\"b" c', 1, '"')).toBe(5)
    expect(closingQuote("$'it\\'s' x", 2, "'")).toBe(7)
    expect(closingQuote('`a\\`b` c', 1, '`')).toBe(5)
    expect(closingQuote('"open\\"', 1, '"')).toBe(-1)
  })

  test('afterClose steps past a closing character, or to the end when there was none', () => {
    expect(afterClose('abc', 1)).toBe(2)
    expect(afterClose('abc', -1)).toBe(3)
  })
})

describe('brackets', () => {
  test('a ${ closes at its own brace, counting nested ${…}', () => {
    expect(closingBrace('${a:-${b}}x', 2)).toBe(9)
    expect(closingBrace('${a', 2)).toBe(-1)
  })

  test('a $( closes past quotes, nested substitutions and comments that hold a )', () => {
    const text = '$(echo ")" \'x)\' $(date) `a)`) tail'
    expect(closingParen(text, 2)).toBe(text.indexOf(') tail'))
    expect(closingParen('$(ls # )\n)', 2)).toBe(9)
    expect(closingParen('$(ls', 2)).toBe(4)
    // inside a word a # is text, so the ) after it still closes
    const nested = '$(echo $(date)#x) tail'
    expect(closingParen(nested, 2)).toBe(nested.indexOf(') tail'))
  })
})

describe('words and comments', () => {
  test('blanks, newlines and operator characters end a word', () => {
    for (const char of [' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']) expect(breaksWord(char)).toBe(true)
    for (const char of ['a', '#', '"', '$', '-', undefined]) expect(breaksWord(char)).toBe(false)
  })

  test('a # opens a comment at the start of a word', () => {
    const parens = new SubstitutionParens()
    expect(opensComment('# x', 0, parens)).toBe(true)
    expect(opensComment('ls # x', 3, parens)).toBe(true)
    expect(opensComment('ls;# x', 3, parens)).toBe(true)
    expect(opensComment('echo $#', 6, parens)).toBe(false)
  })

  test('a # inside a word is text, as bash reads it', () => {
    const at = (text: string): boolean => opensComment(text, text.indexOf('#'), new SubstitutionParens())
    expect(at('rm a#b -rf x')).toBe(false)
    expect(at('echo "a"#b')).toBe(false)
    // an escaped blank is part of the word; an escaped backslash before a blank is not
    expect(at('echo a\\ #b')).toBe(false)
    expect(at('echo a\\\\ #b')).toBe(true)
    // a line continuation joins the word across the newline; a real newline ends it
    expect(at('echo a\\\n#b')).toBe(false)
    expect(at('echo a \\\n#b')).toBe(true)
    expect(at('echo a\n#b')).toBe(true)
    expect(at('echo a\\\\\n#b')).toBe(true)
  })

  test('a # after a ) is text when the ) closes a substitution, a comment when it closes a subshell', () => {
    const scan = (text: string): boolean => {
      const parens = new SubstitutionParens()
      for (let i = 0; i < text.indexOf('#'); i++) {
        if (text[i] === '(') parens.opened(text, i)
        if (text[i] === ')') parens.closed(i)
      }
      return opensComment(text, text.indexOf('#'), parens)
    }
    expect(scan('echo $(date)#x')).toBe(false)
    expect(scan('echo $((1+2))#x')).toBe(false)
    expect(scan('cat <(ls)#x')).toBe(false)
    expect(scan('(ls)#x')).toBe(true)
    expect(scan('echo \\$(ls)#x')).toBe(true)
    const skipped = new SubstitutionParens()
    skipped.skipped(11)
    expect(opensComment('echo $(date)#x', 12, skipped)).toBe(false)
  })

  test('a line ends at its newline or at the end of the text', () => {
    expect(lineEnd('ab\ncd', 0)).toBe(2)
    expect(lineEnd('ab\ncd', 3)).toBe(5)
  })
})
