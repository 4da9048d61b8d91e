/**
 * The fault injection's harness (scripts/fault-injection-opening.mjs, plain JavaScript) lists
 * the run's opening points itself: it must list the same ones as the code that pauses there,
 * or a new point would never be killed at. The pause itself is the harness's: it preloads
 * scripts/test-pause.mjs into the process it starts, which fills the core's slot.
 */
import { expect, test } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { OPENING_POINTS, TEST_PAUSE_SLOT } from '../../../src/core/recovery/test-pause.js'
// @ts-expect-error: a plain ES module of the scripts, without types
import { OPENING_POINTS as HARNESS_POINTS } from '../../../scripts/fault-injection-opening.mjs'
// @ts-expect-error: a plain ES module of the scripts, without types
import { withTestPause } from '../../../scripts/test-pause.mjs'

test('the harness kills at every opening point the run pauses at, in order', () => {
  expect(HARNESS_POINTS).toEqual([...OPENING_POINTS])
})

test('the harness preloads its pause only into a child asked to pause, and the preload fills the slot the core reads', async () => {
  expect(withTestPause({ PATH: '/bin' })).toEqual({ PATH: '/bin' })
  const asked = withTestPause({ NODE_OPTIONS: '--no-warnings', REVERIFY_TEST_PAUSE_AT: 'before-opening:/tmp/m' })
  expect(asked.NODE_OPTIONS).toMatch(/^--no-warnings --import=file:.*\/scripts\/test-pause\.mjs$/)
  const probe = `process.stdout.write(typeof globalThis[Symbol.for('reverify.test-pause')])`
  const run = (env: NodeJS.ProcessEnv) =>
    execFileSync(process.execPath, ['-e', probe], { env: { PATH: process.env.PATH, ...env } }).toString()
  expect(run(asked)).toBe('function')
  expect(run(withTestPause({}))).toBe('undefined')
  expect(TEST_PAUSE_SLOT).toBe(Symbol.for('reverify.test-pause'))
})
