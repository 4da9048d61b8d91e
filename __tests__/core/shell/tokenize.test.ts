import { describe, expect, test } from '@jest/globals'
import { parse } from 'shell-quote'
import { tokenize } from '../../../src/core/shell/tokenize.js'

describe('tokenize', () => {
  test('keeps environment references as references, apart from the same text quoted', () => {
    expect(tokenize('echo $HOME "${HOME}x" \'$HOME\'')?.tokens).toEqual([
      { kind: 'word', glob: false, parts: [{ literal: 'echo' }] },
      { kind: 'word', glob: false, parts: [{ variable: 'HOME' }] },
      { kind: 'word', glob: false, parts: [{ variable: 'HOME' }, { literal: 'x' }] },
      { kind: 'word', glob: false, parts: [{ literal: '$HOME' }] }
    ])
  })

  test('a lone $ is a literal dollar', () => {
    expect(tokenize('echo $')?.tokens[1]).toEqual({ kind: 'word', glob: false, parts: [{ literal: '$' }] })
  })

  test('an escaped * is text, as in the shell, and a bare one is a glob', () => {
    expect(tokenize('ls \\*.txt *.md')?.tokens.slice(1)).toEqual([
      { kind: 'word', glob: false, parts: [{ literal: '*.txt' }] },
      { kind: 'word', glob: true, parts: [{ literal: '*.md' }] }
    ])
  })

  test('keeps operators and comments as tokens', () => {
    expect(tokenize('a && b 2>&1 # slow one')?.tokens).toEqual([
      { kind: 'word', glob: false, parts: [{ literal: 'a' }] },
      { kind: 'operator', op: '&&' },
      { kind: 'word', glob: false, parts: [{ literal: 'b' }] },
      { kind: 'word', glob: false, parts: [{ literal: '2' }] },
      { kind: 'operator', op: '>&' },
      { kind: 'word', glob: false, parts: [{ literal: '1' }] },
      { kind: 'comment', text: ' slow one' }
    ])
  })

  test('a # inside a word is text, though shell-quote alone would start a comment there', () => {
    expect(parse('rm a#b -rf x')).toEqual(['rm', 'a', { comment: 'b -rf x' }])
    const word = (text: string) => ({ kind: 'word', glob: false, parts: [{ literal: text }] })
    expect(tokenize('rm a#b -rf x # gone')?.tokens).toEqual([
      word('rm'),
      word('a#b'),
      word('-rf'),
      word('x'),
      { kind: 'comment', text: ' gone' }
    ])
    expect(tokenize('echo $(date)#x')?.tokens.at(-1)).toEqual(word('#x'))
    expect(tokenize('echo a#$HOME')?.tokens.at(-1)).toEqual({
      kind: 'word',
      glob: false,
      parts: [{ literal: 'a#' }, { variable: 'HOME' }]
    })
    expect(tokenize('echo $# a\\#b')?.tokens.slice(1)).toEqual([{ kind: 'word', glob: false, parts: [{ variable: '#' }] }, word('a#b')])
  })

  test('says when a quote or ${ is left open, and still reads on', () => {
    expect(tokenize('echo "a b')).toMatchObject({ closed: false })
    expect(tokenize("echo 'a b")).toMatchObject({ closed: false })
    expect(tokenize('echo a b')).toMatchObject({ closed: true })
    expect(tokenize('rm -rf "build')?.tokens.length).toBe(3)
  })

  test('is undefined when shell-quote cannot parse the command', () => {
    expect(tokenize('echo ${}')).toBeUndefined()
  })
})
