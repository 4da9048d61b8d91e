import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { commandIdentity, historyKey, identityHash, normalizeCommand } from '../../../src/core/receipts/identity.js'
import { frozenNormalizeCommand } from '../../helpers/frozen-identity.js'

const same = (a: string, b: string) => expect(normalizeCommand(a)).toBe(normalizeCommand(b))
const differ = (a: string, b: string) => expect(normalizeCommand(a)).not.toBe(normalizeCommand(b))

describe('normalizeCommand', () => {
  test('whitespace and equivalent quoting do not matter', () => {
    same('echo   "a b"', "echo 'a b'")
    same('echo "a b"', 'echo a\\ b')
    same('  npm   test  ', 'npm test')
    same('npm "test"', 'npm test')
    expect(normalizeCommand('echo   "a b"')).toBe("echo 'a b'")
  })

  test('leading environment assignments are part of the identity', () => {
    differ('VAR=1 false', 'false')
    differ('VAR=1 false', 'VAR=2 false')
    expect(normalizeCommand('VAR=1   false')).toBe('VAR=1 false')
  })

  test('environment references are kept literally, never expanded', () => {
    const normalized = normalizeCommand('cd $HOME && ls ${HOME}/src')
    expect(normalized).toBe('cd $HOME && ls $HOME/src')
    same('echo "$HOME"', 'echo $HOME')
    same('echo ${HOME}x', 'echo "${HOME}x"')
    differ('echo $HOME', "echo '$HOME'")
    differ('echo $HOME', 'echo $PATH')
    differ('echo $HOMEx', 'echo ${HOME}x')
  })

  test('special parameters and positional ones survive', () => {
    expect(normalizeCommand('echo $? $# $@ $1')).toBe('echo $? $# $@ $1')
    differ('echo $1', 'echo $2')
  })

  test('operators and redirections are kept as tokens', () => {
    expect(normalizeCommand('a&&b||c;d|e>f 2>&1 <g &')).toBe('a && b || c ; d | e > f 2 >& 1 < g &')
    differ('a && b', 'a || b')
    differ('a && b', 'a b')
    differ('cmd > out', 'cmd out')
    differ('cmd >> out', 'cmd > out')
    differ('make | tee log', 'make tee log')
    same('make|tee log', 'make | tee   log')
  })

  test('globs are kept, and a quoted star is not a glob', () => {
    expect(normalizeCommand('ls   *.txt')).toBe('ls *.txt')
    differ('ls *.txt', "ls '*.txt'")
    differ('ls *.txt', 'ls *.md')
    same('ls \\*.txt', "ls '*.txt'")
    same("ls 'a b'*", 'ls "a b"*')
  })

  test('comments are kept as tokens', () => {
    expect(normalizeCommand('make test   #  slow   one')).toBe('make test # slow one')
    differ('make test # slow', 'make test')
    differ('make test # slow', 'make test # fast')
    same('make test # slow', 'make test #slow')
  })

  test('a # inside a word is text; only one that starts a word opens a comment', () => {
    differ('echo a#b', 'echo a#c')
    // these pairs shared an identity while every # was read as a comment
    differ('echo a#b', 'echo a #b')
    differ("echo a#'x  y'", "echo a#'x y'")
    differ('echo $(date)#x', 'echo $(date) #x')
    expect(normalizeCommand('rm a#b -rf victim')).toBe("rm 'a#b' -rf victim")
    same('echo a#b', "echo 'a#b'")
    expect(normalizeCommand('echo ok   # rm -rf /')).toBe('echo ok # rm -rf /')
    expect(normalizeCommand('echo ok # rm -rf /')).toBe(frozenNormalizeCommand('echo ok # rm -rf /'))
  })

  test('a command that does not parse falls back to its whitespace-collapsed text', () => {
    expect(normalizeCommand('echo  "abc   def')).toBe('echo "abc def')
    expect(normalizeCommand("  echo 'unclosed   ")).toBe("echo 'unclosed")
    expect(normalizeCommand('echo   ${}   x')).toBe('echo ${} x')
    differ('echo "abc', 'echo abc')
  })

  test('is idempotent on hand-picked awkward commands', () => {
    const awkward = [
      "it's",
      "echo 'it'\\''s'",
      'echo "a\\"b"',
      'echo $(date)',
      'echo ${a:-x y}',
      'echo "${a:-x y}"',
      'echo ${a:-${b}}',
      "echo $'a\\nb'",
      'a#b',
      'echo \\#x',
      'x=1 y=2 cmd --flag="v w" -- *.ts',
      'cat <<< hi',
      '( cd sub && make )',
      'echo ""',
      "echo ''",
      'echo $',
      'echo $$ $!',
      'echo "$"x',
      'echo ~ ~/x',
      'printf "%s\\n" a',
      'echo \\\\',
      'echo "tab\there"',
      'a | & b',
      'echo é "ü ß"'
    ]
    for (const command of awkward) {
      const once = normalizeCommand(command)
      expect([command, normalizeCommand(once)]).toEqual([command, once])
    }
  })
})

// Characters a token may hold: printable ASCII except the backtick (which the shell treats
// specially inside double quotes, so the three spellings below would not mean the same),
// plus a few non-ASCII letters.
const tokenChar = fc.constantFrom(
  ...Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).filter(char => char !== '`'),
  'é',
  'ß',
  '→'
)
const token = fc.string({ unit: tokenChar, minLength: 1, maxLength: 8 })
const tokens = fc.array(token, { minLength: 1, maxLength: 6 })

