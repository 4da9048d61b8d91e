/**
 * The output path's shared scan (docs/design.md §1 "Output path"): newlines and words found
 * once per piece for every reader, the redactor's pieces passed on uncopied. Whatever way the
 * output is cut, the readers see what they would see reading the whole text on their own.
 */
import { FAILURE_LINE_STARTS, FAILURE_WORDS, FailureBlocks, type ExcerptBlock } from '../../../src/core/output/failure-blocks.js'
import { OrderedOutput, type StreamName } from '../../../src/core/output/ordered-output.js'
import { OutputSummarizer, SUMMARY_WORDS, type SummaryLimits } from '../../../src/core/output/output-summary.js'
import { RUNNER_LINE_STARTS, RUNNER_WORDS } from '../../../src/core/output/runner-lines.js'
import { RunnerReportWatch } from '../../../src/core/output/runner-report.js'
import { TextScan, WIDE_LINE_START } from '../../../src/core/output/text-scan.js'
import { createRedactor } from '../../../src/core/redaction/index.js'

const SECRET = 'hunter2-s3cr3t-value'
const SCAN_FOR = { words: [...SUMMARY_WORDS, ...FAILURE_WORDS], lineStarts: FAILURE_LINE_STARTS }
// Small limits, so that lines go through head, ring and middle many times in a short output.
const LIMITS: SummaryLimits = { headLines: 3, tailLines: 4, maxLineChars: 60, maxMatchedLines: 50 }

/** An output with every runner's failure shape, keywords at line starts and ends, overlaps, CRLF and a secret. */
const OUTPUT = [
  'INFO starting',
  'ERRORWARN both keywords, glued',
  'xrror and RROR and FAILED here',
  'ok 1 - passes',
  '  ● api › returns the user',
  '    Expected: 200',
  '    Received: 500',
  '      at Object.<anonymous> (src/api.test.js:5:22)',
  'Tests: 1 failed',
  `token ${SECRET} in the middle`,
  '____________________________ test_returns_user ____________________________',
  'E       assert 500 == 200',
  'tests/test_api.py:12: AssertionError',
  '=========================== short test summary info ===========================',
  'Traceback (most recent call last):',
  '  File "app.py", line 3, in <module>',
  'ValueError: bad value',
  '--- FAIL: TestReturnsUser (0.00s)',
  '    api_test.go:12: status: got 500, want 200',
  '=== RUN   TestListsUsers',
  '  1) api',
  '       returns the user:',
  '      AssertionError [ERR_ASSERTION]: 500 == 200',
  '      at Context.<anonymous> (test/api.spec.js:9:14)',
  'panic: runtime error: index out of range',
  '  × a vitest failure',
  `a line that runs on well past the summary's limit of sixty characters per line, ERROR at its end`,
  'line with a carriage return\r',
  ...Array.from({ length: 30 }, (_, index) => `[build] step ${index} done in 3 ms${index % 7 === 3 ? ' WARN slow' : ''}`),
  'Exception in thread "main" java.lang.IllegalStateException: broken',
  '\tat com.example.Main.run(Main.java:10)',
  'last line without a newline ERROR'
].join('\n')

/** The whole text, redacted, read by each reader on its own in one go. */
function reference(): { log: string; summary: string; blocks: ExcerptBlock[] } {
  const log = createRedactor({ values: [SECRET] }).redact(OUTPUT)
  const summary = new OutputSummarizer(LIMITS)
  summary.push(log)
  const failures = new FailureBlocks()
  failures.push(log)
  failures.end()
  return { log, summary: summary.finish(), blocks: failures.blocks() }
}

/** OUTPUT on stdout through an ordered stream with the shared scan, cut every `size` characters. */
function throughOrderedStream(size: number, stream: StreamName = 'stdout') {
  let log = ''
  const summary = new OutputSummarizer(LIMITS)
  const failures = new FailureBlocks()
  const sink = (text: string, scan: TextScan) => {
    log += text
    summary.push(text, scan)
    failures.push(text, scan)
  }
  const ordered = new OrderedOutput(createRedactor({ values: [SECRET] }), sink, undefined, SCAN_FOR)
  for (let at = 0; at < OUTPUT.length; at += size) ordered.push(stream, OUTPUT.slice(at, at + size))
  ordered.end()
  failures.end()
  return { log, summary: summary.finish(), blocks: failures.blocks() }
}

