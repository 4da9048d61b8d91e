/**
 * What the XML filter hands on for one piece (src/core/test-results/xml-filter-output.ts):
 * the piece itself while everything emitted is the piece from its start, and otherwise the
 * emitted texts joined; and, through the filter, a piece that passes unchanged is handed on
 * as the same string.
 */
import { describe, expect, test } from '@jest/globals'
import { FilterOutput } from '../../../src/core/test-results/xml-filter-output.js'
import { XmlRunCapper } from '../../../src/core/test-results/xml-caps.js'

describe('FilterOutput', () => {
  test('spans and texts that are the piece from its start give back the piece itself', () => {
    const piece = '<testcase name="a">ok</testcase>'
    const out = new FilterOutput(piece)
    out.span(piece, 0, 10)
    out.text(piece.slice(10, 12))
    out.span(piece, 12, piece.length)
    expect(out.result()).toBe(piece)
  })

  test('a piece whose end is held back gives back its start', () => {
    const piece = 'text &am'
    const out = new FilterOutput(piece)
    out.span(piece, 0, 5)
    expect(out.result()).toBe('text ')
  })

  test('a cut, a gap or text from elsewhere joins what was emitted, in order', () => {
    const piece = 'abcdefghij'
    const cut = new FilterOutput(piece)
    cut.span(piece, 0, 3)
    cut.span(piece, 6, 10)
    expect(cut.result()).toBe('abcghij')
    const carried = new FilterOutput(piece)
    carried.text('&amp;')
    carried.span(piece, 0, 2)
    expect(carried.result()).toBe('&amp;ab')
    const replaced = new FilterOutput(piece)
    replaced.span(piece, 0, 4)
    replaced.text(']]>')
    replaced.span(piece, 4, 6)
    replaced.span('xyz', 1, 2)
    expect(replaced.result()).toBe('abcd]]>efy')
  })

  test('nothing emitted is the empty text, and empty spans and texts change nothing', () => {
    const out = new FilterOutput('abc')
    out.span('abc', 2, 2)
    out.text('')
    expect(out.result()).toBe('')
    out.span('abc', 0, 1)
    expect(out.result()).toBe('a')
  })
})

describe('XmlRunCapper with FilterOutput', () => {
  test('a piece that passes unchanged is the same string; one with a cut run is cut, and the next piece passes again', () => {
    const capper = new XmlRunCapper(8)
    const clean = '<a x="1">ok &amp;</a>'
    expect(capper.push(clean)).toBe(clean)
    expect(capper.push('<b>0123456789abcdef</b>')).toBe('<b>01234567</b>')
    const after = '<c>tail</c>'
    expect(capper.push(after)).toBe(after)
  })

  test('an entity split between two pieces is held back, then handed on whole at the start of the next', () => {
    const capper = new XmlRunCapper(64)
    expect(capper.push('<a>x &am')).toBe('<a>x ')
    expect(capper.push('p; y</a>')).toBe('&amp; y</a>')
  })
})

describe('XmlRunCapper, wherever the pieces are cut', () => {
  const documents = [
    `<?xml version="1.0"?><suites><s name="a &amp; b &#x10FFFF; &#65;"><c>x &lt;y&gt; &amp z &${'n'.repeat(40)}; & ;</c></s></suites>`,
    `<a b="${'&quot;'.repeat(12)}" c='&apos;q&apos;'>${'&amp;'.repeat(9)}tail &bad name; &#x;&</a>`,
    `<r><!-- note --><![CDATA[ ]] ]]> ${']'.repeat(5)}&amp;]]><?pi data??><!DOCTYPE d [<!ENTITY e "f">]><e/></r>`,
    `<t x="\u{1F600}\u00e9">${'\u{1F600}'.repeat(20)}&amp;\u{1F600}</t>`
  ]

  test.each(documents.map((document, n) => ({ n, document })))(
    'document $n: whole, in two pieces cut anywhere, and a character at a time, the same output and the same cut count',
    ({ document }) => {
      const run = (pieces: string[]) => {
        const capper = new XmlRunCapper(16)
        const out = pieces.map(piece => capper.push(piece)).join('') + capper.end()
        return { out, dropped: capper.dropped }
      }
      const whole = run([document])
      expect(whole.out).not.toBe(document)
      for (let cut = 1; cut < document.length; cut++) expect(run([document.slice(0, cut), document.slice(cut)])).toEqual(whole)
      expect(run([...document])).toEqual(whole)
    }
  )
})
