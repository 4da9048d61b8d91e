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
import { readActionSettings } from '../../src/action/settings.js'
import { isUserError } from '../../src/core/errors.js'
import { isRunId } from '../../src/core/run-id.js'
import { RUN_INPUT_NAMES } from '../../src/core/settings.js'
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
  'retry-on-exit-codes': fc.constantFrom('1,2', '137'),
  shell: fc.constantFrom('bash', 'sh', 'python {0}'),
  'working-directory': fc.constantFrom('.', 'sub'),
  'capture-before-retry': fc.constantFrom('warn', 'block', 'off'),
  [ActionInput.Capture]: fc.constantFrom('latest', '20261130-075100-verify-3fa9c2'),
  [ActionInput.CacheReceipts]: fc.constantFrom('true', 'false'),
  [ActionInput.UploadTrace]: fc.constantFrom('always', 'on-failure', 'never'),
  [ActionInput.TraceRetentionDays]: fc.constantFrom('1', '90')
}

/** Each input: usually empty (not given), else plausible, else hostile. */
const inputs = fc.record(
  Object.fromEntries(
    INPUT_NAMES.map(name => [
      name,
      fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: plausible[name] ?? hostileText, weight: 3 }, { arbitrary: hostileText, weight: 2 })
    ])
  ) as Record<string, fc.Arbitrary<string>>
)

test('random action inputs: settings, or one line naming the bad input', () => {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-fuzz-inputs-')))
  mkdirSync(join(workspace, 'sub'))
  const env = { GITHUB_REPOSITORY: 'octo/widgets', GITHUB_WORKSPACE: workspace, RUNNER_TEMP: join(workspace, '_temp') }
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
      expect(settings.redact.every(value => value !== '' && value === value.trim())).toBe(true)
      if (settings.capture) expect(settings.capture.ref === 'latest' || isRunId(settings.capture.ref)).toBe(true)
      else expect(settings.run?.commands.length).toBeGreaterThan(0)
    }),
    { numRuns: RUNS }
  )
  // Both branches were exercised.
  expect(refused).toBeGreaterThan(0)
  expect(refused).toBeLessThan(RUNS)
})
