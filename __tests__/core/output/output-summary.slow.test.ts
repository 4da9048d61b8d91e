import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { DEFAULT_SUMMARY_LIMITS, OutputSummarizer, summaryParts, type SummaryLimits } from '../../../src/core/output/output-summary.js'

const SMALL: SummaryLimits = { headLines: 2, tailLines: 2, maxLineChars: 6, maxMatchedLines: 2 }

// A plain, whole-text model of docs/design.md §2, written independently of the streaming code.
function expectedSummary(text: string, limits: SummaryLimits): string {
  const raw = text.split('\n')
  if (raw[raw.length - 1] === '') raw.pop()
  const lines = raw.map(line => (line.endsWith('\r') ? line.slice(0, -1) : line))
  const show = (line: string): string => {
    if (line.length <= limits.maxLineChars) return line
    let kept = line.slice(0, limits.maxLineChars)
    if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1)
    return `${kept}… [+${line.length - kept.length} chars]`
  }
  const { headLines, tailLines } = limits
  if (lines.length <= headLines + tailLines) return lines.map(show).join('\n')
  const middle = lines.slice(headLines, lines.length - tailLines)
  const matching = middle.filter(line => /ERROR|WARN|FAIL|panic/.test(line))
  const out = lines.slice(0, headLines).map(show)
  out.push(
    `… ${middle.length} ${middle.length === 1 ? 'line' : 'lines'} omitted; ` +
      `${matching.length} matched ERROR|WARN|FAIL|panic${matching.length > 0 ? ':' : ''}`
  )
  out.push(...matching.slice(0, limits.maxMatchedLines).map(show))
  const rest = matching.length - limits.maxMatchedLines
  if (rest > 0) out.push(`… and ${rest} more matching ${rest === 1 ? 'line' : 'lines'}`)
  out.push('…')
  out.push(...lines.slice(lines.length - tailLines).map(show))
  return out.join('\n')
}

function expectedLineCount(text: string): number {
  const raw = text.split('\n')
  if (raw[raw.length - 1] === '') raw.pop()
  return raw.length
}

function summarize(chunks: string[], limits?: SummaryLimits): OutputSummarizer & { text: string } {
  const summarizer = new OutputSummarizer(limits)
  for (const chunk of chunks) summarizer.push(chunk)
  return Object.assign(summarizer, { text: summarizer.finish() })
}

function splitAt(text: string, cuts: number[]): string[] {
  const chunks: string[] = []
  let from = 0
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    chunks.push(text.slice(from, cut))
    from = cut
  }
  chunks.push(text.slice(from))
  return chunks
}

// Covers CRLF, lone CR, keywords that may straddle a cut, lines over the cap, empty lines,
// a surrogate pair near the cap and no final newline.
const TRICKY = 'one\r\ntwo\n\nxxWARNxx\r\nok\rERROR\nlowercase error\n1234567panic\nabcde😀z\n' + 'FAIL\r\nlast lines\r\ntail a\ntail b\r'

