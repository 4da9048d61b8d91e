/** The attempt groups of the log: closed before the retry note, on a line of their own, and at most once. */
import { expect, jest, test } from '@jest/globals'
import { RunLog } from '../../src/action/run-log.js'
import { createRedactor } from '../../src/core/redaction.js'

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
  expect(written.join('')).toBe(
    [
      '::group::Attempt 1/2 — npm test (+1)',
      'output without a newline',
      '::endgroup::',
      'reverify: attempt 1/2 failed: expect-exit 0 but got 1; retrying (attempt 2/2)',
      '::group::Attempt 2/2 — npm test (+1)',
      'a whole line',
      '::endgroup::',
      ''
    ].join('\n')
  )
})
