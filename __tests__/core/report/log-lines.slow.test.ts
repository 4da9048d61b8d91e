/**
 * The report's log read in chunks renders any log exactly as readline reads it line by line
 * (docs/design.md §8 "HTML report"): lines, breaks of every kind, escape codes, markup,
 * classed lines and chunk boundaries anywhere. The fixed cases: log-lines.test.ts.
 */
import fc from 'fast-check'
import { readableLine } from '../../../src/core/output/failure-blocks.js'
import { bothWays, LogFolder, READ_CHUNK } from '../../helpers/log-markup.js'

let folder: LogFolder
beforeAll(() => {
  folder = new LogFolder()
})
afterAll(() => folder.remove())

test('logs of any lines, breaks and chunk boundaries render exactly as readline reads them', async () => {
  const part = fc.oneof(
    fc.constantFrom('\n', '\r\n', '\r', 'ERROR x', 'FAIL', 'a<b&c"\'d', '\u001b[31mred\u001b[0m', '\u0007', '\t', 'é', '😀', 'WARN y'),
    fc.constantFrom('Received: 1', '  TypeError: y', 'panic: z', 'plain text here', '', ' '),
    fc.integer({ min: 1, max: 2 * READ_CHUNK }).map(size => 'x'.repeat(size))
  )
  await fc.assert(
    fc.asyncProperty(fc.array(part, { maxLength: 40 }), fc.nat(), async (parts, pick) => {
      const content = parts.join('')
      const lines = content.split(/\r\n|\n|\r/)
      const lookFor = lines.length > 1 ? readableLine(lines[pick % lines.length]!) || undefined : undefined
      const { expected, actual } = await bothWays(folder, content, lookFor)
      expect(actual).toEqual(expected)
    }),
    { numRuns: 150 }
  )
})
