import fc from 'fast-check'
import { SubstringWatch } from '../../../src/core/output/substring-watch.js'

function watch(needle: string, chunks: string[]): SubstringWatch {
  const watcher = new SubstringWatch(needle)
  for (const chunk of chunks) watcher.push(chunk)
  return watcher
}

describe('SubstringWatch', () => {
  it('counts an empty needle as found before anything streams', () => {
    expect(new SubstringWatch('').found).toBe(true)
  })

  it('is not found before any text arrives', () => {
    expect(watch('ready', []).found).toBe(false)
    expect(watch('ready', ['', '']).found).toBe(false)
  })

  it('finds a needle inside one chunk', () => {
    expect(watch('all tests passed', ['... all tests passed in 3s\n']).found).toBe(true)
  })

  it('finds a needle cut at every position, across up to all of its characters', () => {
    const needle = 'BUILD SUCCESSFUL'
    const text = `> Task :compile\n${needle}\n`
    for (let i = 0; i <= text.length; i++) {
      expect(watch(needle, [text.slice(0, i), text.slice(i)]).found).toBe(true)
    }
    expect(watch(needle, [...text]).found).toBe(true)
  })

  it('does not report a needle whose pieces are far apart', () => {
    expect(watch('abc', ['ab', 'x', 'c']).found).toBe(false)
    expect(watch('abc', ['a', 'b', 'xc', 'bc']).found).toBe(false)
  })

  it('handles one-character needles without carrying anything', () => {
    expect(watch('!', ['abc', 'def']).found).toBe(false)
    expect(watch('!', ['abc', 'de!f']).found).toBe(true)
  })

  it('stays found whatever comes next', () => {
    expect(watch('ok', ['o', 'k', 'nothing more']).found).toBe(true)
  })

  it('agrees with includes() on the whole text for random text and cuts', () => {
    const letter = fc.constantFrom('a', 'b', '\n', '😀')
    fc.assert(
      fc.property(
        fc.array(letter, { maxLength: 40 }).map(parts => parts.join('')),
        fc.array(letter, { minLength: 1, maxLength: 4 }).map(parts => parts.join('')),
        fc.array(fc.nat(), { maxLength: 10 }),
        (text, needle, rawCuts) => {
          const cuts = [...new Set(rawCuts.map(cut => cut % (text.length + 1)))].sort((a, b) => a - b)
          const chunks: string[] = []
          let from = 0
          for (const cut of cuts) {
            chunks.push(text.slice(from, cut))
            from = cut
          }
          chunks.push(text.slice(from))
          expect(watch(needle, chunks).found).toBe(text.includes(needle))
        }
      ),
      { numRuns: 3000 }
    )
  })
})