test('cut anywhere, the log, the summary and the failing blocks through the shared scan are those of the whole text', () => {
  const whole = reference()
  expect(whole.log).not.toContain(SECRET)
  expect(whole.blocks.length).toBeGreaterThanOrEqual(7)
  expect(whole.summary).toContain('ERRORWARN both keywords, glued')
  for (const size of [1, 2, 3, 5, 7, 13, 64, 97, 256, 1000, OUTPUT.length]) {
    for (const stream of ['stdout', 'stderr'] as const) {
      const cut = throughOrderedStream(size, stream)
      expect({ size, stream, ...cut }).toEqual({ size, stream, ...whole })
    }
  }
})

test('a failure that starts right after a cut, its newline at the end of the previous piece, is found', () => {
  const text = ['[build] compiled', 'E       assert 500 == 200', 'Tests: 1 failed', ''].join('\n')
  const expected = [{ lines: ['E       assert 500 == 200'] }]
  for (let cut = 14; cut <= 19; cut++) {
    const failures = new FailureBlocks()
    const scan = new TextScan(FAILURE_WORDS, FAILURE_LINE_STARTS)
    for (const piece of [text.slice(0, cut), text.slice(cut)]) failures.push(piece, scan.of(piece))
    failures.end()
    expect({ cut, blocks: failures.blocks() }).toEqual({ cut, blocks: expected })
  }
})

test('a scan without a reader’s words is not used for them: the reader searches on its own', () => {
  const text = 'noise\nERROR: disk full\n'
  const bare = new TextScan()
  const summary = new OutputSummarizer({ ...LIMITS, headLines: 0, tailLines: 0 })
  summary.push(text, bare.of(text))
  expect(summary.finish()).toContain('1 matched')
  const failures = new FailureBlocks()
  failures.push(text, bare.of(text))
  failures.end()
  expect(failures.blocks()).toEqual([{ lines: ['ERROR: disk full'] }])
})

test('TextScan: newlines, every word position in any order of asking, and the flagged line starts', () => {
  const scan = new TextScan(['ERROR', 'RROR', 'FAIL'], [0x45, 0x20])
  const text = 'ERRORFAIL\n  x\nnone\nEnd\n'
  scan.of(text)
  expect(scan.count).toBe(4)
  expect([0, 1, 2, 3, 4].map(i => scan.at(i))).toEqual([9, 13, 18, 22, -1])
  expect(scan.firstFrom(10)).toBe(1)
  expect(scan.firstFrom(23)).toBe(4)
  // Asked late first, then early: every position where a word starts, each once.
  expect(scan.nextWord(4)).toBe(5)
  expect(scan.nextWord(0)).toBe(0)
  expect(scan.nextWord(1)).toBe(1)
  expect(scan.nextWord(2)).toBe(5)
  expect(scan.nextWord(6)).toBe(Infinity)
  // Lines starting with E or a blank; position 0 is the caller's to look at.
  expect(scan.nextLineStart(0)).toBe(10)
  expect(scan.nextLineStart(11)).toBe(19)
  expect(scan.nextLineStart(20)).toBe(Infinity)
  expect(scan.finds(['ERROR', 'FAIL'])).toBe(true)
  expect(scan.finds(['WARN'])).toBe(false)
  expect(scan.findsLinesStartingWith([0x45])).toBe(true)
  expect(scan.findsLinesStartingWith([0x54])).toBe(false)
  // A second text forgets the first.
  scan.of('x')
  expect([scan.count, scan.nextWord(0), scan.nextLineStart(0)]).toEqual([0, Infinity, Infinity])
  expect(() => new TextScan([], [0x2022])).toThrow('line-start character must be a code below 256, got 8226')
})

test('TextScan grows past its first thousand newlines', () => {
  const text = 'E x\n'.repeat(5000)
  const scan = new TextScan([], [0x45]).of(text)
  expect(scan.count).toBe(5000)
  expect(scan.at(4999)).toBe(text.length - 1)
  expect(scan.nextLineStart(text.length - 4)).toBe(text.length - 4)
})

