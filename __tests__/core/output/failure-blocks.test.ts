/** Failing blocks found while the output streams: the runners' shapes, chunking, the bounds. */
import { FailureBlocks, type ExcerptBlock } from '../../../src/core/output/failure-blocks.js'
import { reviewerExcerpt } from '../../../src/core/output/excerpt.js'
import { OutputSummarizer } from '../../../src/core/output/output-summary.js'

/** The blocks of `output` fed in chunks of `size` characters (the last line may lack its newline). */
function blocksOf(output: string, size = output.length): ExcerptBlock[] {
  const found = new FailureBlocks()
  for (let at = 0; at < output.length; at += size) found.push(output.slice(at, at + size))
  found.end()
  return found.blocks()
}

const noise = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `[build] step ${from + index} done in 3 ms`)

/** jest: a failing file, passing files, then the failure's `●` block with its code frame and stack. */
const JEST_BLOCK = [
  '  ● api › returns the user',
  '',
  '    expect(received).toBe(expected) // Object.is equality',
  '',
  '    Expected: 200',
  '    Received: 500',
  '',
  '      3 | test("returns the user", () => {',
  '    > 5 |   expect(status()).toBe(200)',
  '        |                    ^',
  '',
  '      at Object.toBe (node_modules/expect/build/index.js:10:5)',
  '      at Object.<anonymous> (src/api.test.js:5:22)',
  '      at Promise.then.completed (node_modules/jest-circus/build/utils.js:298:28)'
]

test('a jest block after 40 PASS lines, in the middle of the output: the assertion, Expected/Received and the first user frame', () => {
  const output = [
    'FAIL src/api.test.js',
    ...Array.from({ length: 40 }, (_, index) => `PASS src/m${index}.test.js`),
    ...JEST_BLOCK,
    ...Array.from({ length: 30 }, (_, index) => `PASS src/n${index}.test.js`),
    'Tests:       1 failed, 70 passed, 71 total',
    ''
  ].join('\n')
  const expected = [
    { lines: ['FAIL src/api.test.js'] },
    {
      test: 'api › returns the user',
      lines: [
        '  ● api › returns the user',
        '    expect(received).toBe(expected) // Object.is equality',
        '    Expected: 200',
        '    Received: 500',
        '      at Object.<anonymous> (src/api.test.js:5:22)'
      ]
    }
  ]
  expect(blocksOf(output)).toEqual(expected)
  // Chunks cut anywhere, even one character at a time, find the same.
  for (const size of [1, 7, 64, 1000]) expect(blocksOf(output, size)).toEqual(expected)
  // The summary alone loses the block: the excerpt of the streamed blocks keeps it.
  const summarizer = new OutputSummarizer()
  summarizer.push(output)
  const summary = summarizer.finish()
  expect(reviewerExcerpt(summary)).not.toContain('Expected: 200')
  expect(reviewerExcerpt(summary, blocksOf(output))).toContain(
    'Expected: 200\n    Received: 500\n      at Object.<anonymous> (src/api.test.js:5:22)'
  )
})

