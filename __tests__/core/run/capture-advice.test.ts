/** What a person is told about a failed run nobody captured (core/run/capture-advice.ts). */
import { expect, test } from '@jest/globals'
import { join } from 'node:path'
import { captureAdvice } from '../../../src/core/run/capture-advice.js'

const RUN = '20261130-075100-verify-3fa9c2'

test('the headline for each mode, the CLI command and the commit, for the repository itself', () => {
  const advice = captureAdvice(RUN)
  expect(advice.headline.warn).toMatch(/\(20261130-075100-verify-3fa9c2\) failed .* retrying anyway \(capture-before-retry: warn\)\.$/)
  expect(advice.headline.block).toMatch(/not retrying it blind \(capture-before-retry: block\)\.$/)
  expect(advice.command).toBe(`reverify capture ${RUN} --note "<what you found>"`)
  expect(advice.commit).toBe(
    `git commit --allow-empty -m "Capture verify failure ${RUN}" --trailer "Reverify-Capture: ${RUN} <what you found>"`
  )
})

test('the CLI command names the repository and the state directory when it is run from elsewhere', () => {
  const root = '/work/widgets'
  const advice = captureAdvice(RUN, { root, stateDir: '/tmp/state dir', here: '/work/other' })
  expect(advice.command).toBe(
    `reverify capture ${RUN} --working-directory /work/widgets --state-dir '/tmp/state dir' --note "<what you found>"`
  )
  expect(captureAdvice(RUN, { root, stateDir: join(root, '.reverify'), here: root }).command).toBe(
    `reverify capture ${RUN} --note "<what you found>"`
  )
})
