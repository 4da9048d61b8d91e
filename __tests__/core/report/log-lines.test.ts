/**
 * The report's log, read in chunks (docs/design.md §8 "HTML report"): the same lines, markup,
 * count and first-error line as reading it line by line with readline, wherever the chunks
 * cut it (a \r\n, a character of several bytes, a line longer than a chunk), and a budget that
 * cuts only a log that goes on. Logs of any shape: log-lines.slow.test.ts.
 */
import { join } from 'node:path'
import { bothWays, byReadline, LogFolder, READ_CHUNK, rendered } from '../../helpers/log-markup.js'

let folder: LogFolder
beforeAll(() => {
  folder = new LogFolder()
})
afterAll(() => folder.remove())

async function expectAsReadline(content: string, lookFor?: string): Promise<void> {
  const { expected, actual } = await bothWays(folder, content, lookFor)
  expect(actual.markup).toBe(expected.markup)
  expect(actual.result).toEqual(expected.result)
}

test('a \\r\\n that a chunk boundary cuts in two ends one line, and a lone \\r ends one', async () => {
  const head = 'a'.repeat(READ_CHUNK - 1)
  await expectAsReadline(`${head}\r\nsecond\rthird\r`)
  await expectAsReadline(`${head}\rsecond\n`)
  await expectAsReadline('\r\n\r\n\n\r')
})

test('a character of several bytes that a chunk boundary cuts in two stays whole', async () => {
  await expectAsReadline(`${'b'.repeat(READ_CHUNK - 2)}😀 after\nnext é line\n`)
  await expectAsReadline(`${'c'.repeat(READ_CHUNK - 1)}é\n`)
})

test('lines longer than a chunk, a log without a final newline, and empty ones render as readline reads them', async () => {
  await expectAsReadline(`${'long '.repeat(40_000)}\nERROR <b> & more ${'x'.repeat(3 * READ_CHUNK)}`)
  await expectAsReadline('only line')
  await expectAsReadline('\n')
  await expectAsReadline('')
})

test('escape codes, control characters and markup are stripped and escaped, and error and warning lines classed', async () => {
  await expectAsReadline('\u001b[31mFAIL\u001b[0m <x>\u0007\n    Received: 500\nTypeError: x\nnpm WARN old\nall good & fine\n')
})

test('the first-error line is found by its number, in a plain chunk or a classed one', async () => {
  const filler = Array.from({ length: 3000 }, (_, index) => `step ${index} done`).join('\n')
  const plain = await bothWays(folder, `${filler}\n  expected 1 to be 2\n${filler}\n`, '  expected 1 to be 2')
  expect(plain.actual.result.foundAt).toBe(3001)
  expect(plain.actual).toEqual(plain.expected)
  const classed = await bothWays(folder, `${filler}\nFAIL src/a.test.ts > adds\n`, 'FAIL src/a.test.ts > adds')
  expect(classed.actual.result.foundAt).toBe(3001)
  expect(classed.actual).toEqual(classed.expected)
})

test('a budget cuts a log that goes on after the chunk that spends it, and never one that ends there', async () => {
  const content = Array.from({ length: 20_000 }, (_, index) => `line ${index} <of> the build`).join('\n')
  const path = folder.write(content)
  const whole = await byReadline(path)
  const cut = await rendered(path, 100_000)
  expect(cut.result.cut).toBe(true)
  expect(cut.sink.bytes).toBeGreaterThanOrEqual(100_000)
  expect(whole.markup.startsWith(cut.sink.text)).toBe(true)
  expect(cut.result.lines).toBe(cut.sink.text.split('<li>').length - 1)
  // Spent exactly by the whole log: nothing goes on, so nothing is cut.
  const exact = await rendered(path, Buffer.byteLength(whole.markup))
  expect(exact.result).toEqual({ found: true, lines: whole.lines, cut: false })
  // A budget spent before the log starts renders none of it, and says it goes on.
  const spent = await rendered(path, 0)
  expect(spent.result).toEqual({ found: true, lines: 0, cut: true })
  expect(spent.sink.text).toBe('')
})

test('a missing log, or one that is not a regular file, is not found', async () => {
  expect((await rendered(join(folder.path, 'missing.log'))).result).toEqual({ found: false, lines: 0, cut: false })
  expect((await rendered(folder.path)).result).toEqual({ found: false, lines: 0, cut: false })
})
