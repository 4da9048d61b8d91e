import { describe, expect, test } from '@jest/globals'
import {
  afterClose, breaksWord, closingBrace, closingParen, closingQuote, closingSingleQuote, lineEnd, opensComment
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
  })
})

describe('words and comments', () => {
  test('blanks, newlines and operator characters end a word', () => {
    for (const char of [' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']) expect(breaksWord(char)).toBe(true)
    for (const char of ['a', '#', '"', '$', '-', undefined]) expect(breaksWord(char)).toBe(false)
  })

  test('a # opens a comment at the start of a word', () => {
    expect(opensComment('# x', 0)).toBe(true)
    expect(opensComment('ls # x', 3)).toBe(true)
    expect(opensComment('ls;# x', 3)).toBe(true)
    expect(opensComment('echo $#', 6)).toBe(false)
  })

  test('a line ends at its newline or at the end of the text', () => {
    expect(lineEnd('ab\ncd', 0)).toBe(2)
    expect(lineEnd('ab\ncd', 3)).toBe(5)
  })
})