test('pytest, go, mocha, vitest and a generic error line: each its block', () => {
  const output = [
    ...noise(5),
    '____________________________ test_returns_user ____________________________',
    '',
    '    def test_returns_user():',
    '>       assert status() == 200',
    'E       assert 500 == 200',
    '',
    'tests/test_api.py:12: AssertionError',
    '=========================== short test summary info ===========================',
    ...noise(5, 5),
    '=== RUN   TestReturnsUser',
    '--- FAIL: TestReturnsUser (0.00s)',
    '    api_test.go:12: status: got 500, want 200',
    '=== RUN   TestListsUsers',
    ...noise(5, 10),
    '  1) api',
    '       returns the user:',
    '',
    '      AssertionError [ERR_ASSERTION]: 500 == 200',
    '      at Context.<anonymous> (test/api.spec.js:9:14)',
    '      at process.processImmediate (node:internal/timers:483:21)',
    ...noise(5, 15),
    ' FAIL  src/api.test.ts > api > returns the user',
    'AssertionError: expected 500 to be 200 // Object.is equality',
    ' ❯ src/api.test.ts:5:22',
    '  ✓ src/other.test.ts > lists users',
    ...noise(5, 20),
    'Error: connect ECONNREFUSED 127.0.0.1:5432',
    '    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)',
    '    at db/connect.js:4:9',
    ...noise(5, 25)
  ].join('\n')
  const blocks = blocksOf(output, 100)
  expect(blocks.map(block => block.test)).toEqual(['test_returns_user', 'TestReturnsUser', 'api', undefined, undefined])
  expect(blocks[0]!.lines).toEqual([
    '____________________________ test_returns_user ____________________________',
    '    def test_returns_user():',
    '>       assert status() == 200',
    'E       assert 500 == 200',
    'tests/test_api.py:12: AssertionError'
  ])
  expect(blocks[1]!.lines).toEqual(['--- FAIL: TestReturnsUser (0.00s)', '    api_test.go:12: status: got 500, want 200'])
  expect(blocks[2]!.lines).toEqual([
    '  1) api',
    '       returns the user:',
    '      AssertionError [ERR_ASSERTION]: 500 == 200',
    '      at Context.<anonymous> (test/api.spec.js:9:14)'
  ])
  expect(blocks[3]!.lines).toEqual([
    ' FAIL  src/api.test.ts > api > returns the user',
    'AssertionError: expected 500 to be 200 // Object.is equality',
    ' ❯ src/api.test.ts:5:22'
  ])
  expect(blocks[4]!.lines).toEqual(['Error: connect ECONNREFUSED 127.0.0.1:5432', '    at db/connect.js:4:9'])
})

test('escape codes and redraws are gone; a block the runner repeats at the end is kept once; a last line without a newline counts', () => {
  const red = (text: string) => `\x1b[31m${text}\x1b[39m`
  const block = ['  ● api › returns the user', red('    Expected: 200'), red('    Received: 500'), '      at src/api.test.js:5:22']
  const output = [...block, ...noise(3), 'Summary of all failing tests', ...block, 'progress 10%\rError: out of memory'].join('\r\n')
  expect(blocksOf(output, 5)).toEqual([
    {
      test: 'api › returns the user',
      lines: ['  ● api › returns the user', '    Expected: 200', '    Received: 500', '      at src/api.test.js:5:22']
    },
    { lines: ['Error: out of memory'] }
  ])
})

test('bounded: the first 10 blocks of each kind, whatever the output holds; long lines are cut', () => {
  const lines: string[] = []
  for (let index = 0; index < 500; index++) {
    lines.push(`  ● suite › test ${index}`, `    Expected: ${index}`, `    at src/t.test.js:${index + 1}:1`)
    lines.push(`ERROR retrying request ${index}`, 'ok  retried', ...noise(2))
  }
  lines.push(`Error: ${'x'.repeat(10_000)}`)
  const blocks = blocksOf(`${lines.join('\n')}\n`, 4096)
  expect(blocks.filter(block => block.test !== undefined)).toHaveLength(10)
  expect(blocks.filter(block => block.test === undefined)).toHaveLength(10)
  expect(blocks[0]!.test).toBe('suite › test 0')
  expect(blocks[blocks.length - 1]!.lines[0]).toBe('ERROR retrying request 9')
  const long = blocksOf(`${noise(2).join('\n')}\nError: ${'x'.repeat(10_000)}\n`)
  expect(long[0]!.lines[0]).toHaveLength(500)
  expect(long[0]!.lines[0]!.endsWith('…')).toBe(true)
})

test('an error repeated on every line: the watch stops after 1,000 blocks read, so a failure after them is not looked for', () => {
  const repeated = Array.from({ length: 5_000 }, () => 'ERROR cache miss\nok  served')
  const blocks = blocksOf(`${repeated.join('\n')}\n${JEST_BLOCK.join('\n')}\n`, 65_536)
  expect(blocks).toEqual([{ lines: ['ERROR cache miss'] }])
  const fewer = blocksOf(`${repeated.slice(0, 900).join('\n')}\n${JEST_BLOCK.join('\n')}\n`, 65_536)
  expect(fewer.map(block => block.test)).toEqual([undefined, 'api › returns the user'])
})

test('output with nothing failing yields no block', () => {
  expect(blocksOf(`${noise(10_000).join('\n')}\nall good\n`, 65_536)).toEqual([])
})
