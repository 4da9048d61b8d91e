import fc from 'fast-check'
import { parse, quote } from 'shell-quote'
import { findDestructive } from '../../../src/core/guardrail/index.js'
import { destructive as firstDestructive, destructiveRoundTwo, ordinary as firstOrdinary, ordinaryRoundTwo } from './corpus.js'
import { destructiveRoundThree, ordinaryRoundThree } from './corpus-round-three.js'

const destructive = [...firstDestructive, ...destructiveRoundTwo, ...destructiveRoundThree]
const ordinary = [...firstOrdinary, ...ordinaryRoundTwo, ...ordinaryRoundThree]

const RULES = [
  'rm -rf',
  'git push --force',
  'git reset --hard',
  'git clean -fdx',
  'git branch -D',
  'drop table',
  'drop database',
  'truncate',
  'kubectl delete',
  'helm uninstall'
]

describe('findDestructive flags destructive commands', () => {
  test('the corpus has at least 45 rows and covers every rule', () => {
    expect(destructive.length).toBeGreaterThanOrEqual(45)
    expect(new Set(destructive.map(([, rule]) => rule))).toEqual(new Set(RULES))
  })

  test.each(destructive)('%j → %s', (command, rule) => {
    expect(findDestructive(command)?.rule).toBe(rule)
  })
})

describe('findDestructive lets ordinary commands run', () => {
  test('the corpus has at least 45 rows', () => {
    expect(ordinary.length).toBeGreaterThanOrEqual(45)
  })

  test.each(ordinary)('%j', command => {
    expect(findDestructive(command)).toBeUndefined()
  })
})

describe('the excerpt', () => {
  test('is the offending simple command as written, trimmed', () => {
    expect(findDestructive('make build &&   rm  -rf   "dist"   ; ls')).toEqual({
      rule: 'rm -rf',
      excerpt: 'rm  -rf   "dist"'
    })
  })

  test('is the innermost command of a nested script', () => {
    expect(findDestructive('bash -c "cd repo && git reset --hard"')?.excerpt).toBe('git reset --hard')
    expect(findDestructive('echo "$(git clean -fdx)"')?.excerpt).toBe('git clean -fdx')
  })

  test('is capped at 200 characters', () => {
    const command = 'rm -rf ' + 'very/long/path/'.repeat(40)
    const hit = findDestructive(command)
    expect(hit?.rule).toBe('rm -rf')
    expect(hit?.excerpt.length).toBe(200)
    expect(command.startsWith(hit?.excerpt.slice(0, 199) ?? '-')).toBe(true)
  })

  test('names the first destructive command of the line', () => {
    expect(findDestructive('git push -f; rm -rf x')?.rule).toBe('git push --force')
    expect(findDestructive('rm -rf x; git push -f')?.rule).toBe('rm -rf')
  })
})

describe('limits', () => {
  const nest = (command: string, levels: number): string => {
    let script = command
    for (let level = 0; level < levels; level++) script = quote(['sh', '-c', script])
    return script
  }

  test('follows sh -c nesting five levels deep', () => {
    expect(findDestructive(nest('rm -rf build', 5))?.rule).toBe('rm -rf')
  })

  test('does not inspect scripts nested deeper than five levels (documented)', () => {
    expect(findDestructive(nest('rm -rf build', 6))).toBeUndefined()
  })

  test('falls back to whitespace words when shell-quote cannot parse the command', () => {
    const command = 'rm -rf ${'
    expect(() => parse(command)).toThrow()
    expect(findDestructive(command)?.rule).toBe('rm -rf')
  })

  test('carriage returns do not hide a flag', () => {
    expect(findDestructive('git reset --hard\r\nls\r\n')?.rule).toBe('git reset --hard')
  })
})

describe('a 1 MB command line', () => {
  const megabyte = (unit: string): string => unit.repeat(Math.ceil((1 << 20) / unit.length))

  test.each([
    ['many short commands', megabyte('ls -la; ')],
    ['many && links', megabyte('true && ')],
    ['a long pipeline feeding shells', megabyte('echo a | sh | ')],
    ['a long launcher chain', megabyte('sudo ')],
    ['many brace lists', megabyte('echo {a,b}{c,d}; ')]
  ])('is answered through %s', (_shape, prefix) => {
    expect(findDestructive(prefix + 'rm -rf build')?.rule).toBe('rm -rf')
    expect(findDestructive(prefix + 'rm -r build')).toBeUndefined()
  })

  test.each([
    ['one word', megabyte('x')],
    ['an unterminated quote', '"' + megabyte('a ')],
    ['unclosed substitutions', megabyte('$(')],
    ['deeply nested substitutions', megabyte('$(') + megabyte(')')],
    ['backticks', megabyte('`a` ')],
    ['heredocs that never close', megabyte('cat <<A\n')],
    ['repeated env -S', megabyte('env -S a ')],
    ['echo options piped to a shell', 'echo ' + megabyte('-n ') + '| sh'],
    ['a quoted script', 'bash -c ' + JSON.stringify(megabyte('ls; '))],
    ['comments with quotes', megabyte("# it's\n")],
    ['hashes inside words', megabyte('a#b; ')],
    ['substitutions followed by #', megabyte('<(a)#$(b)#')],
    ['brace lists in one word', megabyte('{a,b}')],
    ['brace sequences', megabyte('{1..1000000} ')],
    ['unclosed braces', megabyte('{')],
    ['one list of many empty alternatives', '{' + megabyte(',') + '}'],
    ['nested lists', megabyte('{a,') + megabyte('}')]
  ])('of %s is handled', (_shape, command) => {
    expect(findDestructive(command)).toBeUndefined()
  })
})