test('the redactor’s pieces joined are what push returns, a secret split across chunks included', () => {
  const redactor = createRedactor({ values: [SECRET] })
  const text = `a ${SECRET} b ghp_${'a'.repeat(36)} c\n`.repeat(40)
  for (const size of [1, 4, 9, 33, 500, 3000]) {
    const whole = redactor.stream()
    const pieces = redactor.stream()
    let joined = ''
    let pushed = ''
    for (let at = 0; at < text.length; at += size) {
      pushed += whole.push(text.slice(at, at + size))
      joined += pieces.pushPieces(text.slice(at, at + size)).join('')
    }
    pushed += whole.end()
    joined += pieces.end()
    expect({ size, joined }).toEqual({ size, joined: pushed })
    expect(joined).not.toContain(SECRET)
    expect(joined).not.toContain('ghp_')
  }
})

test('a big chunk of plain lines comes out as the held text and one slice of it; a secret near its start is still redacted', () => {
  const redactor = createRedactor({ values: [SECRET] })
  const plain = 'INFO 2026-11-30 request handled in 12 ms path=/api/items status=200\n'.repeat(400)
  const stream = redactor.stream()
  stream.pushPieces(plain.slice(0, 5000))
  for (let at = 5000; at + 5000 <= plain.length; at += 5000) {
    const chunk = plain.slice(at, at + 5000)
    const pieces = stream.pushPieces(chunk)
    // The chunk starts mid-word: the redactor held that word's start back until now.
    expect(pieces).toHaveLength(2)
    expect(plain.slice(0, at).endsWith(pieces[0]!)).toBe(true)
    expect(chunk.startsWith(pieces[1]!)).toBe(true)
  }
  // A secret cut by the chunk boundary, in the first stretch of the chunk, on either side of its end.
  for (const offset of [-10, 0, 1, 700, 1000, 1020, 1024, 1030, 2047, 2048, 3000]) {
    const text = `${plain.slice(0, 5000 + offset)}${SECRET}${plain.slice(5000 + offset, 12_000)}`
    const pieces = redactor.stream()
    let out = ''
    for (let at = 0; at < text.length; at += 5000) out += pieces.pushPieces(text.slice(at, at + 5000)).join('')
    out += pieces.end()
    expect({ offset, out }).toEqual({ offset, out: redactor.redact(text) })
    expect(out).not.toContain(SECRET)
  }
})

test('the runner report through the stream’s shared scan, cut anywhere, is that of the whole text', () => {
  const tallies = [
    '\x1b[1mTests:\x1b[22m       2 failed, 3 total',
    'progress 40%\r   ℹ fail 3',
    '=== 1 failed, 2 passed in 0.10s ===\r',
    '!!!!!!! Interrupted: 1 error during collection !!!!!!!',
    '  1 failing',
    'FAIL src/broken.test.js',
    '  ● Test suite failed to run',
    ''
  ].join('\n')
  const text = `${OUTPUT}\n${tallies}`
  const whole = new RunnerReportWatch()
  whole.push(text)
  whole.end()
  expect(whole.report()).toEqual({
    outside: [
      '"panic: runtime error: index out of range" (a panic ends the test binary: the tests after it never ran)',
      '"Interrupted: 1 error during collection"',
      '"● Test suite failed to run" (src/broken.test.js)'
    ],
    outsideCount: 3,
    failedTests: 7
  })
  const scanFor = {
    words: [...SCAN_FOR.words, ...RUNNER_WORDS],
    lineStarts: [...SCAN_FOR.lineStarts, ...RUNNER_LINE_STARTS]
  }
  for (const size of [1, 7, 64, 97, 1000, text.length]) {
    const runner = new RunnerReportWatch()
    const ordered = new OrderedOutput(createRedactor({ values: [SECRET] }), (piece, scan) => runner.push(piece, scan), undefined, scanFor)
    for (let at = 0; at < text.length; at += size) ordered.push('stdout', text.slice(at, at + size))
    ordered.end()
    runner.end()
    expect({ size, report: runner.report() }).toEqual({ size, report: whole.report() })
  }
})

test('TextScan: WIDE_LINE_START flags lines starting past U+00FF; a word another starts finds the same positions', () => {
  const scan = new TextScan(['ERROR', 'ERROR collecting'], [WIDE_LINE_START]).of('x\nℹ fail\nÿ\n\u3000y\nERROR collecting ERROR')
  expect([scan.nextLineStart(0), scan.nextLineStart(3), scan.nextLineStart(12)]).toEqual([2, 11, Infinity])
  expect([scan.nextWord(0), scan.nextWord(15), scan.nextWord(32)]).toEqual([14, 31, Infinity])
  expect(scan.findsLinesStartingWith([WIDE_LINE_START])).toBe(true)
})
