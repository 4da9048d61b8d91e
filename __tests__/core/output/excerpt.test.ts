import { attemptExcerpt, excerptBlocks, reviewerExcerpt } from '../../../src/core/output/excerpt.js'
import { OutputSummarizer } from '../../../src/core/output/output-summary.js'
import { goOutput, jestOutput, pytestOutput, tscOutput } from '../../helpers/failing-output.js'

/** The summary the trace records for this output (docs/design.md §2). */
function summaryOf(output: string): string {
  const summarizer = new OutputSummarizer()
  summarizer.push(output)
  return summarizer.finish()
}

const ESC = '\u001b'

describe('reviewerExcerpt', () => {
  test('jest with colours and 40 passing tests: the failing test, Expected/Received and its first own stack line, nothing else', () => {
    const summary = summaryOf(jestOutput())
    // The recorded summary has what the excerpt must take out.
    expect(summary).toContain(ESC)
    expect(summary).toMatch(/^… \d+ lines omitted; \d+ matched ERROR\|WARN\|FAIL\|panic/m)
    const excerpt = reviewerExcerpt(summary)
    expect(excerpt).not.toContain(ESC)
    expect(excerpt).not.toMatch(/omitted|more matching|^…$/m)
    expect(excerpt).toContain('● api › returns the user')
    expect(excerpt).toContain('Expected: 200')
    expect(excerpt).toContain('Received: 500')
    expect(excerpt).toContain('at Object.<anonymous> (src/api.test.js:14:23)')
    // Passing tests, the code frame, dependency frames and the tallies are noise here.
    expect(excerpt).not.toContain('✓')
    expect(excerpt).not.toContain('14 |')
    expect(excerpt).not.toContain('node_modules')
    expect(excerpt).not.toContain('Test Suites:')
    const block = excerptBlocks(summary).find(item => item.test !== undefined)
    expect(block?.test).toBe('api › returns the user')
    expect(block?.lines.map(line => line.trim())).toEqual([
      '● api › returns the user',
      'expect(received).toBe(expected) // Object.is equality',
      'Expected: 200',
      'Received: 500',
      'at Object.<anonymous> (src/api.test.js:14:23)'
    ])
  })

  test('pytest: the test header, the E lines and the location line', () => {
    const blocks = excerptBlocks(summaryOf(pytestOutput()))
    const block = blocks.find(item => item.test === 'test_add')
    expect(block?.lines).toEqual([
      '___________________________________ test_add ___________________________________',
      '    def test_add():',
      '>       assert add(1, 2) == 4',
      'E       assert 3 == 4',
      'E        +  where 3 = add(1, 2)',
      'tests/test_math.py:5: AssertionError'
    ])
    expect(reviewerExcerpt(summaryOf(pytestOutput()))).not.toContain('test session starts')
  })

  test('go test: the failing line and its --- FAIL', () => {
    const blocks = excerptBlocks(summaryOf(goOutput()))
    expect(blocks).toHaveLength(1)
    expect(blocks[0]!.test).toBe('TestAdd')
    expect(blocks[0]!.lines).toEqual([
      '    math_test.go:12: add(1, 2) = 3, want 4',
      '--- FAIL: TestAdd (0.00s)',
      'FAIL',
      'FAIL\texample.com/calc\t0.002s'
    ])
  })

  test('tsc: one block per error', () => {
    const blocks = excerptBlocks(summaryOf(tscOutput()))
    expect(blocks.map(block => block.lines)).toEqual([
      ["src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'."],
      ["src/b.ts(10,1): error TS2304: Cannot find name 'foo'."]
    ])
  })

  test('mocha: the numbered failure with its assertion and first own stack line', () => {
    const output = [
      '  api',
      '    ✔ lists users',
      '    1) returns the user',
      '',
      '  1 passing (12ms)',
      '  1 failing',
      '',
      '  1) api',
      '       returns the user:',
      '',
      '      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
      '',
      '200 !== 500',
      '',
      '      at Context.<anonymous> (test/api.test.js:14:23)',
      '      at process.processImmediate (node:internal/timers:478:21)',
      ''
    ].join('\n')
    const block = excerptBlocks(summaryOf(output)).find(item => item.test === 'api')
    expect(block?.lines).toEqual([
      '  1) api',
      '       returns the user:',
      '      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
      '200 !== 500',
      '      at Context.<anonymous> (test/api.test.js:14:23)'
    ])
  })

  test('a python traceback: its frames and the exception', () => {
    const output = [
      'Traceback (most recent call last):',
      '  File "app/main.py", line 10, in <module>',
      '    main()',
      '  File "app/main.py", line 6, in main',
      '    raise ValueError("bad config")',
      'ValueError: bad config',
      ''
    ].join('\n')
    expect(reviewerExcerpt(summaryOf(output))).toBe(output.trimEnd())
  })

  test('a plain Error: line, without anything around it that fails', () => {
    const summary = summaryOf(
      'starting\nloading config\nError: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)\n'
    )
    expect(reviewerExcerpt(summary)).toBe('Error: connect ECONNREFUSED 127.0.0.1:5432')
  })

  test('no failure it recognises: the last 20 lines, cleaned', () => {
    const output = Array.from({ length: 30 }, (_, index) => `${ESC}[33mstep ${index}${ESC}[0m`).join('\n')
    const excerpt = reviewerExcerpt(summaryOf(`${output}\n`))
    expect(excerpt.split('\n')).toEqual(Array.from({ length: 20 }, (_, index) => `step ${index + 10}`))
  })

  test('bookkeeping goes, output that merely looks like it stays', () => {
    const noisy = Array.from({ length: 400 }, (_, index) => `ERROR ${index}`).join('\n')
    const summary = summaryOf(`${'x'.repeat(1200)}\n${noisy}\n`)
    expect(summary).toMatch(/^… and \d+ more matching lines$/m)
    expect(summary).toContain('… [+200 chars]')
    const excerpt = reviewerExcerpt(summary)
    expect(excerpt).not.toMatch(/omitted|more matching|\[\+\d+ chars\]/)
    // A user's own line of "…" before the summary's marker is output, not bookkeeping.
    expect(reviewerExcerpt('…\nError: boom')).toBe('Error: boom')
    expect(reviewerExcerpt('[reverify: 5 bytes dropped; the log keeps the first 1 and the last 2 bytes]\nError: boom')).toBe('Error: boom')
  })

  test('bounded: at most 60 lines and 4,000 characters whatever the output', () => {
    const many = Array.from({ length: 3000 }, (_, index) => `Error: failure number ${index} ${'y'.repeat(900)}`).join('\n')
    const excerpt = reviewerExcerpt(summaryOf(`${many}\n`))
    expect(excerpt.length).toBeLessThanOrEqual(4000)
    expect(excerpt.split('\n').length).toBeLessThanOrEqual(60)
    expect(excerpt).toContain('Error: failure number 0')
  })

  test('a redrawn progress line shows what the terminal would', () => {
    expect(reviewerExcerpt('downloading 10%\r downloading 100%\rError: checksum mismatch')).toBe('Error: checksum mismatch')
  })

  test('attemptExcerpt: empty for a verified attempt, the excerpt of its summary otherwise', () => {
    const summary = summaryOf(goOutput())
    expect(attemptExcerpt({ summary, verified: true })).toBe('')
    expect(attemptExcerpt({ summary, verified: false })).toBe(reviewerExcerpt(summary))
    expect(reviewerExcerpt('')).toBe('')
  })
})

test('blocks found in the whole output replace the summary; those naming a test are chosen first, shown in output order', () => {
  const noisy = Array.from({ length: 12 }, (_, index) => ({
    lines: Array.from({ length: 8 }, (_, line) => `ERROR retry ${index}.${line}`)
  }))
  const jest = { test: 'api › returns the user', lines: ['  ● api › returns the user', '    Expected: 200', '    Received: 500'] }
  const blocks = excerptBlocks('PASS src/a.test.js\nError: from the summary', [...noisy, jest])
  expect(blocks[blocks.length - 1]).toEqual(jest)
  expect(blocks.flatMap(block => block.lines)).toHaveLength(60)
  expect(blocks.flatMap(block => block.lines)).not.toContain('Error: from the summary')
  // With none found while streaming, the summary is read as before.
  expect(reviewerExcerpt('PASS src/a.test.js\nError: from the summary', [])).toBe('Error: from the summary')
  expect(attemptExcerpt({ summary: 'x', verified: false, failures: [jest] })).toBe(jest.lines.join('\n'))
})
