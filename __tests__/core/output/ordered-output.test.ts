/** One ordered line stream from stdout and stderr (docs/engine.md "Output order"). */
import { OrderedOutput } from '../../../src/core/output/ordered-output.js'
import { createRedactor } from '../../../src/core/redaction/index.js'

function collect(maxOpenLine?: number, values: string[] = []) {
  let text = ''
  const output = new OrderedOutput(createRedactor({ values }), chunk => (text += chunk), maxOpenLine)
  return { output, text: () => text }
}

test('a half line of one stream waits for its newline; the other stream’s whole lines go first', () => {
  const { output, text } = collect()
  output.push('stdout', 'one\ntwo ha')
  output.push('stderr', 'ERR\n')
  output.push('stdout', 'lf\nthree')
  output.end()
  expect(text()).toBe('one\nERR\ntwo half\nthree')
})

test('each stream is redacted on its own: a secret split across its chunks is caught around the other stream', () => {
  const { output, text } = collect(undefined, ['hunter2-secret'])
  output.push('stdout', 'token hunter2-')
  output.push('stderr', 'hunter2-secret\n')
  output.push('stdout', 'secret\n')
  output.end()
  expect(text()).not.toContain('hunter2')
  expect(text().split('\n')).toHaveLength(3)
})

test('a line left open past the limit goes out in pieces, and the other stream starts on a line of its own', () => {
  const { output, text } = collect(8)
  output.push('stdout', 'progress 10%\rprogress 20%')
  output.push('stderr', 'warn\n')
  output.push('stdout', ' done\n')
  output.end()
  expect(text()).toBe('progress 10%\rprogress 20%\nwarn\n done\n')
})
