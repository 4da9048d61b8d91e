/**
 * Fuzzing the action's inputs through readActionSettings (given an input reader, as the
 * runner's INPUT_* variables would): either settings, or a UsageError whose message is one
 * line naming the input, never anything else thrown.
 */
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import fc from 'fast-check'
import { ActionInput } from '../../src/action/constants.js'
import { readActionSettings, readSecretInputs } from '../../src/action/settings.js'
import { isUserError } from '../../src/core/base/errors.js'
import { isRunRef } from '../../src/core/receipts/run-ref.js'
import { MAX_COMMAND_CHARS, MAX_COMMANDS } from '../../src/core/receipts/receipt.js'
import { identityLines } from '../../src/core/shell/script-lines.js'
import { RUN_INPUT_NAMES, type RunSettings } from '../../src/core/inputs/settings.js'
import { hostileText } from '../helpers/fuzz.js'

const RUNS = 600

const INPUT_NAMES = [...RUN_INPUT_NAMES, ...Object.values(ActionInput)]

const plausible: Record<string, fc.Arbitrary<string>> = {
  command: fc.constantFrom('npm test', 'make check\npytest -k slow', 'echo a \\\n  b'),
  'expect-exit': fc.constantFrom('0', '2', '255'),
  'expect-stdout': fc.constantFrom('ok', 'PASS'),
  'max-retries': fc.constantFrom('0', '3', '100'),
  'timeout-seconds': fc.constantFrom('0', '60'),
  'retry-backoff': fc.constantFrom('fixed', 'exponential'),
  'retry-on': fc.constantFrom('any', 'error', 'timeout'),
  'retry-on-exit-codes': fc.constantFrom('1,2', '137', '1-123,125-255'),
  shell: fc.constantFrom('bash', 'sh', 'python {0}'),
  'working-directory': fc.constantFrom('.', 'sub'),
  'capture-before-retry': fc.constantFrom('warn', 'block', 'off'),
  [ActionInput.Capture]: fc.constantFrom('latest', '20261130-075100-verify-3fa9c2'),
  [ActionInput.CacheReceipts]: fc.constantFrom('true', 'false'),
  [ActionInput.UploadTrace]: fc.constantFrom('always', 'on-failure', 'never'),
  [ActionInput.TraceRetentionDays]: fc.constantFrom('1', '90')
}

/** Inputs of a valid verify step, each of which the fuzz may replace. */
const VALID: Record<string, string> = { command: 'npm test', 'expect-exit': '0' }

/** Every input at random: usually empty (not given), else plausible, else hostile. */
const scattered = fc.record(
  Object.fromEntries(
    INPUT_NAMES.map(name => [
      name,
      fc.oneof(
        { arbitrary: fc.constant(VALID[name] ?? ''), weight: 5 },
        { arbitrary: plausible[name] ?? hostileText, weight: 3 },
        { arbitrary: hostileText, weight: 1 }
      )
    ])
  ) as Record<string, fc.Arbitrary<string>>
)

/** A valid step with one or two inputs made hostile, so each reaches the code past the others' checks. */
const targeted = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...INPUT_NAMES), hostileText), { minLength: 1, maxLength: 2, selector: ([name]) => name })
  .map(pairs => ({ ...VALID, ...Object.fromEntries(pairs) }) as Record<string, string>)

const inputs = fc.oneof(scattered, targeted)

/**
 * Accepted settings can be run and recorded: a value no process argument or path can hold
 * (NUL), or one past the receipt's limits, must be refused here as a bad input rather
 * than fail the run halfway as an internal error.
 */
function expectUsable(run: RunSettings): void {
  expect(identityLines(run.script).length).toBeGreaterThan(0)
  expect(identityLines(run.script).length).toBeLessThanOrEqual(MAX_COMMANDS)
  const texts = [
    run.script,
    run.expectations.check,
    run.expectations.stdout,
    run.expectations.file,
    run.stateDir,
    run.workingDirectory,
    run.scope
  ]
  for (const text of texts) expect(text ?? '').not.toContain('\u0000')
  for (const text of [run.script, run.expectations.check ?? '', run.expectations.stdout ?? '']) {
    expect(text.length).toBeLessThanOrEqual(MAX_COMMAND_CHARS)
  }
  expect(run.scope.length).toBeLessThanOrEqual(1024)
  expect((run.expectations.file ?? '').length).toBeLessThanOrEqual(4096)
}

test('random action inputs: settings, or one line naming the bad input', () => {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-fuzz-inputs-')))
  mkdirSync(join(workspace, 'sub'))
  const env = {
    GITHUB_REPOSITORY: 'octo/widgets',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: join(workspace, '_temp'),
    PATH: process.env.PATH
  }
  let refused = 0
  fc.assert(
    fc.property(inputs, given => {
      let settings
      try {
        settings = readActionSettings(name => given[name] ?? '', env, workspace)
      } catch (error) {
        expect(isUserError(error)).toBe(true)
        const message = (error as Error).message
        expect(message).not.toMatch(/[\r\n\u2028\u2029]/)
        expect(message.length).toBeLessThan(600)
        expect([...INPUT_NAMES, 'nothing to verify'].some(name => message.startsWith(name))).toBe(true)
        refused++
        return
      }
      expect(isAbsolute(settings.stateDir)).toBe(true)
      expect(readSecretInputs(name => given[name] ?? '').redactValues.every(value => value !== '' && value === value.trim())).toBe(true)
      if (settings.mode === 'capture') expect(settings.capture.ref === 'latest' || isRunRef(settings.capture.ref)).toBe(true)
      else expectUsable(settings.run)
    }),
    { numRuns: RUNS }
  )
  // Both branches were exercised.
  expect(refused).toBeGreaterThan(0)
  expect(refused).toBeLessThan(RUNS)
})
