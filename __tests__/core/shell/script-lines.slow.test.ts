/**
 * A script's lines for identity and messages (docs/design.md §3): continuations joined,
 * blank and comment-only lines dropped, and the migration rule for receipts written when
 * each line was a command of its own.
 */
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { identityHash, normalizeCommand, scriptIdentity } from '../../../src/core/receipts/identity.js'
import { identityLines, scriptLabel, scriptLines } from '../../../src/core/shell/script-lines.js'
import { frozenNormalizeCommand, frozenSplitCommandList } from '../../helpers/frozen-identity.js'

/** The identity hash a receipt got before a script was one process: one command per line. */
const oldHash = (script: string) => identityHash(frozenSplitCommandList(script).map(frozenNormalizeCommand))

describe('scriptLines and identityLines', () => {
  test('blank and comment-only lines are dropped, the rest kept as written (trimmed)', () => {
    const script = '#!/bin/bash\n\n  npm ci  \n   # now the tests\nnpm test # all of them\r\n\t\n'
    expect(scriptLines(script)).toEqual(['npm ci', 'npm test # all of them'])
    expect(identityLines(script)).toEqual(['npm ci', 'npm test # all of them'])
  })

  test('a continued line stays one line; identity joins it as the shell does', () => {
    const script = 'echo two \\\n  three\necho four'
    expect(scriptLines(script)).toEqual(['echo two \\\n  three', 'echo four'])
    expect(identityLines(script)).toEqual(['echo two   three', 'echo four'])
    expect(identityLines('echo a\\\nb')).toEqual(['echo ab'])
    // An even run of backslashes is an escaped backslash, not a continuation.
    expect(identityLines('echo a\\\\\necho b')).toEqual(['echo a\\\\', 'echo b'])
    // The last line's backslash has nothing to continue onto.
    expect(identityLines('echo a \\')).toEqual(['echo a'])
  })

  test('the label is the first command line, marked when more follows', () => {
    expect(scriptLabel('npm test')).toBe('npm test')
    expect(scriptLabel('# setup\ncd sub\ntest -f marker')).toBe('cd sub …')
    expect(scriptLabel('echo two \\\n  three')).toBe('echo two \\ …')
    expect(scriptLabel(`echo ${'x'.repeat(100)}`)).toBe(`echo ${'x'.repeat(75)}…`)
  })
})

describe('scriptIdentity', () => {
  test('the continued and the one-line forms share an identity', () => {
    const continued = scriptIdentity('echo two \\\n  three')
    expect(continued).toEqual(scriptIdentity('echo two three'))
    expect(continued.identity).toEqual(['echo two three'])
  })

  test('blank lines, comment-only lines and indentation do not count; order and every command line do', () => {
    const plain = scriptIdentity('npm ci\nnpm test')
    expect(scriptIdentity('\n# install\n  npm ci\n\n    npm   test\n# done\n')).toEqual(plain)
    expect(scriptIdentity('npm test\nnpm ci').hash).not.toBe(plain.hash)
    expect(scriptIdentity('npm ci; npm test').hash).not.toBe(plain.hash)
    expect(scriptIdentity('npm ci\nnpm test\ntrue').hash).not.toBe(plain.hash)
  })

  test('each line is normalized as a command always was', () => {
    const script = 'cd  "sub dir"\nexport A=foo\nif [ -f x ]; then\n  echo "$A$A"\nfi'
    expect(scriptIdentity(script).identity).toEqual(identityLines(script).map(normalizeCommand))
  })
})

describe('receipts written when each line was a command of its own', () => {
  test('keep their identity when the script has no continued and no comment-only line', () => {
    for (const script of [
      'npm test',
      'npm ci\nnpm test',
      'make build && make test\n\n  ./check.sh --all  ',
      'echo ok # trailing comment'
    ]) {
      expect(scriptIdentity(script).hash).toBe(oldHash(script))
    }
  })

  test('change identity, once, where the documented rule says: a continued or a comment-only line', () => {
    expect(scriptIdentity('echo two \\\n  three').hash).not.toBe(oldHash('echo two \\\n  three'))
    expect(scriptIdentity('# setup\nnpm test').hash).not.toBe(oldHash('# setup\nnpm test'))
  })

  // Lines whose every # plainly starts a word (as the frozen normalizer's own test keeps to),
  // with no continuation and no comment-only line: the old and the new identity must agree.
  const fragment = fc.constantFrom(
    'echo',
    'npm test',
    ' ',
    '  ',
    '\t',
    '"',
    "'",
    '$HOME',
    '${A}',
    '*',
    '&&',
    '|',
    ';',
    '>',
    'x',
    'a b',
    '=',
    'é',
    ' #c'
  )
  const line = fc.array(fragment, { maxLength: 8 }).map(parts => parts.join(''))
  const script = fc.array(line, { minLength: 1, maxLength: 5 }).map(lines => lines.join('\n'))
  const migrates = (text: string) =>
    text.split('\n').every(row => !row.trim().startsWith('#') && !/\\$/.test(row)) &&
    [...text.matchAll(/#/g)].every(({ index }) => index === 0 || /[ \t\n;&|<>(]/.test(text.charAt(index - 1)))

  test('property: without continuations and comment-only lines the old identity is the new one', () => {
    fc.assert(
      fc.property(script, text => {
        fc.pre(migrates(text) && identityLines(text).length > 0)
        expect(scriptIdentity(text).hash).toBe(oldHash(text))
      }),
      { numRuns: 2000 }
    )
  })

  test('property: identity is idempotent (the identity read as a script is itself)', () => {
    const anyScript = fc.oneof(
      fc.string(),
      fc.array(fc.oneof(line, fc.constantFrom('\\', '\\\\', '# note', '')), { maxLength: 6 }).map(lines => lines.join('\n'))
    )
    fc.assert(
      fc.property(anyScript, text => {
        const { identity } = scriptIdentity(text)
        expect(scriptIdentity(identity.join('\n')).identity).toEqual(identity)
      }),
      { numRuns: 2000 }
    )
  })
})
