/** The words every surface uses for how a script ended (docs/design.md §5 "How a script ended"). */
import { attemptEnding, failedLineWords, timedOutWords } from '../../../src/core/verify/ending-words.js'

test('a timeout states its limit, then how the tree was stopped', () => {
  expect(timedOutWords({ timeoutMs: 600_000, stopped: { graceMs: 2000, killed: true, ignoredTerm: 2 } })).toBe(
    'timed out after 600 s (timeout-seconds: 600); the process tree was stopped with SIGTERM, then SIGKILL after 2 s (2 processes ignored SIGTERM)'
  )
  expect(timedOutWords({ timeoutMs: 1500, stopped: { graceMs: 2000, killed: false } })).toBe(
    'timed out after 1.5 s (timeout-seconds: 1.5); the process tree was stopped with SIGTERM'
  )
  expect(timedOutWords({})).toBe('timed out')
  expect(attemptEnding('sleep 9', { timedOut: true, timeoutMs: 3000 })?.timeoutTitle).toBe('timed out after 3 s (timeout-seconds 3)')
})

test('a failed line is named by its number as written, blank and comment lines counted', () => {
  const script = 'cd pkg/api\n\n# seed\ngrep -q bob seed.sql\necho done'
  expect(failedLineWords(script, { line: 4, status: 1 })).toMatchObject({
    phrase: 'line 4 `grep -q bob seed.sql` exited 1',
    title: 'line 4 failed — grep -q bob seed.sql (exit 1)',
    sentence: 'Lines 1–3 ran; line 4 `grep -q bob seed.sql` exited 1.'
  })
  expect(failedLineWords(script, { line: 2, status: 1 })?.sentence).toBe('Line 1 ran; line 2 exited 1.')
  expect(failedLineWords(script, { line: 1, status: 2 })?.sentence).toBe('Line 1 `cd pkg/api` exited 2.')
  // A one-line script has no line to name: its label says it all.
  expect(failedLineWords('false', { line: 1, status: 1 })).toBeUndefined()
})