const singleQuoted = (value: string) => `'${value.replace(/'/g, "'\\''")}'`
const doubleQuoted = (value: string) => `"${value.replace(/["\\$]/g, '\\$&')}"`
const backslashed = (value: string) => Array.from(value, char => `\\${char}`).join('')

describe('normalizeCommand properties', () => {
  test('is idempotent', () => {
    const fragment = fc.constantFrom(
      'echo',
      ' ',
      '  ',
      '"',
      "'",
      '\\',
      '$',
      '${',
      '}',
      'HOME',
      '*',
      '?',
      '#',
      '&&',
      '|',
      '>',
      '2>&1',
      ';',
      '(',
      ')',
      'a b',
      '=',
      '$(',
      '~',
      '\t',
      'x'
    )
    const command = fc.oneof(
      fc.string(),
      fc.array(fragment, { maxLength: 12 }).map(parts => parts.join(''))
    )
    fc.assert(
      fc.property(command, text => {
        const once = normalizeCommand(text)
        expect(normalizeCommand(once)).toBe(once)
      }),
      { numRuns: 2000 }
    )
  })

  test('single quotes, double quotes and backslashes around the same tokens share an identity', () => {
    fc.assert(
      fc.property(
        tokens,
        fc.array(fc.constantFrom(singleQuoted, doubleQuoted, backslashed), { minLength: 6, maxLength: 6 }),
        (words, styles) => {
          const spellings = [singleQuoted, doubleQuoted, backslashed].map(style => words.map(style).join(' '))
          const mixed = words.map((word, index) => styles[index]!(word)).join('   ')
          const hashes = [...spellings, mixed].map(spelling => commandIdentity([spelling]).hash)
          expect(new Set(hashes).size).toBe(1)
        }
      ),
      { numRuns: 1000 }
    )
  })
})

describe('normalizeCommand against the frozen normalizer', () => {
  // Stored receipts are found by identity hash: sharing the shell lexer must not move one.
  const fragment = fc.constantFrom(
    'echo',
    'rm',
    ' ',
    '  ',
    '\t',
    '\n',
    '"',
    "'",
    '\\',
    '$',
    '${',
    '}',
    '$(',
    ')',
    '(',
    '`',
    'HOME',
    'x',
    'a b',
    '*',
    '?',
    '\\*',
    '#',
    '$#',
    '&&',
    '||',
    '|',
    ';',
    '&',
    '>',
    '>>',
    '2>&1',
    '<<<',
    '<<',
    '=',
    'A=1',
    '~',
    "$'",
    'é'
  )
  const command = fc.oneof(
    fc.string(),
    fc.array(fragment, { maxLength: 16 }).map(parts => parts.join(''))
  )

  // Only a # inside a word reads differently now (it was taken for a comment). This test
  // keeps to commands whose every # plainly starts a word: first, or after an unescaped
  // blank or operator character other than `)`, which may close a substitution.
  const everyHashStartsAWord = (text: string): boolean =>
    [...text.matchAll(/#/g)].every(
      ({ index }) => index === 0 || (/[ \t\n;&|<>(]/.test(text.charAt(index - 1)) && text.charAt(index - 2) !== '\\')
    )

  test('gives every command the same normalized text as before', () => {
    fc.assert(
      fc.property(command, text => {
        fc.pre(everyHashStartsAWord(text))
        expect(normalizeCommand(text)).toBe(frozenNormalizeCommand(text))
      }),
      { numRuns: 5000 }
    )
  })

  test('keeps what follows a # inside a word, where the frozen normalizer lost its spacing', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'x', '1', '-', '.', '/'), minLength: 1, maxLength: 6 })
    fc.assert(
      fc.property(word, word, (before, after) => {
        const inside = normalizeCommand(`echo ${before}#${after}`)
        expect(inside).not.toBe(normalizeCommand(`echo ${before} #${after}`))
        expect(inside).not.toBe(normalizeCommand(`echo ${before}#${after}x`))
        expect(normalizeCommand(`echo ${before}#'${after}  x'`)).not.toBe(normalizeCommand(`echo ${before}#'${after} x'`))
        expect(normalizeCommand(inside)).toBe(inside)
      }),
      { numRuns: 1000 }
    )
  })
})

describe('commandIdentity', () => {
  test('keeps the order of commands and hashes the JSON of the normalized list', () => {
    const { identity, hash } = commandIdentity(['npm  ci', 'npm test'])
    expect(identity).toEqual(['npm ci', 'npm test'])
    expect(hash).toBe(identityHash(['npm ci', 'npm test']))
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(commandIdentity(['npm test', 'npm  ci']).hash).not.toBe(hash)
    expect(commandIdentity(['npm ci npm test']).hash).not.toBe(hash)
  })
})

describe('historyKey', () => {
  test('separates target, scope and identity', () => {
    const hash = commandIdentity(['npm test']).hash
    const key = historyKey('octo/widgets', '', hash)
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(historyKey('octo/widgets', 'node-20', hash)).not.toBe(key)
    expect(historyKey('octo/gadgets', '', hash)).not.toBe(key)
    expect(historyKey('a b', '', hash)).not.toBe(historyKey('a', 'b', hash))
    expect(historyKey('octo/widgets', '', hash)).toBe(key)
  })
})
