/** The report's one escaping function and template tag, and the log line markup (docs/design.md §8). */
import { escapeHtml, markup } from '../../../src/core/report/html.js'
import { logLineMarkup } from '../../../src/core/report/log-lines.js'
import { OutputSummarizer } from '../../../src/core/output/output-summary.js'
import { reviewerExcerpt } from '../../../src/core/output/excerpt.js'

test('escapeHtml replaces the characters that end text or a quoted attribute', () => {
  expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;')
})

test('markup escapes every interpolation but the markup it built itself', () => {
  const inner = markup`<b>${'<i>'}</b>`
  expect(markup`<p title="${'" onload="x'}">${inner}${['<', markup`<br>`]}${undefined}${false}${3}</p>`.text).toBe(
    '<p title="&quot; onload=&quot;x"><b>&lt;i&gt;</b>&lt;<br>3</p>'
  )
})

test('a log line loses its escape codes and control characters, is escaped, and is classed', () => {
  expect(logLineMarkup('\u001b[31mFAIL\u001b[0m <x>\u0007')).toBe('<li class=e>FAIL &lt;x&gt;\n')
  expect(logLineMarkup('    Received: 500')).toBe('<li class=e>    Received: 500\n')
  expect(logLineMarkup('TypeError: x is undefined')).toBe('<li class=e>TypeError: x is undefined\n')
  expect(logLineMarkup('npm WARN deprecated')).toBe('<li class=w>npm WARN deprecated\n')
  expect(logLineMarkup('all good')).toBe('<li>all good\n')
})

test('reviewerExcerpt strips escape codes and drops reverify bookkeeping lines', () => {
  // A summary as the summarizer really writes it, so its own lines sit where it puts them.
  const summarizer = new OutputSummarizer()
  const filler = Array.from({ length: 120 }, (_, index) => `ok ${index}`)
  summarizer.push(['\u001b[1mFAIL\u001b[22m a', 'Received: 500', ...filler, 'ERROR late', ...filler, ''].join('\n'))
  const summary = summarizer.finish()
  expect(summary).toMatch(/^… \d+ lines omitted/m)
  const excerpt = reviewerExcerpt(summary)
  expect(excerpt).toContain('FAIL a\nReceived: 500')
  expect(excerpt).not.toContain('\u001b')
  expect(excerpt.split('\n').filter(line => line.startsWith('… '))).toEqual([])
})
