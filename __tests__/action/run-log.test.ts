/** The attempt groups of the log: closed before the retry note, on a line of their own, and at most once. */
import { expect, jest, test } from '@jest/globals'
import { RunLog } from '../../src/action/run-log.js'
import { createRedactor } from '../../src/core/redaction/index.js'

test('a group per attempt, closed on its own line before the retry note and again by the caller when the run ends or throws', () => {
  const written: string[] = []
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation(chunk => {
    written.push(String(chunk))
    return true
  })
  try {
    const log = new RunLog(['npm test\nsecond line', 'npm run lint'], createRedactor({ values: [] }), process.stdout)
    log.progress({ kind: 'attempt-started', attempt: 1, maxAttempts: 2 })
    log.stdout.write('output without a newline')
    log.progress({ kind: 'attempt-failed', attempt: 1, retry: true, note: 'expect-exit 0 but got 1; retrying (attempt 2/2)' })
    log.progress({ kind: 'attempt-started', attempt: 2, maxAttempts: 2 })
    log.stdout.write(Buffer.from('a whole line\n'))
    // What main's finally does, whether the run returned or threw; a second call is a no-op.
    log.closeAttempt()
    log.closeAttempt()
  } finally {
    spy.mockRestore()
  }
  // The command's output is fenced by stop-commands with a fresh random token each time
  const text = written.join('')
  const tokens = [...text.matchAll(/^::stop-commands::([0-9a-f]{32})$/gm)].map(match => match[1])
  expect(tokens).toHaveLength(2)
  expect(tokens[0]).not.toBe(tokens[1])
  expect(text).toBe(
    [
      '::group::Attempt 1/2 — npm test (+1)',
      `::stop-commands::${tokens[0]}`,
      'output without a newline',
      `::${tokens[0]}::`,
      '::endgroup::',
      'reverify: attempt 1/2 failed: expect-exit 0 but got 1; retrying (attempt 2/2)',
      '::group::Attempt 2/2 — npm test (+1)',
      `::stop-commands::${tokens[1]}`,
      'a whole line',
      `::${tokens[1]}::`,
      '::endgroup::',
      ''
    ].join('\n')
  )
})
