/**
 * The bounded JSON tokenizer (docs/design.md §1 "JSON reports"): what it reads back is what
 * JSON.parse reads, however the text is cut into chunks; what is not JSON is a one-line
 * syntax error; strings are cut at their cap as they are read, and nesting and long numbers
 * stop the reading.
 */
import { expect, test } from '@jest/globals'
import { JsonCapError, JsonSyntaxError, JsonTokenizer, type JsonEvents } from '../../../src/core/test-results/json-tokens.js'

type Value = string | number | boolean | null | Value[] | { [key: string]: Value }

/** Builds the value the events describe. */
function builder(): { events: JsonEvents; value: () => Value | undefined } {
  const stack: { container: Value[] | { [key: string]: Value }; key?: string }[] = []
  let root: Value | undefined
  const add = (value: Value): void => {
    const top = stack[stack.length - 1]
    if (top === undefined) root = value
    else if (Array.isArray(top.container)) top.container.push(value)
    else top.container[top.key!] = value
  }
  return {
    events: {
      openObject: () => {
        const container = {}
        add(container)
        stack.push({ container })
      },
      openArray: () => {
        const container: Value[] = []
        add(container)
        stack.push({ container })
      },
      close: () => void stack.pop(),
      key: name => void (stack[stack.length - 1]!.key = name),
      scalar: value => add(value)
    },
    value: () => root
  }
}

const LIMITS = { maxString: 1_000_000, maxNumber: 64, maxDepth: 256 }

function tokenize(text: string, chunk = text.length || 1, limits = LIMITS): Value | undefined {
  const built = builder()
  const tokenizer = new JsonTokenizer(built.events, limits)
  for (let i = 0; i < text.length; i += chunk) tokenizer.write(text.slice(i, i + chunk))
  tokenizer.end()
  return built.value()
}

/** A small seeded generator: the same values on every run. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

const ALPHABET = ['a', 'Z', ' ', '"', '\\', '/', '\n', '\t', '\u0001', 'é', '😀', '\u2028', '›', '{', ']', ':', ',']

function randomValue(next: () => number, depth: number): Value {
  const kind = Math.floor(next() * (depth > 4 ? 4 : 6))
  switch (kind) {
    case 0:
      return Array.from({ length: Math.floor(next() * 12) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('')
    case 1:
      return [0, -1, 3.25, 1e21, -2.5e-7, 123456789, Number.MAX_SAFE_INTEGER][Math.floor(next() * 7)]!
    case 2:
      return [true, false, null][Math.floor(next() * 3)]!
    case 3:
      return next() < 0.5 ? '' : 'plain'
    case 4:
      return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1))
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 5) }, (_, i) => [`k${i}${ALPHABET[i]}`, randomValue(next, depth + 1)])
      )
  }
}

test('reads back what JSON.parse reads, cut into chunks of any size', () => {
  const next = random(20261206)
  for (let round = 0; round < 300; round++) {
    const value = randomValue(next, 0)
    const text = JSON.stringify(value, null, round % 3 === 0 ? 2 : undefined)
    for (const chunk of [1, 2, 3, 7, 64, text.length || 1]) expect(tokenize(text, chunk)).toEqual(JSON.parse(text))
  }
  // Escapes of every kind, split anywhere.
  const escapes = '{"a\\u00e9\\ud83d\\ude00":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041","n":[-0.5e+3,0,1E2]}'
  for (let chunk = 1; chunk <= escapes.length; chunk++) expect(tokenize(escapes, chunk)).toEqual(JSON.parse(escapes))
})

test.each([
  ['', 'holds no JSON value'],
  ['   \n ', 'holds no JSON value'],
  ['{', 'ends before'],
  ['{"a":1', 'ends before'],
  ['"abc', 'ends before'],
  ['[1,2', 'ends before'],
  ['{"a" 1}', 'unexpected 1'],
  ['[1,]', 'unexpected ]'],
  ['{"a":1,}', 'unexpected }'],
  ['{1:2}', 'unexpected 1'],
  ['[1 2]', 'unexpected 2'],
  ['{} {}', 'unexpected {'],
  [']', 'unexpected ]'],
  ['[}', 'unexpected }'],
  ['01', 'not a number'],
  ['1.', 'not a number'],
  ['-', 'not a number'],
  ['+1', 'unexpected +'],
  ['tru', 'unexpected word'],
  ['nulll', 'unexpected word'],
  ['"a\u0001b"', 'control character'],
  ['"\\x"', 'bad escape'],
  ['"\\u12G4"', 'bad \\u escape'],
  ["{'a':1}", "unexpected '"],
  ['<testsuites/>', 'unexpected <']
])('%j is not JSON: %s', (text, reason) => {
  let error: unknown
  try {
    tokenize(text)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(JsonSyntaxError)
  expect((error as Error).message).toContain(reason)
  expect((error as Error).message).not.toContain('\n')
})

test('a string is cut at its cap as it is read, and what follows the cut is still checked', () => {
  const limits = { ...LIMITS, maxString: 8 }
  expect(tokenize(JSON.stringify({ [`k${'x'.repeat(100)}`]: ['y'.repeat(1000), 'short'] }), 5, limits)).toEqual({
    kxxxxxxx: ['yyyyyyyy', 'short']
  })
  expect(() => tokenize(`"${'y'.repeat(100)}\\q"`, 7, limits)).toThrow(JsonSyntaxError)
})

test('nesting past the cap and a number longer than the cap stop the reading', () => {
  expect(() => tokenize('['.repeat(300) + ']'.repeat(300))).toThrow(new JsonCapError('nested deeper than 256'))
  expect(tokenize('['.repeat(256) + ']'.repeat(256))).toBeDefined()
  expect(() => tokenize(`[${'9'.repeat(65)}]`)).toThrow(new JsonCapError('a number longer than 64 characters'))
})