describe('OutputSummarizer', () => {
  it('has the docs/design.md §2 default limits', () => {
    expect(DEFAULT_SUMMARY_LIMITS).toEqual({
      headLines: 20,
      tailLines: 20,
      maxLineChars: 1000,
      maxMatchedLines: 200
    })
  })

  it('returns just the lines when the output fits in head and tail', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} ERROR`)
    const summary = summarize([lines.join('\r\n') + '\r\n'])
    expect(summary.text).toBe(lines.join('\n'))
    expect(summary.totalLines).toBe(40)
  })

  it('summarizes empty output as nothing', () => {
    const summary = summarize([])
    expect(summary.text).toBe('')
    expect(summary.totalLines).toBe(0)
  })

  it('keeps head, a marker, the matching lines in order, a separator and the tail', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`)
    lines[5] = 'ERROR in the head is not listed twice'
    lines[30] = 'WARN: first match'
    lines[31] = 'error in lower case is not a match'
    lines[60] = 'thread panicked: panic: second match'
    lines[79] = 'FAIL last match before the tail'
    lines[80] = 'FAIL in the tail is not listed twice'
    const summary = summarize([lines.join('\n')])
    expect(summary.text.split('\n')).toEqual([
      ...lines.slice(0, 20),
      '… 60 lines omitted; 3 matched ERROR|WARN|FAIL|panic:',
      'WARN: first match',
      'thread panicked: panic: second match',
      'FAIL last match before the tail',
      '…',
      ...lines.slice(80)
    ])
    expect(summary.totalLines).toBe(100)
  })

  it('writes the marker without a colon when nothing in between matched', () => {
    const lines = Array.from({ length: 41 }, (_, i) => `line ${i}`)
    expect(summarize([lines.join('\n') + '\n']).text.split('\n')).toEqual([
      ...lines.slice(0, 20),
      '… 1 line omitted; 0 matched ERROR|WARN|FAIL|panic',
      '…',
      ...lines.slice(21)
    ])
  })

  it('shows at most maxMatchedLines matches and counts the rest', () => {
    const lines = Array.from({ length: 340 }, (_, i) => `ERROR number ${i}`)
    const summary = summarize([lines.join('\n') + '\n'])
    const out = summary.text.split('\n')
    expect(out[20]).toBe('… 300 lines omitted; 300 matched ERROR|WARN|FAIL|panic:')
    expect(out.slice(21, 221)).toEqual(lines.slice(20, 220))
    expect(out[221]).toBe('… and 100 more matching lines')
    expect(out[222]).toBe('…')
    expect(out.slice(223)).toEqual(lines.slice(320))
  })

  it('caps each line and says how many characters were cut', () => {
    const long = 'a'.repeat(2500)
    const summary = summarize([`short\n${long}\n`])
    expect(summary.text).toBe(`short\n${'a'.repeat(1000)}… [+1500 chars]`)
  })

  it('caps a line that arrives in many chunks the same way', () => {
    const long = 'b'.repeat(2500)
    const chunks = splitAt(`${long}\r\nend`, [1, 999, 1000, 1001, 2500, 2501])
    expect(summarize(chunks).text).toBe(`${'b'.repeat(1000)}… [+1500 chars]\nend`)
  })

  it('matches a keyword that lies beyond the shown part of a long line', () => {
    const filler = Array.from({ length: 30 }, (_, i) => `filler ${i}`)
    const long = 'x'.repeat(5000) + ' panic: deep inside'
    const text = [...filler.slice(0, 25), long, ...filler.slice(25), ...filler].join('\n')
    const out = summarize(splitAt(text, [text.indexOf('panic') + 2])).text.split('\n')
    expect(out[20]).toMatch(/; 1 matched ERROR\|WARN\|FAIL\|panic:$/)
    expect(out[21]).toBe(`${'x'.repeat(1000)}… [+4019 chars]`)
  })

  it('finds a keyword split across chunk boundaries, and only that line', () => {
    const lines = Array.from({ length: 9 }, (_, i) => `line ${i}`)
    lines[4] = 'before WARN after'
    const text = lines.join('\n')
    const at = text.indexOf('WARN')
    const chunks = [text.slice(0, at + 1), text.slice(at + 1, at + 2), text.slice(at + 2)]
    const out = summarize(chunks, SMALL).text.split('\n')
    expect(out[2]).toBe('… 5 lines omitted; 1 matched ERROR|WARN|FAIL|panic:')
    expect(out[3]).toBe('before… [+11 chars]')
  })

  it('does not join a keyword across a \\r that turned out to be content', () => {
    const text = 'h1\nh2\nWA\rRN\nt1\nt2\n'
    expect(summarize(['h1\nh2\nWA\r', 'RN\nt1\nt2\n'], SMALL).text).toBe(expectedSummary(text, SMALL))
    expect(summarize(['h1\nh2\nWA\r', 'RN\nt1\nt2\n'], SMALL).text).toContain('0 matched')
  })

  it('gives the same summary for every way of cutting a small input in one or two places', () => {
    const expected = expectedSummary(TRICKY, SMALL)
    expect(expected).toContain('matched')
    for (let i = 0; i <= TRICKY.length; i++) {
      expect(summarize(splitAt(TRICKY, [i]), SMALL).text).toBe(expected)
      for (let j = i; j <= TRICKY.length; j++) {
        const summary = summarize(splitAt(TRICKY, [i, j]), SMALL)
        if (summary.text !== expected) throw new Error(`cuts at ${i} and ${j} differ`)
        expect(summary.totalLines).toBe(expectedLineCount(TRICKY))
      }
    }
  })

  it('matches the whole-text model for random text, cuts and limits', () => {
    const piece = fc.constantFrom(
      '\n',
      '\r',
      '\r\n',
      'x',
      'ab',
      'ERROR',
      'ERR',
      'OR',
      'WA',
      'RN',
      'FAIL',
      'pan',
      'ic',
      'panic',
      'error',
      '😀',
      ' '
    )
    const limits = fc.record({
      headLines: fc.integer({ min: 0, max: 4 }),
      tailLines: fc.integer({ min: 0, max: 4 }),
      maxLineChars: fc.integer({ min: 0, max: 8 }),
      maxMatchedLines: fc.integer({ min: 0, max: 3 })
    })
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 80 }).map(parts => parts.join('')),
        fc.array(fc.nat(), { maxLength: 12 }),
        limits,
        (text, rawCuts, chosen) => {
          const cuts = rawCuts.map(cut => cut % (text.length + 1))
          const summary = summarize(splitAt(text, cuts), chosen)
          expect(summary.text).toBe(expectedSummary(text, chosen))
          expect(summary.totalLines).toBe(expectedLineCount(text))
        }
      ),
      { numRuns: 3000 }
    )
  })

  it('matches the model when chunks carry many lines each (the bulk path)', () => {
    const lines = Array.from({ length: 5000 }, (_, i) =>
      i % 7 === 0 ? `step ${i} FAIL\r` : i % 11 === 0 ? `${'y'.repeat(1200)} ERROR` : `step ${i}`
    )
    const text = lines.join('\n') + '\n'
    const cuts = Array.from({ length: 40 }, (_, i) => Math.floor((text.length * (i + 1)) / 41))
    expect(summarize(splitAt(text, cuts)).text).toBe(expectedSummary(text, DEFAULT_SUMMARY_LIMITS))
    expect(summarize([text]).text).toBe(expectedSummary(text, DEFAULT_SUMMARY_LIMITS))
  })

  it('keeps its summary once finished and ignores later chunks', () => {
    const summarizer = new OutputSummarizer()
    summarizer.push('first\nsecond')
    const text = summarizer.finish()
    summarizer.push('\nthird\n')
    expect(text).toBe('first\nsecond')
    expect(summarizer.finish()).toBe(text)
    expect(summarizer.totalLines).toBe(2)
  })

  describe('memory', () => {
    const collectGarbage = garbageCollector()
    // Without a collector, heapUsed also holds garbage: only a loose bound is possible.
    const allowedGrowth = collectGarbage ? 30 * 2 ** 20 : 150 * 2 ** 20
    // Strings of a megabyte or more made from a Buffer live outside the heap: count both.
    const heapUsed = (): number => {
      collectGarbage?.()
      const { heapUsed, external } = process.memoryUsage()
      return heapUsed + external
    }

    it('stays bounded on a 100 MB line without a newline', () => {
      const template = Buffer.alloc(64 * 1024, 'z')
      const before = heapUsed()
      const summarizer = new OutputSummarizer()
      for (let i = 0; i < 1600; i++) {
        template.write(String.fromCharCode(97 + (i % 26)), 100, 'latin1')
        summarizer.push(template.toString('latin1'))
        if (i % 400 === 0) expect(heapUsed() - before).toBeLessThan(allowedGrowth)
      }
      expect(heapUsed() - before).toBeLessThan(allowedGrowth)
      const text = summarizer.finish()
      expect(summarizer.totalLines).toBe(1)
      const cut = 1600 * 65536 - 1000
      expect(text).toMatch(new RegExp(`^z{100}.{900}… \\[\\+${cut} chars\\]$`, 's'))
    })

    it('stays bounded on 200 MB of log lines in 64 KiB chunks', () => {
      const lines: string[] = []
      for (let i = 0; lines.join('\n').length < 64 * 1024; i++) {
        lines.push(i % 40 === 0 ? `${i} WARN something odd` : `${i} compiled module ok in 12ms`)
      }
      const template = Buffer.from(lines.join('\n'), 'latin1').subarray(0, 64 * 1024)
      const newlinesPerChunk = template.toString('latin1').split('\n').length - 1
      const before = heapUsed()
      const summarizer = new OutputSummarizer()
      for (let i = 0; i < 3200; i++) {
        template.write(String(i % 10), 0, 'latin1')
        summarizer.push(template.toString('latin1'))
        if (i % 800 === 0) expect(heapUsed() - before).toBeLessThan(allowedGrowth)
      }
      summarizer.push('\nthe very last line\n')
      expect(heapUsed() - before).toBeLessThan(allowedGrowth)
      const out = summarizer.finish().split('\n')
      expect(summarizer.totalLines).toBe(3200 * newlinesPerChunk + 2)
      expect(out).toHaveLength(20 + 1 + 200 + 1 + 1 + 20)
      expect(out[out.length - 1]).toBe('the very last line')
      expect(out[221]).toMatch(/^… and \d+ more matching lines$/)
    })

    it('does not keep whole chunks alive through the lines it keeps', () => {
      // Each 1 MiB chunk holds one matching line; a kept line that still shared its
      // chunk's memory would hold on to 200 MiB.
      const template = Buffer.alloc(1024 * 1024, 'q')
      for (let at = 99; at < template.length; at += 100) template[at] = 0x0a
      template.write('ERROR', 50 * 100, 'latin1')
      const before = heapUsed()
      const summarizer = new OutputSummarizer()
      for (let i = 0; i < 230; i++) summarizer.push(template.toString('latin1'))
      expect(heapUsed() - before).toBeLessThan(allowedGrowth)
      expect(summarizer.finish()).toContain('… and 30 more matching lines')
    })

    it('does not keep whole chunks alive through long lines that pass through the tail', () => {
      // 4 MiB lines, one a chunk: 20 kept in the tail and 20 in the matches would hold
      // 160 MiB if they shared their chunk's memory.
      const template = Buffer.alloc(4 * 1024 * 1024, 'r')
      template.write('panic', 5000, 'latin1')
      template[template.length - 1] = 0x0a
      const before = heapUsed()
      const summarizer = new OutputSummarizer()
      for (let i = 0; i < 60; i++) summarizer.push(template.toString('latin1'))
      expect(heapUsed() - before).toBeLessThan(allowedGrowth)
      expect(summarizer.finish()).toContain('… 20 lines omitted; 20 matched')
    })
  })
})

