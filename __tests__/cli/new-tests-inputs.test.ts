/**
 * Bad input for early flake detection's flags (docs/design.md §1 "Inputs", "Early flake
 * detection"): a count that is negative, not whole or out of range, repeats without a rerun
 * template, a budget of 0 with repeats on, an unknown mode — each one line naming the flag,
 * the value and what is allowed, exit 2, and nothing runs.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, scratchRepo } from '../helpers/cli.js'

const BASE = ['run', '--command', 'touch ran', '--expect-exit', '0', '--test-results', 'junit.xml']

test.each([
  [['--new-test-repeats', '-1'], "--new-test-repeats: '-1' is not allowed; expected a whole number from 0 to 20"],
  [['--new-test-repeats', '1.5'], "--new-test-repeats: '1.5' is not allowed; expected a whole number from 0 to 20"],
  [['--new-test-repeats', 'five'], "--new-test-repeats: 'five' is not allowed; expected a whole number from 0 to 20"],
  [['--new-test-max', '0'], "--new-test-max: '0' is not allowed; expected a whole number from 1 to 1000"],
  [['--new-test-max', '1001'], "--new-test-max: '1001' is not allowed; expected a whole number from 1 to 1000"],
  [['--new-test-budget-seconds', '-1'], "--new-test-budget-seconds: '-1' is not allowed; expected a whole number from 0 to 86400"],
  [['--new-test-mode', 'loud'], "--new-test-mode: 'loud' is not allowed; expected one of fail, warn"],
  [
    ['--new-test-repeats', '5'],
    '--new-test-repeats: 5 needs --rerun-failed-tests (a preset or a template): the repeats of new tests run through it; set it, or give 0 to turn the repeats off'
  ],
  [
    ['--new-test-repeats', '5', '--rerun-failed-tests', 'bash run.sh {names}', '--new-test-budget-seconds', '0'],
    '--new-test-budget-seconds: 0 leaves no time for the repeats --new-test-repeats asks for; expected a whole number from 1 to 86400'
  ]
])('%j: one line, exit 2, nothing runs', async (flags, message) => {
  const repo = await scratchRepo('reverify-new-tests-inputs-')
  const result = await runCli([...BASE, ...flags], repo)
  expect(result.code).toBe(2)
  expect(result.stdout).toBe('')
  expect(result.stderr).toBe(`reverify: ${message}\n`)
  expect(existsSync(join(repo, 'ran'))).toBe(false)
  expect(existsSync(join(repo, '.reverify', 'runs'))).toBe(false)
})

test('a budget of 0 with repeats off is no error: there is nothing to budget', async () => {
  const repo = await scratchRepo('reverify-new-tests-inputs-')
  const result = await runCli([...BASE, '--new-test-budget-seconds', '0'], repo)
  expect(result.code).toBe(0)
  expect(existsSync(join(repo, 'ran'))).toBe(true)
})
