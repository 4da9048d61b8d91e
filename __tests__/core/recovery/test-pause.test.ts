/**
 * The fault injection's harness (scripts/fault-injection-opening.mjs, plain JavaScript) lists
 * the run's opening points itself: it must list the same ones as the code that pauses there,
 * or a new point would never be killed at.
 */
import { expect, test } from '@jest/globals'
import { OPENING_POINTS } from '../../../src/core/recovery/test-pause.js'
// @ts-expect-error: a plain ES module of the scripts, without types
import { OPENING_POINTS as HARNESS_POINTS } from '../../../scripts/fault-injection-opening.mjs'

test('the harness kills at every opening point the run pauses at, in order', () => {
  expect(HARNESS_POINTS).toEqual([...OPENING_POINTS])
})