function garbageCollector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc')
    return runInNewContext('gc') as () => void
  } catch {
    return undefined
  }
}

describe('summaryParts', () => {
  test('reads a summary back into head, shown middle lines and tail, without its own lines', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b FAIL', '…', 'ERROR', ''), { maxLength: 12 }), lines => {
        const summarizer = new OutputSummarizer(SMALL)
        summarizer.push(lines.map(line => `${line}\n`).join(''))
        const parts = summaryParts(summarizer.finish(), SMALL)
        if (lines.length <= SMALL.headLines + SMALL.tailLines) {
          // One empty line and no output at all give the same summary.
          expect({ ...parts, head: parts.head.join('\n') }).toEqual({ head: lines.join('\n'), matched: [], tail: [] })
          return
        }
        const middle = lines.slice(SMALL.headLines, lines.length - SMALL.tailLines)
        expect(parts).toEqual({
          head: lines.slice(0, SMALL.headLines),
          matched: middle.filter(line => /ERROR|FAIL/.test(line)).slice(0, SMALL.maxMatchedLines),
          tail: lines.slice(-SMALL.tailLines)
        })
      })
    )
  })

  test('an output line that looks like the marker, outside its place, stays output', () => {
    const text = '… 3 lines omitted; 0 matched ERROR|WARN|FAIL|panic\nError: boom'
    expect(summaryParts(text)).toEqual({ head: text.split('\n'), matched: [], tail: [] })
  })
})