describe('properties', () => {
  const singleLine = destructive.filter(([command]) => !command.includes('\n'))
  const safeSingleLine = ordinary.filter(command => !command.includes('\n') && !command.includes('#'))

  test('never throws, and names only known rules with a short excerpt', () => {
    const shellish = fc.string({
      unit: fc.constantFrom(...'rm -rf git push --force $()`\'"\\;&|<>\n#{}'.split('')),
      maxLength: 60
    })
    fc.assert(
      fc.property(fc.oneof(fc.string(), shellish), command => {
        const hit = findDestructive(command)
        if (hit === undefined) return
        expect(RULES).toContain(hit.rule)
        expect(hit.excerpt.length).toBeLessThanOrEqual(200)
      })
    )
  })

  test('an ordinary command before a destructive one does not hide it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...safeSingleLine),
        fc.constantFrom('&&', '||', ';', '|', '&', '\n'),
        fc.constantFrom(...singleLine),
        (safe, operator, [command, rule]) => {
          expect(findDestructive(`${safe} ${operator} ${command}`)?.rule).toBe(rule)
        }
      )
    )
  })

  test('a destructive command handed to bash -c is still flagged, and echoed it is not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...singleLine), ([command, rule]) => {
        expect(findDestructive(quote(['bash', '-c', command]))?.rule).toBe(rule)
        expect(findDestructive(quote(['echo', command]))).toBeUndefined()
      })
    )
  })
})

describe('brace expansion (third review)', () => {
  // Rows whose words are plain names and flags: written as one brace list they are the same words to bash
  const plainRows = destructive.filter(([command]) => /^[\w./-]+( [\w./-]+)+$/.test(command))

  test('a destructive command written as a brace list is refused for its rule, and echoed it is not', () => {
    expect(plainRows.length).toBeGreaterThanOrEqual(40)
    fc.assert(
      fc.property(fc.constantFrom(...plainRows), ([command, rule]) => {
        const list = `{${command.split(' ').join(',')}}`
        expect(findDestructive(list)?.rule).toBe(rule)
        expect(findDestructive(`echo ${list}`)).toBeUndefined()
        expect(findDestructive(`echo '${list}'`)).toBeUndefined()
      })
    )
  })

  test('a quoted or escaped brace expands nothing; quotes inside an alternative are kept', () => {
    const cases: Array<[string, string | undefined]> = [
      ["'{rm,-rf,victim}'", undefined],
      ['"{rm,-rf,victim}"', undefined],
      ['\\{rm,-rf,victim}', undefined],
      ['rm "{-rf,victim}"', undefined],
      ["rm {'-rf',victim}", 'rm -rf'],
      ['rm {"-r","-f"} "a b"{1,2}', 'rm -rf']
    ]
    for (const [command, rule] of cases) expect({ command, rule: findDestructive(command)?.rule }).toEqual({ command, rule })
  })
})

describe('a # inside a word is text (issue #13)', () => {
  // Words that are only names: a `#` inside one changes the name, never what the command does
  const names = ['victim', 'build', 'origin', 'main', 'HEAD:refs/heads/fix', 'foo.bar=a', 'x', 'topic', 'rel', 'pods']
  const grammar = [
    ...['rm', '-rf', '-r', '-f', '--force', 'git', 'push', 'clean', '-fdx', 'reset', '--hard', 'branch', '-D', '-c'],
    ...['kubectl', 'delete', 'helm', 'uninstall', 'sudo', 'env', 'timeout', '10', 'bash', 'sh', 'echo', 'eval'],
    ...['|', ';', '&&', '||', '&']
  ]
  const token = fc.oneof(
    fc.constantFrom(...names).map(text => ({ text, name: true })),
    fc.constantFrom(...grammar).map(text => ({ text, name: false }))
  )

  test('inserting # inside a name never changes whether a command is refused', () => {
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 12 }), fc.nat(), fc.nat(), (tokens, which, where) => {
        const nameAt = tokens.map((one, index) => (one.name ? index : -1)).filter(index => index !== -1)
        fc.pre(nameAt.length > 0)
        const index = nameAt[which % nameAt.length] ?? 0
        const word = tokens[index]?.text ?? ''
        const at = 1 + (where % word.length) // after the first character: inside the word, or at its end
        const hashed = tokens.map((one, i) => (i === index ? word.slice(0, at) + '#' + word.slice(at) : one.text))
        const command = tokens.map(one => one.text).join(' ')
        expect(findDestructive(hashed.join(' '))?.rule).toBe(findDestructive(command)?.rule)
      }),
      { numRuns: 2000 }
    )
  })
})
