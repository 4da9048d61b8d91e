/** The step summary's size limit, which GitHub counts in bytes. */
import { fitSummary } from '../../src/action/job-summary.js'

const LIMIT = 512 * 1024

test('a summary within the limit is left as it is', () => {
  const markdown = `### reverify: success\n\n${'€'.repeat(1000)}\n`
  expect(fitSummary(markdown)).toBe(markdown)
})

test('multi-byte text is cut by bytes, on a character boundary, with a marker', () => {
  // 300 K characters of three bytes each: under the limit in characters, far over it in bytes.
  const markdown = `x${'€'.repeat(300 * 1024)}`
  const cut = fitSummary(markdown)
  expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(LIMIT)
  expect(cut.endsWith('\n\n(summary cut)\n')).toBe(true)
  expect(cut).not.toContain('\uFFFD')
  expect(markdown.startsWith(cut.slice(0, -'\n\n(summary cut)\n'.length))).toBe(true)
  expect(Buffer.byteLength(cut)).toBeGreaterThan(LIMIT - 16)
})

test('four-byte characters are never split either', () => {
  const cut = fitSummary('😀'.repeat(200 * 1024))
  expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(LIMIT)
  expect([...cut.slice(0, -'\n\n(summary cut)\n'.length)].every(char => char === '😀')).toBe(true)
})
